import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 48: `npm install` warned EBADENGINE (cookie@2.0.2, through fastify's light-my-request, wants
 * Node 22) while the package says Node >= 20.19. package.json's `overrides` gives light-my-request
 * cookie 1.1 (Node >= 18, the same stringifySetCookie). npm resolves the lockfile with
 * --engine-strict, which turns that warning into an error, offline and without installing anything.
 * Run on Node 20 (this machine, CI), it fails on any locked package that needs a newer Node.
 */
const ROOT = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'sitecharts-engines-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the locked dependencies run on the Node the package names', () => {
  it('npm install --engine-strict accepts every package of package-lock.json', () => {
    const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe('>=20.19');
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(scratch, file));
    const npm = spawnSync('npm', ['install', '--dry-run', '--engine-strict', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: scratch, encoding: 'utf8', timeout: 120_000 });
    expect(`${npm.stdout}${npm.stderr}`).not.toMatch(/EBADENGINE|notsup/);
    expect(npm.status).toBe(0);
  }, 150_000);
});
