import { useSelector } from '@xstate/react';
import { TabsView, type TabsViewProps } from '../Tabs/Tabs';

/**
 * §2 Layout tabs: the tabs of §4 plus a row of numbered dots, one per tab. The current tab's dot
 * is marked (aria-current) and moves as tabs change (§4 Page flags); a dot activates its tab.
 */
export function LayoutTabs(props: TabsViewProps) {
  const { actorRef, content } = props;
  const active = useSelector(actorRef, (s) => s.context.active);
  return (
    <div className="sc-layout-tabs">
      <TabsView {...props} />
      <div className="sc-layout-tabs__dots" role="group" aria-label={`${content.label}: go to tab`}>
        {content.tabs.map((tab, index) => (
          <button
            key={tab.id}
            type="button"
            className="sc-layout-tabs__dot"
            aria-label={`Tab ${index + 1}: ${tab.title}`}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => actorRef.send({ type: 'tab.select', index })}
          >
            {index + 1}
          </button>
        ))}
      </div>
    </div>
  );
}
