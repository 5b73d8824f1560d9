import { useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { keyTarget } from '../../machines/tabs/tabs.rules';
import { isRightToLeft } from '../../runtime/device';

/** A tab button's id: its panel's id plus `-tab` (the panel names it in aria-labelledby). */
export const tabId = (id: string) => `${id}-tab`;

export interface TabListProps {
  /** The tab list's accessible name. */
  label: string;
  /** Each tab: its panel's id and its title. */
  tabs: ReadonlyArray<{ id: string; title: string }>;
  active: number;
  /** A click or a key opened the tab at `index`; the view sends the machine's event. */
  onSelect: (index: number) => void;
  /** The page's direction as the machine knows it; left out, it is read where the tab sits at each key press. */
  rtl?: boolean;
  className: string;
  tabClassName: string;
  style?: CSSProperties;
  /** The active tab's own style (the tab section's title colour). */
  activeTabStyle?: CSSProperties;
}

/**
 * The WAI-ARIA tab list that tabs, layout tabs and the tab section share: buttons with
 * aria-selected and aria-controls, a roving tab index, Left/Right (swapped on right-to-left pages),
 * Home and End that move focus and open the tab (automatic activation).
 */
export function TabList({ label, tabs, active, onSelect, rtl, className, tabClassName, style, activeTabStyle }: TabListProps) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = keyTarget(event.key, index, tabs.length, { rtl: rtl ?? isRightToLeft(event.currentTarget) });
    if (target === null) return;
    event.preventDefault();
    onSelect(target);
    buttons.current[target]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={className} style={style}>
      {tabs.map((tab, index) => (
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
          className={tabClassName}
          style={index === active ? activeTabStyle : undefined}
          onClick={() => onSelect(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
