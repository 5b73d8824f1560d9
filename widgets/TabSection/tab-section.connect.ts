import type { CSSProperties } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { tabSectionMachine, TabSectionEvent } from '../../machines/tab-section/tab-section.machine';
import { activeColours, autoHeight, slideOffset, stripPosition, type TabColours } from '../../machines/tab-section/tab-section.rules';
import { translate } from '../../runtime/translations';
import { connectTabList } from '../Tabs/tab-list.connect';
import { tabSectionTranslations, type TabSectionTranslations } from './tab-section.translations';

/** The island's content; here, below the view and the behaviour that both connect through this file. */
export interface TabSectionContent {
  /** The tab list's accessible name. */
  label: string;
  /** Each tab: its id (link target and panel id), its title, and its optional colours (§4). */
  /** The level of each panel's own heading (shown with JS off); 3 unless the page says otherwise. */
  headingLevel?: 2 | 3 | 4;
  tabs: Array<{ id: string; title: string } & TabColours>;
  /** The arrows' names in the page's language (the same as translations.previousTab/nextTab). */
  previousLabel?: string;
  nextLabel?: string;
  /** Labels in the page's language over the English defaults (tab-section.translations.ts). */
  translations?: Partial<TabSectionTranslations>;
}

type Snapshot = SnapshotFrom<typeof tabSectionMachine>;

/**
 * §4 Tab-section widget: a title strip (WAI-ARIA tabs, tab-list.connect.ts) between two arrows at
 * its start and end edges, over a track of panels that slides to the active one. The arrows show
 * where titles lie hidden; off-screen panels are inert once the script runs; a panel that starts
 * with plain content is itself a tab stop (WAI-ARIA tabs). The view renders it (TabSection.tsx), and
 * the behaviour draws it on the prerendered markup (behaviour.ts): every state, without React.
 */
export function connectTabSection(snapshot: Snapshot, send: (event: TabSectionEvent) => void, content: TabSectionContent) {
  const { tabs } = content;
  // The labels the page wrote into its content win over the site's table for the page's language.
  const t = translate(translate(tabSectionTranslations, content.translations), { previousTab: content.previousLabel, nextTab: content.nextLabel });
  const context = snapshot.context;
  const { active, rtl } = context;
  // Once the load is read the hidden panels go inert; the prerender keeps all readable.
  const live = !snapshot.matches({ tabs: 'loading' });
  const strip = stripPosition(context.titles, context.viewport, active);
  const count = tabs.length;
  const colours = activeColours(tabs, active);
  // §4 auto-height, from the first switch on (TabSectionContext.switched): not a shift at load.
  const height = context.autoHeight && context.switched ? autoHeight(context.heights, active) : null;
  const arrowStyle = colours.arrowBackground ? { backgroundColor: colours.arrowBackground } : undefined;
  // Issue 31.9: the author's title colour as a custom property: the CSS uses it as is in light mode
  // and lightened in dark mode, where the dark colour was 1.1:1 on the titles' strip.
  const activeTabStyle = colours.titleColor ? ({ '--tab-title-color': colours.titleColor } as CSSProperties) : undefined;
  const list = connectTabList({ tabs, active, rtl }, (index) => send({ type: 'tab.click', index }));

  return {
    rootProps: { 'data-auto-height': context.autoHeight ? 'true' : undefined },
    getArrowProps(which: 'prev' | 'next') {
      return {
        type: 'button',
        'aria-label': which === 'prev' ? t.previousTab : t.nextTab,
        hidden: which === 'prev' ? !strip.hiddenBefore : !strip.hiddenAfter,
        style: arrowStyle,
        onClick: () => send({ type: which === 'prev' ? 'nav.prev' : 'nav.next' }),
      } as const;
    },
    /** The title strip's tabs: their ARIA, roving tab index and keys (RTL as the machine read it). */
    list,
    stripStyle: strip.offset === 0 ? undefined : { transform: `translateX(${rtl ? strip.offset : -strip.offset}px)` },
    activeTabStyle,
    getTabStyle: (index: number) => (index === active ? activeTabStyle : undefined),
    viewportStyle: height ? { height: `${height.height}px`, maxHeight: `${height.maxHeight}px` } : undefined,
    trackStyle: { width: `${count * 100}%`, transform: `translateX(${slideOffset(active, count, rtl)}%)` },
    getPanelProps(index: number) {
      return {
        ...list.getPanelProps(index),
        style: { width: `${100 / count}%` },
        inert: live && index !== active,
        tabIndex: live && context.panelTabStops[index] ? 0 : undefined,
        'data-active': index === active ? 'true' : undefined,
        'data-animated': context.animated.includes(index) ? 'true' : undefined,
      };
    },
  };
}

/** What a swipe reads from a touch event, React's or the DOM's. */
export interface TouchInput {
  touches: ArrayLike<{ clientX: number }>;
  changedTouches: ArrayLike<{ clientX: number }>;
}

/**
 * §4: a swipe across the panels, judged by the machine (`touch.swipe`, its horizontal distance):
 * where the touch started, kept until it ends. One per section, for its view or its behaviour.
 */
export function swipeGesture(send: (event: TabSectionEvent) => void) {
  let start: number | null = null;
  return {
    onTouchStart(event: TouchInput) {
      start = event.touches[0]?.clientX ?? null;
    },
    onTouchEnd(event: TouchInput) {
      const end = event.changedTouches[0]?.clientX;
      if (start !== null && end !== undefined) send({ type: 'touch.swipe', dx: end - start });
      start = null;
    },
  };
}
