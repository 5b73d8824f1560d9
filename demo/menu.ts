import { createContext } from 'react';
import type { NavItem } from './site';

/**
 * The main menu: the pages whose front matter has a `menu` entry (label and order), and the two
 * in-page links that are not pages, merged by order. The build computes it from the content pages
 * and hands it to every page it renders (and to the server, for the pages it renders per request).
 */
export interface MenuItem extends NavItem {
  order: number;
}

/** Links that lead into a page rather than to one: they sit among the pages by their order. */
export const inPageLinks: readonly MenuItem[] = [
  // In-page links: smooth scroll and scroll-spy (§1, §2) follow them.
  { href: '/#services', label: 'Our care', order: 30 },
  { href: '#contact', label: 'Contact', order: 100 },
];

export function siteMenu(pages: ReadonlyArray<{ path: string; menu?: { label: string; order: number } }>): NavItem[] {
  const fromPages = pages.flatMap((page) => (page.menu ? [{ href: page.path, label: page.menu.label, order: page.menu.order }] : []));
  return [...fromPages, ...inPageLinks].sort((a, b) => a.order - b.order).map(({ href, label }) => ({ href, label }));
}

/** The menu the shell draws; a page rendered without one shows the in-page links only. */
export const MenuContext = createContext<readonly NavItem[]>(siteMenu([]));
