import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fieldRule } from '../machines/ajax-form/ajax-form.rules';
import { contactForm } from '../demo/content/forms';
import { DB_FILE } from './store/db';

/**
 * `npm run forms:export -- <messages|subscribers> [--out file.csv]`: what arrived through the
 * forms, as CSV (RFC 4180) on stdout or into a file. With no argument it lists the counts and the
 * latest entries. Reads DATA_DIR/site.db (default ./data) read-only, so it is safe while the server runs.
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

const contactColumns = contactForm.fields.filter((field) => fieldRule(field) !== 'captcha').map((field) => field.name);

export function exportMessages(db: Database.Database): string {
  const rows = db.prepare('SELECT id, created_at, form, client, fields, mailed_at, mail_error FROM form_message ORDER BY id').all() as Array<{
    id: number;
    created_at: string;
    form: string;
    client: string;
    fields: string;
    mailed_at: string | null;
    mail_error: string | null;
  }>;
  return toCsv(
    ['id', 'created_at', 'form', ...contactColumns, 'client', 'mailed_at', 'mail_error'],
    rows.map((row) => {
      const fields = JSON.parse(row.fields) as Record<string, string>;
      return [row.id, row.created_at, row.form, ...contactColumns.map((name) => fields[name] ?? ''), row.client, row.mailed_at, row.mail_error];
    }),
  );
}

export function exportSubscribers(db: Database.Database): string {
  const rows = db.prepare('SELECT email, created_at, client FROM newsletter_subscriber ORDER BY created_at, email').all() as Array<Record<string, string>>;
  return toCsv(['email', 'created_at', 'client'], rows.map((row) => [row.email, row.created_at, row.client]));
}

function summary(db: Database.Database): string {
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const latest = db.prepare('SELECT id, created_at, name, email FROM form_message ORDER BY id DESC LIMIT 10').all() as Array<Record<string, string>>;
  return [
    `messages: ${count('form_message')}   subscribers: ${count('newsletter_subscriber')}`,
    ...latest.map((m) => `  #${m.id}  ${m.created_at}  ${m.name} <${m.email}>`),
    'Export: npm run forms:export -- messages [--out messages.csv]  |  npm run forms:export -- subscribers [--out subscribers.csv]',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/export.ts')) {
  const [what, flag, file] = process.argv.slice(2);
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const db = new Database(join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const output = what === 'messages' ? exportMessages(db) : what === 'subscribers' ? exportSubscribers(db) : undefined;
    if (output === undefined) {
      if (what !== undefined && what !== 'list') {
        console.error(`Unknown export '${what}': use messages or subscribers.`);
        process.exitCode = 2;
      }
      console.log(summary(db));
    } else if (flag === '--out' && file) {
      writeFileSync(file, output);
      console.log(`wrote ${file}`);
    } else process.stdout.write(output);
  } finally {
    db.close();
  }
}
