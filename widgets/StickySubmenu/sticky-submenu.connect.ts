import type { SnapshotFrom } from 'xstate';
import type { stickySubmenuMachine, StickySubmenuEvent } from '../../machines/sticky-submenu/sticky-submenu.machine';
import type { KeyInput } from '../../runtime/connect';

type Snapshot = SnapshotFrom<typeof stickySubmenuMachine>;

export interface StickySubmenuParts {
  /** The id of the list of links, which the folded menu's button controls. */
  listId: string;
  /** The navigation's accessible name. */
  label: string;
}

/**
 * §1 Sticky sub-menu as a disclosure navigation (WAI-ARIA disclosure pattern): a labelled
 * navigation; on narrow screens a button with aria-expanded shows and hides the list it controls.
 * Escape anywhere inside closes an open menu; following a link closes it too. Enter and Space are
 * the button's own.
 */
export function connectStickySubmenu(snapshot: Snapshot, send: (event: StickySubmenuEvent) => void, parts: StickySubmenuParts) {
  const stuck = snapshot.matches({ placement: 'stuck' });
  const open = snapshot.matches({ menu: 'open' });
  return {
    rootProps: {
      'aria-label': parts.label,
      'data-stuck': stuck ? 'true' : undefined,
      onKeyDown(event: KeyInput) {
        if (event.key === 'Escape' && open) send({ type: 'menu.close' });
      },
    } as const,
    toggleProps: { 'aria-expanded': open, 'aria-controls': parts.listId, onClick: () => send({ type: 'menu.toggle' }) } as const,
    listProps: { id: parts.listId, className: 'sc-submenu__list', 'data-open': open ? 'true' : undefined } as const,
    linkProps: { onClick: () => send({ type: 'menu.follow' }) },
  };
}
