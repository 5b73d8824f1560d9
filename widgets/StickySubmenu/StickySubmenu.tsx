import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { stickySubmenuMachine } from '../../machines/sticky-submenu/sticky-submenu.machine';
import { connectStickySubmenu } from './sticky-submenu.connect';

export interface StickySubmenuContent {
  /** The id of the list of links (unique on the page). */
  id: string;
  label: string;
  /** The folded menu's button text (narrow screens). */
  buttonLabel: string;
  links: Array<{ href: string; label: string }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof stickySubmenuMachine>;
  content: StickySubmenuContent;
}

/** §1 Sticky sub-menu as a disclosure navigation: on narrow screens a button shows and hides the links. */
export function StickySubmenu({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectStickySubmenu(snapshot, actorRef.send, { listId: content.id, label: content.label });
  return (
    <nav className="sc-submenu" {...api.rootProps}>
      <button type="button" className="sc-submenu__toggle" {...api.toggleProps}>
        {content.buttonLabel}
      </button>
      <ul {...api.listProps}>
        {content.links.map((link) => (
          <li key={link.href}>
            <a href={link.href} {...api.linkProps}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
