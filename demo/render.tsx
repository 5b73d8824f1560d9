import { renderToString } from 'react-dom/server';
import { Document, type PageAssets } from '../runtime/build/Document';
import { IslandCollector } from '../runtime/build/Island';
import type { PageDefinition } from './routes';
import { Shell } from './Shell';
import { site } from './site';

export { notFoundPage, pages } from './routes';

export interface RenderedPage {
  html: string;
  /** The widgets whose islands this page holds (for the JS budget). */
  widgets: string[];
}

/** Prerenders one page to a complete HTML document. */
export function renderPage(page: PageDefinition, assets: PageAssets): RenderedPage {
  const widgets = new Set<string>();
  const body = renderToString(
    <IslandCollector value={widgets}>
      <Document
        title={page.title}
        description={page.description}
        lang={page.lang}
        dir={page.dir}
        assets={assets}
        ajaxUrl={site.ajaxUrl}
        canonical={page.path.endsWith('.html') ? undefined : `${site.url}${page.path}`}
      >
        <Shell current={page.path} lang={page.lang}>
          {page.render()}
        </Shell>
      </Document>
    </IslandCollector>,
  );
  return { html: `<!DOCTYPE html>${body}`, widgets: [...widgets].sort() };
}
