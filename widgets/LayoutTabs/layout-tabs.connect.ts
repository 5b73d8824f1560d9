import type { SnapshotFrom } from 'xstate';
import type { tabsMachine, TabsEvent } from '../../machines/tabs/tabs.machine';
import { format, type Translations } from '../../runtime/translations';
import type { LayoutTabsTranslations } from './layout-tabs.translations';

type Snapshot = SnapshotFrom<typeof tabsMachine>;

/**
 * §2 Layout tabs' dots (the tab list itself is tab-list.connect.ts): a labelled group of numbered
 * buttons, the current tab's dot marked with aria-current; a dot opens its tab.
 */
export function connectLayoutTabs(snapshot: Snapshot, send: (event: TabsEvent) => void, content: { label: string; tabs: ReadonlyArray<{ title: string }> }, t: Translations<LayoutTabsTranslations>) {
  const { active } = snapshot.context;
  return {
    dotsProps: { role: 'group', 'aria-label': format(t.dots, { label: content.label }) } as const,
    getDotProps: (index: number) =>
      ({
        type: 'button',
        'aria-label': format(t.dot, { index: index + 1, title: content.tabs[index]?.title ?? '' }),
        'aria-current': index === active ? 'true' : undefined,
        onClick: () => send({ type: 'tab.select', index }),
      }) as const,
  };
}
