import { closeSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folders whose unit test files (`*.test.ts`, `*.test.tsx`) run in the unit and dom projects (vite.config.ts). */
export const UNIT_FOLDERS = ['machines', 'widgets', 'runtime', 'provider', 'server', 'demo', 'tooling', 'examples', 'tests/model'] as const;

/** The unit and dom projects' files: those of UNIT_FOLDERS, and the cross-cutting suites in tests/. */
export const UNIT_INCLUDE = [`{${UNIT_FOLDERS.join(',')}}/**/*.test.{ts,tsx}`, 'tests/*.test.{ts,tsx}'];

/** A test file that asks for a browser-like environment in its first lines (`@vitest-environment jsdom`). */
const DECLARES_ENVIRONMENT = /@vitest-environment\s+(?!node\b)\w/;

/** The first bytes of a file: the environment comment sits above the imports. */
function head(path: string, bytes = 600): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Issue 48: the unit test files (relative to `root`) that declare a DOM environment. They run in the
 * `dom` project, each in a fresh worker, since jsdom's window (its location, its scroll, what a test
 * defined on it) outlives a file in a shared one; every other unit file runs in the `unit` project,
 * whose workers are shared by the files one after another (`isolate: false`), which saves each file
 * starting a worker and importing its modules again.
 */
export function domTestFiles(root: string): string[] {
  const candidates = [
    ...UNIT_FOLDERS.flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.test\.tsx?$/.test(file) && !file.split('/').includes('node_modules'))
        .map((file) => `${folder}/${file}`),
    ),
    ...readdirSync(join(root, 'tests'), { encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `tests/${file}`),
  ];
  return candidates.filter((file) => DECLARES_ENVIRONMENT.test(head(join(root, file)))).sort();
}
