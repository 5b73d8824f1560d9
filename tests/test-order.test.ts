import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongFilesFirst, { LONG_FILES } from './support/sequencer';
import { domTestFiles } from './support/test-projects';
import config from '../vite.config';

/**
 * Issue 48, goal 2: the order `npm test` starts its files in (tests/support/sequencer.ts). Two
 * workers stay busy to the end of a phase only if the files that take minutes start first, on a
 * clean clone (no timing cache: vitest alone goes by file size) as after a run (by last duration).
 */
const ROOT = '/repo';

interface Fake {
  path: string;
  project: string;
  groupOrder: number;
  size: number;
  lastMs?: number;
  /** The project's `isolate` (vite.config.ts: false for the unit project); true unless given. */
  isolate?: boolean;
}

function sequencer(files: Fake[]) {
  const byKey = new Map(files.map((file) => [`${file.project}:${file.path}`, file]));
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) => {
        const ms = byKey.get(key)?.lastMs;
        return ms === undefined ? undefined : { duration: ms, failed: false };
      },
      getFileStats: (key: string) => {
        const file = byKey.get(key);
        return file && { size: file.size };
      },
    },
  };
  const specs = files.map(
    (file) =>
      ({
        moduleId: `${ROOT}/${file.path}`,
        project: { name: file.project, config: { sequence: { groupOrder: file.groupOrder }, isolate: file.isolate ?? true } },
      }) as unknown as TestSpecification,
  );
  return { order: new LongFilesFirst(ctx as unknown as Vitest), specs };
}

const started = async (files: Fake[]) => {
  const { order, specs } = sequencer(files);
  return (await order.sort(specs)).map((spec) => `${spec.project.name}:${spec.moduleId.slice(ROOT.length + 1)}`);
};

describe('the order the test files start in', () => {
  it('on a clean clone, a listed long file starts before larger short ones, within its phase', async () => {
    expect(
      await started([
        { path: 'tests/e2e/search.test.ts', project: 'e2e', groupOrder: 1, size: 30_000 },
        { path: 'tests/e2e/fuzz-replay.test.ts', project: 'e2e', groupOrder: 1, size: 2_000 },
        { path: 'machines/tooltip/tooltip.test.ts', project: 'unit', groupOrder: 0, size: 9_000 },
        { path: 'tests/package.test.ts', project: 'unit', groupOrder: 0, size: 4_000 },
        { path: 'server/store/backup.test.ts', project: 'postgres', groupOrder: 0, size: 3_000 },
      ]),
    ).toEqual([
      'unit:tests/package.test.ts',
      'postgres:server/store/backup.test.ts',
      'unit:machines/tooltip/tooltip.test.ts',
      'e2e:tests/e2e/fuzz-replay.test.ts',
      'e2e:tests/e2e/search.test.ts',
    ]);
  });

  it('after a run, the last durations decide, across the projects of a phase', async () => {
    expect(
      await started([
        { path: 'server/forms/forms.test.ts', project: 'postgres', groupOrder: 0, size: 20_000, lastMs: 30_000 },
        { path: 'machines/tooltip/tooltip.test.ts', project: 'unit', groupOrder: 0, size: 9_000, lastMs: 400 },
        { path: 'tests/dev-server.test.ts', project: 'unit', groupOrder: 0, size: 8_000, lastMs: 70_000 },
        { path: 'tests/e2e/tabs.test.ts', project: 'e2e', groupOrder: 1, size: 30_000, lastMs: 60_000 },
        { path: 'tests/e2e/hydration.test.ts', project: 'e2e', groupOrder: 1, size: 3_000, lastMs: 90_000 },
      ]),
    ).toEqual([
      'unit:tests/dev-server.test.ts',
      'postgres:server/forms/forms.test.ts',
      'unit:machines/tooltip/tooltip.test.ts',
      'e2e:tests/e2e/hydration.test.ts',
      'e2e:tests/e2e/tabs.test.ts',
    ]);
  });

  it('a file never timed and not listed comes after the timed ones, larger first', async () => {
    expect(
      await started([
        { path: 'machines/a.test.ts', project: 'unit', groupOrder: 0, size: 1_000 },
        { path: 'machines/b.test.ts', project: 'unit', groupOrder: 0, size: 5_000 },
        { path: 'machines/c.test.ts', project: 'unit', groupOrder: 0, size: 100, lastMs: 10 },
      ]),
    ).toEqual(['unit:machines/c.test.ts', 'unit:machines/b.test.ts', 'unit:machines/a.test.ts']);
  });

  it('the short files of workers shared by files (the unit project) start after all others, one after another, so a worker goes on to the next', async () => {
    expect(
      await started([
        { path: 'machines/a.test.ts', project: 'unit', groupOrder: 0, size: 1_000, lastMs: 2_000, isolate: false },
        { path: 'widgets/A/behaviour.test.tsx', project: 'dom', groupOrder: 0, size: 5_000, lastMs: 900 },
        { path: 'tests/dev-server.test.ts', project: 'unit', groupOrder: 0, size: 8_000, lastMs: 40_000, isolate: false },
        { path: 'machines/b.test.ts', project: 'unit', groupOrder: 0, size: 2_000, isolate: false },
        { path: 'server/forms/forms.test.ts', project: 'postgres', groupOrder: 0, size: 20_000, lastMs: 30_000 },
        { path: 'widgets/B/behaviour.test.tsx', project: 'dom', groupOrder: 0, size: 5_000, lastMs: 1_200 },
      ]),
    ).toEqual([
      'unit:tests/dev-server.test.ts',
      'postgres:server/forms/forms.test.ts',
      'dom:widgets/B/behaviour.test.tsx',
      'dom:widgets/A/behaviour.test.tsx',
      'unit:machines/a.test.ts',
      'unit:machines/b.test.ts',
    ]);
  });

  it('the files that declare a DOM environment are the dom project\'s, and no other', () => {
    const dom = domTestFiles(join(import.meta.dirname, '..'));
    expect(dom).toContain('widgets/Tabs/behaviour.test.tsx');
    expect(dom).toContain('runtime/consent-https.test.ts');
    expect(dom).not.toContain('machines/tooltip/tooltip.test.ts');
    expect(dom).not.toContain('tests/test-order.test.ts');
    const projects = config.test?.projects as Array<{ test: { name: string; include?: string[]; exclude?: string[]; isolate?: boolean } }>;
    const byName = new Map(projects.map((project) => [project.test.name, project.test]));
    expect(byName.get('dom')?.include).toEqual(dom);
    expect(byName.get('dom')?.isolate).not.toBe(false);
    expect(byName.get('unit')?.exclude).toEqual(expect.arrayContaining(dom));
    expect(byName.get('unit')?.isolate).toBe(false);
  });

  it('every listed file exists, and npm test uses the sequencer', () => {
    expect(LONG_FILES.filter((file) => !existsSync(join(import.meta.dirname, '..', file)))).toEqual([]);
    expect(config.test?.sequence?.sequencer).toBe(LongFilesFirst);
  });
});
