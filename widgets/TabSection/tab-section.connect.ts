import type { CSSProperties } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { tabSectionMachine, TabSectionEvent } from '../../machines/tab-section/tab-section.machine';
import { activeColours, autoHeight, slideOffset, stripPosition, type TabColours } from '../../machines/tab-section/tab-section.rules';
import type { Translations } from '../../runtime/translations';
import { connectTabList } from '../Tabs/tab-list.connect';
import type { TabSectionTranslations } from './tab-section.translations';

type Snapshot = SnapshotFrom<typeof tabSectionMachine>;

/**
 * What the section shows of its machine's state beyond the prerendered markup: which arrows show,
 * where the title strip rests, which panels are inert or tab stops, which content animates. The view
 * draws it (connectTabSection), and so does the behaviour before the view loads (behaviour.ts), so
 * the view takes over without a change (issue 31.21: the arrows show before any input).
 */
export function shownState(snapshot: Snapshot) {
  const context = snapshot.context;
  const { active, rtl } = context;
  // Once the load is read the hidden panels go inert; the prerender keeps all readable.
  const live = !snapshot.matches({ tabs: 'loading' });
  const strip = stripPosition(context.titles, context.viewport, active);
  return {
    arrowHidden: { prev: !strip.hiddenBefore, next: !strip.hiddenAfter },
    stripTransform: strip.offset === 0 ? undefined : `translateX(${rtl ? strip.offset : -strip.offset}px)`,
    panel: (index: number) => ({
      inert: live && index !== active,
      tabIndex: live && context.panelTabStops[index] ? 0 : undefined,
      animated: context.animated.includes(index),
    }),
  };
}

/**
 * §4 Tab-section widget: a title strip (WAI-ARIA tabs, tab-list.connect.ts) between two arrows at
 * its start and end edges, over a track of panels. Off-screen panels are inert once the script runs;
 * a panel that starts with plain content is itself a tab stop (WAI-ARIA tabs).
 */
export function connectTabSection(
  snapshot: Snapshot,
  send: (event: TabSectionEvent) => void,
  tabs: ReadonlyArray<{ id: string; title: string } & TabColours>,
  t: Translations<TabSectionTranslations>,
) {
  const context = snapshot.context;
  const { active, rtl } = context;
  const shown = shownState(snapshot);
  const count = tabs.length;
  const colours = activeColours(tabs, active);
  const height = context.autoHeight ? autoHeight(context.heights, active) : null;
  const arrowStyle = colours.arrowBackground ? { backgroundColor: colours.arrowBackground } : undefined;
  const list = connectTabList({ tabs, active, rtl }, (index) => send({ type: 'tab.click', index }));

  return {
    rootProps: { 'data-auto-height': context.autoHeight ? 'true' : undefined },
    getArrowProps(which: 'prev' | 'next') {
      return {
        type: 'button',
        'aria-label': which === 'prev' ? t.previousTab : t.nextTab,
        hidden: shown.arrowHidden[which],
        style: arrowStyle,
        onClick: () => send({ type: which === 'prev' ? 'nav.prev' : 'nav.next' }),
      } as const;
    },
    stripStyle: shown.stripTransform ? { transform: shown.stripTransform } : undefined,
    // Issue 31.9: the author's title colour as a custom property: the CSS uses it as is in light mode
    // and lightened in dark mode, where the dark colour was 1.1:1 on the titles' strip.
    activeTabStyle: colours.titleColor ? ({ '--tab-title-color': colours.titleColor } as CSSProperties) : undefined,
    viewportStyle: height ? { height: `${height.height}px`, maxHeight: `${height.maxHeight}px` } : undefined,
    trackStyle: { width: `${count * 100}%`, transform: `translateX(${slideOffset(active, count, rtl)}%)` },
    getPanelProps(index: number) {
      return {
        ...list.getPanelProps(index),
        style: { width: `${100 / count}%` },
        inert: shown.panel(index).inert,
        tabIndex: shown.panel(index).tabIndex,
        'data-active': index === active ? 'true' : undefined,
        'data-animated': shown.panel(index).animated ? 'true' : undefined,
      };
    },
  };
}
