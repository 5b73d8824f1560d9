#!/usr/bin/env node
// `sitecharts <command> [--site <folder>] [--out <folder>]` (issue 32): the engine's commands for a
// site folder, where the package is installed (`npx sitecharts build`) as in this repository. Plain
// JavaScript, so Node runs it with no loader. Each command runs one of the engine's tools with SITE_DIR
// set to the site folder and OUT_DIR to the build folder: in the package (issue 48) the tool is
// compiled JavaScript, run by plain `node`; in a checkout of the repository it is the TypeScript
// source, run under tsx. docs/your-own-site.md.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const engine = resolve(fileURLToPath(import.meta.url), '../..');
const { version, peerDependencies = {} } = JSON.parse(readFileSync(join(engine, 'package.json'), 'utf8'));
/** The package: its tools compiled (tooling/package/build.ts). A checkout: their sources, under tsx. */
const compiled = existsSync(join(engine, 'tooling/build/publish.js'));

const USAGE = `sitecharts ${version}: a site folder's commands

  sitecharts create <folder>     a new site folder from the starter (two pages, one widget of its own)
  sitecharts dev                 the site with live sources at http://127.0.0.1:4173 (HOST, PORT)
  sitecharts build               check the content, then build the pages and the server into --out
  sitecharts serve               serve the last build (node <out>/server/main.js)
  sitecharts start               build, then serve
  sitecharts check               check the content pages (file:line for each problem)
  sitecharts replay <args>       replay a saved scenario on the test clock (docs/testing.md)
  sitecharts forms:export <args> what arrived through the forms, as CSV or JSON (docs/forms.md)
  sitecharts --version           the engine's version

  --site <folder>   the site folder (else SITE_DIR, else the current folder)
  --out <folder>    where build writes and serve reads (else OUT_DIR, else ./dist)`;

const [command, ...rest] = process.argv.slice(2);

/**
 * In a checkout, the tsconfig tsx compiles the engine's and the site's TypeScript with: the engine's
 * settings (JSX `react-jsx` above all), applied to both folders. tsx applies a tsconfig only to the
 * files its `include` names, and a site folder outside the checkout is not among them; so one is
 * written to a temporary folder, naming the two folders, and removed when the command ends.
 */
function tsconfigFor(siteFolder) {
  const folder = mkdtempSync(join(tmpdir(), 'sitecharts-tsconfig-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'tsconfig.json');
  const config = { extends: join(engine, 'tsconfig.json'), include: [join(engine, '**/*'), join(siteFolder, '**/*')], exclude: [] };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

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
/** How Node starts a tool: as it is in the package, under tsx in a checkout. */
let loader = [];
if (!compiled && ['dev', 'build', 'start', 'check', 'replay', 'forms:export'].includes(command)) {
  env.TSX_TSCONFIG_PATH = tsconfigFor(site);
  loader = ['--import', import.meta.resolve('tsx')];
}

function needsSite() {
  if (!existsSync(join(site, 'site.config.ts'))) fail(`${relative(process.cwd(), site) || '.'} is not a site folder: it has no site.config.ts (sitecharts create <folder> makes one)`);
}

/**
 * Runs a tool to its end, passing SIGTERM and SIGINT on to it (a server closes gracefully when its
 * supervisor stops this process), and ends this process with the tool's exit code when it fails.
 */
function run(nodeArgs, extraEnv = {}) {
  const child = spawn(process.execPath, nodeArgs, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  const forward = (signal) => child.kill(signal);
  process.on('SIGTERM', forward).on('SIGINT', forward);
  return new Promise((done) => {
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward).off('SIGINT', forward);
      if (code !== 0) process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1));
      done();
    });
  });
}
/** A tool of the engine by its source's path: its compiled module in the package. */
const toolFile = (file) => join(engine, compiled ? file.replace(/\.tsx?$/, '.js') : file);
const tool = (file, toolArgs = []) => run([...loader, toolFile(file), ...toolArgs]);

function serve() {
  const main = join(out, 'server/main.js');
  if (!existsSync(main)) fail(`no build in ${relative(process.cwd(), out) || '.'}: run \`sitecharts build\` first`);
  return run([main], { STATIC_DIR: process.env.STATIC_DIR ?? join(out, 'client') });
}

/**
 * `create <folder>`: the starter copied into a new folder, or into an existing project that has
 * installed the package (`create .`); its package.json gets `"type": "module"` and these commands as
 * scripts, and keeps what it had. A file already there is kept, never overwritten.
 */
function create(target) {
  if (!target) fail('create needs a folder: sitecharts create my-site, or sitecharts create . in a project that installed sitecharts');
  const folder = resolve(target);
  if (existsSync(join(folder, 'site.config.ts'))) fail(`${target} is already a site folder (it has a site.config.ts)`);
  cpSync(join(engine, 'examples/starter'), folder, { recursive: true, force: false });
  const file = join(folder, 'package.json');
  const pkg = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { name: basename(folder).toLowerCase().replace(/[^a-z0-9-]+/g, '-'), private: true };
  pkg.type = 'module';
  pkg.scripts = { dev: 'sitecharts dev', build: 'sitecharts build', start: 'sitecharts start', serve: 'sitecharts serve', check: 'sitecharts check', test: 'vitest run', ...pkg.scripts };
  pkg.dependencies = { sitecharts: `^${version}`, ...pkg.dependencies };
  // What the site's own TypeScript needs (`npx tsc --noEmit`): the compiler and React's and Node's types, at the engine's versions.
  pkg.devDependencies = { ...peerDependencies, ...pkg.devDependencies };
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  if (!existsSync(join(folder, '.gitignore'))) writeFileSync(join(folder, '.gitignore'), 'node_modules/\ndist/\n.publish-dist/\ndata/\n');
  const where = relative(process.cwd(), folder);
  console.log(`Created a site from the starter in ${where || 'this folder'}. Next:${where ? `\n  cd ${where}` : ''}${['sitecharts', ...Object.keys(peerDependencies)].every((name) => existsSync(join(folder, 'node_modules', name))) ? '' : '\n  npm install'}\n  npx sitecharts dev`);
}

switch (command) {
  case 'create':
    create(args[0]);
    break;
  case 'dev':
    needsSite();
    await tool('tooling/build/dev.ts', args);
    break;
  case 'build':
    needsSite();
    await tool('tooling/build/publish.ts', args);
    break;
  case 'serve':
    await serve();
    break;
  case 'start':
    needsSite();
    await tool('tooling/build/publish.ts');
    await serve();
    break;
  case 'check':
    needsSite();
    await tool('tooling/check-content.ts', args);
    break;
  case 'replay':
    await run(['--max-semi-space-size=64', ...loader, toolFile('tooling/replay/cli.ts'), ...args]);
    break;
  case 'forms:export':
    await tool('server/export.ts', args);
    break;
  case '--version':
  case '-v':
    console.log(version);
    break;
  case undefined:
  case 'help':
  case '--help':
    console.log(USAGE);
    break;
  default:
    fail(`no command ${command}`);
}
