import { describe, expect, it } from 'vitest';
import { openStore } from './store/db';
import { sqliteSiteStore } from './store/sqlite-store';
import { contactForm, newsletterForm } from '../tests/support/demo-site';
import { csvCell, exportMessages, exportSubscribers, formNames, toCsv } from './export';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('forms:export (CSV for the site owner)', () => {
  it('quotes commas, quotes and newlines, and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1,5')).toBe(`"'-1,5"`);
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a'], [[1], ['x']])).toBe('a\r\n1\r\nx\r\n');
  });

  it('exports messages with one column per contact field, and subscribers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitecharts-export-'));
    const store = openStore(dir);
    try {
      store
        .prepare('INSERT INTO form_message (form, name, email, fields, client) VALUES (?, ?, ?, ?, ?)')
        .run('contact', 'Zoë', 'z@example.org', JSON.stringify({ name: 'Zoë', email: 'z@example.org', message: 'Hi, there' }), '127.0.0.1');
      store.prepare("INSERT INTO newsletter_subscriber (email, client, confirmed_at, link_key) VALUES (?, ?, '2026-01-01T00:00:00.000Z', ?)").run('p@example.org', '127.0.0.1', 'a'.repeat(32));
      // Issue 33: a sign-up not confirmed yet is nobody's consent, and is not exported.
      store.prepare('INSERT INTO newsletter_subscriber (email, client, link_key, confirm_by) VALUES (?, ?, ?, ?)').run('pending@example.org', '127.0.0.1', 'b'.repeat(32), Date.now() + 1000);
      const shared = sqliteSiteStore(store);
      const messages = exportMessages(await shared.messages(), contactForm).split('\r\n');
      expect(messages[0]).toMatch(/^id,created_at,form,name,email,family_email,.*,message,.*,client,mailed_at,mail_error$/);
      expect(messages[1]).toContain('contact,Zoë,z@example.org');
      expect(messages[1]).toContain('"Hi, there"');
      const subscribers = exportSubscribers(await shared.subscribers()).split('\r\n');
      expect(subscribers[1]).toMatch(/^p@example\.org,.+,127\.0\.0\.1$/);
      expect(subscribers.join('\n')).not.toContain('pending@example.org');
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names the site's forms in the summary, and says when there are none", () => {
    expect(formNames({ contact: contactForm, newsletter: newsletterForm })).toBe('contact, newsletter');
    expect(formNames({ newsletter: newsletterForm })).toBe('newsletter');
    expect(formNames({})).toBe('none (its site.config.ts gives no forms)');
  });
});
