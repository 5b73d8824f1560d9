import pg from 'pg';
import { migrations as defaultMigrations, stepSql, type Migration } from './migrations';
import { METRICS, bucketOf } from '../../runtime/vitals/vitals.rules';
import {
  OTHER_PAGE,
  OTHER_TARGET,
  StoreUnavailable,
  messageConcerns,
  REPORT_SUMMARY,
  reportConcerns,
  retryAfterSeconds,
  type Delivery,
  type MessageRow,
  type OutboxRow,
  type PersonData,
  type QueuedNotice,
  type ReportRow,
  type ReportSummaryRow,
  type SiteStore,
  type SubscriberRow,
  type VitalsBucketRow,
  type VitalsTargetRow,
} from './site-store';

/**
 * The SiteStore on PostgreSQL (DATABASE_URL), shared by any number of instances. node-postgres
 * directly: the store is a dozen statements, and the ones that matter here (FOR UPDATE SKIP
 * LOCKED, advisory locks, ON CONFLICT) are PostgreSQL's own words that a query builder would only
 * pass through (docs/deployment.md, "Why node-postgres").
 */

/** pg_advisory_lock key that serialises migrations across instances starting at once ('sitechar'). */
export const MIGRATION_LOCK_KEY = 0x73697465_63686172n;
/** A request waits this long for a connection before it is answered 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** No statement may hold a request (or a row lock) longer than this. */
const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Errors that mean "the database is not there" rather than "this statement is wrong": socket
 * errors, SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, crashed, starting
 * up), 53300 (too many connections), and node-postgres's own messages for a dropped or timed-out link.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN|NOTFOUND)$/.test(code)) return true;
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  }
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|not queryable/i.test(error.message);
}

/** Rethrows a connection failure as StoreUnavailable (503), anything else as it is. */
function unavailable(error: unknown): never {
  throw isConnectionError(error) ? new StoreUnavailable(error) : error;
}

/** BIGINT ids and epoch milliseconds fit a JS number (2^53); read them as numbers, not strings. */
export const NUMBER_BIGINTS = {
  getTypeParser: (oid: number, format?: string) => (oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format as 'text')),
};

export interface PostgresOptions {
  /** Called with a one-line message when an idle connection drops (the pool replaces it). */
  log?: (message: string) => void;
  migrations?: readonly Migration[];
  /** Pool size per instance. */
  max?: number;
}

export function createPool(url: string, options: Pick<PostgresOptions, 'log' | 'max'> = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    types: NUMBER_BIGINTS,
  });
  // A client whose server went away emits 'error', idle (the pool's event) or checked out (the
  // client's own); unhandled, either would end the process. The query in flight rejects as well.
  pool.on('error', (error) => options.log?.(`database connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Brings the schema up to date under a session advisory lock: instances starting at once wait for
 * the first one's migrations and then find nothing left to do. Each step commits with its record.
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[] = defaultMigrations): Promise<number[]> {
  const client = await pool.connect();
  const ran: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migration (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
      const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migration')).rows.map((row) => row.version));
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.has(migration.version)) continue;
        await client.query('BEGIN');
        try {
          const sql = stepSql(migration, 'postgres');
          if (sql.trim() !== '') await client.query(sql);
          await client.query('INSERT INTO schema_migration (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
        ran.push(migration.version);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
  return ran;
}

/** Runs `work` in one transaction on one pooled connection; a connection failure becomes StoreUnavailable. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect().catch(unavailable);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => undefined);
    return unavailable(error);
  } finally {
    // A connection that failed mid-transaction is dropped rather than handed to the next request.
    client.release(broken && isConnectionError(broken) ? broken : undefined);
  }
}

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value));

export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<SiteStore> {
  const pool = createPool(url, options);
  try {
    await migratePostgres(pool, options.migrations);
  } catch (error) {
    await pool.end();
    throw new Error(`could not prepare the database at DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => pool.query<R>(text, values).catch(unavailable);

  return {
    engine: 'postgres',
    storeMessage(message) {
      return inTransaction(pool, async (client) => {
        if (message.captchaSignature !== undefined) {
          const used = await client.query('INSERT INTO captcha_used (signature) VALUES ($1) ON CONFLICT (signature) DO NOTHING', [message.captchaSignature]);
          if (used.rowCount === 0) return { ok: false, reason: 'captcha-used' } as const;
        }
        const inserted = await client.query<{ id: number }>(
          'INSERT INTO form_message (form, name, email, fields, client) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [message.form, message.name, message.email, message.fields, message.client],
        );
        const id = inserted.rows[0]?.id ?? 0;
        if (message.notice !== undefined) {
          await client.query('INSERT INTO mail_outbox (message_id, notice, next_attempt_at) VALUES ($1, $2, $3)', [id, message.notice, Date.now()]);
        }
        return { ok: true, id } as const;
      });
    },
    signUp(entry) {
      return inTransaction(pool, async (db) => {
        // One row per address whatever its case: a pending one takes the new key and deadline
        // (older links stop working), a confirmed one is left alone (no row comes back).
        const { rows } = await db.query<{ email: string }>(
          `INSERT INTO newsletter_subscriber (email, client, link_key, confirm_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT ((lower(email))) DO UPDATE SET link_key = EXCLUDED.link_key, confirm_by = EXCLUDED.confirm_by
           WHERE newsletter_subscriber.confirmed_at IS NULL RETURNING email`,
          [entry.email, entry.client, entry.key, entry.confirmBy],
        );
        const row = rows[0];
        if (!row) return 'subscribed' as const;
        if (entry.mail !== undefined) await db.query('INSERT INTO mail_outbox (recipient, notice, next_attempt_at) VALUES ($1, $2, $3)', [row.email, entry.mail, Date.now()]);
        return 'pending' as const;
      });
    },
    async signUpByKey(key) {
      const { rows } = await query<{ email: string; confirmed: boolean; confirmBy: number | null }>(
        'SELECT email, confirmed_at IS NOT NULL AS confirmed, confirm_by AS "confirmBy" FROM newsletter_subscriber WHERE link_key = $1',
        [key],
      );
      return rows[0];
    },
    confirm(key, now, mail) {
      return inTransaction(pool, async (db) => {
        const { rows } = await db.query<{ email: string; confirmed: boolean; confirmBy: number | null }>(
          'SELECT email, confirmed_at IS NOT NULL AS confirmed, confirm_by AS "confirmBy" FROM newsletter_subscriber WHERE link_key = $1 FOR UPDATE',
          [key],
        );
        const row = rows[0];
        if (!row) return 'unknown' as const;
        if (row.confirmed) return 'subscribed' as const;
        if (row.confirmBy === null || row.confirmBy < now) return 'expired' as const;
        await db.query('UPDATE newsletter_subscriber SET confirmed_at = now(), confirm_by = NULL WHERE link_key = $1', [key]);
        if (mail) await db.query('INSERT INTO mail_outbox (recipient, notice, next_attempt_at) VALUES ($1, $2, $3)', [row.email, mail(row.email), now]);
        return 'confirmed' as const;
      });
    },
    async unsubscribe(key) {
      const deleted = await query('DELETE FROM newsletter_subscriber WHERE link_key = $1', [key]);
      return (deleted.rowCount ?? 0) > 0;
    },
    purge(now, messagesBefore) {
      return inTransaction(pool, async (db) => {
        const signUps = (await db.query('DELETE FROM newsletter_subscriber WHERE confirmed_at IS NULL AND confirm_by < $1', [now])).rowCount ?? 0;
        let messages = 0;
        if (messagesBefore) {
          await db.query('DELETE FROM mail_outbox WHERE message_id IN (SELECT id FROM form_message WHERE created_at < $1)', [messagesBefore]);
          messages = (await db.query('DELETE FROM form_message WHERE created_at < $1', [messagesBefore])).rowCount ?? 0;
        }
        return { signUps, messages };
      });
    },
    async person(email) {
      return inTransaction(pool, (db) => personData(db, email));
    },
    erase(email) {
      return inTransaction(pool, async (db) => {
        const found = await personData(db, email);
        const mailIds = found.mails.map((mail) => mail.id);
        const messageIds = found.messages.map((message) => message.id);
        await db.query('DELETE FROM mail_outbox WHERE id = ANY($1::bigint[])', [mailIds]);
        await db.query('DELETE FROM form_message WHERE id = ANY($1::bigint[])', [messageIds]);
        const signUps = (await db.query('DELETE FROM newsletter_subscriber WHERE lower(email) = lower($1)', [email.trim()])).rowCount ?? 0;
        const reportIds = (await db.query<ReportSummaryRow>(`SELECT ${REPORT_SUMMARY} FROM problem_report`)).rows.filter((row) => reportConcerns(row, email)).map((row) => row.id);
        await db.query('DELETE FROM problem_report WHERE id = ANY($1::bigint[])', [reportIds]);
        return { messages: messageIds.length, signUps, mails: mailIds.length, reports: reportIds.length };
      });
    },
    async outboxCounts() {
      const { rows } = await query<{ pending: number; failed: number }>(
        "SELECT COUNT(*) FILTER (WHERE state = 'pending')::int AS pending, COUNT(*) FILTER (WHERE state = 'failed')::int AS failed FROM mail_outbox",
      );
      return rows[0] ?? { pending: 0, failed: 0 };
    },
    hitRateLimit(client, now, limit, windowMs) {
      return inTransaction(pool, async (db) => {
        // One budget per client across instances: posts from the same client take turns here.
        await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 16))', [client]);
        await db.query('DELETE FROM form_hit WHERE client = $1 AND at <= $2', [client, now - windowMs]);
        const { rows } = await db.query<{ n: number; first: number | null }>('SELECT COUNT(*)::int AS n, MIN(at) AS first FROM form_hit WHERE client = $1', [client]);
        const { n = 0, first = null } = rows[0] ?? {};
        if (n >= limit) return retryAfterSeconds(now, first ?? now, windowMs);
        await db.query('INSERT INTO form_hit (client, at) VALUES ($1, $2)', [client, now]);
        return 0;
      });
    },
    deliverNext(now, deliver) {
      // The row stays locked while it is sent: another instance skips it, and if this one dies
      // mid-send the lock goes with its connection and the notice is due again.
      return inTransaction(pool, async (db) => {
        const { rows } = await db.query<QueuedNotice>(
          `SELECT id, message_id AS "messageId", notice, attempts FROM mail_outbox
           WHERE state = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        const notice = rows[0];
        if (!notice) return false;
        await record(db, notice, await deliver(notice));
        return true;
      });
    },
    async setting(key, create) {
      await query('INSERT INTO site_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, create()]);
      const { rows } = await query<{ value: string }>('SELECT value FROM site_setting WHERE key = $1', [key]);
      return rows[0]?.value ?? '';
    },
    async prune(now, windowMs, verifierMaxAgeMs) {
      await query('DELETE FROM form_hit WHERE at <= $1', [now - windowMs]);
      await query('DELETE FROM captcha_used WHERE used_at < $1', [new Date(now - verifierMaxAgeMs)]);
    },
    recordVitals(visit, day, limits) {
      return inTransaction(pool, async (db) => {
        // One writer per day at a time across instances, so the caps below are never overshot.
        await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 35))', [`vitals:${day}`]);
        const known = await db.query('SELECT 1 FROM vitals_bucket WHERE day = $1 AND page = $2 LIMIT 1', [day, visit.page]);
        let page = visit.page;
        if (known.rowCount === 0) {
          const { rows } = await db.query<{ n: number }>('SELECT COUNT(DISTINCT page)::int AS n FROM vitals_bucket WHERE day = $1 AND page <> $2', [day, OTHER_PAGE]);
          if ((rows[0]?.n ?? 0) >= limits.maxPages) page = OTHER_PAGE;
        }
        for (const metric of METRICS) {
          const measured = visit.values[metric];
          if (!measured) continue;
          await db.query(
            `INSERT INTO vitals_bucket (day, page, metric, device, bucket, visits) VALUES ($1, $2, $3, $4, $5, 1)
             ON CONFLICT (day, page, metric, device, bucket) DO UPDATE SET visits = vitals_bucket.visits + 1`,
            [day, page, metric, visit.device, bucketOf(metric, measured.value)],
          );
          if (measured.target === '') continue;
          let target = measured.target;
          const seen = await db.query('SELECT 1 FROM vitals_target WHERE day = $1 AND page = $2 AND metric = $3 AND target = $4', [day, page, metric, target]);
          if (seen.rowCount === 0) {
            const { rows } = await db.query<{ n: number }>(
              'SELECT COUNT(*)::int AS n FROM vitals_target WHERE day = $1 AND page = $2 AND metric = $3 AND target <> $4',
              [day, page, metric, OTHER_TARGET],
            );
            if ((rows[0]?.n ?? 0) >= limits.maxTargets) target = OTHER_TARGET;
          }
          await db.query(
            `INSERT INTO vitals_target (day, page, metric, target, visits, total) VALUES ($1, $2, $3, $4, 1, $5)
             ON CONFLICT (day, page, metric, target) DO UPDATE SET visits = vitals_target.visits + 1, total = vitals_target.total + EXCLUDED.total`,
            [day, page, metric, target, measured.value],
          );
        }
      });
    },
    async vitalsBuckets(from, to) {
      const { rows } = await query<VitalsBucketRow>(
        `SELECT page, metric, device, bucket, SUM(visits)::bigint AS visits FROM vitals_bucket WHERE day >= $1 AND day <= $2
         GROUP BY page, metric, device, bucket ORDER BY page, metric, device, bucket`,
        [from, to],
      );
      return rows;
    },
    async vitalsTargets(from, to) {
      const { rows } = await query<VitalsTargetRow>(
        `SELECT page, metric, target, SUM(visits)::bigint AS visits, SUM(total)::float8 AS total FROM vitals_target WHERE day >= $1 AND day <= $2
         GROUP BY page, metric, target ORDER BY page, metric, visits DESC, target`,
        [from, to],
      );
      return rows;
    },
    pruneVitals(day) {
      return inTransaction(pool, async (db) => {
        const buckets = (await db.query('DELETE FROM vitals_bucket WHERE day < $1', [day])).rowCount ?? 0;
        return buckets + ((await db.query('DELETE FROM vitals_target WHERE day < $1', [day])).rowCount ?? 0);
      });
    },
    storeReport(report, maxStored) {
      return inTransaction(pool, async (db) => {
        // One writer at a time across instances, so the bound is never overshot.
        await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 51))', ['problem-report']);
        const { rows } = await db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM problem_report');
        if ((rows[0]?.n ?? 0) >= maxStored) return { ok: false, reason: 'full' } as const;
        const inserted = await db.query<{ id: number }>(
          'INSERT INTO problem_report (page, words, build, viewport_width, viewport_height, device, scenario) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
          [report.page, report.words, report.build, report.viewportWidth, report.viewportHeight, report.device, report.scenario],
        );
        return { ok: true, id: inserted.rows[0]?.id ?? 0 } as const;
      });
    },
    async reports() {
      const { rows } = await query<ReportSummaryRow>(`SELECT ${REPORT_SUMMARY} FROM problem_report ORDER BY id`);
      return rows.map((row) => ({ ...row, created_at: iso(row.created_at) ?? '' }));
    },
    async report(id) {
      const { rows } = await query<ReportRow>(`SELECT ${REPORT_SUMMARY}, scenario FROM problem_report WHERE id = $1`, [id]);
      const row = rows[0];
      return row && { ...row, created_at: iso(row.created_at) ?? '' };
    },
    async pruneReports(before) {
      return (await query('DELETE FROM problem_report WHERE created_at < $1', [before])).rowCount ?? 0;
    },
    async health() {
      const { rows } = await query<{ n: number }>('SELECT COUNT(*)::int AS n FROM schema_migration');
      return { migrations: rows[0]?.n ?? 0 };
    },
    async messages() {
      const { rows } = await query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM form_message ORDER BY id`);
      return rows.map(asMessage);
    },
    async subscribers() {
      const { rows } = await query<SubscriberRow>('SELECT email, created_at, client FROM newsletter_subscriber WHERE confirmed_at IS NOT NULL ORDER BY created_at, email');
      return rows.map((row) => ({ ...row, created_at: iso(row.created_at) ?? '' }));
    },
    close() {
      return pool.end();
    },
  };
}

const MESSAGE_COLUMNS = 'id, created_at, form, name, email, client, fields, mailed_at, mail_error';
const asMessage = (row: MessageRow): MessageRow => ({ ...row, created_at: iso(row.created_at) ?? '', mailed_at: iso(row.mailed_at) });

/** What one address left: the messages that concern it, its sign-ups, and the mails queued about them. */
async function personData(db: pg.PoolClient, email: string): Promise<PersonData> {
  const messages = (await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM form_message ORDER BY id`)).rows.map(asMessage).filter((row) => messageConcerns(row, email));
  const signUps = (
    await db.query<PersonData['signUps'][number]>('SELECT email, client, created_at, confirmed_at FROM newsletter_subscriber WHERE lower(email) = lower($1)', [email.trim()])
  ).rows.map((row) => ({ ...row, created_at: iso(row.created_at) ?? '', confirmed_at: iso(row.confirmed_at) }));
  const mails = (
    await db.query<OutboxRow>(
      'SELECT id, message_id, recipient, state, created_at, sent_at, notice FROM mail_outbox WHERE message_id = ANY($1::bigint[]) OR lower(recipient) = lower($2) ORDER BY id',
      [messages.map((row) => row.id), email.trim()],
    )
  ).rows.map((row) => ({ ...row, created_at: iso(row.created_at) ?? '', sent_at: iso(row.sent_at) }));
  return { messages, signUps, mails };
}

async function record(db: pg.PoolClient, notice: QueuedNotice, delivery: Delivery): Promise<void> {
  if (delivery.sent) {
    await db.query("UPDATE mail_outbox SET state = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = now() WHERE id = $1", [notice.id]);
    await db.query('UPDATE form_message SET mailed_at = now(), mail_error = NULL WHERE id = $1', [notice.messageId]);
    return;
  }
  await db.query(
    `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = COALESCE($2, next_attempt_at),
       state = CASE WHEN $2::bigint IS NULL THEN 'failed' ELSE 'pending' END WHERE id = $3`,
    [delivery.error, delivery.retryAt, notice.id],
  );
  await db.query('UPDATE form_message SET mail_error = $1 WHERE id = $2', [delivery.error, notice.messageId]);
}
