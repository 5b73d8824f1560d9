import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { useSharedPages } from '../support/shared-pages';
import { ROOT, startSiteServer, type RunningServer } from '../support/site-server';

/**
 * Issue 18: a page added without code. A copy of the site's content gets demo/content/pages/volunteer.md;
 * the build's prerender step turns it into a site (CONTENT_DIR, STATIC_DIR: a copy of the client
 * build, so dist/ is untouched), the real server serves it, and the page is in the menu, the
 * sitemap and the search, and its widget hydrates and works.
 */
const VOLUNTEER = `---
title: Volunteer with us
description: Drive, garden or sit with brothers and sisters at Harbourlight.
menu:
  label: Volunteer
  order: 95
---

# Volunteer with us

Sixty volunteers keep Harbourlight going, from the wheelbarrow brigade in the garden to the drivers on the hospital run. {% .lead %}

## What volunteers do {% #roles-title %}

{% toggles %}
{% toggle id="role-driving" title="Driving to appointments" %}
Drivers take families to the children’s hospital on the mainland, about once a week.
{% /toggle %}
{% toggle id="role-garden" title="Keeping the garden" %}
The garden team meets on Saturday mornings; bring gloves, we have the wheelbarrows.
{% /toggle %}
{% /toggles %}
`;

/** Issue 48: the tests load their documents in one shared page. */
const shared = useSharedPages();
const work = mkdtempSync(join(tmpdir(), 'sitecharts-content-site-'));
let server: RunningServer | undefined;
const url = (path: string) => new URL(path, server?.url).toString();

beforeAll(async () => {
  const contentDir = join(work, 'content');
  const staticDir = join(work, 'client');
  cpSync(join(ROOT, 'demo/content/pages'), join(contentDir, 'pages'), { recursive: true });
  writeFileSync(join(contentDir, 'pages/volunteer.md'), VOLUNTEER);
  // dist/client leads into the published release (issue 30): the copy takes its files, not the link.
  cpSync(realpathSync(join(ROOT, 'dist/client')), staticDir, { recursive: true });
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'tooling/build/prerender.ts'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir, STATIC_DIR: staticDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(build.status, build.stderr).toBe(0);
  server = await startSiteServer({ env: { STATIC_DIR: staticDir } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('a content page added as demo/content/pages/volunteer.md', () => {
  it('is served at /volunteer/ and listed in the main menu by its front matter, on every page', async () => {
    const { page } = await shared.visit(url('/volunteer/'));
    expect(await page.title()).toBe('Volunteer with us | Harbourlight Children’s Care');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Volunteer with us');
    const menu = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.getByRole('link', { name: 'Volunteer' }).getAttribute('aria-current')).toBe('page');
    // Order 95 puts it between Gallery (90) and Contact (100).
    const labels = await menu.locator('[data-main-menu] > li > a').allTextContents();
    expect(labels.slice(labels.indexOf('Gallery'), labels.indexOf('Gallery') + 3)).toEqual(['Gallery', 'Volunteer', 'Contact']);
    const home = await shared.visit(url('/'));
    expect(await home.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Volunteer' }).getAttribute('href')).toBe('/volunteer/');
  });

  it('is in the sitemap and found by the search (the results page has it in its menu too)', async () => {
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    expect(sitemap).toContain('/volunteer/</loc>');
    const { page } = await shared.visit(url('/search/?s=wheelbarrow'));
    const result = page.locator('main a[href="/volunteer/"]').first();
    expect(await result.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Volunteer' }).isVisible()).toBe(true);
  });

  it('its toggles hydrate and open and close, and the page passes axe', async () => {
    const { page, errors } = await shared.visit(url('/volunteer/'), { waitForHydration: true });
    const garden = page.getByRole('button', { name: 'Keeping the garden' });
    expect(await garden.getAttribute('aria-expanded')).toBe('false');
    await garden.click();
    await expect.poll(() => garden.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('region', { name: 'Keeping the garden' }).isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe('#role-garden');
    await garden.click();
    await expect.poll(() => garden.getAttribute('aria-expanded')).toBe('false');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
