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
  /** Adds a newsletter subscriber; an address already there (in any letter case) is kept as it was. */
  subscribe(email: string, client: string): Promise<void>;
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
  /** Throws StoreUnavailable when the database cannot be reached. */
  health(): Promise<{ migrations: number }>;
  messages(): Promise<MessageRow[]>;
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

export interface QueuedNotice {
  id: number;
  messageId: number;
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

/** With PostgreSQL the captcha secret is shared by every instance through this site setting. */
export const CAPTCHA_SECRET_SETTING = 'captcha-secret';

/** The words a visitor is shown when their post could not be stored. */
export const UNAVAILABLE_MESSAGE = 'The site cannot store anything right now, so nothing was sent. Please try again in a minute.';
