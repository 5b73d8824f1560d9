import type { ReactNode } from 'react';
import { DEVICE_FLAGS_SCRIPT } from './device-script';

/** What the client build produced for a page: the entry script and the stylesheets. */
export interface PageAssets {
  entryScript: string;
  stylesheets: string[];
  /** Extra module scripts (the dev server's client). */
  scripts?: string[];
  /**
   * The modules the entry imports statically (issue 35, goal 2): asked for beside the entry, not one
   * round trip after it has arrived, so the page boots (and a first tap is answered) that much sooner.
   */
  modulePreloads?: string[];
  /** The pages' icon: `/favicon.svg` unless given (a site with `public/favicon.png` gets that: server/build-files.ts `siteIconOf`). */
  icon?: string;
  /** Issue 51: the build's id (server/reports/build-id.ts), on <html data-build>; a problem report carries it. */
  build?: string;
}

export interface DocumentProps {
  title: string;
  description: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  assets: PageAssets;
  ajaxUrl: string;
  canonical?: string;
  /** A draft (issue 30): search engines and the site's own search leave it out. */
  noindex?: boolean;
  children: ReactNode;
}

/**
 * The HTML document every prerendered page shares. `sc-no-js` is replaced by the device flags before
 * the first paint (runtime/render/device-script.ts), so the page never changes layout when JS starts.
 */
export function Document({ title, description, lang = 'en', dir = 'ltr', assets, ajaxUrl, canonical, noindex, children }: DocumentProps) {
  return (
    <html lang={lang} dir={dir} className="sc-no-js" data-ajaxurl={ajaxUrl} data-build={assets.build}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in <head>: before any stylesheet applies, so the first paint already has the flags. */}
        <script dangerouslySetInnerHTML={{ __html: DEVICE_FLAGS_SCRIPT }} />
        <title>{title}</title>
        <meta name="description" content={description} />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        <link rel="icon" href={assets.icon ?? '/favicon.svg'} type={assets.icon?.endsWith('.png') ? 'image/png' : 'image/svg+xml'} />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {(assets.scripts ?? []).map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        <script type="module" src={assets.entryScript} />
        {(assets.modulePreloads ?? []).map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
