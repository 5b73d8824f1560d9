import type { PageAssets } from '../runtime/render/Document';
import { renderSitePage } from '../runtime/render/render-page';
import { translationsFor } from './content/translations';
import { MenuContext, siteMenu } from './menu';
import type { PageDefinition } from './routes';
import { Shell } from './Shell';
import { site, type NavItem } from './site';

export interface RenderedPage {
  html: string;
  /** The widgets whose islands this page holds (for the JS budget). */
  widgets: string[];
}

/**
 * Prerenders one page to a complete HTML document. `menu` is the site's main menu (routes.tsx
 * `loadSite`); the server passes the one the build wrote (server/pages.ts). This module does not load
 * the content pages itself, so the server can render its own pages without the authoring tools.
 */
export function renderPage(page: Pick<PageDefinition, 'path' | 'title' | 'description' | 'render' | 'lang' | 'dir' | 'draft'>, assets: PageAssets, menu?: readonly NavItem[]): RenderedPage {
  return renderSitePage({
    page,
    assets,
    siteUrl: site.url,
    ajaxUrl: site.ajaxUrl,
    // Widgets in the page body speak the page's language; the shell stays in English.
    translations: translationsFor(page.lang),
    shell: (body) => (
      <MenuContext value={menu ?? siteMenu([])}>
        <Shell current={page.path} lang={page.lang} dir={page.dir}>
          {body}
        </Shell>
      </MenuContext>
    ),
  });
}
