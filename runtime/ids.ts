/**
 * Element ids for views that must be the same in the prerendered page and in the hydrated island.
 * React's useId cannot do that here: the page is prerendered as one tree but each island hydrates
 * as its own root, so the two disagree. Ids come from the content instead.
 */
export function domId(...parts: Array<string | number>): string {
  return parts
    .map((part) => String(part).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter((part) => part !== '')
    .join('-');
}

/**
 * A page actor's id, `<name>-<n>` numbered per name (dosing-filter-1, ajax-form-2, sticky-header-1):
 * the inspector saves an actor's scenario under its id minus the counter, the replay catalog's key
 * (issue 28: a service actor with no id was saved as XState's internal `x:0`).
 */
const actorCounts = new Map<string, number>();
export function pageActorId(name: string): string {
  const n = (actorCounts.get(name) ?? 0) + 1;
  actorCounts.set(name, n);
  return `${name}-${n}`;
}
