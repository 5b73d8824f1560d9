/**
 * The server's and the build's functions that tests of the page layers compare themselves with (the
 * server's brick and search answer against the widgets' parsing of them; the build's precompression
 * and page rendering under the server and the demo's drafts). A test inside runtime/, widgets/,
 * machines/, provider/, server/ or a site folder reaches the server and the tooling through here
 * (issue 48; eslint.config.js, layers/no-upward-import).
 */
export { brickHtml } from '../../server/masonry';
export { liveAnswer } from '../../server/search/answer';
export { precompress } from '../../tooling/build/precompress';
export { renderSite } from '../../tooling/build/render-site';
