import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, HOW_TO_GET_CHROMIUM, findChromium } from '../../tests/support/chrome.mjs';
import { sitemapPaths } from '../../tests/support/phone-visitor';
import { ROOT, startSiteServer } from '../../tests/support/site-server';
import { replayFolder } from './fuzz/report';
import { runSession, SIZES, type Size } from './fuzz/session';

/**
 * `npm run fuzz:replay -- [--seeds N] [--first-seed S] [--pages /,/team/] [--sizes desktop,phone]
 * [--actions N] [--out folder]` (issue 28): on every page of the sitemap at desktop and phone size,
 * N seeded random visitor sessions of real input in Chromium against the built site and the real
 * server, each saved whole from the inspector ("Save page as scenario"), then every file replayed
 * unedited by the replay CLI. Prints "N of M replay" (actor scenarios) and each failure's first
 * divergence with the session that made it; exits 1 if any failed or a session could not be
 * recorded (the page navigated away: it says what the visitor did last), 2 on bad arguments.
 */
const USAGE = 'usage: npm run fuzz:replay -- [--seeds N] [--first-seed S] [--pages /,/team/] [--sizes desktop,phone] [--actions N] [--out folder]';

function parse(argv: readonly string[]) {
  const options = { seeds: 2, firstSeed: 1, pages: undefined as string[] | undefined, sizes: Object.keys(SIZES) as Size[], actions: 12, out: undefined as string | undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[++i] ?? '';
    if (arg === '--seeds' || arg === '--first-seed' || arg === '--actions') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < (arg === '--first-seed' ? 0 : 1)) return `${arg} needs a whole number${arg === '--first-seed' ? ', 0 or more' : ', 1 or more'}`;
      if (arg === '--seeds') options.seeds = n;
      else if (arg === '--first-seed') options.firstSeed = n;
      else options.actions = n;
    } else if (arg === '--pages') options.pages = value.split(',').filter(Boolean);
    else if (arg === '--sizes') {
      const sizes = value.split(',').filter(Boolean);
      const unknown = sizes.find((size) => !(size in SIZES));
      if (unknown || sizes.length === 0) return `--sizes takes ${Object.keys(SIZES).join(', ')}${unknown ? `, not ${unknown}` : ''}`;
      options.sizes = sizes as Size[];
    } else if (arg === '--out') {
      if (!value) return '--out needs a folder';
      options.out = value;
    } else if (arg === '--help' || arg === '-h') return 'help';
    else return `unknown argument ${arg}`;
  }
  return options;
}

const options = parse(process.argv.slice(2));
if (typeof options === 'string') {
  if (options === 'help') console.log(USAGE);
  else console.error(`${options}\n${USAGE}`);
  process.exitCode = options === 'help' ? 0 : 2;
} else {
  process.exitCode = await fuzz(options);
}

async function fuzz({ seeds, firstSeed, pages, sizes, actions, out }: Exclude<ReturnType<typeof parse>, string>): Promise<number> {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) {
    console.error('No built site: run npm run build first.');
    return 2;
  }
  const executablePath = await findChromium();
  if (!executablePath) {
    console.error(HOW_TO_GET_CHROMIUM);
    return 2;
  }
  const folder = out ? resolve(out) : mkdtempSync(join(tmpdir(), 'fuzz-replay-'));
  mkdirSync(folder, { recursive: true });
  const server = await startSiteServer();
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const sessions = new Map<string, string[]>();
  const notRecorded: string[] = [];
  let recorded = 0;
  try {
    const paths = pages ?? (await sitemapPaths(server.url));
    for (const path of paths)
      for (const size of sizes)
        for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
          const file = `${path.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}-${size}-seed-${seed}.json`;
          try {
            const session = await runSession(browser, server.url, { path, size, seed, actions });
            writeFileSync(join(folder, file), session.text);
            sessions.set(join(folder, file), session.log);
            recorded++;
            process.stderr.write(`recorded ${path} ${size} seed ${seed}: ${session.scenario.actors.length} actors${session.scenario.incomplete ? `, ${session.scenario.incomplete.length} incomplete` : ''}\n`);
          } catch (problem) {
            // Reported and counted as a failure; the other sessions still run.
            notRecorded.push(`${path} ${size} seed ${seed}: ${problem instanceof Error ? problem.message : String(problem)}`);
            process.stderr.write(`could not record ${notRecorded.at(-1) ?? ''}\n`);
          }
        }
  } finally {
    await browser.close();
    await server.stop();
  }

  if (recorded === 0) {
    for (const line of notRecorded) console.log(`not recorded: ${line}`);
    return 1;
  }
  const report = await replayFolder(folder);
  console.log(`\nfuzz:replay: ${recorded} page sessions recorded in ${folder}`);
  for (const failure of report.failures) {
    console.log(`\nFAILED ${failure.divergence}\n  file: ${failure.file}`);
    const log = sessions.get(resolve(failure.file)) ?? sessions.get(failure.file);
    if (log) console.log(`  visitor: ${log.join('; ')}`);
  }
  for (const line of report.badInput) console.log(`not replayed: ${line}`);
  for (const line of notRecorded) console.log(`not recorded: ${line}`);
  const refused = report.badInput.length > 0 ? `, ${report.badInput.length} files refused` : '';
  const lost = notRecorded.length > 0 ? `, ${notRecorded.length} sessions not recorded` : '';
  console.log(`\n${report.passed} of ${report.total} replay (${report.failures.length} actors diverged${refused}${lost})`);
  return report.passed === report.total && report.badInput.length === 0 && notRecorded.length === 0 && report.code === 0 ? 0 : 1;
}
