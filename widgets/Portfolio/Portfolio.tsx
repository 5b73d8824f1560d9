import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { portfolioMachine } from '../../machines/portfolio/portfolio.machine';
import type { SettingsOf } from '../../runtime/settings';
import { translate } from '../../runtime/translations';
import { connectPortfolio } from './portfolio.connect';
import { portfolioTranslations, type PortfolioTranslations } from './portfolio.translations';
import type { portfolioSettings } from './portfolio.settings';

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

export { previewId, templateId } from './portfolio.connect';

interface Props {
  actorRef: ActorRefFrom<typeof portfolioMachine>;
  settings: SettingsOf<typeof portfolioSettings.shape>;
  content: PortfolioContent;
}

/**
 * §1, §2, §4 Portfolio grid with sorting and the inline preview below it. Entries are
 * disclosure buttons for the preview; its controls are the hash links #prev, #next and #close.
 * Their ARIA and handlers are portfolio.connect.ts.
 */
export function Portfolio({ actorRef, settings, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const t = translate(portfolioTranslations, content.translations);
  const api = connectPortfolio(snapshot, actorRef.send, t, content, settings.portfolioId);
  return (
    <div className="portfolio" {...api.rootProps}>
      <div className="portfolio__filters" {...api.filterGroupProps}>
        {api.filters.map((f) => (
          <button key={f.slug} type="button" {...api.getFilterProps(f.slug)}>
            {f.label}
          </button>
        ))}
      </div>
      <ul className="portfolio__grid" {...api.gridProps}>
        {content.entries.map((entry) => (
          <li key={entry.id} className="portfolio__entry" {...api.getEntryProps(entry.id)}>
            <button type="button" className="portfolio__open" {...api.getOpenProps(entry.id)}>
              <img src={entry.image.src} alt={entry.image.alt} width="240" height="240" loading="lazy" />
              <span className="portfolio__title">{entry.title}</span>
              <span className="portfolio__subtitle">{entry.subtitle}</span>
            </button>
          </li>
        ))}
      </ul>
      <section id={api.previewId} className="portfolio__preview" {...api.previewProps}>
        <nav className="portfolio__nav" {...api.navProps}>
          <a {...api.getNavLinkProps('prev')}>
            <span aria-hidden="true">‹ </span>
            {t.previous}
          </a>
          <a {...api.getNavLinkProps('next')}>
            {t.next}
            <span aria-hidden="true"> ›</span>
          </a>
          <a {...api.getNavLinkProps('close')}>
            {t.close}
            <span aria-hidden="true"> ×</span>
          </a>
        </nav>
        <div key={api.current ?? 'none'} className="portfolio__content" dangerouslySetInnerHTML={{ __html: api.html }} />
      </section>
    </div>
  );
}
