import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RawCoverage } from './record';

/** Where machine coverage lives (git-ignored, under coverage/): one raw file per test file, then the report. */
export const root = join(import.meta.dirname, '../..');
export const coverageDir = join(root, 'coverage', 'machines');
export const rawDir = join(coverageDir, 'raw');

/** The raw records of test files that still exist (a deleted test's record is left out). */
export function readRaw(): RawCoverage[] {
  if (!existsSync(rawDir)) return [];
  return readdirSync(rawDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(rawDir, file), 'utf8')) as RawCoverage)
    .filter((raw) => existsSync(join(root, raw.file)));
}

/**
 * Writes one test file's record (`raw.file`, from the repository root), replacing its last one; `part`
 * names a second record of the same file (an e2e file's shared pages, tests/support/shared-pages.ts).
 */
export function writeRaw(raw: RawCoverage, part?: string) {
  mkdirSync(rawDir, { recursive: true });
  writeFileSync(join(rawDir, `${raw.file.replace(/[^\w.-]+/g, '_')}${part ? `.${part}` : ''}.json`), JSON.stringify(raw));
}
