import type { ReactNode } from 'react';
import { dosingTable } from '../content/dosing';
import { CAPTCHA_QUESTION_PLACEHOLDER, CAPTCHA_VERIFIER_PLACEHOLDER } from '../../machines/ajax-form/ajax-form.definition';
import { contactForm } from '../content/forms';
import { appealProgress, nextFundraiser, yearInNumbers } from '../content/fundraiser';
import { galleryImages, harbourFilm, places, stories } from '../content/gallery';
import { NEWS_CATEGORIES, NEWS_FIRST_PAGE, NewsCard, newsBrick, newsItems } from '../content/news';
import { scenes } from '../content/scenes';
import { TEAM_GROUPS, team } from '../content/team';
import { site } from '../site';

/**
 * Content that is data rather than prose (the dosing table, the news, the team, the gallery's
 * pictures, the forms), reachable from content pages as Markdoc variables: `content=$dosing`,
 * `{% $site.phone %}`. The same modules feed the server (news load-more, form handling), so the
 * data has one home.
 */

/** A widget's content with slot markup the data already knows how to draw (a news card per brick). */
export class WidgetData {
  constructor(
    readonly content: object,
    readonly slots: Readonly<Record<string, ReactNode>> = {},
  ) {}
}

const firstNews = newsItems.slice(0, NEWS_FIRST_PAGE);

export const contentVariables: Record<string, unknown> = {
  site,
  dosing: dosingTable,
  forms: { contact: { form: contactForm, captcha: { question: CAPTCHA_QUESTION_PLACEHOLDER, verifier: CAPTCHA_VERIFIER_PLACEHOLDER } } },
  fundraiser: { ...nextFundraiser, numbers: yearInNumbers, appeals: appealProgress },
  news: {
    more: newsItems.length > NEWS_FIRST_PAGE,
    grid: new WidgetData(
      { label: 'News', noun: 'stories', filters: NEWS_CATEGORIES.map((c) => ({ slug: c.slug, label: c.label })), bricks: firstNews.map(newsBrick) },
      Object.fromEntries(firstNews.map((item) => [`brick-${item.id}`, <NewsCard item={item} />])),
    ),
  },
  team: {
    portfolio: {
      label: 'Team',
      filters: TEAM_GROUPS.map((g) => ({ slug: g.slug, label: g.label })),
      entries: team.map((m) => ({ id: m.id, title: m.name, subtitle: m.role, categories: [m.group], image: { src: `/images/team/${m.avatar}.svg`, alt: '' } })),
    },
  },
  gallery: {
    images: galleryImages,
    strip: { label: 'Pictures through the year', items: galleryImages.items.map(({ image, caption }) => ({ image, caption })) },
    places,
    stories,
    film: { ...harbourFilm, label: 'Harbour film' },
  },
  scenes,
};
