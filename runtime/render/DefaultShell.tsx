import type { ReactNode } from 'react';

/** A link of a site's main menu. */
export interface MenuLink {
  href: string;
  label: string;
}

export interface DefaultShellProps {
  /** The site's name (its config's `name`), in the header and the footer. */
  name: string;
  menu: readonly MenuLink[];
  /** The page's path: its menu link is marked as the current page. */
  current: string;
  children: ReactNode;
}

/**
 * The shell a site gets without writing its own (issue 32): a skip link, a header with the site's
 * name and its menu, the page in <main>, a footer. Its colours and type are the theme tokens of
 * default-shell.css (`--sc-accent`, `--sc-background`, `--sc-text`, `--sc-muted`, `--sc-font`),
 * which a site sets in its own stylesheet.
 */
export function DefaultShell({ name, menu, current, children }: DefaultShellProps) {
  return (
    <>
      <a className="sc-skip-link" href="#main">
        Skip to content
      </a>
      <header className="sc-shell-header">
        <a className="sc-shell-name" href="/">
          {name}
        </a>
        {menu.length > 0 ? (
          <nav aria-label="Main">
            <ul className="sc-shell-menu">
              {menu.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="sc-shell-main">
        {children}
      </main>
      <footer className="sc-shell-footer">
        <p>{name}</p>
      </footer>
    </>
  );
}
