import { togglesMachine, type TogglesEvent } from '../../machines/toggles/toggles.machine';
import { hashAdapters } from '../../runtime/hash';
import { defineWidget } from '../../runtime/widget';
import { Toggles, type TogglesContent } from './Toggles';
import { togglesSettings } from './toggles.settings';

export default defineWidget({
  name: 'toggles',
  settings: togglesSettings,
  machine: togglesMachine,
  input: (settings, content: TogglesContent) => ({
    ids: content.toggles.map((toggle) => toggle.id),
    closeAll: settings.closeAll,
    initial: settings.initial,
  }),
  provide: () => hashAdapters<TogglesEvent>(window),
  View: Toggles,
  // §2: a hash on load must reach the toggles even when they are below the fold.
  hydrate: 'idle',
});
