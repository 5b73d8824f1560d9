import { Island } from '../../runtime/build/Island';
import masonry from '../../widgets/Masonry/widget';
import messageBox from '../../widgets/MessageBox/widget';
import { NEWS_CATEGORIES, NEWS_COLLECTION, NEWS_FIRST_PAGE, NEWS_PER_LOAD, NewsCard, newsBrick, newsItems } from '../content/news';

const WINTER_NOTICE = 'Winter hours: the Harbour Room closes at 4 pm on Fridays from December to February.';

/** /news/: a dismissible notice, then the news in a masonry grid with filters, order and load more. */
export function NewsPage() {
  const first = newsItems.slice(0, NEWS_FIRST_PAGE);
  return (
    <article className="page page--wide">
      <h1>News</h1>
      <Island
        widget={messageBox}
        settings={{ id: 'winter-hours-2026', contents: WINTER_NOTICE, days: 60, cookie: 'custom' }}
        content={{ label: 'Notice: winter hours' }}
        slots={{ message: <p>{WINTER_NOTICE}</p> }}
      />
      <p className="lead">Events, care and the people who make Harbourlight happen.</p>
      <Island
        widget={masonry}
        id="news-grid"
        settings={{ items: NEWS_PER_LOAD, collection: NEWS_COLLECTION, animation: 'standard', more: newsItems.length > NEWS_FIRST_PAGE }}
        content={{ label: 'News', noun: 'stories', filters: [...NEWS_CATEGORIES].map((c) => ({ slug: c.slug, label: c.label })), bricks: first.map(newsBrick) }}
        slots={Object.fromEntries(first.map((item) => [`brick-${item.id}`, <NewsCard item={item} />]))}
      />
    </article>
  );
}
