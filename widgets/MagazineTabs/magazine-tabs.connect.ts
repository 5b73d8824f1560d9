import type { SnapshotFrom } from 'xstate';
import type { magazineTabsMachine, MagazineTabsEvent } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { ALL_GROUP, entryShows, visibleGroups } from '../../machines/magazine-tabs/magazine-tabs.rules';
import { format, type Translations } from '../../runtime/translations';
import type { MagazineTabsTranslations } from './magazine-tabs.translations';

type Snapshot = SnapshotFrom<typeof magazineTabsMachine>;

/** What the connect layer reads of the content: the buttons' names and each entry's groups. */
export interface MagazineTabsLabels {
  /** The sort buttons' group name. */
  label: string;
  allLabel: string;
  groups: ReadonlyArray<{ id: string; label: string }>;
  entries: ReadonlyArray<{ groups: readonly string[] }>;
}

/**
 * §4 Magazine tabs as toggle buttons (not WAI-ARIA tabs: the entries stay one list, a button
 * filters it): a labelled group of buttons, aria-pressed on the group shown, a polite status that
 * counts the entries of a picked group. §5: a group with no entries gets no button. Enter and Space
 * are the buttons' own; no key of ours.
 */
export function connectMagazineTabs(snapshot: Snapshot, send: (event: MagazineTabsEvent) => void, t: Translations<MagazineTabsTranslations>, labels: MagazineTabsLabels) {
  const { active, groups } = snapshot.context;
  const shownIds = new Set(visibleGroups(groups).map((group) => group.id));
  const buttons = [{ id: ALL_GROUP, label: labels.allLabel }, ...labels.groups.filter((group) => shownIds.has(group.id))];
  const activeLabel = buttons.find((button) => button.id === active)?.label ?? labels.allLabel;
  const shownCount = labels.entries.filter((entry) => entryShows(entry.groups, active)).length;
  return {
    /** The sort buttons, "all" first; an empty group has none. */
    buttons,
    groupProps: { role: 'group', 'aria-label': labels.label } as const,
    getButtonProps: (group: string) => ({ 'aria-pressed': group === active, onClick: () => send({ type: 'sort.select', group }) }) as const,
    statusProps: { role: 'status' } as const,
    /** Said when a group is picked; empty while every entry shows. */
    statusText: active === ALL_GROUP ? '' : format(t.shown, { count: shownCount, group: activeLabel }),
    entriesProps: { 'data-state': snapshot.matches('animating') ? 'animating' : undefined } as const,
    getEntryProps: (entryGroups: readonly string[]) => ({ hidden: !entryShows(entryGroups, active) }) as const,
  };
}
