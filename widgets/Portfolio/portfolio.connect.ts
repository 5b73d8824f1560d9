import type { SnapshotFrom } from 'xstate';
import type { portfolioMachine, PortfolioEvent } from '../../machines/portfolio/portfolio.machine';
import { ALL_FILTER, visibleIds } from '../../machines/portfolio/portfolio.rules';
import type { PressInput } from '../../runtime/connect';
import { format, type Translations } from '../../runtime/translations';
import type { PortfolioTranslations } from './portfolio.translations';

type Snapshot = SnapshotFrom<typeof portfolioMachine>;

/** The preview's id: the entries' buttons name it in aria-controls, the adapters scroll to it and focus it. */
export const previewId = (portfolioId: string) => `${portfolioId}-preview`;
/** An entry's preview template on the page (§7: never fetched); the readTemplate adapter reads it. */
export const templateId = (portfolioId: string, id: string) => `${portfolioId}-template-${id}`;

/** What the connect layer reads of the content: the portfolio's name, its filters and the entries' titles. */
export interface PortfolioLabels {
  label: string;
  filters: ReadonlyArray<{ slug: string; label: string }>;
  entries: ReadonlyArray<{ id: string; title: string }>;
}

const NAV_EVENTS = { prev: 'nav.prev', next: 'nav.next', close: 'preview.close' } as const;

/** The preview's commands, by the hash their links carry (#prev, #next, #close). */
export type NavLink = keyof typeof NAV_EVENTS;

/** Which command a link of the preview's nav is, from its href (a behaviour reads the prerendered links). */
export function navLinkOf(href: string | null): NavLink | undefined {
  const name = href?.startsWith('#') ? href.slice(1) : '';
  return isNavLink(name) ? name : undefined;
}

const isNavLink = (name: string): name is NavLink => Object.hasOwn(NAV_EVENTS, name);

/**
 * §1, §2, §4 Portfolio: filter toggle buttons (aria-pressed), entries as disclosure buttons
 * (aria-expanded, aria-controls) for the one inline preview, a region named after the entry it
 * shows, and its commands as the hash links #prev, #next and #close (their default jump prevented:
 * the machine moves). Focus moves by the machine's adapters after each transition.
 */
export function connectPortfolio(snapshot: Snapshot, send: (event: PortfolioEvent) => void, t: Translations<PortfolioTranslations>, labels: PortfolioLabels, portfolioId: string) {
  const { filter, current, content, transition, entries } = snapshot.context;
  const visible = new Set(visibleIds(entries, filter));
  const preview = previewId(portfolioId);
  const shown = labels.entries.find((entry) => entry.id === current);
  return {
    /** The filters, "All" first. */
    filters: [{ slug: ALL_FILTER, label: t.all }, ...labels.filters],
    isActiveFilter: (slug: string) => slug === filter,
    /** The entry the preview shows (the key its content remounts on), and that content. */
    current,
    html: content,
    previewId: preview,
    rootProps: { 'data-state': String(snapshot.value) } as const,
    filterGroupProps: { role: 'group', 'aria-label': format(t.filters, { label: labels.label.toLowerCase() }) } as const,
    /** The pressed filter also carries the original's `active_sort` class (docs/decisions.md). */
    getFilterProps: (slug: string) =>
      ({
        className: slug === filter ? 'portfolio__filter active_sort' : 'portfolio__filter',
        'aria-pressed': slug === filter,
        onClick: () => send({ type: 'filter.select', filter: slug }),
      }) as const,
    gridProps: { 'aria-label': labels.label } as const,
    getEntryProps: (id: string) => ({ hidden: !visible.has(id) }) as const,
    getOpenProps: (id: string) =>
      ({
        'data-ajax-id': id,
        'aria-expanded': current === id,
        'aria-controls': preview,
        onClick: () => send({ type: 'item.open', id }),
      }) as const,
    previewProps: {
      'data-transition': transition,
      hidden: current === null,
      tabIndex: -1,
      'aria-label': shown ? format(t.about, { title: shown.title }) : t.preview,
    } as const,
    navProps: { 'aria-label': t.preview } as const,
    getNavLinkProps: (which: NavLink) => ({
      href: `#${which}`,
      onClick(event: PressInput) {
        event.preventDefault();
        send({ type: NAV_EVENTS[which] });
      },
    }),
  };
}
