import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './site-server';

/**
 * A throwaway copy of this checkout, as a fresh clone would have it: the files git tracks (and new
 * ones not ignored), no dist/, no data/. Its node_modules is a folder of links to this checkout's
 * packages, so a tool that writes a cache there (Vite's optimizer) writes into the copy, never into
 * the shared node_modules. For tests that edit sources or need a prerequisite missing.
 */
export interface RepoCopy {
  dir: string;
  remove(): void;
}

export function copyRepo(prefix = 'sitecharts-copy-'): RepoCopy {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && file !== 'node_modules');
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch (error) {
      // A file git still lists but the checkout has deleted is not part of the copy.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const packages = realpathSync(join(ROOT, 'node_modules'));
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(packages)) {
    if (name === '.vite' || name === '.vite-temp') continue;
    symlinkSync(join(packages, name), join(dir, 'node_modules', name));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
