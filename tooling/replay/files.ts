import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * What the replay CLI accepts for a scenario (issue 28): a file, a directory (every `.json` in it
 * and below, in name order), a glob (`*`, `?`, `**`; quoted, so the CLI expands it, or expanded by
 * the shell), or the bare name of a shipped scenario (`slideshow` -> tests/scenarios/slideshow.json).
 */
export const SCENARIO_DIR = 'tests/scenarios';

export type Resolved = { files: string[] } | { error: string };

export function resolveScenarioArgument(arg: string, cwd = process.cwd()): Resolved {
  if (/[*?]/.test(arg)) {
    const files = expandGlob(arg, cwd);
    return files.length > 0 ? { files } : { error: `${arg}: no file matches (scenarios live in ${SCENARIO_DIR}/; npm run replay -- --list)` };
  }
  const kind = kindOf(resolve(cwd, arg));
  if (kind === 'directory') {
    const files = jsonFilesUnder(resolve(cwd, arg)).map((file) => (arg.startsWith('/') ? file : relative(cwd, file)));
    return files.length > 0 ? { files } : { error: `${arg}: a directory with no .json scenario in it` };
  }
  if (kind === 'file') return { files: [arg] };
  const shipped = join(SCENARIO_DIR, arg.endsWith('.json') ? arg : `${arg}.json`);
  if (!arg.includes('/') && kindOf(join(cwd, shipped)) === 'file') return { files: [shipped] };
  return { error: `${arg}: no such scenario file (scenarios live in ${SCENARIO_DIR}/; npm run replay -- --list names them)` };
}

/** Every `.json` file under `dir`, depth first, names in code-point order (the same on every machine). */
export function jsonFilesUnder(dir: string): string[] {
  const names = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return names.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFilesUnder(path);
    return entry.isFile() && entry.name.endsWith('.json') ? [path] : [];
  });
}

function kindOf(path: string): 'file' | 'directory' | undefined {
  try {
    const stat = statSync(path);
    return stat.isDirectory() ? 'directory' : stat.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/** Files matching a glob relative to `cwd` (or absolute), in name order. */
export function expandGlob(pattern: string, cwd: string): string[] {
  const absolute = pattern.startsWith('/');
  const segments = pattern.split('/').filter((segment) => segment !== '' && segment !== '.');
  const matches: string[] = [];
  const walk = (dir: string, rest: readonly string[]) => {
    const [head, ...tail] = rest;
    if (head === undefined) return;
    if (head === '**') {
      walk(dir, tail);
      for (const entry of entries(dir)) if (entry.isDirectory()) walk(join(dir, entry.name), rest);
      return;
    }
    if (!/[*?]/.test(head)) {
      const path = join(dir, head);
      if (tail.length === 0) {
        if (kindOf(path) === 'file') matches.push(path);
      } else if (kindOf(path) === 'directory') walk(path, tail);
      return;
    }
    const test = globSegment(head);
    for (const entry of entries(dir)) {
      if (!test.test(entry.name)) continue;
      const path = join(dir, entry.name);
      if (tail.length === 0) {
        if (entry.isFile()) matches.push(path);
      } else if (entry.isDirectory()) walk(path, tail);
    }
  };
  walk(absolute ? sep : cwd, segments);
  return [...new Set(matches)].sort().map((file) => (absolute ? file : relative(cwd, file)));
}

function entries(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));
  } catch {
    return [];
  }
}

function globSegment(segment: string): RegExp {
  const source = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${source}$`);
}
