import { fromCallback, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { stickySubmenuMachine, type StickySubmenuEvent } from '../../machines/sticky-submenu/sticky-submenu.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { defineBehaviour } from '../../runtime/widget';
import type { StickySubmenuContent } from './StickySubmenu';
import { connectStickySubmenu } from './sticky-submenu.connect';
import { stickySubmenuSettings } from './sticky-submenu.settings';

const ROOT = ':scope > .sc-submenu';
const TOGGLE = ':scope > .sc-submenu__toggle';
const LIST = ':scope > .sc-submenu__list';

type Snapshot = SnapshotFrom<typeof stickySubmenuMachine>;

/** The sub-menu's connect layer: only what a state changes is read from it (the names and ids are the markup's own). */
const connect = (snapshot: Snapshot, send: (event: StickySubmenuEvent) => void) => connectStickySubmenu(snapshot, send, { listId: '', label: '' });

/** Draws a state on the prerendered sub-menu as StickySubmenu.tsx renders it: stuck or not, the folded menu open or closed. */
export function drawStickySubmenu(element: HTMLElement, snapshot: Snapshot) {
  const api = connect(snapshot, () => undefined);
  const root = element.querySelector(ROOT);
  if (!root) return;
  drawProps(root, { 'data-stuck': api.rootProps['data-stuck'] });
  const toggle = root.querySelector(TOGGLE);
  const list = root.querySelector(LIST);
  if (toggle) drawProps(toggle, { 'aria-expanded': api.toggleProps['aria-expanded'] });
  if (list) drawProps(list, { 'data-open': api.listProps['data-open'] });
}

/** The folded menu's button, Escape inside and a followed link, sent to the machine as the view's handlers send them. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof stickySubmenuMachine>): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send);
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('.sc-submenu__toggle')) api().toggleProps.onClick();
    else if (target?.closest('a[href]')) api().linkProps.onClick();
  };
  const onKeyDown = (event: KeyboardEvent) =>
    api().rootProps.onKeyDown({ key: event.key, currentTarget: root, preventDefault: () => event.preventDefault() });
  return listenTo(root, { click: onClick, keydown: onKeyDown });
}

/**
 * The sticky sub-menu without its view (issue 35, goal 2): stuck or not and the folded menu open or
 * closed are a few attributes on the prerendered navigation, so the behaviour answers a first tap on
 * its button itself (`answersInput` in widgets/registry.ts), with no React.
 */
export default defineBehaviour({
  name: 'sticky-submenu',
  settings: stickySubmenuSettings,
  machine: stickySubmenuMachine,
  input: (_settings, _content: StickySubmenuContent) => undefined,
  provide: ({ element }) => ({
    actors: {
      // The island itself is position: sticky; its distance from the window's top, against its own
      // sticking offset (the header's height above it), says whether it sticks.
      position: fromCallback<StickySubmenuEvent>(({ sendBack }) => {
        const view = element.ownerDocument.defaultView ?? window;
        const report = () =>
          sendBack({
            type: 'page.scroll',
            top: Math.round(element.getBoundingClientRect().top),
            stickAt: Math.round(Number.parseFloat(view.getComputedStyle(element).top) || 0),
          });
        view.addEventListener('scroll', report, { passive: true });
        view.addEventListener('resize', report);
        report();
        return () => {
          view.removeEventListener('scroll', report);
          view.removeEventListener('resize', report);
        };
      }),
    },
  }),
  bind: drawStickySubmenu,
  connect: listen,
  hydrate: 'idle',
});
