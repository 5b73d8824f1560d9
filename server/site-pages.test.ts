import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../tests/support/site-server';

/**
 * Issue 32: the pages the server makes per request (a newsletter link's answer, a form answered
 * with JS off) are in the served site's shell, with its name: SITE_DIR's, not the demo's; its form
 * routes are its config's forms. From source here; the compiled server of a site built outside the repository: tests/package.test.ts.
 */
const empty = mkdtempSync(join(tmpdir(), 'sitecharts-site-pages-'));
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(empty, { recursive: true, force: true });
});

async function linkAnswer(env: NodeJS.ProcessEnv): Promise<{ status: number; html: string; formPosts: number[] }> {
  const server = await startSiteServer({ env: { STATIC_DIR: empty, ...env } });
  servers.push(server);
  const response = await fetch(new URL('/newsletter/confirm/?t=not-a-token', server.url));
  const html = await response.text();
  // The demo's form actions: routes only where the site's config gives the forms.
  const formPosts = await Promise.all(
    ['/forms/contact', '/forms/newsletter'].map(async (path) => {
      const post = await fetch(new URL(path, server.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'fetch' }, body: 'email=a' });
      return post.status;
    }),
  );
  return { status: response.status, html, formPosts };
}

describe("the server's own pages use the site's shell", () => {
  it('the starter (SITE_DIR): its name and the default shell, nothing of Harbourlight', async () => {
    const { status, html, formPosts } = await linkAnswer({ SITE_DIR: 'examples/starter' });
    expect(status).toBe(400);
    // It gives no forms: a post to the demo's form actions is a 404, as for any unknown address.
    expect(formPosts).toEqual([404, 404]);
    expect(html).toContain('<title>This link is not valid | Fernhill Community Garden</title>');
    expect(html).toContain('class="sc-shell-header"');
    expect(html).not.toMatch(/harbourlight/i);
  });

  it('no SITE_DIR: the demo, in its own shell', async () => {
    const { status, html, formPosts } = await linkAnswer({ SITE_DIR: '' });
    expect(status).toBe(400);
    // Its forms check the post (a bad address, a missing captcha): no 404.
    expect(formPosts.every((code) => code >= 400 && code !== 404)).toBe(true);
    expect(html).toMatch(/<title>This link is not valid \| Harbourlight Children’s Care<\/title>/);
    expect(html).not.toContain('sc-shell-header');
  });
});
