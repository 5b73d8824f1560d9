import { hashFor, hashId } from '../tabs/tabs.rules';

/** §2: a closed toggle's hash is its id plus this suffix. */
export const CLOSED_SUFFIX = '-closed';

/** §2: the hash a toggle leaves in the location after it opens or closes. */
export function toggleHash(id: string, open: boolean): string {
  return hashFor(open ? id : `${id}${CLOSED_SUFFIX}`);
}

/** What a hash says about the toggles: which one, and open or closed; null when it names none. */
export function readToggleHash(hash: string, ids: readonly string[]): { index: number; open: boolean } | null {
  const id = hashId(hash);
  if (id === '') return null;
  const direct = ids.indexOf(id);
  if (direct >= 0) return { index: direct, open: true };
  if (id.endsWith(CLOSED_SUFFIX)) {
    const closed = ids.indexOf(id.slice(0, -CLOSED_SUFFIX.length));
    if (closed >= 0) return { index: closed, open: false };
  }
  return null;
}

/** §4 Toggles: the open flags after one toggle is set; in 'close all' mode opening one closes the others. */
export function setOpen(open: readonly boolean[], index: number, value: boolean, closeAll: boolean): boolean[] {
  return open.map((was, i) => (i === index ? value : value && closeAll ? false : was));
}
