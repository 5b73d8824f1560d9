import { describe, expect, it } from 'vitest';
import { pages as sitePages, renderPage } from '../../tests/support/demo-site';
import { readPage, readPageBytes, textOf } from './text';

describe('the search reads a page as a visitor reads it (issue 30)', () => {
  it('formatted words are part of their sentence: no space before the punctuation after them', () => {
    expect(textOf('<p>See the <strong>music corner</strong>, a <em>seaglass</em> window and <a href="/garden/">the garden</a>.</p>')).toBe(
      'See the music corner, a seaglass window and the garden.',
    );
  });

  it('blocks still break words apart', () => {
    expect(textOf('<h2>Visits</h2><p>Every day</p><ul><li>Home</li><li>Hospital</li></ul>')).toBe('Visits Every day Home Hospital');
  });

  it('a draft shown by npm run dev (robots noindex) is not indexed', () => {
    const html = (head: string) => `<html><head>${head}</head><body><main><h1>Open day</h1><p>Soon.</p></main></body></html>`;
    expect(readPage('/open-day/', html(''))?.title).toBe('Open day');
    expect(readPage('/open-day/', html('<meta name="robots" content="noindex"/>'))).toBeNull();
  });
});

describe('a page read from its bytes (issue 47: only <main> decoded) is the page read from its text', () => {
  const same = (html: string | Buffer) => {
    const bytes = Buffer.isBuffer(html) ? html : Buffer.from(html, 'utf8');
    expect(readPageBytes('/p/', bytes)).toEqual(readPage('/p/', bytes.toString('utf8')));
    return readPageBytes('/p/', bytes);
  };

  it('with letters of two to four bytes (à is C3 A0, whose A0 is a space in Latin-1), before, in and after <main>', () => {
    const page = same(
      '<html><head><title>Café ’ x</title></head><body><nav>Crèche à côté 🎈</nav><MAIN class="x">' +
        '<article data-search-type="Événements"><h1>Fête à l’école 🎈</h1><p>Déjà  vu à  Zürich, 日本語, العربية.</p></article>' +
        '</Main><footer>à bientôt</footer></body></html>',
    );
    expect(page).toEqual({ path: '/p/', type: 'Événements', title: 'Fête à l’école 🎈', body: 'Déjà vu à Zürich, 日本語, العربية.' });
  });

  it('the <title> when <main> has no <h1>, the path when there is neither, no page without <main> or with noindex', () => {
    expect(same('<html><head><title>Über uns – “Team”</title></head><body><main><p>Wir sind da.</p></main></body></html>')?.title).toBe('Über uns – “Team”');
    expect(same('<html><body><main><p>Ohne Titel.</p></main></body></html>')?.title).toBe('/p/');
    expect(same('<html><body><div>Kein Hauptteil à voir.</div></body></html>')).toBeNull();
    expect(same('<html><head><META NAME="robots" CONTENT="noindex"></head><body><main><h1>Entwurf</h1></main></body></html>')).toBeNull();
  });

  it('with bytes that are not UTF-8 (each read as U+FFFD, as the text decoder reads them)', () => {
    const html = Buffer.concat([Buffer.from('<html><body><main><h1>Bad '), Buffer.from([0xc3, 0x28, 0xff, 0xe2, 0x80]), Buffer.from('</h1><p>x\xa0y</p></main></body></html>')]);
    expect(same(html)?.title).toContain('\ufffd');
  });

  it("for every page of the demo site as it is rendered", () => {
    for (const page of sitePages) same(renderPage(page, { entryScript: '/assets/client.js', stylesheets: [] }).html);
  });
});

