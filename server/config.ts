import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** The server's settings: embedded defaults, each one overridable from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Where site.db lives (created on first start): everything with SQLite, the search index with PostgreSQL. */
  dataDir: string;
  /** The built site (dist/client). */
  staticDir: string;
  /** Log requests (pino) to stdout; off in tests, or to the given stream (a test reading the log lines). */
  logger: boolean | { stream: NodeJS.WritableStream };
  /** DATABASE_URL (postgres://...): the store several instances share; unset, the SQLite file in dataDir. */
  databaseUrl?: string;
  /** TRUST_PROXY: how many proxies, or which addresses, may name the visitor in X-Forwarded-For; false trusts none. */
  trustProxy?: TrustProxy;
  /** NEWSLETTER_CONFIRM_DAYS: how long a newsletter confirmation link works (issue 33). */
  newsletterConfirmDays?: number;
  /** MESSAGE_RETENTION_DAYS: contact messages older than this are deleted; undefined keeps them (the default). */
  messageRetentionDays?: number;
  /** METRICS_ADDRESS (host:port): where /metrics listens, apart from the site; undefined: no metrics (the default). */
  metrics?: { host: string; port: number };
  /** Issue 35, field data: VITALS (on or off), VITALS_RETENTION_DAYS, VITALS_MAX_PAGES. */
  vitals?: VitalsConfig;
  /** Issue 51, visitors' problem reports: REPORTS (on or off, default off), REPORTS_RETENTION_DAYS, REPORTS_MAX_STORED. */
  reports?: ReportsConfig;
  /** TLS_CERT and TLS_KEY (PEM files): the server speaks HTTPS, HTTP/2 with HTTP/1.1 for clients without it; unset: plain HTTP/1.1. */
  tls?: TlsFiles;
  /** Settings that were not understood and fell back to their default, one line each (logged at start). */
  warnings?: string[];
}

/** The certificate (with its chain) and private key the server answers HTTPS with, as absolute paths. */
export interface TlsFiles {
  cert: string;
  key: string;
}

/**
 * TLS_CERT and TLS_KEY name PEM files; both or neither. One without the other stops the start: a
 * site meant to be on HTTPS must not quietly come up on plain HTTP.
 */
export function tlsFilesFrom(env: NodeJS.ProcessEnv, cwd: string): TlsFiles | undefined {
  const cert = (env.TLS_CERT ?? '').trim();
  const key = (env.TLS_KEY ?? '').trim();
  if (cert === '' && key === '') return undefined;
  if (cert === '' || key === '') throw new Error(`TLS_CERT and TLS_KEY go together: ${cert === '' ? 'TLS_KEY' : 'TLS_CERT'} is set, ${cert === '' ? 'TLS_CERT' : 'TLS_KEY'} is not`);
  return { cert: resolve(cwd, cert), key: resolve(cwd, key) };
}

export interface VitalsConfig {
  /** VITALS=off: the server refuses reports and stores nothing (the pages' sampling is a build setting). */
  enabled: boolean;
  /** Days of field data kept (default 90). */
  retentionDays: number;
  /** Distinct pages counted per day; further pages count together (default 500). */
  maxPages: number;
}

export const VITALS_DEFAULTS = { retentionDays: 90, maxPages: 500 } as const;

/** VITALS (on | off, default on), VITALS_RETENTION_DAYS (1-36500), VITALS_MAX_PAGES (1-100000); anything else one warning. */
export function vitalsConfigFrom(env: NodeJS.ProcessEnv, warn: (message: string) => void): VitalsConfig {
  const switchText = (env.VITALS ?? '').trim().toLowerCase();
  let enabled = true;
  if (['off', '0', 'false', 'no'].includes(switchText)) enabled = false;
  else if (!['', 'on', '1', 'true', 'yes'].includes(switchText)) warn(`VITALS='${switchText.slice(0, 100)}' is not on or off; field data stays on.`);
  const pagesText = (env.VITALS_MAX_PAGES ?? '').trim();
  let maxPages: number = VITALS_DEFAULTS.maxPages;
  if (pagesText !== '') {
    if (/^\d+$/.test(pagesText) && Number(pagesText) >= 1 && Number(pagesText) <= 100_000) maxPages = Number(pagesText);
    else warn(`VITALS_MAX_PAGES='${pagesText.slice(0, 100)}' is not a whole number from 1 to 100000; using ${VITALS_DEFAULTS.maxPages}.`);
  }
  return { enabled, retentionDays: daysFrom('VITALS_RETENTION_DAYS', env.VITALS_RETENTION_DAYS, warn) ?? VITALS_DEFAULTS.retentionDays, maxPages };
}

export interface ReportsConfig {
  /** REPORTS=on: the server takes problem reports; off (the default) answers 404 and stores nothing. */
  enabled: boolean;
  /** Days a report is kept (default 30). */
  retentionDays: number;
  /** Reports kept at most; past it a new one is refused and nothing is stored (default 1000). */
  maxStored: number;
}

export const REPORTS_DEFAULTS = { retentionDays: 30, maxStored: 1000 } as const;

/** REPORTS (on | off, default off), REPORTS_RETENTION_DAYS (1-36500), REPORTS_MAX_STORED (1-100000); anything else one warning. */
export function reportsConfigFrom(env: NodeJS.ProcessEnv, warn: (message: string) => void): ReportsConfig {
  const switchText = (env.REPORTS ?? '').trim().toLowerCase();
  let enabled = false;
  if (['on', '1', 'true', 'yes'].includes(switchText)) enabled = true;
  else if (!['', 'off', '0', 'false', 'no'].includes(switchText)) warn(`REPORTS='${switchText.slice(0, 100)}' is not on or off; problem reports stay off.`);
  const maxText = (env.REPORTS_MAX_STORED ?? '').trim();
  let maxStored: number = REPORTS_DEFAULTS.maxStored;
  if (maxText !== '') {
    if (/^\d+$/.test(maxText) && Number(maxText) >= 1 && Number(maxText) <= 100_000) maxStored = Number(maxText);
    else warn(`REPORTS_MAX_STORED='${maxText.slice(0, 100)}' is not a whole number from 1 to 100000; using ${REPORTS_DEFAULTS.maxStored}.`);
  }
  return { enabled, retentionDays: daysFrom('REPORTS_RETENTION_DAYS', env.REPORTS_RETENTION_DAYS, warn) ?? REPORTS_DEFAULTS.retentionDays, maxStored };
}

export type TrustProxy = false | number | string[];

export const DEFAULTS = { host: '127.0.0.1', port: 4173, dataDir: './data', staticDir: './dist/client', newsletterConfirmDays: 7 } as const;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULTS.port : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got '${env.PORT}'`);
  }
  const warnings: string[] = [];
  return {
    host: env.HOST || DEFAULTS.host,
    port,
    dataDir: resolve(cwd, env.DATA_DIR || DEFAULTS.dataDir),
    staticDir: resolve(cwd, env.STATIC_DIR || DEFAULTS.staticDir),
    logger: env.LOG !== '0',
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
    trustProxy: trustProxyFrom(env.TRUST_PROXY, (message) => warnings.push(message)),
    newsletterConfirmDays: daysFrom('NEWSLETTER_CONFIRM_DAYS', env.NEWSLETTER_CONFIRM_DAYS, (message) => warnings.push(message)) ?? DEFAULTS.newsletterConfirmDays,
    messageRetentionDays: daysFrom('MESSAGE_RETENTION_DAYS', env.MESSAGE_RETENTION_DAYS, (message) => warnings.push(message)),
    metrics: metricsAddressFrom(env.METRICS_ADDRESS, (message) => warnings.push(message)),
    vitals: vitalsConfigFrom(env, (message) => warnings.push(message)),
    reports: reportsConfigFrom(env, (message) => warnings.push(message)),
    tls: tlsFilesFrom(env, cwd),
    warnings,
  };
}

/** Where the published pages say the site is (canonical links, sitemap.xml, robots.txt), and why. */
export interface PublicAddress {
  url: string;
  from: 'SITE_URL' | 'HOST and PORT';
}

/**
 * Issue 30: SITE_URL when set (the real host behind a proxy); otherwise the address `npm start`
 * serves on, from the same HOST and PORT, so a sitemap never names another port. A wildcard HOST
 * (0.0.0.0, ::) is reached as 127.0.0.1 from the machine itself; with TLS_CERT set, over https. A SITE_URL that is not an http(s)
 * address stops the build: every absolute link of the site would carry it.
 */
export function publicAddress(env: NodeJS.ProcessEnv = process.env): PublicAddress {
  const given = (env.SITE_URL ?? '').trim();
  if (given !== '') {
    let url: URL | undefined;
    try {
      url = new URL(given);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '')
      throw new Error(`SITE_URL must be the site's address, such as https://www.example.org, got '${given.slice(0, 100)}'`);
    return { url: url.href.replace(/\/$/, ''), from: 'SITE_URL' };
  }
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? DEFAULTS.host : env.HOST;
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULTS.port : Number(env.PORT);
  const scheme = (env.TLS_CERT ?? '').trim() !== '' ? 'https' : 'http';
  return { url: `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`, from: 'HOST and PORT' };
}

/**
 * A DATABASE_URL that is set but not PostgreSQL's stops the start: falling back to SQLite would
 * quietly split the site's messages between instances.
 */
export function databaseUrlFrom(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new Error(`DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database), got '${value.replace(/:[^:@/]*@/, ':***@')}'`);
  }
  return value;
}

/**
 * TRUST_PROXY: unset, empty or 0 (the default) trusts no proxy: the client address is the TCP peer.
 * A whole number N trusts the N nearest hops (N load balancers in a row); a comma-separated list of
 * addresses or CIDR ranges trusts exactly those proxies. 'true' (trust every hop) is refused, since
 * it lets any visitor pick the address the rate limit counts. A value not understood falls back to
 * trusting none, with one warning.
 */
export function trustProxyFrom(value: string | undefined, warn: (message: string) => void): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 16) return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
  warn(`TRUST_PROXY='${text.slice(0, 100)}' is not a hop count (1-16) or a list of proxy addresses (10.0.0.1, 10.0.0.0/8); trusting no proxy.`);
  return false;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const size = Number(bits);
  return /^\d+$/.test(bits) && size <= (family === 4 ? 32 : 128);
}

/** A whole number of days (1 to 36500); unset, empty or 0 gives undefined (the default), anything else one warning. */
export function daysFrom(name: string, value: string | undefined, warn: (message: string) => void): number | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return undefined;
  if (/^\d+$/.test(text) && Number(text) <= 36_500) return Number(text);
  warn(`${name}='${text.slice(0, 100)}' is not a whole number of days (1-36500); using the default.`);
  return undefined;
}

/**
 * METRICS_ADDRESS: host:port (or a bare port, on 127.0.0.1) where /metrics is served, on a
 * listener of its own so the public site never shows it. Unset: no metrics. Not understood: no
 * metrics, with one warning.
 */
export function metricsAddressFrom(value: string | undefined, warn: (message: string) => void): { host: string; port: number } | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:]+)):(\d+)$/.exec(text) ?? /^()()(\d+)$/.exec(text);
  const host = match?.[1] || match?.[2] || '127.0.0.1';
  const port = Number(match?.[3]);
  if (match && Number.isInteger(port) && port >= 0 && port <= 65535) return { host, port };
  warn(`METRICS_ADDRESS='${text.slice(0, 100)}' is not host:port (127.0.0.1:9464) or a port; serving no metrics.`);
  return undefined;
}
