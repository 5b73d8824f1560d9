import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startSiteServer, type RunningServer } from '../../tests/support/site-server';
import { decodeHeader, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../tests/support/smtp-sink';
import { changeRows, storedRows } from '../../tests/support/store-rows';
import { contactPageDir, subscribe } from '../../tests/support/visitor';
import { CONFIRM_PATH, LINK_SECRET_SETTING, UNSUBSCRIBE_PATH, linkToken } from './links';

/**
 * Issue 33, double opt-in, against the real server and a real SMTP server (tests/support/smtp-sink.ts),
 * on SQLite in the unit project and on PostgreSQL in the postgres project (vite.config.ts): the
 * mails as received, headers included; each link followed as a visitor (and a mail program) would.
 */
const SITE = 'https://charity.example';
const run = promisify(execFile);
const staticPages = contactPageDir();
// The test's own, so the store outlives a restart (the last test restarts the server on it).
const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-newsletter-'));
let sink: SmtpSink;
let server: RunningServer;

const env = () => ({ STATIC_DIR: staticPages.dir, SMTP_URL: sink.url, MAIL_POLL_MS: '200', SITE_URL: SITE, FORM_RATE_LIMIT: '1000' });

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startSiteServer({ dataDir, env: env() });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  staticPages.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The mails received for `address`, once there are `count` of them. */
async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
  const mine = () => sink.received.filter((mail) => mail.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return mine();
}

function linkIn(mail: ReceivedMail, path: string): string {
  const escaped = `${SITE}${path}`.replace(/[.?/]/g, (c) => `\\${c}`);
  const found = new RegExp(`${escaped}\\?t=[\\w.%-]+`).exec(mail.text)?.[0];
  if (!found) throw new Error(`no ${path} link in:\n${mail.text}`);
  return found;
}

/** A link from a mail, asked of the server under test (it is the site at SITE). */
async function follow(link: string, init: RequestInit = {}): Promise<{ status: number; text: string; h1: string }> {
  const url = new URL(link);
  const response = await fetch(`${server.url}${url.pathname}${url.search}`, init);
  const text = await response.text();
  return { status: response.status, text, h1: /<h1>([^<]*)<\/h1>/.exec(text)?.[1] ?? '' };
}
const press = (link: string) => follow(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });

const signUps = (email: string) =>
  storedRows<{ email: string; confirmed: number | boolean }>(
    server,
    'SELECT email, CASE WHEN confirmed_at IS NULL THEN 0 ELSE 1 END AS confirmed FROM newsletter_subscriber WHERE lower(email) = lower(?)',
    [email],
  );
const everything = () => storedRows(server, 'SELECT email, confirmed_at, link_key, confirm_by FROM newsletter_subscriber ORDER BY email');

async function exportedSubscribers(): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/export.ts', 'subscribers'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl ?? '' },
  });
  return stdout;
}

describe('newsletter double opt-in (issue 33)', () => {
  it('a sign-up is stored pending, is not exported, and is mailed a signed confirmation link with a one-click unsubscribe', async () => {
    const answer = await subscribe(server.url, 'Rosa@Example.org');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('we sent a mail to Rosa@Example.org');
    expect(answer.text).toContain('within 7 days');
    expect(await signUps('rosa@example.org')).toEqual([{ email: 'Rosa@Example.org', confirmed: 0 }]);
    expect(await exportedSubscribers()).not.toContain('Rosa@Example.org');

    const [mail] = await mailsTo('Rosa@Example.org', 1);
    expect(decodeHeader(mail?.headers.get('subject') ?? '')).toBe('Please confirm your Harbourlight Children’s Care newsletter sign-up');
    const unsubscribe = linkIn(mail as ReceivedMail, UNSUBSCRIBE_PATH);
    expect(mail?.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(mail as ReceivedMail, CONFIRM_PATH)).toMatch(/^https:\/\/charity\.example\/newsletter\/confirm\/\?t=c\./);
    // The address is never in a link.
    expect(mail?.text.match(/https:\S+/g)?.join(' ')).not.toMatch(/rosa/i);
  });

  it('the link shows a button (a scanner opening it changes nothing); pressing it confirms once, mails a welcome, and the address is exported', async () => {
    const [mail] = await mailsTo('Rosa@Example.org', 1);
    const confirm = linkIn(mail as ReceivedMail, CONFIRM_PATH);
    const page = await follow(confirm);
    expect(page.status).toBe(200);
    expect(page.h1).toBe('Confirm your newsletter sign-up');
    expect(page.text).toContain('<!DOCTYPE html>');
    expect(page.text).toMatch(/<form action="\/newsletter\/confirm\/\?t=[^"]+" method="post"><button type="submit"[^>]*>Confirm my subscription<\/button><\/form>/);
    expect(await signUps('rosa@example.org')).toEqual([{ email: 'Rosa@Example.org', confirmed: 0 }]);

    const done = await press(confirm);
    expect(done.status).toBe(200);
    expect(done.h1).toBe('You are subscribed');
    expect(await signUps('rosa@example.org')).toEqual([{ email: 'Rosa@Example.org', confirmed: 1 }]);
    const mails = await mailsTo('Rosa@Example.org', 2);
    const welcome = mails[1] as ReceivedMail;
    expect(decodeHeader(welcome.headers.get('subject') ?? '')).toBe('You are subscribed to the Harbourlight Children’s Care newsletter');
    expect(welcome.headers.get('list-unsubscribe')).toBe(`<${linkIn(welcome, UNSUBSCRIBE_PATH)}>`);
    expect(welcome.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await exportedSubscribers()).toMatch(/^Rosa@Example\.org,/m);

    // Reused: a clear page, nothing changed, no second welcome.
    const again = await press(confirm);
    expect([again.status, again.h1]).toEqual([200, 'You are already subscribed']);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await mailsTo('Rosa@Example.org', 2)).toHaveLength(2);
    // Signing up again while subscribed sends nothing and answers as for anyone (it tells a stranger nothing).
    expect((await subscribe(server.url, 'rosa@example.org')).text).toContain('we sent a mail to rosa@example.org');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await mailsTo('Rosa@Example.org', 2)).toHaveLength(2);
    expect(await signUps('rosa@example.org')).toEqual([{ email: 'Rosa@Example.org', confirmed: 1 }]);
  });

  it('forged and tampered links answer "not valid" (400) with the site page, never 5xx, and change nothing', async () => {
    await subscribe(server.url, 'tamper@example.org');
    const [mail] = await mailsTo('tamper@example.org', 1);
    const confirm = linkIn(mail as ReceivedMail, CONFIRM_PATH);
    const unsubscribe = linkIn(mail as ReceivedMail, UNSUBSCRIBE_PATH);
    const before = await everything();
    const token = new URL(confirm).searchParams.get('t') ?? '';
    const [prefix, key, expires, signature] = token.split('.');
    const flipped = (text = '') => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      [prefix, key, expires, flipped(signature)].join('.'),
      [prefix, flipped(key?.replace(/.$/, '0')), expires, signature].join('.'),
      [prefix, key, String(Number(expires) + 86_400_000), signature].join('.'),
      `c.${'0'.repeat(32)}.${Date.now() + 1000000}.made-up`,
      new URL(unsubscribe).searchParams.get('t') ?? '',
      '',
      '%%%',
      'c.' + 'x'.repeat(5000),
    ];
    for (const t of forged) {
      for (const attempt of [follow, press]) {
        const page = await attempt(`${SITE}${CONFIRM_PATH}?t=${encodeURIComponent(t)}`);
        expect([page.status, page.h1], t).toEqual([400, 'This link is not valid']);
        expect(page.text).toContain('Nothing was changed');
      }
    }
    const wrongUnsubscribe = await press(`${SITE}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`);
    expect([wrongUnsubscribe.status, wrongUnsubscribe.h1]).toEqual([400, 'This link is not valid']);
    expect(await everything()).toEqual(before);
  });

  it('an expired link, or a sign-up past its deadline, answers "expired" (410) and confirms nothing; a new sign-up makes older links stop working', async () => {
    await subscribe(server.url, 'late@example.org');
    const [first] = await mailsTo('late@example.org', 1);
    const confirm = linkIn(first as ReceivedMail, CONFIRM_PATH);
    const key = (new URL(confirm).searchParams.get('t') ?? '').split('.')[1] ?? '';
    // A link the site itself signed, dated a day ago.
    const [secret] = await storedRows<{ value: string }>(server, 'SELECT value FROM site_setting WHERE key = ?', [LINK_SECRET_SETTING]);
    const old = linkToken(secret?.value ?? '', 'confirm', key, Date.now() - 86_400_000);
    for (const attempt of [follow, press]) {
      const page = await attempt(`${SITE}${CONFIRM_PATH}?t=${old}`);
      expect([page.status, page.h1]).toEqual([410, 'This link has expired']);
      expect(page.text).toContain('A confirmation link works for 7 days');
    }
    // The row's own deadline passed (the link still looks fine).
    await changeRows(server, 'UPDATE newsletter_subscriber SET confirm_by = ? WHERE link_key = ?', [Date.now() - 1000, key]);
    const late = await press(confirm);
    expect([late.status, late.h1]).toEqual([410, 'This link has expired']);
    expect(await signUps('late@example.org')).toEqual([{ email: 'late@example.org', confirmed: 0 }]);

    // Signed up again: a new mail; the first link no longer works, the new one does.
    await subscribe(server.url, 'late@example.org');
    const [, second] = await mailsTo('late@example.org', 2);
    expect(await press(confirm).then((page) => [page.status, page.h1])).toEqual([410, 'This link no longer works']);
    expect(await press(linkIn(second as ReceivedMail, CONFIRM_PATH)).then((page) => page.h1)).toBe('You are subscribed');
  });

  it('one-click unsubscribe (RFC 8058) as a mail program posts it deletes the address; reused, it says so and changes nothing; the old confirm link cannot bring it back', async () => {
    await subscribe(server.url, 'leaving@example.org');
    const [mail] = await mailsTo('leaving@example.org', 1);
    await press(linkIn(mail as ReceivedMail, CONFIRM_PATH));
    const [, welcome] = await mailsTo('leaving@example.org', 2);
    const header = welcome?.headers.get('list-unsubscribe')?.replace(/^<|>$/g, '') ?? '';
    const page = await follow(header);
    expect([page.status, page.h1]).toEqual([200, 'Leave the newsletter']);
    expect(page.text).toContain('leaving@example.org');
    expect(await signUps('leaving@example.org')).toHaveLength(1);

    const oneClick = await follow(header, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect([oneClick.status, oneClick.h1]).toEqual([200, 'You are unsubscribed']);
    expect(await signUps('leaving@example.org')).toEqual([]);
    expect(await exportedSubscribers()).not.toContain('leaving@example.org');

    const reused = await follow(header, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n' });
    expect([reused.status, reused.h1]).toEqual([200, 'This address is not on our list']);
    const back = await press(linkIn(mail as ReceivedMail, CONFIRM_PATH));
    expect([back.status, back.h1]).toEqual([410, 'This link no longer works']);
    expect(await signUps('leaving@example.org')).toEqual([]);
  });

  it('pending sign-ups past their deadline are deleted (at start, and every 10 minutes after); confirmed ones stay', async () => {
    await subscribe(server.url, 'never@example.org');
    await mailsTo('never@example.org', 1);
    await changeRows(server, 'UPDATE newsletter_subscriber SET confirm_by = ? WHERE lower(email) = ?', [Date.now() - 1000, 'never@example.org']);
    await server.stop();
    server = await startSiteServer({ dataDir, env: env() });
    await expect.poll(() => signUps('never@example.org')).toEqual([]);
    expect(await signUps('rosa@example.org')).toEqual([{ email: 'Rosa@Example.org', confirmed: 1 }]);
  });
});
