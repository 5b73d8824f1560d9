import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuSeconds, processTree, rssMb } from '../../tests/support/process-tree';
import { DEV_STATS_PATH } from '../build/dev-pages';
import { WORDS, archivePage, seeded } from './archive';
import { HTML_MANIFEST } from '../../server/html-manifest';
import { browserLikeClient, liveSearchForm, option, percentile, startBenchServer, type BenchServer } from './process';

/**
 * `npm run bench:build [-- --pages 10000]` (issue 47): the build at scale, as a site owner with a
 * large archive meets it. Writes the demo's content pages and `--pages` archive pages of about 600
 * words (title, description, five paragraphs, no widget) into a temporary content folder, then:
 *
 * 1. a cold build (no cache, no previous release, the build itself compiled again): `npm run
 *    build`'s own script (build.mjs) with CONTENT_DIR and OUT_DIR, its wall time and the peak resident memory of its whole process tree (sampled);
 * 2. one page edited, built again (the incremental build), and no page edited (the code and
 *    content unchanged);
 * 3. the built server on that build: its first start (the search index built) and a restart
 *    (the saved index), each to the first answered search; search p50/p95 over HTTP and its RSS;
 * 4. `npm run dev` on the same content: from its start to the first page answered, its RSS then,
 *    the time from an edit of one page to the page showing the edit on reload (fetched until the
 *    new text is there), and when its background search index is built, the RSS then.
 *
 * `--only dev` measures the dev server alone (no build), `--only build` the build and server alone;
 * `--dev-index-wait S` waits for the dev server's background index at most S seconds.
 * `--dist <folder>` measures step 3 alone on a build kept before (`--keep` prints its folder; the
 * `dist` in it), with a new DATA_DIR: the server's first start, restart and search (issue 47), with
 * `--pages` taken from its archive pages unless given.
 *
 * Reported with the load average at the start and the end, never asserted: on a shared machine
 * the wall times are mostly the load's.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const KEPT = option(argv, 'dist', '');
const PAGES = Number(option(argv, 'pages', KEPT ? String(archivePagesOf(resolve(KEPT))) : '10000'));
const QUERIES = Number(option(argv, 'queries', '300'));
const DEV_INDEX_WAIT_S = Number(option(argv, 'dev-index-wait', 'Infinity'));
/** Queries sent before the timed ones, as bench:search does: the server's code compiled, its caches warm. */
const WARM_UP = 30;
const ONLY = KEPT ? 'server' : option(argv, 'only', 'all');

const random = seeded(47);
const paragraph = () => `${Array.from({ length: 118 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')}.`;

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs `npm run build`'s script; its wall time, its process tree's peak RSS and its CPU time (each
 * sampled every 50 ms; the CPU time is the build's threads and the processes it waited for, which a
 * shared machine's load does not stretch as it stretches the wall time).
 */
function build(env: NodeJS.ProcessEnv): Promise<{ ms: number; peakMb: number; cpuS: number; log: string }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'tooling/build/build.mjs')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    let peakMb = 0;
    let cpuS = 0;
    const sample = setInterval(() => {
      const tree = processTree(child.pid ?? 0).map(rssMb);
      peakMb = Math.max(peakMb, tree.reduce((a, b) => a + b, 0));
      cpuS = Math.max(cpuS, cpuSeconds(child.pid ?? 0));
    }, 50);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearInterval(sample);
      if (code !== 0) fail(new Error(`the build failed (exit ${code}):\n${log}`));
      else done({ ms: performance.now() - started, peakMb, cpuS, log });
    });
  });
}

/** From spawning the built server to its first answered search. */
async function timedStart(out: string, dataDir: string): Promise<{ server: BenchServer; ms: number }> {
  const started = performance.now();
  const server = await startBenchServer([process.execPath, join(out, 'server/main.js')], ROOT, { STATIC_DIR: join(out, 'client'), DATA_DIR: dataDir }, 20 * 60_000);
  const answer = await fetch(`${server.url}/ajax`, { method: 'POST', body: new URLSearchParams({ action: 'avia_ajax_search', s: 'care' }) });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`the first search answered ${answer.status}`);
  return { server, ms: performance.now() - started };
}

// Inside the engine's node_modules/.cache: the built server finds its packages from there, as it does from dist/.
mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(ROOT, 'node_modules/.cache/sitecharts-bench-build-'));
const content = join(work, 'content');
const out = join(work, 'dist');
const dataDir = join(work, 'data');
const rows: string[][] = [];
try {
  console.log(`bench:build, ${PAGES} archive pages, on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}; load average ${load()}`);
  if (ONLY === 'server') {
    console.log(`the built server alone, on ${resolve(KEPT)}`);
    await measureServer(resolve(KEPT), dataDir);
  } else {
    cpSync(join(ROOT, 'demo/content/pages'), join(content, 'pages'), { recursive: true });
    mkdirSync(join(content, 'pages/archive'), { recursive: true });
    for (let n = 1; n <= PAGES; n++) writeFileSync(join(content, `pages/archive/story-${n}.md`), archivePage(n, paragraph));
    const env = { CONTENT_DIR: content, OUT_DIR: out };
    if (ONLY !== 'build') await measureDev();
    if (ONLY !== 'dev') await measureBuild(env);
  }
  console.log(`\n| ${PAGES} archive pages + the demo's | wall time | peak RSS | per page |\n|---|---|---|---|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(`\nload average at the end ${load()}`);
} finally {
  if (!argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}

/** Step 4: `npm run dev` on the generated content (its own DATA_DIR). */
async function measureDev(): Promise<void> {
  const started = performance.now();
  const timeline = join(work, 'dev-timeline.txt');
  const dev = await startBenchServer([process.execPath, join(ROOT, 'tooling/build/dev.mjs')], ROOT, { CONTENT_DIR: content, DATA_DIR: join(work, 'dev-data'), SITECHARTS_DEV_TIMELINE: timeline }, 20 * 60_000);
  try {
    const page = async (path: string) => {
      const answer = await fetch(`${dev.url}${path}`, { headers: { accept: 'text/html' } });
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`dev: ${path} answered ${answer.status}: ${text.slice(0, 500)}`);
      return text;
    };
    await page('/archive/story-1/');
    rows.push(['dev: start to the first page', seconds(performance.now() - started), `${dev.rss().treeMb.toFixed(0)} MB`, '']);
    console.log(`dev: the start's timeline (ms since the dev process started; the bench's clock read ${(performance.now() - started).toFixed(0)} ms):\n${readFileSync(timeline, 'utf8')}`);
    // An edit to a page, as a developer makes it, then reloads until it shows.
    const edited = join(content, `pages/archive/story-${Math.min(2, PAGES)}.md`);
    const mark = `Edited by the dev bench at ${Date.now()}.`;
    const editedAt = performance.now();
    appendFileSync(edited, `\n${mark}\n`);
    while (!(await page(`/archive/story-${Math.min(2, PAGES)}/`)).includes(mark)) await new Promise((done) => setTimeout(done, 10));
    rows.push(['dev: an edit to one page, shown on reload', `${(performance.now() - editedAt).toFixed(0)} ms`, '', '']);
    // The search index, built in the background after the first page (waited for up to --dev-index-wait seconds).
    let peakMb = dev.rss().treeMb;
    for (;;) {
      if (performance.now() - started > DEV_INDEX_WAIT_S * 1000) {
        rows.push(['dev: the search index built in the background', `not within ${DEV_INDEX_WAIT_S} s (--dev-index-wait)`, `${peakMb.toFixed(0)} MB (peak, sampled)`, '']);
        return;
      }
      const stats = (await (await fetch(`${dev.url}${DEV_STATS_PATH}`)).json()) as { indexed: boolean };
      peakMb = Math.max(peakMb, dev.rss().treeMb);
      if (stats.indexed) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    rows.push(['dev: the search index built in the background', seconds(performance.now() - started), `${peakMb.toFixed(0)} MB (peak, sampled)`, '']);
  } finally {
    await dev.stop();
  }
}

/** Steps 1 to 3: the builds, then the built server. */
async function measureBuild(env: NodeJS.ProcessEnv): Promise<void> {
  // Cold: the build itself compiled again too (build.mjs), as after a change to the code.
  rmSync(join(ROOT, 'node_modules/.cache/sitecharts-build'), { recursive: true, force: true });
  const cold = await build(env);
  rows.push(['cold build (bundles, every page)', `${seconds(cold.ms)} (CPU ${seconds(cold.cpuS * 1000)})`, `${cold.peakMb.toFixed(0)} MB`, `${(cold.ms / PAGES).toFixed(2)} ms`]);
  const steps = (log: string) => log.split('\n').filter((line) => /^(the build compiled|bundles|prerendered|Published)/.test(line)).join('\n');
  console.log(steps(cold.log));

  appendFileSync(join(content, 'pages/archive/story-1.md'), '\nOne more sentence, added by the incremental build bench.\n');
  const edited = await build(env);
  rows.push(['one page edited', `${seconds(edited.ms)} (CPU ${seconds(edited.cpuS * 1000)})`, `${edited.peakMb.toFixed(0)} MB`, '']);
  console.log(steps(edited.log));
  const unchanged = await build(env);
  rows.push(['nothing changed', seconds(unchanged.ms), `${unchanged.peakMb.toFixed(0)} MB`, '']);

  await measureServer(out, dataDir);
}

/** How many archive pages (archive/story-N) a kept build's record lists. */
function archivePagesOf(dist: string): number {
  const record = JSON.parse(readFileSync(join(dist, 'client', HTML_MANIFEST), 'utf8')) as { pageFiles: string[] };
  return record.pageFiles.filter((file) => /^archive\/story-\d+\/index\.html$/.test(file)).length;
}

/**
 * Step 3: the built server in `dist`; its first start (the index built into an empty `dataDir`), a
 * restart, then the live search as a browser asks for it (process.ts's browserLikeClient), after a
 * warm-up: a third `story N` (a number is the prefix of many: 77 of 1,111 words at 100,000), the rest
 * two words on nearly every page (the most postings a query of the archive's words meets).
 */
async function measureServer(dist: string, dataDir: string): Promise<void> {
  const first = await timedStart(dist, dataDir);
  const firstCpu = first.server.cpuMs();
  const firstMb = first.server.rss().serverMb;
  await first.server.stop();
  const { server, ms } = await timedStart(dist, dataDir);
  const client = browserLikeClient();
  try {
    const query = (i: number) => (i % 3 === 0 ? `story ${1 + Math.floor(random() * PAGES)}` : `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`);
    const send = async (text: string) => {
      const status = await client.send(`${server.url}/ajax`, 'POST', liveSearchForm(text));
      if (status !== 200) throw new Error(`the live search for '${text}' answered ${status}`);
    };
    for (let i = 0; i < WARM_UP; i++) await send(query(i));
    const times: number[] = [];
    const byKind: Record<'story N' | 'two words', number[]> = { 'story N': [], 'two words': [] };
    for (let i = 0; i < QUERIES; i++) {
      const text = query(i);
      const started = performance.now();
      await send(text);
      const took = performance.now() - started;
      times.push(took);
      byKind[i % 3 === 0 ? 'story N' : 'two words'].push(took);
    }
    const rss = server.rss();
    const p = (list: number[]) => {
      list.sort((a, b) => a - b);
      return `p50 ${percentile(list, 50).toFixed(2)} ms, p95 ${percentile(list, 95).toFixed(2)} ms`;
    };
    const cpu = firstCpu === undefined ? '' : ` (server CPU ${seconds(firstCpu)})`;
    rows.push(['server first start (index built)', `${seconds(first.ms)}${cpu}`, `${firstMb.toFixed(0)} MB then`, '']);
    rows.push(['server restart (saved index)', seconds(ms), `${rss.serverMb.toFixed(0)} MB after the queries`, '']);
    rows.push([`live search over HTTP, ${QUERIES} queries after ${WARM_UP} (browser's Accept-Encoding, kept-alive)`, p(times), '', '']);
    for (const [kind, list] of Object.entries(byKind)) rows.push([`  of which ${kind} (${list.length})`, p(list), '', '']);
  } finally {
    client.close();
    await server.stop();
  }
}
