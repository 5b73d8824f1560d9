/** §5 Widgets: magazine sort groups. `all` is the group every entry belongs to. */
export const ALL_GROUP = 'all';

export interface SortGroup {
  id: string;
  /** How many entries the group holds. */
  count: number;
}

/** §5: a sort button is hidden when its group is empty. */
export function visibleGroups<G extends SortGroup>(groups: readonly G[]): G[] {
  return groups.filter((group) => group.count > 0);
}

export function entryShows(entryGroups: readonly string[], active: string): boolean {
  return active === ALL_GROUP || entryGroups.includes(active);
}
