import { DefaultShell, renderSitePage, type MenuLink } from 'sitecharts/render';
import type { SitePage, SiteRenderer } from 'sitecharts/runtime';

/**
 * Every page in the engine's default shell, with the site's name and menu. The name and address
 * come from site.config.ts, which loads this module: it never imports the config back (issue 48).
 */
export function starterRenderer(site: { name: string; url: string }): SiteRenderer<SitePage, MenuLink[]> {
  return {
    renderPage: (page, assets, menu = []) =>
      renderSitePage({
        page,
        assets,
        siteUrl: site.url,
        shell: (body) => (
          <DefaultShell name={site.name} menu={menu} current={page.path}>
            {body}
          </DefaultShell>
        ),
      }),
  };
}
