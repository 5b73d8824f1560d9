import { tabSectionMachine } from '../../machines/tab-section/tab-section.machine';
import { defineBehaviour } from '../../runtime/widget';
import type { TabSectionContent } from './TabSection';
import { tabSectionAdapters } from './tab-section.adapters';
import { shownState } from './tab-section.connect';
import { tabSectionSettings } from './tab-section.settings';

/** Sets or removes a boolean attribute the way React renders it. */
function toggle(element: Element, name: string, on: boolean) {
  if (on) element.setAttribute(name, '');
  else element.removeAttribute(name);
}

/**
 * The tab section without its view (issue 31.21): from the moment it is seen, its machine reads the
 * page (direction, device, fragment) and measures the titles, and `bind` shows the arrows where
 * titles are hidden, on the prerendered markup, before any input and without React. A click on an
 * arrow, a key on a tab or a swipe brings the view and is replayed to it (runtime/early-input.ts).
 * The auto-height (§4) is the view's: drawn at load it would move the page below the section.
 */
export default defineBehaviour({
  name: 'tab-section',
  settings: tabSectionSettings,
  machine: tabSectionMachine,
  input: (settings, content: TabSectionContent) => ({
    ids: content.tabs.map((tab) => tab.id),
    initial: settings.initial,
    autoHeight: settings.autoHeight,
  }),
  provide: tabSectionAdapters,
  // Drawn as the view draws it (tab-section.connect.ts); those elements take it over without a mismatch.
  bind: (element, snapshot) => {
    const shown = shownState(snapshot);
    for (const which of ['prev', 'next'] as const) {
      const arrow = element.querySelector(`.sc-tab-section__arrow--${which}`);
      if (arrow) toggle(arrow, 'hidden', shown.arrowHidden[which]);
    }
    const strip = element.querySelector<HTMLElement>('[role="tablist"]');
    if (strip) strip.style.transform = shown.stripTransform ?? '';
    element.querySelectorAll<HTMLElement>('[role="tabpanel"]').forEach((panel, index) => {
      const { inert, tabIndex, animated } = shown.panel(index);
      toggle(panel, 'inert', inert);
      if (tabIndex === undefined) panel.removeAttribute('tabindex');
      else panel.tabIndex = tabIndex;
      if (animated) panel.dataset.animated = 'true';
      else delete panel.dataset.animated;
    });
  },
  // Another tab opened (a fragment on load names it): only the view slides the track.
  viewNeeded: (now, prerendered) => now.context.active !== prerendered.context.active,
  hydrate: 'visible',
});
