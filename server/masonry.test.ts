import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOADED_MARKER, requestFields } from '../machines/masonry/masonry.rules';
import { NEWS_FIRST_PAGE, newsItems } from '../tests/support/demo-site';
import { startSiteServer, type RunningServer } from '../tests/support/site-server';

/** §7 Masonry load-more over real HTTP against the real server (npm run serve). */
let server: RunningServer;
beforeAll(async () => {
  server = await startSiteServer();
}, 60_000);
afterAll(async () => {
  await server.stop();
});

async function post(fields: URLSearchParams | string) {
  const response = await fetch(`${server.url}/ajax`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

const idsIn = (html: string) => [...html.matchAll(/data-id="([^"]+)"/g)].map((m) => m[1]);
const shown = newsItems.slice(0, NEWS_FIRST_PAGE).map((n) => n.id);

describe('POST /ajax action=avia_ajax_masonry_more', () => {
  it('answers the marker then items + 1 bricks, leaving out the loaded ids', async () => {
    const answer = await post(requestFields({ items: 3, offset: 3, loaded: shown, collection: 'news' }));
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/html');
    expect(answer.text.startsWith(LOADED_MARKER)).toBe(true);
    expect(idsIn(answer.text)).toEqual(newsItems.slice(NEWS_FIRST_PAGE, NEWS_FIRST_PAGE + 4).map((n) => n.id));
    expect(answer.text).toContain('data-categories=');
    expect(answer.text).toContain(`<h2 class="news-card__title">${newsItems[NEWS_FIRST_PAGE]?.title}</h2>`);
  });

  it('near the end answers no more than what is left (the client then shows no more items)', async () => {
    const loaded = newsItems.slice(0, newsItems.length - 2).map((n) => n.id);
    const answer = await post(requestFields({ items: 3, offset: 12, loaded, collection: 'news' }));
    expect(idsIn(answer.text)).toEqual(newsItems.slice(-2).map((n) => n.id));
    const none = await post(requestFields({ items: 3, offset: 15, loaded: newsItems.map((n) => n.id), collection: 'news' }));
    expect(none.text).toBe(LOADED_MARKER);
  });

  it('accepts loaded as a comma list too', async () => {
    const answer = await post(`action=avia_ajax_masonry_more&items=1&offset=1&collection=news&loaded=${shown.join(',')}`);
    expect(idsIn(answer.text)).toEqual(newsItems.slice(NEWS_FIRST_PAGE, NEWS_FIRST_PAGE + 2).map((n) => n.id));
  });

  it.each([
    ['items missing', 'action=avia_ajax_masonry_more&collection=news', /items must be a whole number/],
    ['items zero', 'action=avia_ajax_masonry_more&items=0&collection=news', /items must be from 1 to 50/],
    ['items huge', 'action=avia_ajax_masonry_more&items=5000&collection=news', /items must be from 1 to 50/],
    ['offset negative', 'action=avia_ajax_masonry_more&items=2&offset=-4&collection=news', /offset must be a whole number/],
    ['bad id', 'action=avia_ajax_masonry_more&items=2&collection=news&loaded[]=%3Cscript%3E', /loaded must list item ids/],
    ['unknown collection', 'action=avia_ajax_masonry_more&items=2&collection=recipes', /No grid collection named 'recipes'/],
  ])('%s: 400 with a clear message', async (_name, body, message) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(message);
  });
});
