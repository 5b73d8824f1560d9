import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { tabSectionMachine } from '../../machines/tab-section/tab-section.machine';
import { Slot, type Slots } from '../../runtime/slots';
import { TabList } from '../Tabs/TabList';
import { connectTabSection, swipeGesture, type TabSectionContent } from './tab-section.connect';

interface Props {
  actorRef: ActorRefFrom<typeof tabSectionMachine>;
  content: TabSectionContent;
  slots: Slots;
}

/**
 * §4 Tab-section widget: a title strip (WAI-ARIA tabs) over a track of panels that slides by the
 * spec's percentage. Arrows sit at the strip's start and end edges, so on right-to-left pages the
 * right-hand arrow goes back (§4); a swipe across the panels is judged by the machine. Everything
 * it renders comes from tab-section.connect.ts, which the behaviour (behaviour.ts) draws on the
 * prerendered markup too: the view loads only for the inspector and `hydrateAll()`, over the state
 * the behaviour drew last.
 */
export function TabSection({ actorRef, content, slots }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const [swipe] = useState(() => swipeGesture((event) => actorRef.send(event)));
  const Heading = `h${content.headingLevel ?? 3}` as const;
  const api = connectTabSection(snapshot, actorRef.send, content);

  return (
    <div className="sc-tab-section" {...api.rootProps}>
      <div className="sc-tab-section__titles">
        <button className="sc-tab-section__arrow sc-tab-section__arrow--prev" {...api.getArrowProps('prev')}>
          <span aria-hidden="true">‹</span>
        </button>
        <div className="sc-tab-section__window">
          <TabList
            label={content.label}
            tabs={content.tabs}
            active={snapshot.context.active}
            onSelect={(index) => actorRef.send({ type: 'tab.click', index })}
            rtl={snapshot.context.rtl}
            className="sc-tab-section__strip"
            tabClassName="sc-tab-section__tab"
            style={api.stripStyle}
            activeTabStyle={api.activeTabStyle}
          />
        </div>
        <button className="sc-tab-section__arrow sc-tab-section__arrow--next" {...api.getArrowProps('next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="sc-tab-section__viewport" style={api.viewportStyle} onTouchStart={swipe.onTouchStart} onTouchEnd={swipe.onTouchEnd}>
        <div className="sc-tab-section__track" style={api.trackStyle}>
          {content.tabs.map((tab, index) => (
            <section key={tab.id} className="sc-tab-section__panel" {...api.getPanelProps(index)}>
              <Heading className="sc-tab-section__heading">{tab.title}</Heading>
              <Slot name={tab.id} slots={slots} className="sc-tab-section__content" />
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
