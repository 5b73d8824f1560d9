import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAPTCHA_DIGITS, captchaAnswer, captchaDigits } from '../../machines/ajax-form/ajax-form.rules';

/**
 * §5 captcha with a signed verifier. The original trusted the verifier the browser posted back;
 * here it carries an HMAC of its digits and issue time, so a verifier the site did not issue (or
 * one older than a day) is refused. The secret comes from CAPTCHA_SECRET or is generated once into
 * DATA_DIR/captcha-secret.
 */
export const CAPTCHA_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SECRET_FILE = 'captcha-secret';

export interface Captcha {
  /** "3 + 4 = ?" */
  question: string;
  /** digits.issued.signature */
  verifier: string;
}

export type VerifierCheck = { ok: true; signature: string } | { ok: false; reason: string };

export function loadSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.CAPTCHA_SECRET && env.CAPTCHA_SECRET.length >= 16) return env.CAPTCHA_SECRET;
  if (env.CAPTCHA_SECRET) throw new Error('CAPTCHA_SECRET must be at least 16 characters long.');
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function sign(secret: string, digits: string, issued: number): string {
  return createHmac('sha256', secret).update(`${digits}.${issued}`).digest('base64url');
}

export function issueCaptcha(secret: string, now = Date.now()): Captcha {
  let digits = '';
  for (let i = 0; i < CAPTCHA_DIGITS; i++) digits += String(randomInt(1, 9));
  const answer = Number(captchaAnswer(digits));
  const first = randomInt(0, answer + 1);
  return { question: `${first} + ${answer - first} = ?`, verifier: `${digits}.${now}.${sign(secret, digits, now)}` };
}

export function checkVerifier(secret: string, verifier: string, now = Date.now()): VerifierCheck {
  const [digits = '', issuedText = '', signature = '', ...rest] = verifier.split('.');
  if (rest.length > 0 || captchaDigits(digits) === '' || !/^\d{1,15}$/.test(issuedText) || signature === '') {
    return { ok: false, reason: 'The anti-spam question is missing or damaged. Reload the page and answer the new one.' };
  }
  const expected = Buffer.from(sign(secret, digits, Number(issuedText)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'The anti-spam question was not one this site asked. Reload the page and answer the new one.' };
  }
  const age = now - Number(issuedText);
  if (age < -60_000 || age > CAPTCHA_MAX_AGE_MS) {
    return { ok: false, reason: 'The anti-spam question has expired. Reload the page and answer the new one.' };
  }
  return { ok: true, signature };
}
