import type { CSSProperties } from 'react';
import { connectTabList, type TabListState } from './tab-list.connect';

export { tabId } from './tab-list.connect';

export interface TabListProps extends TabListState {
  /** The tab list's accessible name. */
  label: string;
  /** A click or a key opened the tab at `index`; the view sends the machine's event. */
  onSelect: (index: number) => void;
  className: string;
  tabClassName: string;
  style?: CSSProperties;
  /** The active tab's own style (the tab section's title colour). */
  activeTabStyle?: CSSProperties;
}

/** The tab strip tabs, layout tabs and the tab section share; its ARIA and keys are tab-list.connect.ts. */
export function TabList({ label, tabs, active, onSelect, rtl, className, tabClassName, style, activeTabStyle }: TabListProps) {
  const api = connectTabList({ tabs, active, rtl }, onSelect);
  return (
    <div {...api.getListProps(label)} className={className} style={style}>
      {tabs.map((tab, index) => (
        <button key={tab.id} {...api.getTabProps(index)} className={tabClassName} style={index === active ? activeTabStyle : undefined}>
          {tab.title}
        </button>
      ))}
    </div>
  );
}
