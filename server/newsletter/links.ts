import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Issue 33: the links a newsletter mail carries. A link names its sign-up by the row's random key
 * (never by the address), says what it is for and until when, and is signed with the site's link
 * secret (HMAC-SHA256), so a forged or edited link is told apart from one the site sent before
 * the database is asked anything.
 */
export type LinkPurpose = 'confirm' | 'unsubscribe';

const PREFIX: Record<LinkPurpose, string> = { confirm: 'c', unsubscribe: 'u' };

/** The site setting that holds the secret, shared by every instance on PostgreSQL. */
export const LINK_SECRET_SETTING = 'newsletter-link-secret';

export const CONFIRM_PATH = '/newsletter/confirm/';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe/';

export type LinkCheck = { ok: true; key: string } | { ok: false; reason: 'invalid' | 'expired' };

export const newLinkKey = (): string => randomBytes(16).toString('hex');
export const newLinkSecret = (): string => randomBytes(32).toString('base64url');

function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/** `expires` in epoch ms; 0 for a link that does not expire (unsubscribing always works). */
export function linkToken(secret: string, purpose: LinkPurpose, key: string, expires: number): string {
  const body = `${PREFIX[purpose]}.${key}.${expires}`;
  return `${body}.${signature(secret, body)}`;
}

export function checkLinkToken(secret: string, purpose: LinkPurpose, token: string, now: number): LinkCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [prefix = '', key = '', expiresText = '', given = ''] = parts;
  if (prefix !== PREFIX[purpose] || !/^[0-9a-f]{32}$/.test(key) || !/^\d{1,15}$/.test(expiresText)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(secret, `${prefix}.${key}.${expiresText}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  const expires = Number(expiresText);
  if (expires !== 0 && expires < now) return { ok: false, reason: 'expired' };
  return { ok: true, key };
}

/** The absolute link for a mail: SITE_URL's origin, the page, the token. */
export function linkUrl(siteUrl: string, path: string, token: string): string {
  const url = new URL(path, `${siteUrl}/`);
  url.searchParams.set('t', token);
  return url.toString();
}
