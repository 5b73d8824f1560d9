import type { VitalsVisit } from '../../runtime/vitals/vitals.rules';
import type { Engine } from './migrations';

/**
 * Everything the site's instances share (issue 16), behind one interface with two engines:
 * SQLite (DATA_DIR/site.db, one instance, the default) and PostgreSQL (DATABASE_URL, any number of
 * instances). Each method is one unit of work that commits before it resolves, so an answer sent
 * after it is never lost; what must be atomic across instances (one subscriber per address, a
 * captcha verifier used once, one rate budget per client, one sender per notice) is decided by the
 * database, never by an instance's memory.
 */
export interface SiteStore {
  readonly engine: Engine;
  /**
   * Stores a form message, marks its captcha verifier used and queues its e-mail notice, in one
   * transaction: all of it or none of it.
   */
  storeMessage(message: NewMessage): Promise<StoredMessage>;
  /**
   * Issue 33, double opt-in: stores `email` as a pending sign-up named by `key` until `confirmBy`
   * and queues its confirmation `mail` (outbox JSON, when mail is set up), in one transaction. A
   * pending address gets the new key, deadline and mail (older links stop working); a confirmed
   * one (in any letter case) is left as it was and nothing is queued.
   */
  signUp(signUp: NewSignUp): Promise<'pending' | 'subscribed'>;
  /** The sign-up a link's key names, if any. */
  signUpByKey(key: string): Promise<SignUpRow | undefined>;
  /**
   * Confirms the pending sign-up named by `key` while `now` is before its deadline, queuing `mail`
   * (outbox JSON) to the new subscriber; 'subscribed' when it already was, 'expired' past the
   * deadline, 'unknown' when no sign-up has that key. Only 'confirmed' changed anything.
   */
  confirm(key: string, now: number, mail?: (email: string) => string): Promise<'confirmed' | 'subscribed' | 'expired' | 'unknown'>;
  /** Removes the sign-up (pending or confirmed) named by `key`; false when there was none. */
  unsubscribe(key: string): Promise<boolean>;
  /**
   * Retention: deletes pending sign-ups past their deadline, and, when `messagesBefore` is given,
   * contact messages stored before it with their queued notices. Answers what it deleted.
   */
  purge(now: number, messagesBefore?: Date): Promise<{ signUps: number; messages: number }>;
  /** Everything stored about one address (issue 33: a person's request for their data). */
  person(email: string): Promise<PersonData>;
  /**
   * Deletes everything stored about one address, in one transaction; answers how much. Issue 51:
   * that includes the problem reports whose words carry the address.
   */
  erase(email: string): Promise<{ messages: number; signUps: number; mails: number; reports: number }>;
  /** The outbox's queued and given-up mails (metrics). */
  outboxCounts(): Promise<{ pending: number; failed: number }>;
  /**
   * Counts one form post for `client` when fewer than `limit` were counted in the window ending at
   * `now`; answers 0 then, else the seconds until the oldest counted post leaves the window.
   */
  hitRateLimit(client: string, now: number, limit: number, windowMs: number): Promise<number>;
  /**
   * Claims the oldest notice due at `now` that no other instance is sending, hands it to `deliver`
   * and records what it answers. False when nothing was due. When `deliver` throws (shutdown), the
   * notice stays due as it was.
   */
  deliverNext(now: number, deliver: (notice: QueuedNotice) => Promise<Delivery>): Promise<boolean>;
  /** The value stored under `key`, storing `create()` first when there is none (first writer wins). */
  setting(key: string, create: () => string): Promise<string>;
  /** Forgets what no longer matters: counted posts out of the window, verifiers old enough to be expired. */
  prune(now: number, windowMs: number, verifierMaxAgeMs: number): Promise<void>;
  /**
   * Issue 35: counts one visit's vitals in `day`'s histogram buckets and targets, in one transaction.
   * A page beyond `limits.maxPages` distinct pages that day counts as OTHER_PAGE; a target beyond
   * `limits.maxTargets` for its page and metric that day as OTHER_TARGET: growth stays bounded.
   */
  recordVitals(visit: VitalsVisit, day: string, limits: VitalsLimits): Promise<void>;
  /** The histograms of the days `from` to `to` (YYYY-MM-DD, both included), summed over the days. */
  vitalsBuckets(from: string, to: string): Promise<VitalsBucketRow[]>;
  /** The targets of the days `from` to `to`, summed over the days. */
  vitalsTargets(from: string, to: string): Promise<VitalsTargetRow[]>;
  /** Retention: deletes the field data of days before `day`; answers the rows deleted. */
  pruneVitals(day: string): Promise<number>;
  /**
   * Issue 51: stores a visitor's problem report while fewer than `maxStored` are kept (one writer
   * at a time, so the bound holds across instances); 'full' stores nothing.
   */
  storeReport(report: NewReport, maxStored: number): Promise<{ ok: true; id: number } | { ok: false; reason: 'full' }>;
  /** Every kept report without its scenario, oldest first. */
  reports(): Promise<ReportSummaryRow[]>;
  /** One report with its scenario. */
  report(id: number): Promise<ReportRow | undefined>;
  /** Retention: deletes the reports stored before `before`; answers how many. */
  pruneReports(before: Date): Promise<number>;
  /** Throws StoreUnavailable when the database cannot be reached. */
  health(): Promise<{ migrations: number }>;
  messages(): Promise<MessageRow[]>;
  /** Confirmed subscribers only: a pending sign-up is nobody's consent yet. */
  subscribers(): Promise<SubscriberRow[]>;
  close(): Promise<void>;
}

export interface NewMessage {
  form: string;
  name: string;
  email: string;
  /** The kept fields as JSON. */
  fields: string;
  client: string;
  /** Marked used in the same transaction; a verifier already used rejects the message. */
  captchaSignature?: string;
  /** The e-mail notice to queue (JSON the outbox reads back), when mail is set up. */
  notice?: string;
}

export type StoredMessage = { ok: true; id: number } | { ok: false; reason: 'captcha-used' };

export interface NewSignUp {
  email: string;
  client: string;
  key: string;
  confirmBy: number;
  /** The confirmation mail (outbox JSON), when mail is set up. */
  mail?: string;
}

export interface SignUpRow {
  email: string;
  confirmed: boolean;
  confirmBy: number | null;
}

export interface OutboxRow {
  id: number;
  message_id: number | null;
  recipient: string | null;
  state: string;
  created_at: string;
  sent_at: string | null;
  notice: string;
}

export interface PersonData {
  messages: MessageRow[];
  signUps: Array<{ email: string; client: string; created_at: string; confirmed_at: string | null }>;
  mails: OutboxRow[];
}

/**
 * Whether a stored message is about `email`: its sender, or any field holding exactly that
 * address (the contact form's family and school addresses). Letter case does not matter.
 */
export function messageConcerns(row: Pick<MessageRow, 'email' | 'fields'>, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  if (row.email.trim().toLowerCase() === wanted) return true;
  try {
    const fields = JSON.parse(row.fields) as Record<string, unknown>;
    return Object.values(fields).some((value) => typeof value === 'string' && value.trim().toLowerCase() === wanted);
  } catch {
    return false;
  }
}

/** Issue 51: whether a problem report's words carry `email` (letter case does not matter). */
export function reportConcerns(row: Pick<ReportSummaryRow, 'words'>, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return wanted !== '' && row.words.toLowerCase().includes(wanted);
}

/** Issue 51: a visitor's problem report as the server checked it (server/reports/report.rules.ts). */
export interface NewReport {
  page: string;
  words: string;
  build: string;
  viewportWidth: number;
  viewportHeight: number;
  device: string;
  /** The whole-page scenario, JSON. */
  scenario: string;
}

/** The columns of ReportSummaryRow, as both engines select them. */
export const REPORT_SUMMARY = 'id, created_at, page, words, build, viewport_width, viewport_height, device';

export interface ReportSummaryRow {
  id: number;
  created_at: string;
  page: string;
  words: string;
  build: string;
  viewport_width: number;
  viewport_height: number;
  device: string;
}

export interface ReportRow extends ReportSummaryRow {
  scenario: string;
}

export interface QueuedNotice {
  id: number;
  /** The contact message the notice is about; null for a mail to a subscriber. */
  messageId: number | null;
  notice: string;
  /** Attempts made before this one. */
  attempts: number;
}

/** What became of one attempt: sent, or failed with the time of the next attempt (null: give up). */
export type Delivery = { sent: true } | { sent: false; error: string; retryAt: number | null };

export interface MessageRow {
  id: number;
  created_at: string;
  form: string;
  name: string;
  email: string;
  client: string;
  fields: string;
  mailed_at: string | null;
  mail_error: string | null;
}

export interface SubscriberRow {
  email: string;
  created_at: string;
  client: string;
}

/**
 * The database cannot be reached (refused, dropped, shutting down, timed out). Answered with 503
 * and a plain message; the instance keeps running and uses the database again once it is back.
 */
export class StoreUnavailable extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super(`The site's database cannot be reached right now (${cause instanceof Error ? cause.message : String(cause)}).`, { cause });
  }
}

/**
 * The seconds until the oldest counted post (`first`) leaves the window, 1 to the window's length.
 * Issue 33: on PostgreSQL `first` may come from another instance whose clock runs ahead, which once
 * answered Retry-After: 601 for a 10-minute window; the wait never exceeds the window.
 */
export function retryAfterSeconds(now: number, first: number, windowMs: number): number {
  const windowSeconds = Math.ceil(windowMs / 1000);
  return Math.min(windowSeconds, Math.max(1, Math.ceil((windowMs - (now - first)) / 1000)));
}

/** With PostgreSQL the captcha secret is shared by every instance through this site setting. */
export const CAPTCHA_SECRET_SETTING = 'captcha-secret';

/** The words a visitor is shown when their post could not be stored. */
export const UNAVAILABLE_MESSAGE = 'The site cannot store anything right now, so nothing was sent. Please try again in a minute.';

/** Issue 35: where the pages past the cap, and the targets past theirs, are counted. */
export const OTHER_PAGE = '(other pages)';
export const OTHER_TARGET = '(other)';

export interface VitalsLimits {
  /** Distinct pages per day. */
  maxPages: number;
  /** Distinct targets per day, page and metric. */
  maxTargets: number;
}

export interface VitalsBucketRow {
  page: string;
  metric: string;
  device: string;
  bucket: number;
  visits: number;
}

export interface VitalsTargetRow {
  page: string;
  metric: string;
  target: string;
  visits: number;
  /** The sum of the values reported with this target (its mean is total / visits). */
  total: number;
}
