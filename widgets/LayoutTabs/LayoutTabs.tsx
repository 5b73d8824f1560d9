import { useSelector } from '@xstate/react';
import { translate } from '../../runtime/translations';
import { TabsView, type TabsContent, type TabsViewProps } from '../Tabs/Tabs';
import { connectLayoutTabs } from './layout-tabs.connect';
import { layoutTabsTranslations, type LayoutTabsTranslations } from './layout-tabs.translations';

export interface LayoutTabsContent extends TabsContent {
  /** Labels in the page's language over the English defaults (layout-tabs.translations.ts). */
  translations?: Partial<LayoutTabsTranslations>;
}

/**
 * §2 Layout tabs: the tabs of §4 plus a row of numbered dots, one per tab. The current tab's dot
 * is marked (aria-current) and moves as tabs change (§4 Page flags); a dot activates its tab.
 */
export function LayoutTabs(props: TabsViewProps & { content: LayoutTabsContent }) {
  const { actorRef, content } = props;
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectLayoutTabs(snapshot, actorRef.send, content, translate(layoutTabsTranslations, content.translations));
  return (
    <div className="sc-layout-tabs">
      <TabsView {...props} />
      <div className="sc-layout-tabs__dots" {...api.dotsProps}>
        {content.tabs.map((tab, index) => (
          <button key={tab.id} className="sc-layout-tabs__dot" {...api.getDotProps(index)}>
            {index + 1}
          </button>
        ))}
      </div>
    </div>
  );
}
