import type { Store } from './db';
import type { Delivery, MessageRow, QueuedNotice, SiteStore, StoredMessage, SubscriberRow } from './site-store';

/**
 * The SiteStore on this instance's SQLite file (the default, one instance). better-sqlite3 runs
 * each call synchronously, so a transaction here is never interleaved with another request of the
 * same process; IMMEDIATE transactions make a second process on the same file wait its turn.
 */
export function sqliteSiteStore(db: Store): SiteStore {
  const useCaptcha = db.prepare('INSERT INTO captcha_used (signature) VALUES (?) ON CONFLICT (signature) DO NOTHING');
  const insertMessage = db.prepare('INSERT INTO form_message (form, name, email, fields, client) VALUES (?, ?, ?, ?, ?)');
  const queueNotice = db.prepare('INSERT INTO mail_outbox (message_id, notice, next_attempt_at) VALUES (?, ?, ?)');
  const subscribe = db.prepare('INSERT INTO newsletter_subscriber (email, client) VALUES (?, ?) ON CONFLICT (email) DO NOTHING');
  const forgetOldHits = db.prepare('DELETE FROM form_hit WHERE client = ? AND at <= ?');
  const countHits = db.prepare('SELECT COUNT(*) AS n, MIN(at) AS first FROM form_hit WHERE client = ?');
  const countHit = db.prepare('INSERT INTO form_hit (client, at) VALUES (?, ?)');
  const nextDue = db.prepare(
    "SELECT id, message_id AS messageId, notice, attempts FROM mail_outbox WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1",
  );
  const markSent = db.prepare(
    "UPDATE mail_outbox SET state = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
  );
  const messageMailed = db.prepare("UPDATE form_message SET mailed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), mail_error = NULL WHERE id = ?");
  const markFailed = db.prepare(
    "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = COALESCE(?, next_attempt_at), state = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END WHERE id = ?",
  );
  const messageFailed = db.prepare('UPDATE form_message SET mail_error = ? WHERE id = ?');

  const storeMessage = db.transaction((message: Parameters<SiteStore['storeMessage']>[0], now: number): StoredMessage => {
    if (message.captchaSignature !== undefined && useCaptcha.run(message.captchaSignature).changes === 0) return { ok: false, reason: 'captcha-used' };
    const id = Number(insertMessage.run(message.form, message.name, message.email, message.fields, message.client).lastInsertRowid);
    if (message.notice !== undefined) queueNotice.run(id, message.notice, now);
    return { ok: true, id };
  });

  const hit = db.transaction((client: string, now: number, limit: number, windowMs: number): number => {
    forgetOldHits.run(client, now - windowMs);
    const { n, first } = countHits.get(client) as { n: number; first: number | null };
    if (n >= limit) return Math.max(1, Math.ceil((windowMs - (now - (first ?? now))) / 1000));
    countHit.run(client, now);
    return 0;
  });

  const record = db.transaction((notice: QueuedNotice, delivery: Delivery) => {
    if (delivery.sent) {
      markSent.run(notice.id);
      messageMailed.run(notice.messageId);
    } else {
      markFailed.run(delivery.error, delivery.retryAt, delivery.retryAt, notice.id);
      messageFailed.run(delivery.error, notice.messageId);
    }
  });

  return {
    engine: 'sqlite',
    async storeMessage(message) {
      return storeMessage.immediate(message, Date.now());
    },
    async subscribe(email, client) {
      subscribe.run(email, client);
    },
    async hitRateLimit(client, now, limit, windowMs) {
      return hit.immediate(client, now, limit, windowMs);
    },
    async deliverNext(now, deliver) {
      // One worker per process sends one notice at a time, so the row needs no lock of its own.
      const notice = nextDue.get(now) as QueuedNotice | undefined;
      if (!notice) return false;
      record.immediate(notice, await deliver(notice));
      return true;
    },
    async setting(key, create) {
      db.prepare('INSERT INTO site_setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(key, create());
      return (db.prepare('SELECT value FROM site_setting WHERE key = ?').pluck().get(key) as string);
    },
    async prune(now, windowMs, verifierMaxAgeMs) {
      db.prepare('DELETE FROM form_hit WHERE at <= ?').run(now - windowMs);
      db.prepare('DELETE FROM captcha_used WHERE used_at < ?').run(new Date(now - verifierMaxAgeMs).toISOString());
    },
    async health() {
      return { migrations: db.prepare('SELECT COUNT(*) FROM schema_migration').pluck().get() as number };
    },
    async messages() {
      return db.prepare('SELECT id, created_at, form, name, email, client, fields, mailed_at, mail_error FROM form_message ORDER BY id').all() as MessageRow[];
    },
    async subscribers() {
      return db.prepare('SELECT email, created_at, client FROM newsletter_subscriber ORDER BY created_at, email').all() as SubscriberRow[];
    },
    async close() {
      // The database handle belongs to the caller (it also holds the search index).
    },
  };
}
