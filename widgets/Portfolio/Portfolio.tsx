import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { portfolioMachine } from '../../machines/portfolio/portfolio.machine';
import { ALL_FILTER, visibleIds } from '../../machines/portfolio/portfolio.rules';
import type { SettingsOf } from '../../runtime/settings';
import { format, translate } from '../../runtime/translations';
import { portfolioTranslations, type PortfolioTranslations } from './portfolio.translations';
import type { portfolioSettings } from './widget';

export interface PortfolioEntryContent {
  /** The entry's ajax-id: its preview template is `<portfolio-id>-template-<id>`. */
  id: string;
  title: string;
  subtitle: string;
  categories: string[];
  image: { src: string; alt: string };
}

export interface PortfolioContent {
  label: string;
  filters: Array<{ slug: string; label: string }>;
  /** Labels in the page's language over the English defaults (portfolio.translations.ts). */
  translations?: Partial<PortfolioTranslations>;
  entries: PortfolioEntryContent[];
}

export const previewId = (portfolioId: string) => `${portfolioId}-preview`;
export const templateId = (portfolioId: string, id: string) => `${portfolioId}-template-${id}`;

interface Props {
  actorRef: ActorRefFrom<typeof portfolioMachine>;
  settings: SettingsOf<typeof portfolioSettings.shape>;
  content: PortfolioContent;
}

/**
 * §1, §2, §4 Portfolio grid with sorting and the inline preview below it. Entries are
 * disclosure buttons for the preview; its controls are the hash links #prev, #next and #close.
 */
export function Portfolio({ actorRef, settings, content }: Props) {
  const { filter, current, content: html, transition } = useSelector(actorRef, (s) => s.context);
  const state = useSelector(actorRef, (s) => s.value);
  const visible = new Set(visibleIds(content.entries, filter));
  const t = translate(portfolioTranslations, content.translations);
  const filters = [{ slug: ALL_FILTER, label: t.all }, ...content.filters];
  const shownEntry = content.entries.find((e) => e.id === current);
  const preview = previewId(settings.portfolioId);
  const control = (type: 'nav.next' | 'nav.prev' | 'preview.close') => (event: MouseEvent) => {
    event.preventDefault();
    actorRef.send({ type });
  };
  return (
    <div className="portfolio" data-state={state}>
      <div className="portfolio__filters" role="group" aria-label={format(t.filters, { label: content.label.toLowerCase() })}>
        {filters.map((f) => (
          <button
            key={f.slug}
            type="button"
            className={f.slug === filter ? 'portfolio__filter active_sort' : 'portfolio__filter'}
            aria-pressed={f.slug === filter}
            onClick={() => actorRef.send({ type: 'filter.select', filter: f.slug })}
          >
            {f.label}
          </button>
        ))}
      </div>
      <ul className="portfolio__grid" aria-label={content.label}>
        {content.entries.map((entry) => (
          <li key={entry.id} className="portfolio__entry" hidden={!visible.has(entry.id)}>
            <button
              type="button"
              className="portfolio__open"
              data-ajax-id={entry.id}
              aria-expanded={current === entry.id}
              aria-controls={preview}
              onClick={() => actorRef.send({ type: 'item.open', id: entry.id })}
            >
              <img src={entry.image.src} alt={entry.image.alt} width="240" height="240" loading="lazy" />
              <span className="portfolio__title">{entry.title}</span>
              <span className="portfolio__subtitle">{entry.subtitle}</span>
            </button>
          </li>
        ))}
      </ul>
      <section
        id={preview}
        className="portfolio__preview"
        data-transition={transition}
        hidden={current === null}
        tabIndex={-1}
        aria-label={shownEntry ? format(t.about, { title: shownEntry.title }) : t.preview}
      >
        <nav className="portfolio__nav" aria-label={t.preview}>
          <a href="#prev" onClick={control('nav.prev')}>
            <span aria-hidden="true">‹ </span>
            {t.previous}
          </a>
          <a href="#next" onClick={control('nav.next')}>
            {t.next}
            <span aria-hidden="true"> ›</span>
          </a>
          <a href="#close" onClick={control('preview.close')}>
            {t.close}
            <span aria-hidden="true"> ×</span>
          </a>
        </nav>
        <div key={current ?? 'none'} className="portfolio__content" dangerouslySetInnerHTML={{ __html: html }} />
      </section>
    </div>
  );
}
