import { renderToString } from 'react-dom/server';
import type { PageAssets } from '../../runtime/render/Document';

/** The offline inspector's HTML shell; the app renders into #inspector-root. */
export function renderInspectorPage(assets: PageAssets): string {
  return `<!DOCTYPE html>${renderToString(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>sitecharts inspector</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script type="module" src={assets.entryScript} />
      </head>
      <body>
        <div id="inspector-root">
          <p>
            The sitecharts inspector needs JavaScript. Open a page of the site with <code>?inspect</code> in its address and this
            window opens with it.
          </p>
        </div>
      </body>
    </html>,
  )}`;
}
