import { useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { tabsMachine } from '../../machines/tabs/tabs.machine';
import { keyTarget } from '../../machines/tabs/tabs.rules';
import { isRightToLeft } from '../../runtime/hash';
import { Slot, type Slots } from '../../runtime/slots';

export interface TabsContent {
  /** The tab list's accessible name. */
  label: string;
  /** Each tab: its id (the panel's id and its hash) and its title. The panel is the slot of the same name. */
  /** The level of each panel's own heading (shown with JS off); 3 unless the page says otherwise. */
  headingLevel?: 2 | 3 | 4;
  tabs: Array<{ id: string; title: string }>;
}

export interface TabsViewProps {
  actorRef: ActorRefFrom<typeof tabsMachine>;
  content: TabsContent;
  slots: Slots;
}

export const tabId = (id: string) => `${id}-tab`;

/**
 * §4 Tabs as the WAI-ARIA tabs pattern: a tablist of buttons with a roving tab index, arrow keys
 * that follow the page's direction, Home and End, and automatic activation. With JS off every
 * panel shows under its own heading (tabs.css).
 */
export function TabsView({ actorRef, content, slots }: TabsViewProps) {
  const active = useSelector(actorRef, (s) => s.context.active);
  const opening = useSelector(actorRef, (s) => s.matches({ ready: 'opening' }));
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => void actorRef.send({ type: 'view.ready' }), [actorRef]);
  const Heading = `h${content.headingLevel ?? 3}` as const;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = keyTarget(event.key, index, content.tabs.length, { rtl: isRightToLeft(event.currentTarget) });
    if (target === null) return;
    event.preventDefault();
    actorRef.send({ type: 'tab.select', index: target });
    buttons.current[target]?.focus();
  };

  return (
    <div className="sc-tabs">
      <div role="tablist" aria-label={content.label} className="sc-tabs__list">
        {content.tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={index === active}
            aria-controls={tab.id}
            tabIndex={index === active ? 0 : -1}
            className="sc-tabs__tab"
            onClick={() => actorRef.send({ type: 'tab.select', index })}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {content.tabs.map((tab, index) => (
        <section
          key={tab.id}
          role="tabpanel"
          id={tab.id}
          aria-labelledby={tabId(tab.id)}
          tabIndex={0}
          hidden={index !== active}
          className="sc-tabs__panel"
          data-state={index === active && opening ? 'opening' : undefined}
        >
          <Heading className="sc-tabs__heading">{tab.title}</Heading>
          <Slot name={tab.id} slots={slots} />
        </section>
      ))}
    </div>
  );
}
