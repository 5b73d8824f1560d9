import type { PageService } from '../../runtime/services';

/** §2: a link to /language/ labelled Language, titled 'Select a language', appended to the main header on load. */
export const LANGUAGE_LINK = { href: '/language/', label: 'Language', title: 'Select a language' } as const;

export const languageLink: PageService = {
  name: 'language-link',
  start({ document, window }) {
    const menu = document.querySelector('[data-main-menu]');
    if (!menu || menu.querySelector(`a[href="${LANGUAGE_LINK.href}"]`)) return () => undefined;
    const item = document.createElement('li');
    item.className = 'main-menu__language';
    const link = document.createElement('a');
    link.href = LANGUAGE_LINK.href;
    link.textContent = LANGUAGE_LINK.label;
    link.title = LANGUAGE_LINK.title;
    if (window.location.pathname === LANGUAGE_LINK.href) link.setAttribute('aria-current', 'page');
    item.append(link);
    menu.append(item);
    return () => item.remove();
  },
};
