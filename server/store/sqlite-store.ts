import type { Store } from './db';
import { METRICS, bucketOf, type VitalsVisit } from '../../runtime/vitals/vitals.rules';
import {
  OTHER_PAGE,
  OTHER_TARGET,
  messageConcerns,
  REPORT_SUMMARY,
  reportConcerns,
  retryAfterSeconds,
  type Delivery,
  type MessageRow,
  type NewSignUp,
  type OutboxRow,
  type PersonData,
  type QueuedNotice,
  type NewReport,
  type ReportRow,
  type ReportSummaryRow,
  type SignUpRow,
  type SiteStore,
  type StoredMessage,
  type SubscriberRow,
  type VitalsBucketRow,
  type VitalsTargetRow,
  type VitalsLimits,
} from './site-store';


/**
 * The SiteStore on this instance's SQLite file (the default, one instance). better-sqlite3 runs
 * each call synchronously, so a transaction here is never interleaved with another request of the
 * same process; IMMEDIATE transactions make a second process on the same file wait its turn.
 */
export function sqliteSiteStore(db: Store): SiteStore {
  const useCaptcha = db.prepare('INSERT INTO captcha_used (signature) VALUES (?) ON CONFLICT (signature) DO NOTHING');
  const insertMessage = db.prepare('INSERT INTO form_message (form, name, email, fields, client) VALUES (?, ?, ?, ?, ?)');
  const queueNotice = db.prepare('INSERT INTO mail_outbox (message_id, notice, next_attempt_at) VALUES (?, ?, ?)');
  const findSignUp = db.prepare('SELECT email, confirmed_at FROM newsletter_subscriber WHERE email = ?');
  const insertSignUp = db.prepare('INSERT INTO newsletter_subscriber (email, client, link_key, confirm_by) VALUES (?, ?, ?, ?)');
  const renewSignUp = db.prepare('UPDATE newsletter_subscriber SET link_key = ?, confirm_by = ? WHERE email = ?');
  const queueMail = db.prepare('INSERT INTO mail_outbox (recipient, notice, next_attempt_at) VALUES (?, ?, ?)');
  const byKey = db.prepare('SELECT email, confirmed_at, confirm_by FROM newsletter_subscriber WHERE link_key = ?');
  const markConfirmed = db.prepare("UPDATE newsletter_subscriber SET confirmed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), confirm_by = NULL WHERE link_key = ?");
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
    if (n >= limit) return retryAfterSeconds(now, first ?? now, windowMs);
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

  const signUp = db.transaction((entry: NewSignUp, now: number): 'pending' | 'subscribed' => {
    // The primary key is COLLATE NOCASE: this finds the address in any letter case.
    const found = findSignUp.get(entry.email) as { email: string; confirmed_at: string | null } | undefined;
    if (found?.confirmed_at) return 'subscribed';
    if (found) renewSignUp.run(entry.key, entry.confirmBy, found.email);
    else insertSignUp.run(entry.email, entry.client, entry.key, entry.confirmBy);
    if (entry.mail !== undefined) queueMail.run(found?.email ?? entry.email, entry.mail, now);
    return 'pending';
  });

  const confirm = db.transaction((key: string, now: number, mail?: (email: string) => string) => {
    const row = byKey.get(key) as { email: string; confirmed_at: string | null; confirm_by: number | null } | undefined;
    if (!row) return 'unknown' as const;
    if (row.confirmed_at) return 'subscribed' as const;
    if (row.confirm_by === null || row.confirm_by < now) return 'expired' as const;
    markConfirmed.run(key);
    if (mail) queueMail.run(row.email, mail(row.email), now);
    return 'confirmed' as const;
  });

  const outboxOf = (email: string, ids: readonly number[]) =>
    (db.prepare('SELECT id, message_id, recipient, state, created_at, sent_at, notice FROM mail_outbox ORDER BY id').all() as OutboxRow[]).filter(
      (row) => (row.message_id !== null && ids.includes(row.message_id)) || row.recipient?.toLowerCase() === email.trim().toLowerCase(),
    );
  const allMessages = () => db.prepare('SELECT id, created_at, form, name, email, client, fields, mailed_at, mail_error FROM form_message ORDER BY id').all() as MessageRow[];
  const signUpsOf = (email: string) =>
    db.prepare('SELECT email, client, created_at, confirmed_at FROM newsletter_subscriber WHERE email = ? ORDER BY created_at').all(email.trim()) as PersonData['signUps'];

  const erase = db.transaction((email: string) => {
    const ids = allMessages().filter((row) => messageConcerns(row, email)).map((row) => row.id);
    const mails = outboxOf(email, ids);
    const dropMail = db.prepare('DELETE FROM mail_outbox WHERE id = ?');
    for (const mail of mails) dropMail.run(mail.id);
    const dropMessage = db.prepare('DELETE FROM form_message WHERE id = ?');
    for (const id of ids) dropMessage.run(id);
    const signUps = db.prepare('DELETE FROM newsletter_subscriber WHERE email = ?').run(email.trim()).changes;
    const reportIds = (db.prepare(`SELECT ${REPORT_SUMMARY} FROM problem_report`).all() as ReportSummaryRow[]).filter((row) => reportConcerns(row, email)).map((row) => row.id);
    const dropReport = db.prepare('DELETE FROM problem_report WHERE id = ?');
    for (const id of reportIds) dropReport.run(id);
    return { messages: ids.length, signUps, mails: mails.length, reports: reportIds.length };
  });

  const countReports = db.prepare('SELECT COUNT(*) FROM problem_report').pluck();
  const insertReport = db.prepare(
    'INSERT INTO problem_report (page, words, build, viewport_width, viewport_height, device, scenario) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const storeReport = db.transaction((report: NewReport, maxStored: number) => {
    if ((countReports.get() as number) >= maxStored) return { ok: false, reason: 'full' } as const;
    const { lastInsertRowid } = insertReport.run(report.page, report.words, report.build, report.viewportWidth, report.viewportHeight, report.device, report.scenario);
    return { ok: true, id: Number(lastInsertRowid) } as const;
  });

  const purge = db.transaction((now: number, messagesBefore?: Date) => {
    const signUps = db.prepare('DELETE FROM newsletter_subscriber WHERE confirmed_at IS NULL AND confirm_by < ?').run(now).changes;
    let messages = 0;
    if (messagesBefore) {
      const cutoff = messagesBefore.toISOString();
      db.prepare('DELETE FROM mail_outbox WHERE message_id IN (SELECT id FROM form_message WHERE created_at < ?)').run(cutoff);
      messages = db.prepare('DELETE FROM form_message WHERE created_at < ?').run(cutoff).changes;
    }
    return { signUps, messages };
  });

  const pageKnown = db.prepare('SELECT 1 FROM vitals_bucket WHERE day = ? AND page = ? LIMIT 1');
  const pagesOfDay = db.prepare('SELECT COUNT(DISTINCT page) FROM vitals_bucket WHERE day = ? AND page <> ?').pluck();
  const countBucket = db.prepare(
    'INSERT INTO vitals_bucket (day, page, metric, device, bucket, visits) VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (day, page, metric, device, bucket) DO UPDATE SET visits = visits + 1',
  );
  const targetKnown = db.prepare('SELECT 1 FROM vitals_target WHERE day = ? AND page = ? AND metric = ? AND target = ?');
  const targetsOf = db.prepare('SELECT COUNT(*) FROM vitals_target WHERE day = ? AND page = ? AND metric = ? AND target <> ?').pluck();
  const countTarget = db.prepare(
    'INSERT INTO vitals_target (day, page, metric, target, visits, total) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (day, page, metric, target) DO UPDATE SET visits = visits + 1, total = total + excluded.total',
  );
  const recordVitals = db.transaction((visit: VitalsVisit, day: string, limits: VitalsLimits) => {
    const page = pageKnown.get(day, visit.page) || (pagesOfDay.get(day, OTHER_PAGE) as number) < limits.maxPages ? visit.page : OTHER_PAGE;
    for (const metric of METRICS) {
      const measured = visit.values[metric];
      if (!measured) continue;
      countBucket.run(day, page, metric, visit.device, bucketOf(metric, measured.value));
      if (measured.target === '') continue;
      const target =
        targetKnown.get(day, page, metric, measured.target) || (targetsOf.get(day, page, metric, OTHER_TARGET) as number) < limits.maxTargets ? measured.target : OTHER_TARGET;
      countTarget.run(day, page, metric, target, measured.value);
    }
  });

  return {
    engine: 'sqlite',
    async storeMessage(message) {
      return storeMessage.immediate(message, Date.now());
    },
    async signUp(entry) {
      return signUp.immediate(entry, Date.now());
    },
    async signUpByKey(key) {
      const row = byKey.get(key) as { email: string; confirmed_at: string | null; confirm_by: number | null } | undefined;
      return row ? ({ email: row.email, confirmed: row.confirmed_at !== null, confirmBy: row.confirm_by } satisfies SignUpRow) : undefined;
    },
    async confirm(key, now, mail) {
      return confirm.immediate(key, now, mail);
    },
    async unsubscribe(key) {
      return db.prepare('DELETE FROM newsletter_subscriber WHERE link_key = ?').run(key).changes > 0;
    },
    async purge(now, messagesBefore) {
      return purge.immediate(now, messagesBefore);
    },
    async person(email) {
      const messages = allMessages().filter((row) => messageConcerns(row, email));
      return { messages, signUps: signUpsOf(email), mails: outboxOf(email, messages.map((row) => row.id)) };
    },
    async erase(email) {
      return erase.immediate(email);
    },
    async outboxCounts() {
      const row = db.prepare("SELECT COUNT(*) FILTER (WHERE state = 'pending') AS pending, COUNT(*) FILTER (WHERE state = 'failed') AS failed FROM mail_outbox").get() as {
        pending: number;
        failed: number;
      };
      return { pending: row.pending, failed: row.failed };
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
    async recordVitals(visit, day, limits) {
      recordVitals.immediate(visit, day, limits);
    },
    async vitalsBuckets(from, to) {
      return db
        .prepare('SELECT page, metric, device, bucket, SUM(visits) AS visits FROM vitals_bucket WHERE day >= ? AND day <= ? GROUP BY page, metric, device, bucket ORDER BY page, metric, device, bucket')
        .all(from, to) as VitalsBucketRow[];
    },
    async vitalsTargets(from, to) {
      return db
        .prepare('SELECT page, metric, target, SUM(visits) AS visits, SUM(total) AS total FROM vitals_target WHERE day >= ? AND day <= ? GROUP BY page, metric, target ORDER BY page, metric, visits DESC, target')
        .all(from, to) as VitalsTargetRow[];
    },
    async pruneVitals(day) {
      const buckets = db.prepare('DELETE FROM vitals_bucket WHERE day < ?').run(day).changes;
      return buckets + db.prepare('DELETE FROM vitals_target WHERE day < ?').run(day).changes;
    },
    async storeReport(report, maxStored) {
      return storeReport.immediate(report, maxStored);
    },
    async reports() {
      return db.prepare(`SELECT ${REPORT_SUMMARY} FROM problem_report ORDER BY id`).all() as ReportSummaryRow[];
    },
    async report(id) {
      return db.prepare(`SELECT ${REPORT_SUMMARY}, scenario FROM problem_report WHERE id = ?`).get(id) as ReportRow | undefined;
    },
    async pruneReports(before) {
      return db.prepare('DELETE FROM problem_report WHERE created_at < ?').run(before.toISOString()).changes;
    },
    async health() {
      return { migrations: db.prepare('SELECT COUNT(*) FROM schema_migration').pluck().get() as number };
    },
    async messages() {
      return allMessages();
    },
    async subscribers() {
      return db.prepare('SELECT email, created_at, client FROM newsletter_subscriber WHERE confirmed_at IS NOT NULL ORDER BY created_at, email').all() as SubscriberRow[];
    },
    async close() {
      // The database handle belongs to the caller (it also holds the search index).
    },
  };
}
