import { magazineTabsMachine } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { defineWidget } from '../../runtime/widget';
import { MagazineTabs, type MagazineContent } from './MagazineTabs';
import { magazineTabsSettings } from './magazine-tabs.settings';
import { magazineTabsTranslations } from './magazine-tabs.translations';

export default defineWidget({
  name: 'magazine-tabs',
  settings: magazineTabsSettings,
  machine: magazineTabsMachine,
  input: (_settings, content: MagazineContent) => ({
    groups: content.groups.map((group) => ({ id: group.id, count: content.entries.filter((entry) => entry.groups.includes(group.id)).length })),
  }),
  translations: magazineTabsTranslations,
  View: MagazineTabs,
  hydrate: 'visible',
});
