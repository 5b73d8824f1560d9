import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../machines/ajax-form/ajax-form.definition';
import { LOADED_MARKER, requestFields } from '../machines/masonry/masonry.rules';
import type { SiteConfig } from '../runtime/site';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { loadSiteConfig } from './site-folder';
import { ajaxActions } from './actions';
import { buildServer, type SiteServer } from './app';
import { NO_OWNER_ADDRESS, startMailOutbox, type Mailer } from './forms/mail';
import { openStore, type Store } from './store/db';
import { sqliteSiteStore } from './store/sqlite-store';

/**
 * Issue 32: the server answers with what the site's config gives (runtime/site.ts): its forms, its
 * masonry collections, its search results page, its contact address; nothing of the demo's unless
 * the site is the demo. In process (buildServer), with a site of the test's own on the starter's
 * pages.
 */
const FRAGMENT = { 'x-requested-with': 'fetch' };
const starter = await loadSiteConfig(join(import.meta.dirname, '../examples/starter'));

const enquiryForm: FormDefinition = {
  id: 'enquiry-form',
  action: '/forms/enquiry',
  variant: 'contact',
  submitLabel: 'Ask',
  fields: [
    { name: 'name', label: 'Your name', control: 'text', classes: 'is_empty' },
    { name: 'email', label: 'E-mail', control: 'email', classes: 'is_email' },
  ],
};

const plots = [
  { id: 'plot-1', title: 'Plot 1', date: '2026-03-01', categories: ['beds'] },
  { id: 'plot-2', title: 'Plot 2', date: '2026-02-01', categories: ['beds'] },
  { id: 'plot-3', title: 'Plot 3', date: '2026-01-01', categories: ['orchard'] },
];

const allotments: SiteConfig = {
  ...starter,
  name: 'Test Allotments',
  forms: { contact: enquiryForm },
  collections: { plots: { entries: plots, card: (plot) => <p className="plot">{plot.title}</p> } },
  searchResultsPage: ({ query, tooShort }) => <p className="own-results">{tooShort ? 'too short' : `looked for ${query}`}</p>,
};

const dirs: string[] = [];
const servers: SiteServer[] = [];

async function serve(site: SiteConfig): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-site-given-'));
  dirs.push(dataDir);
  const server = await buildServer({ host: '127.0.0.1', port: 0, dataDir, staticDir: join(dataDir, 'no-site'), logger: false }, { site, actions: ajaxActions(site) });
  servers.push(server);
  return server.app.listen({ host: '127.0.0.1', port: 0 });
}

const post = (base: string, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });

afterAll(async () => {
  await Promise.all(servers.map((server) => server.app.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("a site's own forms, collections and search results page", () => {
  let base: string;
  beforeAll(async () => {
    base = await serve(allotments);
  });

  it('takes posts for its form at its action, checked with its fields, and has no other form route', async () => {
    const sent = await post(base, '/forms/enquiry', 'name=Ana&email=ana%40example.org', FRAGMENT);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toMatch(/data-message-id="\d+"/);
    const invalid = await post(base, '/forms/enquiry', 'name=Ana&email=not-an-address', FRAGMENT);
    expect(invalid.status).toBe(422);
    for (const path of ['/forms/contact', '/forms/newsletter']) expect((await post(base, path, 'email=ana%40example.org', FRAGMENT)).status, path).toBe(404);
  });

  it("answers load-more from its collection with its cards, and knows no other's", async () => {
    const more = await post(base, '/ajax', requestFields({ items: 1, offset: 1, loaded: ['plot-1'], collection: 'plots' }).toString());
    expect(more.status).toBe(200);
    expect(await more.text()).toBe(
      `${LOADED_MARKER}<article data-brick="" data-id="plot-2" data-categories="beds" data-date="2026-02-01" data-title="Plot 2"><p class="plot">Plot 2</p></article>` +
        `<article data-brick="" data-id="plot-3" data-categories="orchard" data-date="2026-01-01" data-title="Plot 3"><p class="plot">Plot 3</p></article>`,
    );
    const news = await post(base, '/ajax', requestFields({ items: 1, offset: 0, loaded: [], collection: 'news' }).toString());
    expect(news.status).toBe(400);
    expect(await news.text()).toContain("No grid collection named 'news'.");
  });

  it('renders its own search results page, with its name in the title', async () => {
    const html = await (await fetch(`${base}/search/?s=compost`)).text();
    expect(html).toContain('<p class="own-results">looked for compost</p>');
    expect(html).toContain('<title>Search: compost | Test Allotments</title>');
    expect(html).not.toContain('search-page__form');
  });
});

describe('a site that gives no forms, collections or search page', () => {
  let base: string;
  beforeAll(async () => {
    base = await serve(starter);
  });

  it('has no form routes: a post to a form action is a 404, as for any unknown address', async () => {
    for (const path of ['/forms/contact', '/forms/newsletter']) expect((await post(base, path, 'email=ana%40example.org', FRAGMENT)).status, path).toBe(404);
  });

  it('answers load-more with the unknown collection message', async () => {
    const answer = await post(base, '/ajax', requestFields({ items: 3, offset: 0, loaded: [], collection: 'news' }).toString());
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe("No grid collection named 'news'.");
  });

  it("shows the engine's plain search results page", async () => {
    const html = await (await fetch(`${base}/search/?s=ab`)).text();
    expect(html).toContain('<form class="search-page__form"');
    expect(html).toContain('Type at least 3 characters to search.');
  });
});

describe("the contact notices' address: MAIL_TO, else the site's email", () => {
  let sink: SmtpSink;
  let dataDir: string;
  let store: Store;
  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-mail-to-'));
    store = openStore(dataDir);
  });
  afterAll(async () => {
    store.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function outbox(siteEmail: string | undefined, log: (line: string) => void = () => {}): Mailer {
    const mailer = startMailOutbox(sqliteSiteStore(store), { SMTP_URL: sink.url, MAIL_POLL_MS: '50' }, siteEmail, log);
    if (!mailer) throw new Error('SMTP_URL is set: the outbox should run');
    return mailer;
  }

  /** Queues one notice through `mailer`, then waits until the outbox has handled it. */
  async function notify(mailer: Mailer, subject: string): Promise<{ mailed_at: string | null; mail_error: string | null }> {
    const shared = sqliteSiteStore(store);
    const stored = await shared.storeMessage({ form: 'contact', name: 'Ana', email: 'ana@example.org', fields: '{}', client: 'test', notice: mailer.encode({ subject, text: 'Hello' }) });
    if (!stored.ok) throw new Error('the message was not stored');
    mailer.wake();
    const row = () => store.prepare('SELECT mailed_at, mail_error FROM form_message WHERE id = ?').get(stored.id) as { mailed_at: string | null; mail_error: string | null };
    await expect.poll(() => row().mailed_at ?? row().mail_error, { timeout: 10_000 }).not.toBeNull();
    return row();
  }

  it("mails the site's email when MAIL_TO is not set", async () => {
    const mailer = outbox('garden@fernhill.example');
    try {
      const row = await notify(mailer, 'to the site');
      expect(row.mail_error).toBeNull();
      expect(sink.received.at(-1)?.envelope.to).toEqual(['garden@fernhill.example']);
    } finally {
      await mailer.stop();
    }
  });

  it('with neither, says so at start and keeps the message, marked not mailed, without retrying', async () => {
    const logged: string[] = [];
    const before = sink.received.length;
    const mailer = outbox(undefined, (line) => logged.push(line));
    try {
      expect(logged).toEqual([expect.stringContaining('neither MAIL_TO nor the site config')]);
      const row = await notify(mailer, 'to nobody');
      expect(row).toEqual({ mailed_at: null, mail_error: NO_OWNER_ADDRESS });
      expect(sink.received).toHaveLength(before);
    } finally {
      await mailer.stop();
    }
  });
});
