// `node --import <this file>` (through NODE_OPTIONS, so every Node process a command starts has it):
// each module Node loads is appended, by its URL, to the file SITECHARTS_LOAD_LOG names. The package
// test (tests/package.test.ts, issue 48) reads it to show that the installed package runs no
// TypeScript: no `.ts` module and no TypeScript loader is ever loaded.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, nextLoad) {
  if (process.env.SITECHARTS_LOAD_LOG) appendFileSync(process.env.SITECHARTS_LOAD_LOG, url + '\\n');
  return nextLoad(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
