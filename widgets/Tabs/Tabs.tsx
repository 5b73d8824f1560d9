import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { tabsMachine } from '../../machines/tabs/tabs.machine';
import { Slot, type Slots } from '../../runtime/slots';
import { connectTabList } from './tab-list.connect';
import { TabList } from './TabList';

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

/**
 * §4 Tabs as the WAI-ARIA tabs pattern: a tablist of buttons with a roving tab index, arrow keys
 * that follow the page's direction, Home and End, and automatic activation. With JS off every
 * panel shows under its own heading (tabs.css).
 */
export function TabsView({ actorRef, content, slots }: TabsViewProps) {
  const active = useSelector(actorRef, (s) => s.context.active);
  const opening = useSelector(actorRef, (s) => s.matches('opening'));
  const Heading = `h${content.headingLevel ?? 3}` as const;
  const select = (index: number) => actorRef.send({ type: 'tab.select', index });
  const api = connectTabList({ tabs: content.tabs, active }, select);

  return (
    <div className="sc-tabs">
      <TabList
        label={content.label}
        tabs={content.tabs}
        active={active}
        onSelect={select}
        className="sc-tabs__list"
        tabClassName="sc-tabs__tab"
      />
      {content.tabs.map((tab, index) => (
        <section
          key={tab.id}
          {...api.getPanelProps(index)}
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
