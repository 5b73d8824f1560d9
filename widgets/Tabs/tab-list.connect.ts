import { keyTarget } from '../../machines/tabs/tabs.rules';
import type { KeyInput } from '../../runtime/connect';
import { isRightToLeft } from '../../runtime/device';

/** A tab button's id: its panel's id plus `-tab` (the panel names it in aria-labelledby). */
export const tabId = (id: string) => `${id}-tab`;

export interface TabListState {
  /** Each tab: its panel's id and its title. */
  tabs: ReadonlyArray<{ id: string; title: string }>;
  active: number;
  /** The page's direction as the machine knows it; left out, it is read where the tab sits at each key press. */
  rtl?: boolean;
}

/**
 * The WAI-ARIA tab list that tabs, layout tabs and the tab section share: buttons with
 * aria-selected and aria-controls, a roving tab index, Left/Right (swapped on right-to-left pages),
 * Home and End that move focus and open the tab (automatic activation). `select` sends the
 * widget's own event (tab.select, tab.click).
 */
export function connectTabList({ tabs, active, rtl }: TabListState, select: (index: number) => void) {
  return {
    getListProps: (label: string) => ({ role: 'tablist', 'aria-label': label }) as const,
    getTabProps(index: number) {
      const id = tabs[index]?.id ?? '';
      return {
        type: 'button',
        role: 'tab',
        id: tabId(id),
        'aria-selected': index === active,
        'aria-controls': id,
        tabIndex: index === active ? 0 : -1,
        onClick: () => select(index),
        onKeyDown(event: KeyInput<HTMLElement>) {
          const target = keyTarget(event.key, index, tabs.length, { rtl: rtl ?? isRightToLeft(event.currentTarget) });
          if (target === null) return;
          event.preventDefault();
          select(target);
          event.currentTarget.ownerDocument.getElementById(tabId(tabs[target]?.id ?? ''))?.focus();
        },
      } as const;
    },
    getPanelProps: (index: number) => {
      const id = tabs[index]?.id ?? '';
      return { role: 'tabpanel', id, 'aria-labelledby': tabId(id) } as const;
    },
  };
}
