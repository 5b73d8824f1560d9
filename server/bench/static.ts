import autocannon from 'autocannon';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { option, productionCommand, startBenchServer, type BenchServer } from './process';

/**
 * `npm run bench:static [-- --baseline <dir>] [--connections 50] [--duration 10] [--amount 100000]`:
 * requests per second and p99 latency of GET / and of the React chunk with a browser's headers
 * (autocannon, 50 connections), then the server's resident memory after `--amount` requests.
 * `--baseline <dir>` also measures an older checkout (built, run the old way with tsx) in the same
 * run, so both figures share the machine's load; a plain Node http server answering the same bytes
 * from memory (server/bench/reference-server.ts) gives the machine's ceiling (`--no-reference` to
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

async function measure(server: BenchServer, path: string, headers: Record<string, string>): Promise<Figure> {
  const probe = await fetch(`${server.url}${path}`, { headers, decompress: false } as RequestInit);
  const body = await probe.arrayBuffer();
  const result = await autocannon({ url: `${server.url}${path}`, connections, duration, headers });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    encoding: probe.headers.get('content-encoding') ?? 'identity',
    // fetch decodes the body: the bytes on the wire are the Content-Length (absent when chunked).
    bytes: Number(probe.headers.get('content-length') ?? body.byteLength),
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
  targets.push({ name: 'reference (plain node http, in memory)', dir: ROOT, command: [process.execPath, '--import', 'tsx', join(ROOT, 'server/bench/reference-server.ts'), ROOT, '/', react], reference: true });
}

console.log(`bench:static on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${connections} connections, ${duration} s per path`);
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
        `${target.name.padEnd(40)} ${label.padEnd(34)} ${figure.reqPerSec.toFixed(0).padStart(7)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(5)} ms  ${figure.encoding} ${figure.bytes} B  non-2xx ${figure.non2xx} errors ${figure.errors}`,
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
