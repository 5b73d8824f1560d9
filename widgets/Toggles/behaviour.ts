import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { togglesMachine, type TogglesEvent } from '../../machines/toggles/toggles.machine';
import { drawProps } from '../../runtime/connect';
import { hashAdapters } from '../../runtime/hash';
import { defineBehaviour } from '../../runtime/widget';
import type { TogglesContent } from './Toggles';
import { connectToggles } from './toggles.connect';
import { togglesSettings } from './toggles.settings';

/** The island's own items (a body may hold another toggles island). */
const ITEMS = ':scope > .sc-toggles > .sc-toggles__item';
const BUTTON = ':scope > .sc-toggles__title > .sc-toggles__button';
const REGION = ':scope > .sc-toggles__body';

type Snapshot = SnapshotFrom<typeof togglesMachine>;

const connect = (snapshot: Snapshot, send: (event: TogglesEvent) => void) =>
  connectToggles(snapshot, send, snapshot.context.ids.map((id) => ({ id })));

/** Draws a state on the prerendered toggles as Toggles.tsx renders it (toggles.connect.ts): open or closed, and the entrance mark. */
export function drawToggles(element: HTMLElement, snapshot: Snapshot) {
  const api = connect(snapshot, () => undefined);
  element.querySelectorAll(ITEMS).forEach((item, index) => {
    drawProps(item, api.getItemProps(index));
    const button = item.querySelector(BUTTON);
    const region = item.querySelector(REGION);
    if (button) drawProps(button, api.getButtonProps(index));
    if (region) drawProps(region, api.getRegionProps(index));
  });
}

/** A click on a toggle's button, sent to the machine as the view's handler sends it (Enter and Space are the button's own). */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof togglesMachine>): () => void {
  const buttons = [...element.querySelectorAll(ITEMS)].map((item) => item.querySelector<HTMLElement>(BUTTON));
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.sc-toggles__button') : null;
    const index = button ? buttons.indexOf(button) : -1;
    if (index >= 0) connect(actor.getSnapshot(), actor.send).getButtonProps(index).onClick();
  };
  element.addEventListener('click', onClick);
  return () => element.removeEventListener('click', onClick);
}

/**
 * The toggles without their view (issue 35, goal 2): each toggle is open or closed, which the
 * prerendered markup shows with a few attributes, so the behaviour answers the visitor itself
 * (`answersInput` in widgets/registry.ts), as the tabs' does.
 */
export default defineBehaviour({
  name: 'toggles',
  settings: togglesSettings,
  machine: togglesMachine,
  input: (settings, content: TogglesContent) => ({
    ids: content.toggles.map((toggle) => toggle.id),
    closeAll: settings.closeAll,
    initial: settings.initial,
  }),
  provide: (env) => hashAdapters<TogglesEvent>(env.element.ownerDocument.defaultView ?? window),
  bind: drawToggles,
  connect: listen,
  // §2: a hash on load must reach the toggles even when they are below the fold.
  hydrate: 'idle',
});
