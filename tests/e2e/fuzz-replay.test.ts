import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { replayFolder } from '../../tooling/replay/fuzz/report';
import { runSession, type Size } from '../../tooling/replay/fuzz/session';

/**
 * Issue 28, `npm run fuzz:replay` in the suite, on a bounded subset that keeps it lean on a shared
 * 2-core machine: two seeded random visitor sessions (the home page at desktop size, the team page
 * on a phone: the slideshow, the typewriter and every page service between them), each saved whole
 * from the inspector and replayed unedited by the replay CLI. `npm run fuzz:replay` runs every
 * sitemap page at both sizes.
 */
const SESSIONS: Array<{ path: string; size: Size; seed: number }> = [
  { path: '/', size: 'desktop', seed: 1 },
  { path: '/team/', size: 'phone', seed: 2 },
];

let browser: Browser | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'fuzz-replay-e2e-'));
beforeAll(async () => {
  browser = await chromium.connect(inject('wsEndpoint'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('fuzz:replay on a bounded subset (issue 28)', () => {
  it('seeded random sessions of real input, saved whole from the inspector, all replay unedited', async () => {
    if (!browser) throw new Error('no browser');
    const logs: string[] = [];
    for (const session of SESSIONS) {
      const { text, scenario, log } = await runSession(browser, inject('baseURL'), { ...session, actions: 8 });
      expect(scenario.actors.length, `${session.path} saved no actor`).toBeGreaterThan(3);
      expect(scenario.seed).toBe(session.seed);
      writeFileSync(join(scratch, `${session.size}-${session.seed}.json`), text);
      logs.push(`${session.path} ${session.size} seed ${session.seed}: ${log.join('; ')}`);
    }
    const report = await replayFolder(scratch);
    expect(report.badInput).toEqual([]);
    expect(report.failures, logs.join('\n')).toEqual([]);
    expect(report.total).toBeGreaterThan(8);
    expect(report.passed).toBe(report.total);
    expect(report.code).toBe(0);
  }, 400_000);
});
