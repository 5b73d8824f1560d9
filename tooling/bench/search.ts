import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seeded } from './archive';
import { browserLikeClient, liveSearchForm, option, percentile, productionCommand, startBenchServer, type BenchServer } from './process';
import { SOURCE_COMMAND } from '../../tests/support/site-server';
import { HTML_MANIFEST, writeHtmlManifest } from '../../server/html-manifest';
import { liveAnswer } from '../../server/search/answer';
import { LIVE_LIMIT, search } from '../../server/search/index';
import { loadOrBuildIndex } from '../../server/search/persist';

/**
 * `npm run bench:search [-- --pages 10000 --queries 1000]`: the real server (compiled, as in
 * production; from source when there is no build) over a site of generated pages of ~600 words,
 * queried over HTTP one request at a time, as a browser asks (process.ts's browserLikeClient: the
 * answers compressed as a visitor's are): the live search (POST /ajax, 5 entries and their HTML)
 * and the results page (GET /search/?s=, 50 entries in the site's shell). Also the server's start
 * (spawn to first answered search) with the index built, again with the index saved by the first
 * start, again without the build's record of the HTML (a STATIC_DIR not made by `npm run build`:
 * every page read and hashed), and with no pages at all in the same run; the server's resident
 * memory after the queries;
 * the load average at the start and the end (on a shared machine the wall times are mostly the
 * load's). The built site (dist/client, when there is a build) is copied in beside the generated
 * pages, as issue 35 measures it, and recorded as the prerender records a build's HTML
 * (server/html-manifest.ts), so the starts are an operator's after `npm run build`. Reported, not asserted.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const PAGES = Number(option(argv, 'pages', '10000'));
const QUERIES = Number(option(argv, 'queries', '1000'));
/** A first start at 100,000 pages reads and indexes them all: on a busy machine that is minutes, not the harness's 60 s. */
const START_TIMEOUT_MS = 20 * 60_000;
const TYPES = ['Pages', 'News', 'Guides', 'Events'];
const WORDS = `care child fever nurse family home day centre support dose weight pounds medicine visit team parent
  night sleep cough winter school therapy breathing feeding growth play music garden volunteer donate event
  appointment clinic report review plan equipment oxygen tube diet allergy rash vaccine travel respite sibling
  grief counselling transport wheelchair bath lift ramp bed monitor alarm pump syringe bottle milk formula`
  .split(/\s+/)
  .filter(Boolean);

const random = seeded(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** A site's vocabulary: the care words above, then 4,000 rarer made-up words, drawn with a Zipf-like skew. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'shi', 'an', 'el', 'or', 'un'];
const VOCABULARY = [...WORDS, ...Array.from({ length: 4_000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''))];
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2.5)] as string;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

/** A built site of `PAGES` pages of 40 sentences of 15 words (600 words) each, as the prerender writes them. */
function writeSite(dir: string) {
  for (let i = 0; i < PAGES; i++) {
    const page = join(dir, 'generated', String(i));
    mkdirSync(page, { recursive: true });
    const paragraphs = Array.from({ length: 8 }, () => `<p>${Array.from({ length: 5 }, () => `${sentence(15)}.`).join(' ')}</p>`).join('');
    writeFileSync(
      join(page, 'index.html'),
      `<!DOCTYPE html><html lang="en"><head><title>Page ${i}</title></head><body><header>Site header</header><main><article data-search-type="${pick(TYPES)}"><h1>${sentence(3)} ${i}</h1>${paragraphs}</article></main></body></html>`,
    );
  }
}

const client = browserLikeClient();

function report(label: string, times: number[]) {
  times.sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`.padStart(9);
  console.log(`${label.padEnd(40)} p50 ${fmt(percentile(times, 50))}  p95 ${fmt(percentile(times, 95))}  p99 ${fmt(percentile(times, 99))}  max ${fmt(times.at(-1) ?? 0)}`);
}

async function measure(label: string, queries: readonly string[], run: (query: string) => Promise<number>) {
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const status = await run(query);
    times.push(performance.now() - started);
    if (status !== 200) throw new Error(`${label}: ${query} answered ${status}`);
  }
  report(label, times);
}

/** The same, in this process's CPU time: what the search costs, without the waits for a core. */
function measureCpu(label: string, queries: readonly string[], run: (query: string) => void) {
  const times: number[] = [];
  for (const query of queries) {
    const started = process.cpuUsage();
    run(query);
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  report(label, times);
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

/** From spawning the server to its first answered search (the index loaded, the route ready). */
async function timedStart(command: readonly string[], env: NodeJS.ProcessEnv): Promise<{ server: BenchServer; ms: number; cpu: string }> {
  const started = performance.now();
  const server = await startBenchServer(command, ROOT, env, START_TIMEOUT_MS);
  const answer = await fetch(`${server.url}/ajax`, { method: 'POST', body: new URLSearchParams({ action: 'avia_ajax_search', s: 'care' }) });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`the first search answered ${answer.status}`);
  const ms = performance.now() - started;
  const cpuMs = server.cpuMs();
  return { server, ms, cpu: cpuMs === undefined ? '' : ` (server CPU time ${(cpuMs / 1000).toFixed(2)} s)` };
}

const compiled = existsSync(join(ROOT, 'dist/server/main.js'));
const command = compiled ? productionCommand(ROOT) : SOURCE_COMMAND;
const staticDir = mkdtempSync(join(tmpdir(), 'sitecharts-bench-site-'));
const dataDir = mkdtempSync(join(tmpdir(), 'sitecharts-bench-data-'));
try {
  console.log(`bench:search on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${compiled ? 'node dist/server/main.js' : 'server from source (no build)'}`);
  const written = performance.now();
  writeSite(staticDir);
  const built = join(ROOT, 'dist/client');
  if (existsSync(built)) cpSync(built, staticDir, { recursive: true, dereference: true });
  console.log(`wrote ${PAGES} pages of 600 words${existsSync(built) ? ' beside the built site (dist/client)' : ' (no build: no built site beside them)'} in ${((performance.now() - written) / 1000).toFixed(1)} s; load average ${load()}`);
  const recorded = performance.now();
  writeHtmlManifest(staticDir); // the prerender's last step
  console.log(`recorded their HTML (${HTML_MANIFEST}) as the prerender does, in ${((performance.now() - recorded) / 1000).toFixed(1)} s`);
  const env = { STATIC_DIR: staticDir, DATA_DIR: dataDir };

  const first = await timedStart(command, env);
  console.log(`first start (index built and saved), to the first answer:      ${(first.ms / 1000).toFixed(2)} s${first.cpu}`);
  await first.server.stop();
  const { server, ms, cpu } = await timedStart(command, env);
  console.log(`restart, same build (saved index loaded), to the first answer: ${(ms / 1000).toFixed(2)} s${cpu}`);
  // The same pages without the build's record: what a hand-made STATIC_DIR costs (same index reused).
  const record = join(staticDir, HTML_MANIFEST);
  renameSync(record, `${record}.away`);
  try {
    const unrecorded = await timedStart(command, env);
    await unrecorded.server.stop();
    console.log(`restart without the build's record (every page read and hashed): ${(unrecorded.ms / 1000).toFixed(2)} s${unrecorded.cpu}`);
  } finally {
    renameSync(`${record}.away`, record);
  }
  // The server's own start without pages, in the same run: what the pages add is the difference.
  const emptySite = mkdtempSync(join(tmpdir(), 'sitecharts-bench-empty-'));
  try {
    const empty = await timedStart(command, { STATIC_DIR: join(emptySite, 'site'), DATA_DIR: join(emptySite, 'data') });
    await empty.server.stop();
    console.log(`start with no pages at all (same run), to the first answer:    ${(empty.ms / 1000).toFixed(2)} s${empty.cpu}`);
  } finally {
    rmSync(emptySite, { recursive: true, force: true });
  }
  try {
    const queries = Array.from({ length: QUERIES }, (_, i) => {
      const kind = i % 4;
      if (kind === 0) return word();
      if (kind === 1) return pick(WORDS).slice(0, 3 + Math.floor(random() * 3)); // a common word as it is typed
      if (kind === 2) return `${word()} ${word()}`;
      return `${word()} ${word()} ${word()}`;
    });
    const live = (q: string) => client.send(`${server.url}/ajax`, 'POST', liveSearchForm(q));
    const page = (q: string) => client.send(`${server.url}/search/?s=${encodeURIComponent(q)}`, 'GET');
    for (const query of queries.slice(0, 50)) await live(query); // warm up
    await measure(`live search, ${QUERIES} queries (POST /ajax)`, queries, live);
    await measure(`results page, ${QUERIES} queries (GET /search/)`, queries, page);
    const rss = server.rss();
    console.log(`server RSS after the queries: ${rss.serverMb.toFixed(0)} MB (process tree ${rss.treeMb.toFixed(0)} MB); load average ${load()}`);
    // The same queries in this process, on the index the server saved: the search's own cost,
    // without HTTP and without the machine's scheduling (which the figures above include).
    const loaded = await loadOrBuildIndex(staticDir, dataDir);
    console.log(`saved index opened in-process (the build's record read, the index file opened without the pages' text): ${loaded.ms.toFixed(0)} ms, reused: ${loaded.reused}`);
    const index = loaded.index;
    await measure(`in-process live answer, ${QUERIES} queries`, queries, async (q) => (liveAnswer(search(index, q, LIVE_LIMIT), q), 200));
    measureCpu(`in-process live answer, CPU time`, queries, (q) => void liveAnswer(search(index, q, LIVE_LIMIT), q));
    loaded.close();
    console.log(`load average at the end ${load()}`);
  } finally {
    await server.stop();
  }
} finally {
  client.close();
  rmSync(staticDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
