#!/usr/bin/env node
// `sitecharts <command> [--site <folder>] [--out <folder>]` (issue 32): the engine's commands for a
// site folder, where the package is installed (`npx sitecharts build`) as in this repository. Plain
// JavaScript, so Node runs it with no loader; each command runs the engine's TypeScript tool under
// tsx, with SITE_DIR set to the site folder and OUT_DIR to the build folder. docs/your-own-site.md.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const engine = resolve(fileURLToPath(import.meta.url), '../..');
const { version } = JSON.parse(readFileSync(join(engine, 'package.json'), 'utf8'));

const USAGE = `sitecharts ${version}: a site folder's commands

  sitecharts create <folder>     a new site folder from the starter (two pages, one widget of its own)
  sitecharts dev                 the site with live sources at http://127.0.0.1:4173 (HOST, PORT)
  sitecharts build               check the content, then build the pages and the server into --out
  sitecharts serve               serve the last build (node <out>/server/main.js)
  sitecharts start               build, then serve
  sitecharts check               check the content pages (file:line for each problem)
  sitecharts replay <args>       replay a saved scenario on the test clock (docs/testing.md)
  sitecharts forms:export <args> what arrived through the forms, as CSV or JSON (docs/forms.md)

  --site <folder>   the site folder (else SITE_DIR, else the current folder)
  --out <folder>    where build writes and serve reads (else OUT_DIR, else ./dist)`;

const [command, ...rest] = process.argv.slice(2);

/** `--name value` taken out of the arguments; what is left goes to the tool. */
function option(args, name) {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a folder`);
  args.splice(at, 2);
  return value;
}

function fail(message) {
  console.error(`sitecharts: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const args = [...rest];
const site = resolve(option(args, '--site') ?? process.env.SITE_DIR ?? '.');
const out = resolve(option(args, '--out') ?? process.env.OUT_DIR ?? 'dist');
const env = { ...process.env, SITE_DIR: site, OUT_DIR: out };
const tsx = import.meta.resolve('tsx');

function needsSite() {
  if (!existsSync(join(site, 'site.config.ts'))) fail(`${relative(process.cwd(), site) || '.'} is not a site folder: it has no site.config.ts (sitecharts create <folder> makes one)`);
}

/** Runs a tool and ends with its exit code when it fails. */
function run(nodeArgs, extraEnv = {}) {
  const result = spawnSync(process.execPath, nodeArgs, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const tool = (file, toolArgs = []) => run(['--import', tsx, join(engine, file), ...toolArgs]);

function serve() {
  const main = join(out, 'server/main.js');
  if (!existsSync(main)) fail(`no build in ${relative(process.cwd(), out) || '.'}: run \`sitecharts build\` first`);
  run([main], { STATIC_DIR: process.env.STATIC_DIR ?? join(out, 'client') });
}

/** `create <folder>`: the starter copied, with a package.json whose scripts are these commands. */
function create(target) {
  if (!target) fail('create needs the new folder');
  const folder = resolve(target);
  if (existsSync(folder)) fail(`${target} already exists: create makes a new folder`);
  const starter = join(engine, 'examples/starter');
  cpSync(starter, folder, { recursive: true, filter: (file) => !file.endsWith('.test.ts') || file.includes('widgets') });
  const name = basename(folder).toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  const pkg = {
    name,
    private: true,
    type: 'module',
    scripts: {
      dev: 'sitecharts dev',
      build: 'sitecharts build',
      start: 'sitecharts start',
      serve: 'sitecharts serve',
      check: 'sitecharts check',
    },
    dependencies: { sitecharts: `^${version}` },
  };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(join(folder, '.gitignore'), 'node_modules\ndist/\n.publish-dist/\ndata/\n');
  console.log(`Created ${relative(process.cwd(), folder) || folder} from the starter. Next:\n  cd ${target}\n  npm install\n  npx sitecharts dev`);
}

switch (command) {
  case 'create':
    create(args[0]);
    break;
  case 'dev':
    needsSite();
    tool('tooling/build/dev.ts', args);
    break;
  case 'build':
    needsSite();
    tool('tooling/build/publish.ts', args);
    break;
  case 'serve':
    serve();
    break;
  case 'start':
    needsSite();
    tool('tooling/build/publish.ts');
    serve();
    break;
  case 'check':
    needsSite();
    tool('tooling/check-content.ts', args);
    break;
  case 'replay':
    run(['--max-semi-space-size=64', '--import', tsx, join(engine, 'tooling/replay/cli.ts'), ...args]);
    break;
  case 'forms:export':
    tool('server/export.ts', args);
    break;
  case undefined:
  case 'help':
  case '--help':
    console.log(USAGE);
    break;
  default:
    fail(`no command ${command}`);
}
