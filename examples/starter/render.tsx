import { DefaultShell, renderSitePage, type MenuLink, type PageAssets } from 'sitecharts/render';
import type { SitePage } from 'sitecharts/runtime';
import site from './site.config';

/** Every page in the engine's default shell, with the site's name and menu. */
export function renderPage(page: SitePage, assets: PageAssets, menu: readonly MenuLink[] = []): { html: string; widgets: string[] } {
  return renderSitePage({
    page,
    assets,
    siteUrl: site.url,
    shell: (body) => (
      <DefaultShell name={site.name} menu={menu} current={page.path}>
        {body}
      </DefaultShell>
    ),
  });
}
