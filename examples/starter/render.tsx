import type { PageAssets } from '../../runtime/render/Document';
import { DefaultShell, type MenuLink } from '../../runtime/render/DefaultShell';
import { renderSitePage } from '../../runtime/render/render-page';
import type { SitePage } from '../../runtime/site';
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
