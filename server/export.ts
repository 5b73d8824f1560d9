import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FormDefinition } from '../machines/ajax-form/ajax-form.definition';
import { fieldRule } from '../machines/ajax-form/ajax-form.rules';
import type { SiteForms } from '../runtime/site';
import { loadSiteConfig, siteDir } from './site-folder';
import { databaseUrlFrom } from './config';
import { failInOneLine } from './one-line';
import { DB_FILE, openStore, type Store } from './store/db';
import { openPostgresStore } from './store/postgres-store';
import type { MessageRow, PersonData, SiteStore, SubscriberRow } from './store/site-store';
import { sqliteSiteStore } from './store/sqlite-store';

/**
 * `npm run forms:export -- <messages|subscribers> [--out file.csv]`: what arrived through the
 * forms, as CSV (RFC 4180) on stdout or into a file; subscribers are the confirmed ones only.
 * `npm run forms:export -- person <email> [--out file.json]`: everything stored about one address
 * (issue 33, a person's request for their data), as JSON. With no argument it lists the counts and
 * the latest entries. Reads the PostgreSQL database at DATABASE_URL when set, else DATA_DIR/site.db
 * (default ./data); both are safe to read while the server runs. The messages' columns are the
 * fields of the site's contact form (its config's `forms`, `--site` or SITE_DIR).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell; a leading =, +, -, @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * A whole address (name@host.tld): a half-typed one ('sam.x@', 'sam@host') would match nothing,
 * and an erasure that answers "erased 0" for it looks done when nothing was.
 */
export const isWholeAddress = (value: string | undefined): value is string => value !== undefined && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u.test(value);

/** One column per field of the contact form, in its order; the captcha's answer is not kept. */
export function exportMessages(rows: readonly MessageRow[], contactForm: FormDefinition): string {
  const contactColumns = contactForm.fields.filter((field) => fieldRule(field) !== 'captcha').map((field) => field.name);
  return toCsv(
    ['id', 'created_at', 'form', ...contactColumns, 'client', 'mailed_at', 'mail_error'],
    rows.map((row) => {
      const fields = JSON.parse(row.fields) as Record<string, string>;
      return [row.id, row.created_at, row.form, ...contactColumns.map((name) => fields[name] ?? ''), row.client, row.mailed_at, row.mail_error];
    }),
  );
}

/** A person's data as JSON: each message with its fields read, each sign-up, each mail queued about them. */
export function exportPerson(email: string, data: PersonData): string {
  return (
    JSON.stringify(
      {
        email,
        exported_at: new Date().toISOString(),
        messages: data.messages.map((row) => ({ ...row, fields: JSON.parse(row.fields) as unknown })),
        newsletter: data.signUps.map((row) => ({ ...row, state: row.confirmed_at === null ? 'pending confirmation' : 'subscribed' })),
        mails: data.mails.map((row) => ({ ...row, notice: JSON.parse(row.notice) as unknown })),
      },
      null,
      2,
    ) + '\n'
  );
}

export function exportSubscribers(rows: readonly SubscriberRow[]): string {
  return toCsv(['email', 'created_at', 'client'], rows.map((row) => [row.email, row.created_at, row.client]));
}

/** The site's forms by name, for the summary: 'none' says that nothing arrives through forms. */
export function formNames(forms: SiteForms): string {
  const names = Object.entries(forms).flatMap(([name, form]) => (form ? [name] : []));
  return names.length ? names.join(', ') : 'none (its site.config.ts gives no forms)';
}

function summary(forms: SiteForms, messages: readonly MessageRow[], subscribers: readonly SubscriberRow[]): string {
  return [
    `forms: ${formNames(forms)}`,
    `messages: ${messages.length}   subscribers: ${subscribers.length}`,
    ...messages.slice(-10).reverse().map((m) => `  #${m.id}  ${m.created_at}  ${m.name} <${m.email}>`),
    'Export: npm run forms:export -- messages [--out messages.csv]  |  npm run forms:export -- subscribers [--out subscribers.csv]',
    '        npm run forms:export -- person <email> [--out person.json]  |  erase a person: npm run forms:erase -- <email>',
  ].join('\n');
}

/**
 * The store to read: PostgreSQL at DATABASE_URL, else DATA_DIR/site.db, which must already exist:
 * before the server's first start there is nothing to export, and creating an empty database here
 * would leave it with the wrong permissions.
 */
export async function openForExport(env: NodeJS.ProcessEnv): Promise<{ store: SiteStore; local?: Store }> {
  const databaseUrl = databaseUrlFrom(env.DATABASE_URL);
  if (databaseUrl) return { store: await openPostgresStore(databaseUrl) };
  const dataDir = resolve(env.DATA_DIR || './data');
  if (!existsSync(join(dataDir, DB_FILE))) {
    throw new Error(`no data yet: ${join(dataDir, DB_FILE)} does not exist. The server creates it on its first start (npm start); set DATA_DIR if the site keeps its data elsewhere.`);
  }
  const local = openStore(dataDir);
  return { store: sqliteSiteStore(local), local };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/export.ts')) {
  // `--site <folder>` (issue 32) is the site the commands are pointed at; its data is DATA_DIR's or DATABASE_URL's.
  const args = process.argv.slice(2).filter((arg, at, all) => arg !== '--site' && all[at - 1] !== '--site');
  const what = args[0];
  const email = what === 'person' ? args[1] : undefined;
  if (what === 'person' && !isWholeAddress(email)) failInOneLine('forms:export', new Error('name the whole address: npm run forms:export -- person someone@example.org'));
  const [flag, file] = what === 'person' ? args.slice(2) : args.slice(1);
  const site = await loadSiteConfig(siteDir()).catch((error: unknown) => failInOneLine('forms:export', error));
  const forms = site.forms ?? {};
  if (what === 'messages' && !forms.contact) failInOneLine('forms:export', new Error(`${site.name} has no contact form (its site.config.ts gives no forms.contact): there are no messages to export`));
  const { store, local } = await openForExport(process.env).catch((error: unknown) => failInOneLine('forms:export', error));
  try {
    const [messages, subscribers] = await Promise.all([store.messages(), store.subscribers()]);
    const output =
      email !== undefined
        ? exportPerson(email, await store.person(email))
        : what === 'messages' && forms.contact
          ? exportMessages(messages, forms.contact)
          : what === 'subscribers'
            ? exportSubscribers(subscribers)
            : undefined;
    if (output === undefined) {
      if (what !== undefined && what !== 'list') {
        console.error(`Unknown export '${what}': use messages, subscribers or person <email>.`);
        process.exitCode = 2;
      }
      console.log(summary(forms, messages, subscribers));
    } else if (flag === '--out' && file) {
      writeFileSync(file, output);
      console.log(`wrote ${file}`);
    } else process.stdout.write(output);
  } finally {
    await store.close();
    local?.close();
  }
}
