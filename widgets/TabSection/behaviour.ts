import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { tabSectionMachine } from '../../machines/tab-section/tab-section.machine';
import { drawProps, drawStyle, listenTo } from '../../runtime/connect';
import { defineBehaviour } from '../../runtime/widget';
import { listenTabList } from '../Tabs/tabs-view.bind';
import { tabSectionAdapters } from './tab-section.adapters';
import { connectTabSection, swipeGesture, type TabSectionContent } from './tab-section.connect';
import { tabSectionSettings } from './tab-section.settings';
import { tabSectionTranslations } from './tab-section.translations';

/** The view's elements under the island (a panel's content may hold another island: only the section's own). */
const ROOT = ':scope > .sc-tab-section';
const ARROW = { prev: ':scope > .sc-tab-section__titles > .sc-tab-section__arrow--prev', next: ':scope > .sc-tab-section__titles > .sc-tab-section__arrow--next' } as const;
const STRIP = ':scope > .sc-tab-section__titles > .sc-tab-section__window > [role="tablist"]';
const TABS = `${STRIP} > [role="tab"]`;
const VIEWPORT = ':scope > .sc-tab-section__viewport';
const TRACK = `${VIEWPORT} > .sc-tab-section__track`;
const PANELS = `${TRACK} > [role="tabpanel"]`;

type Snapshot = SnapshotFrom<typeof tabSectionMachine>;

/**
 * Draws a state on the prerendered tab section as TabSection.tsx renders it (tab-section.connect.ts):
 * the arrows and their colour, the strip's offset, the tabs' selection, roving tab index and title
 * colour, the auto-height, the track's slide, and the panels' inert, tab stops and animation marks.
 */
export function drawTabSection(element: HTMLElement, snapshot: Snapshot, content: TabSectionContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connectTabSection(snapshot, () => undefined, content);
  drawProps(root, api.rootProps);
  for (const which of ['prev', 'next'] as const) {
    const arrow = root.querySelector(ARROW[which]);
    const props = api.getArrowProps(which);
    if (arrow) drawProps(arrow, props);
    if (arrow) drawStyle(arrow, props.style);
  }
  const strip = root.querySelector(STRIP);
  if (strip) drawStyle(strip, api.stripStyle);
  root.querySelectorAll(TABS).forEach((tab, index) => {
    drawProps(tab, api.list.getTabProps(index));
    drawStyle(tab, api.getTabStyle(index));
  });
  const viewport = root.querySelector(VIEWPORT);
  if (viewport) drawStyle(viewport, api.viewportStyle);
  const track = root.querySelector(TRACK);
  if (track) drawStyle(track, api.trackStyle);
  root.querySelectorAll(PANELS).forEach((panel, index) => {
    const props = api.getPanelProps(index);
    drawProps(panel, props);
    drawStyle(panel, props.style);
  });
}

/**
 * The prerendered section's input, sent to the machine as the view's handlers send it: a click or
 * a key on a title (the tab list's, RTL as the machine read it), a click on an arrow, a swipe
 * across the panels (passive: a touch never holds up the page's scroll).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof tabSectionMachine>, content: TabSectionContent): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  const api = () => connectTabSection(actor.getSnapshot(), (event) => actor.send(event), content);
  const stops = [listenTabList([...root.querySelectorAll<HTMLElement>(TABS)], () => api().list)];
  for (const which of ['prev', 'next'] as const) {
    const arrow = root.querySelector(ARROW[which]);
    if (arrow) stops.push(listenTo(arrow, { click: () => api().getArrowProps(which).onClick() }));
  }
  const viewport = root.querySelector(VIEWPORT);
  const swipe = swipeGesture((event) => actor.send(event));
  if (viewport) stops.push(listenTo(viewport, { touchstart: swipe.onTouchStart, touchend: swipe.onTouchEnd }, { passive: true }));
  return () => stops.forEach((stop) => stop());
}

/**
 * The tab section without its view (issue 31.21, issue 35 goal 2): from the moment it is seen its
 * machine reads the page (direction, device, the fragment that may name a tab) and measures the
 * titles, and `bind` draws every state the view renders on the prerendered markup, so the behaviour
 * answers the visitor's taps, keys, arrows and swipes itself (`answersInput` in widgets/registry.ts),
 * with no React. The view (TabSection.tsx) loads for the inspector and `hydrateAll()`.
 */
export default defineBehaviour({
  name: 'tab-section',
  translations: tabSectionTranslations,
  settings: tabSectionSettings,
  machine: tabSectionMachine,
  input: (settings, content: TabSectionContent) => ({
    ids: content.tabs.map((tab) => tab.id),
    initial: settings.initial,
    autoHeight: settings.autoHeight,
  }),
  provide: tabSectionAdapters,
  bind: drawTabSection,
  connect: listen,
  // A fragment naming a panel scrolls it into view, so §2's fragment on load reaches a section below the fold too.
  hydrate: 'visible',
});
