import { useSelector } from '@xstate/react';
import { type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { stickySubmenuMachine } from '../../machines/sticky-submenu/sticky-submenu.machine';

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
  const stuck = useSelector(actorRef, (s) => s.matches({ placement: 'stuck' }));
  const open = useSelector(actorRef, (s) => s.matches({ menu: 'open' }));
  const listId = content.id;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) actorRef.send({ type: 'menu.close' });
  };
  return (
    <nav className="sc-submenu" aria-label={content.label} data-stuck={stuck ? 'true' : undefined} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="sc-submenu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => actorRef.send({ type: 'menu.toggle' })}
      >
        {content.buttonLabel}
      </button>
      <ul id={listId} className="sc-submenu__list" data-open={open ? 'true' : undefined}>
        {content.links.map((link) => (
          <li key={link.href}>
            <a href={link.href} onClick={() => actorRef.send({ type: 'menu.follow' })}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
