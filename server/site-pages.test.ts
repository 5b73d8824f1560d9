import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../tests/support/site-server';

/**
 * Issue 32: the pages the server makes per request (a newsletter link's answer, a form answered
 * with JS off) are in the served site's shell, with its name: SITE_DIR's, not the demo's. From
 * source here; the compiled server of a site built outside the repository: tests/package.test.ts.
 */
const empty = mkdtempSync(join(tmpdir(), 'sitecharts-site-pages-'));
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(empty, { recursive: true, force: true });
});

async function linkAnswer(env: NodeJS.ProcessEnv): Promise<{ status: number; html: string }> {
  const server = await startSiteServer({ env: { STATIC_DIR: empty, ...env } });
  servers.push(server);
  const response = await fetch(new URL('/newsletter/confirm/?t=not-a-token', server.url));
  return { status: response.status, html: await response.text() };
}

describe("the server's own pages use the site's shell", () => {
  it('the starter (SITE_DIR): its name and the default shell, nothing of Harbourlight', async () => {
    const { status, html } = await linkAnswer({ SITE_DIR: 'examples/starter' });
    expect(status).toBe(400);
    expect(html).toContain('<title>This link is not valid | Fernhill Community Garden</title>');
    expect(html).toContain('class="sc-shell-header"');
    expect(html).not.toMatch(/harbourlight/i);
  });

  it('no SITE_DIR: the demo, in its own shell', async () => {
    const { status, html } = await linkAnswer({ SITE_DIR: '' });
    expect(status).toBe(400);
    expect(html).toMatch(/<title>This link is not valid \| Harbourlight Children’s Care<\/title>/);
    expect(html).not.toContain('sc-shell-header');
  });
});
