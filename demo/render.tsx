import { renderToString } from 'react-dom/server';
import { Document, type PageAssets } from '../runtime/build/Document';
import { IslandCollector, IslandTranslations } from '../runtime/build/Island';
import { translationsFor } from './content/translations';
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
          {/* Widgets in the page body speak the page's language; the shell stays in English. */}
          <IslandTranslations value={translationsFor(page.lang)}>{page.render()}</IslandTranslations>
        </Shell>
      </Document>
    </IslandCollector>,
  );
  return { html: `<!DOCTYPE html>${body}`, widgets: [...widgets].sort() };
}
