import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 48: a site made from the starter (no content checker of its own) is checked as the demo is
 * for links to no page, by `sitecharts check` (tooling/check-content.ts) and by the build's first
 * step (tooling/build/publish.ts); and a failed build names nothing the site's owner does not have
 * (docs/authoring.md is the repository's guide to the demo's tags).
 */
const ROOT = join(import.meta.dirname, '..');
const STARTER = join(ROOT, 'examples/starter');
const scratch = mkdtempSync(join(tmpdir(), 'sitecharts-site-links-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The starter's content with one change to its home page. */
function content(name: string, change: (home: string) => string): string {
  const dir = join(scratch, name);
  cpSync(join(STARTER, 'content'), dir, { recursive: true });
  const home = join(dir, 'pages/index.md');
  writeFileSync(home, change(readFileSync(home, 'utf8')));
  return dir;
}

function run(script: string, contentDir: string) {
  const env = { ...process.env, SITE_DIR: STARTER, CONTENT_DIR: contentDir, OUT_DIR: join(scratch, 'out'), STATIC_DIR: '' };
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, encoding: 'utf8', timeout: 90_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

describe('a starter site’s links and content problems (issue 48)', { timeout: 180_000 }, () => {
  const wrongLink = content('wrong-link', (home) => home.replace('[Read about the garden](/about/)', '[Read about the garden](/abuot/)'));

  it('sitecharts check reports a link to a missing page with the closest page, and passes the starter as it is', () => {
    const broken = run('tooling/check-content.ts', wrongLink);
    expect(broken.out.split('\n')[0]).toBe("/: the link to /abuot/ leads to no page (did you mean '/about/'?)");
    expect(broken.status).toBe(1);
    const starter = run('tooling/check-content.ts', join(STARTER, 'content'));
    expect(starter.out).toContain('2 content pages of Fernhill Community Garden');
    expect(starter.status).toBe(0);
  });

  it('the build stops on the same link, names it first, and points at nothing the site does not have', () => {
    const built = run('tooling/build/publish.ts', wrongLink);
    expect(built.status).toBe(1);
    const lines = built.out.split('\n');
    expect(lines[0]).toBe("/: the link to /abuot/ leads to no page (did you mean '/about/'?)");
    expect(lines.at(-1)).toBe('Nothing was published: fix the links and build again. dist/ and the site being served are unchanged.');
  });

  it('a content problem of the starter: its message first and whole, and no docs/authoring.md', () => {
    const built = run('tooling/build/publish.ts', content('wrong-tag', (home) => home.replace('{% garden-tips label="Tips for the week"', '{% garden-tips colour="green" label="Tips for the week"')));
    expect(built.status).toBe(1);
    expect(built.out.split('\n')[0]).toMatch(/pages\/index\.md:\d+: .*colour/);
    expect(built.out).not.toContain('docs/authoring.md');
  });
});
