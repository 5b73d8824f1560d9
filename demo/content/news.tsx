import type { Brick } from '../../machines/masonry/masonry.rules';
import type { SiteCollection } from '../../runtime/site';

/**
 * The news the /news/ page shows in its masonry grid. One module serves both sides: the page
 * prerenders the first bricks and the server's load-more answers with the rest (no database
 * copy of content the build already owns).
 */
export interface NewsItem {
  id: string;
  title: string;
  /** ISO date. */
  date: string;
  categories: NewsCategory[];
  excerpt: string;
  /** A local SVG under /images/news/. */
  image: string;
  imageAlt: string;
}

export type NewsCategory = 'events' | 'care' | 'volunteers';

export const NEWS_CATEGORIES: ReadonlyArray<{ slug: NewsCategory; label: string }> = [
  { slug: 'events', label: 'Events' },
  { slug: 'care', label: 'Care' },
  { slug: 'volunteers', label: 'Volunteers' },
];

/** The button's data sent with each load-more request. */
export const NEWS_COLLECTION = 'news';
/** Bricks on the page, and bricks per load. */
export const NEWS_FIRST_PAGE = 6;
export const NEWS_PER_LOAD = 3;

const items: Array<Omit<NewsItem, 'id' | 'image'> & { n: number; art: 'lantern' | 'boat' | 'garden' | 'heart' }> = [
  { n: 1, date: '2026-11-14', categories: ['events'], art: 'lantern', title: 'Lantern walk raises $18,400', excerpt: 'Three hundred walkers lit the harbour path for the autumn lantern walk.', imageAlt: 'Paper lanterns along a harbour wall' },
  { n: 2, date: '2026-11-02', categories: ['care'], art: 'heart', title: 'A second night nurse for the islands', excerpt: 'Families on Gull and Cask Island now have a nurse on call every night.', imageAlt: 'A heart drawn over a small island' },
  { n: 3, date: '2026-10-21', categories: ['volunteers'], art: 'garden', title: 'The garden team plants 400 bulbs', excerpt: 'Volunteers spent a Saturday getting the Harbour Room garden ready for spring.', imageAlt: 'Tulip bulbs and a trowel' },
  { n: 4, date: '2026-10-09', categories: ['events', 'volunteers'], art: 'boat', title: 'Regatta crews sail for Harbourlight', excerpt: 'Eleven crews raced round the bay and gave their prize money to the day centre.', imageAlt: 'Sailing boats in the bay' },
  { n: 5, date: '2026-09-30', categories: ['care'], art: 'heart', title: 'Music therapy every Tuesday', excerpt: 'Our music therapist now runs an open session for children and siblings.', imageAlt: 'A heart made of music notes' },
  { n: 6, date: '2026-09-12', categories: ['events'], art: 'lantern', title: 'Open day at the Harbour Room', excerpt: 'Come and see the day centre, meet the nurses and try the sensory room.', imageAlt: 'A lantern over an open door' },
  { n: 7, date: '2026-08-28', categories: ['volunteers'], art: 'garden', title: 'Drivers wanted for hospital runs', excerpt: 'We are looking for volunteer drivers for trips to Portland Children’s Hospital.', imageAlt: 'A road through green fields' },
  { n: 8, date: '2026-08-03', categories: ['care'], art: 'heart', title: 'New parents’ group on Thursdays', excerpt: 'A counsellor-led group for parents meets every Thursday evening at 7.', imageAlt: 'Two hearts side by side' },
  { n: 9, date: '2026-07-19', categories: ['events'], art: 'boat', title: 'Summer swim across the bay', excerpt: 'Forty swimmers crossed the bay and raised enough for a year of art therapy.', imageAlt: 'Swimmers near a boat' },
  { n: 10, date: '2026-06-25', categories: ['care', 'volunteers'], art: 'garden', title: 'Sibling days in the garden', excerpt: 'Brothers and sisters now have their own day each month, with games and a picnic.', imageAlt: 'A picnic blanket in a garden' },
  { n: 11, date: '2026-05-30', categories: ['events'], art: 'lantern', title: 'Spring fair: thank you', excerpt: 'The spring fair welcomed 1,200 visitors and 40 stalls on the quay.', imageAlt: 'Bunting and a lantern' },
  { n: 12, date: '2026-05-08', categories: ['care'], art: 'heart', title: 'Home visits now reach Bell Point', excerpt: 'Our nurses now visit children at home as far as Bell Point.', imageAlt: 'A heart over a lighthouse' },
  { n: 13, date: '2026-04-14', categories: ['volunteers'], art: 'boat', title: 'Ferry crew volunteers of the year', excerpt: 'The island ferry crew has carried our nurses for free for ten years.', imageAlt: 'A small ferry at the pier' },
  { n: 14, date: '2026-03-22', categories: ['events', 'care'], art: 'garden', title: 'Care in the community evening', excerpt: 'An evening for local teachers on caring for children with long-term illness.', imageAlt: 'Chairs in a circle in a garden room' },
];

/** Newest first: the grid's order and the server's. */
export const newsItems: NewsItem[] = items
  .map(({ n, art, ...item }) => ({ ...item, id: `news-${n}`, image: `/images/news/${art}.svg` }))
  .sort((a, b) => b.date.localeCompare(a.date));

export function newsBrick(item: NewsItem): Brick {
  return { id: item.id, categories: item.categories, date: item.date, title: item.title };
}

export function formatNewsDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${d} ${months[(m ?? 1) - 1]} ${y}`;
}

/** A brick's inner card; the same markup on the page and in load-more answers. */
export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <div className="news-card">
      <img src={item.image} alt={item.imageAlt} width="320" height="180" loading="lazy" />
      <h2 className="news-card__title">{item.title}</h2>
      <p className="news-card__meta">
        <time dateTime={item.date}>{formatNewsDate(item.date)}</time> ·{' '}
        {item.categories.map((c) => NEWS_CATEGORIES.find((k) => k.slug === c)?.label ?? c).join(', ')}
      </p>
      <p>{item.excerpt}</p>
    </div>
  );
}

/** What the server's load-more answers from (site.config.ts `collections`): the cards the page shows. */
export const newsCollection: SiteCollection<NewsItem> = {
  entries: newsItems,
  card: (item) => <NewsCard item={item} />,
};
