import { fromCallback } from 'xstate';
import type { TabSectionEvent } from '../../machines/tab-section/tab-section.machine';
import type { TitleBox } from '../../machines/tab-section/tab-section.rules';
import { FLAG, isRightToLeft } from '../../runtime/device';
import { hashWriter } from '../../runtime/hash';
import type { ClientEnv } from '../../runtime/widget';

/** Custom events other scripts on the page can listen for (§4). */
export const START_ANIMATION_EVENT = 'sc:start-animation';
export const HEIGHT_CHANGE_EVENT = 'sc:height-change';

/** What takes keyboard focus by itself (WAI-ARIA tabs: a panel starting with one of these is no tab stop). */
const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, audio[controls], video[controls], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Whether the first content of a panel's slot (the first focusable element or text, in reading order) is focusable. */
function firstContentIsFocusable(panel: HTMLElement): boolean {
  const content = panel.querySelector('[data-slot]') ?? panel;
  const walker = panel.ownerDocument.createTreeWalker(content, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      if (node.matches(FOCUSABLE)) return true;
      if (node.matches('img, svg, canvas, video, audio')) return false;
    } else if (node.textContent?.trim()) return false;
  }
  return false;
}

/** Each title's box along the strip from its start edge (the right edge on RTL pages). */
function measureTitles(strip: HTMLElement, rtl: boolean): TitleBox[] {
  return [...strip.querySelectorAll<HTMLElement>('[role="tab"]')].map((title) => ({
    start: rtl ? strip.offsetWidth - title.offsetLeft - title.offsetWidth : title.offsetLeft,
    width: title.offsetWidth,
  }));
}

/**
 * The tab section's adapters, shared by its view (widget.ts) and its behaviour (behaviour.ts, which
 * runs the machine on the prerendered markup before the view loads): they read the same markup.
 */
export function tabSectionAdapters({ element, clock }: Pick<ClientEnv, 'element' | 'clock'>) {
  const panels = () => [...element.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
  return {
    actions: {
      setFragment: hashWriter(window),
      announceStartAnimation: (_args: unknown, { index }: { index: number }) =>
        void panels()[index]?.dispatchEvent(new CustomEvent(START_ANIMATION_EVENT, { bubbles: true, detail: { index } })),
      announceHeightChange: (_args: unknown, { index }: { index: number }) =>
        void element.dispatchEvent(new CustomEvent(HEIGHT_CHANGE_EVENT, { bubbles: true, detail: { index } })),
      // Measured after the next paint, when the page shows the new state.
      measureLayout: ({ self }: { self: { send(event: TabSectionEvent): void } }) =>
        void clock.requestFrame(() => {
          const strip = element.querySelector<HTMLElement>('[role="tablist"]');
          const window_ = strip?.parentElement;
          if (!strip || !window_) return;
          self.send({
            type: 'layout.measure',
            heights: panels().map((panel) => panel.offsetHeight),
            titles: measureTitles(strip, isRightToLeft(element)),
            viewport: window_.clientWidth,
          });
        }),
    },
    actors: {
      environment: fromCallback<TabSectionEvent>(({ sendBack }) => {
        sendBack({
          type: 'page.load',
          fragment: window.location.hash,
          rtl: isRightToLeft(element),
          mobile: document.documentElement.classList.contains(FLAG.mobile),
          firstContentFocusable: panels().map(firstContentIsFocusable),
        });
        const onResize = () => sendBack({ type: 'page.resize' });
        window.addEventListener('resize', onResize);
        return () => window.removeEventListener('resize', onResize);
      }),
    },
  };
}
