import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { SitePage } from '../site';
import { Document, type PageAssets } from './Document';
import { IslandCollector, IslandTranslations, type TranslationLookup } from './Island';

export interface RenderPageOptions {
  /** `draft`: shown by the dev server only, marked noindex (issue 30). */
  page: Pick<SitePage, 'path' | 'title' | 'description' | 'render' | 'lang' | 'dir'> & { draft?: boolean };
  assets: PageAssets;
  /** The site's public address: the page's canonical link. */
  siteUrl: string;
  /** The site's shell around the page's body (DefaultShell, or the site's own). */
  shell(body: ReactNode): ReactNode;
  /** The widgets' labels in the page's language, when the site has other languages. */
  translations?: TranslationLookup;
  /** Where the page's forms and searches post (the server's ajax endpoint). */
  ajaxUrl?: string;
}

/**
 * One page as a complete HTML document, and the widgets its islands hold (the build's JS table):
 * the document, the site's shell, the page's body. What a site's `render()` module (runtime/site.ts)
 * calls when it needs nothing more than a shell of its own.
 */
export function renderSitePage({ page, assets, siteUrl, shell, translations = () => undefined, ajaxUrl = '/ajax' }: RenderPageOptions): { html: string; widgets: string[] } {
  const widgets = new Set<string>();
  const body = renderToString(
    <IslandCollector value={widgets}>
      <Document
        title={page.title}
        description={page.description}
        lang={page.lang}
        dir={page.dir}
        assets={assets}
        ajaxUrl={ajaxUrl}
        canonical={page.path.endsWith('.html') ? undefined : `${siteUrl}${page.path}`}
        noindex={page.draft}
      >
        {shell(<IslandTranslations value={translations}>{page.render()}</IslandTranslations>)}
      </Document>
    </IslandCollector>,
  );
  return { html: `<!DOCTYPE html>${body}`, widgets: [...widgets].sort() };
}
