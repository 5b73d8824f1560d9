import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { option, productionCommand, startBenchServer, type BenchServer } from './process';

/**
 * `npm run bench:static [-- --baseline <dir>] [--connections 50] [--duration 10] [--amount 100000]`:
 * requests per second and p99 latency of GET / and of the React chunk with a browser's headers
 * (autocannon, 50 connections), then the server's resident memory after `--amount` requests.
 * `--baseline <dir>` also measures an older checkout (built, run the old way with tsx) in the same
 * run, so both figures share the machine's load; a plain Node http server answering the same bytes
 * from memory (tooling/bench/reference-server.ts) gives the machine's ceiling (`--no-reference` to
 * skip it). Reported, not asserted.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const connections = Number(option(argv, 'connections', '50'));
const duration = Number(option(argv, 'duration', '10'));
const amount = Number(option(argv, 'amount', '100000'));
const baselineDir = option(argv, 'baseline', '');
/** The old server compresses every response: 100,000 requests would take it many minutes. */
const baselineAmount = Number(option(argv, 'baseline-amount', '20000'));
/**
 * The load generator for the timed runs. wrk (C, epoll; Debian's `wrk` package) spends a fraction of
 * the CPU per request that autocannon (JavaScript) does, and on two shared cores every cycle the client
 * takes is one the server does not get: with autocannon the plain-Node reference server itself could
 * not answer the 56 KB React chunk with a p99 under 50 ms. wrk when it is installed, else autocannon;
 * `--client autocannon` to compare.
 */
const client = option(argv, 'client', hasWrk() ? 'wrk' : 'autocannon');

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its version and exits 1; only a missing binary throws ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** wrk's duration units: `12.34us`, `5.6ms`, `1.2s`. */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`wrk printed a latency bench:static cannot read: ${text}`);
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000;
}

/** One timed run with wrk: one thread (the other core is the server's), latency percentiles. */
function runWrk(url: string, headers: Record<string, string>): Pick<Figure, 'reqPerSec' | 'p50' | 'p99' | 'non2xx' | 'errors'> {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const percentile = (p: string) => {
    const found = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1];
    if (!found) throw new Error(`wrk printed no ${p}% latency:\n${out}`);
    return wrkMs(found);
  };
  const reqPerSec = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  if (!Number.isFinite(reqPerSec)) throw new Error(`wrk printed no Requests/sec:\n${out}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    reqPerSec,
    p50: percentile('50'),
    p99: percentile('99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** What Chromium sends for a page and for a module script. */
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
};
const PAGE_HEADERS = { ...BROWSER, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8', 'sec-fetch-dest': 'document' };
const SCRIPT_HEADERS = { ...BROWSER, accept: '*/*', 'sec-fetch-dest': 'script' };

/** The chunk that carries react-dom (its error links point at react.dev). */
function reactChunk(dir: string): string {
  const assets = join(dir, 'dist/client/assets');
  const found = readdirSync(assets).filter((file) => file.endsWith('.js') && !file.startsWith('main-') && readFileSync(join(assets, file), 'utf8').includes('react.dev/errors'));
  if (found.length === 0) throw new Error(`no React chunk in ${assets}: run npm run build`);
  return `/assets/${found[0]}`;
}

interface Figure {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  encoding: string;
  bytes: number;
}

/**
 * One request on a connection of its own, read as it came (no decoding): what is sent and how many
 * bytes. Not fetch: its pooled keep-alive sockets outlive the server a bench stops, and the next
 * server on a reused port then answered "other side closed".
 */
function probeOnce(url: string, headers: Record<string, string>): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ encoding: String(response.headers['content-encoding'] ?? 'identity'), bytes }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function measure(server: BenchServer, path: string, headers: Record<string, string>): Promise<Figure> {
  const probe = await probeOnce(`${server.url}${path}`, headers);
  const timed =
    client === 'wrk'
      ? runWrk(`${server.url}${path}`, headers)
      : await autocannon({ url: `${server.url}${path}`, connections, duration, headers }).then((result) => ({
          reqPerSec: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        }));
  return {
    ...timed,
    encoding: probe.encoding,
    bytes: probe.bytes,
  };
}

async function warm(server: BenchServer, paths: Array<[string, Record<string, string>]>) {
  for (const [path, headers] of paths) await autocannon({ url: `${server.url}${path}`, connections: 10, duration: 2, headers });
}

const targets: Array<{ name: string; dir: string; command: string[]; reference?: boolean }> = [];
if (baselineDir) targets.push({ name: 'before (tsx, compress per request)', dir: resolve(baselineDir), command: [join(resolve(baselineDir), 'node_modules/.bin/tsx'), 'server/main.ts'] });
if (existsSync(productionCommand(ROOT)[1] ?? '')) targets.push({ name: 'now (node dist/server, precompressed)', dir: ROOT, command: productionCommand(ROOT) });
else console.log('no dist/server/main.js here: run npm run build to measure this checkout');
if (!argv.includes('--no-reference') && existsSync(join(ROOT, 'dist/client/index.html.br'))) {
  const react = reactChunk(ROOT);
  targets.push({ name: 'reference (plain node http, in memory)', dir: ROOT, command: [process.execPath, '--import', 'tsx', join(ROOT, 'tooling/bench/reference-server.ts'), ROOT, '/', react], reference: true });
}

console.log(`bench:static on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${client === 'wrk' ? 'wrk' : 'autocannon (apt-get install wrk: a client that does not take the cores the server needs)'}, ${connections} connections, ${duration} s per path`);
/** Printed as measured: a run against the old server takes minutes. */
const report = (row: string) => console.log(row);
const results = new Map<string, { page: Figure; react: Figure }>();
for (const target of targets) {
  const server = await startBenchServer(target.command, target.dir);
  try {
    const react = reactChunk(target.dir);
    await warm(server, [
      ['/', PAGE_HEADERS],
      [react, SCRIPT_HEADERS],
    ]);
    const page = await measure(server, '/', PAGE_HEADERS);
    const chunk = await measure(server, react, SCRIPT_HEADERS);
    results.set(target.name, { page, react: chunk });
    const memory = server.rss();
    for (const [label, figure] of [
      ['GET /', page],
      [`GET ${react}`, chunk],
    ] as const) {
      report(
        `${target.name.padEnd(40)} ${label.padEnd(34)} ${figure.reqPerSec.toFixed(0).padStart(7)} req/s  p50 ${figure.p50.toFixed(1).padStart(5)} ms  p99 ${figure.p99.toFixed(1).padStart(6)} ms  ${figure.encoding} ${figure.bytes} B  non-2xx ${figure.non2xx} errors ${figure.errors}`,
      );
    }
    report(`${target.name.padEnd(40)} RSS after the timed runs: server ${memory.serverMb.toFixed(0)} MB, process tree ${memory.treeMb.toFixed(0)} MB`);
    const requests = target.reference ? 0 : target.dir === ROOT ? amount : baselineAmount;
    if (requests > 0) {
      // Both paths, one after the other on every connection, `amount` requests in all.
      const run = await autocannon({
        url: server.url,
        connections,
        amount: requests,
        requests: [
          { method: 'GET', path: '/', headers: PAGE_HEADERS },
          { method: 'GET', path: react, headers: SCRIPT_HEADERS },
        ],
      });
      const after = server.rss();
      report(`${target.name.padEnd(40)} RSS after ${run.requests.total} more requests: server ${after.serverMb.toFixed(0)} MB, process tree ${after.treeMb.toFixed(0)} MB (non-2xx ${run.non2xx})`);
    }
  } finally {
    await server.stop();
  }
}
const [before, now] = [...results.entries()].filter(([name]) => !name.startsWith('reference')).map(([, figures]) => figures);
if (before && now) {
  console.log(`ratio now/before: GET / ${(now.page.reqPerSec / before.page.reqPerSec).toFixed(1)}x, React chunk ${(now.react.reqPerSec / before.react.reqPerSec).toFixed(1)}x`);
}
