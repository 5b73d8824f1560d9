import { useSelector } from '@xstate/react';
import { useRef, type TouchEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { tabSectionMachine } from '../../machines/tab-section/tab-section.machine';
import { activeColours, autoHeight, slideOffset, stripPosition, type TabColours } from '../../machines/tab-section/tab-section.rules';
import { Slot, type Slots } from '../../runtime/slots';
import { TabList, tabId } from '../Tabs/TabList';

export interface TabSectionContent {
  /** The tab list's accessible name. */
  label: string;
  /** Each tab: its id (link target and panel id), its title, and its optional colours (§4). */
  /** The level of each panel's own heading (shown with JS off); 3 unless the page says otherwise. */
  headingLevel?: 2 | 3 | 4;
  tabs: Array<{ id: string; title: string } & TabColours>;
  /** The arrows' names in the page's language. */
  previousLabel?: string;
  nextLabel?: string;
}

interface Props {
  actorRef: ActorRefFrom<typeof tabSectionMachine>;
  content: TabSectionContent;
  slots: Slots;
}

/**
 * §4 Tab-section widget: a title strip (WAI-ARIA tabs) over a track of panels that slides by the
 * spec's percentage. Arrows sit at the strip's start and end edges, so on right-to-left pages the
 * right-hand arrow goes back (§4). Swipes are read here and judged by the machine.
 */
export function TabSection({ actorRef, content, slots }: Props) {
  const context = useSelector(actorRef, (s) => s.context);
  // Once the load is read (the actor runs after hydration) the hidden panels go inert; the prerender keeps all readable.
  const live = useSelector(actorRef, (s) => !s.matches({ tabs: 'loading' }));
  const touchStart = useRef<number | null>(null);
  const Heading = `h${content.headingLevel ?? 3}` as const;

  const { active, rtl } = context;
  const count = content.tabs.length;
  const strip = stripPosition(context.titles, context.viewport, active);
  const colours = activeColours(content.tabs, active);
  const height = context.autoHeight ? autoHeight(context.heights, active) : null;

  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const end = event.changedTouches[0]?.clientX;
    if (touchStart.current !== null && end !== undefined) actorRef.send({ type: 'touch.swipe', dx: end - touchStart.current });
    touchStart.current = null;
  };
  const arrowStyle = colours.arrowBackground ? { backgroundColor: colours.arrowBackground } : undefined;

  return (
    <div className="sc-tab-section" data-auto-height={context.autoHeight ? 'true' : undefined}>
      <div className="sc-tab-section__titles">
        <button
          type="button"
          className="sc-tab-section__arrow sc-tab-section__arrow--prev"
          aria-label={content.previousLabel ?? 'Previous tab'}
          hidden={!strip.hiddenBefore}
          style={arrowStyle}
          onClick={() => actorRef.send({ type: 'nav.prev' })}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div className="sc-tab-section__window">
          <TabList
            label={content.label}
            tabs={content.tabs}
            active={active}
            onSelect={(index) => actorRef.send({ type: 'tab.click', index })}
            rtl={rtl}
            className="sc-tab-section__strip"
            tabClassName="sc-tab-section__tab"
            style={strip.offset === 0 ? undefined : { transform: `translateX(${rtl ? strip.offset : -strip.offset}px)` }}
            activeTabStyle={colours.titleColor ? { color: colours.titleColor } : undefined}
          />
        </div>
        <button
          type="button"
          className="sc-tab-section__arrow sc-tab-section__arrow--next"
          aria-label={content.nextLabel ?? 'Next tab'}
          hidden={!strip.hiddenAfter}
          style={arrowStyle}
          onClick={() => actorRef.send({ type: 'nav.next' })}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div
        className="sc-tab-section__viewport"
        style={height ? { height: `${height.height}px`, maxHeight: `${height.maxHeight}px` } : undefined}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div
          className="sc-tab-section__track"
          style={{ width: `${count * 100}%`, transform: `translateX(${slideOffset(active, count, rtl)}%)` }}
        >
          {content.tabs.map((tab, index) => (
            <section
              key={tab.id}
              role="tabpanel"
              id={tab.id}
              aria-labelledby={tabId(tab.id)}
              className="sc-tab-section__panel"
              style={{ width: `${100 / count}%` }}
              // Off-screen panels leave the tab order and the accessibility tree once the script runs.
              inert={live && index !== active}
              // WAI-ARIA tabs: a panel that starts with plain content is itself in the Tab sequence.
              tabIndex={live && context.panelTabStops[index] ? 0 : undefined}
              data-active={index === active ? 'true' : undefined}
              data-animated={context.animated.includes(index) ? 'true' : undefined}
            >
              <Heading className="sc-tab-section__heading">{tab.title}</Heading>
              <Slot name={tab.id} slots={slots} className="sc-tab-section__content" />
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
