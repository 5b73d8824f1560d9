import { DONATE_PROPS, readTargetMeta, type TargetMeta } from '../../provider/donate/checkout-url';
import { MESSAGE_SOURCE } from '../../provider/donate/messages';

/**
 * The sandbox's stand-in pages for the provider's donation checkout (/donate/) and remote button
 * (/donate/smart/buttons): the parameters received, Complete and Cancel, and the outcome (and an
 * Escape pressed in the page) posted to the opener or parent, to the page origin named in targetMeta and nowhere else.
 */
export type SandboxPage = 'checkout' | 'buttons';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside <script> that cannot end it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const httpUrl = (text: string | undefined) => {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

export interface SandboxPageConfig {
  source: typeof MESSAGE_SOURCE;
  target: TargetMeta | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  /** What Complete reports, in the provider's PDT names. */
  donation: Record<string, string>;
}

export function sandboxPageConfig(query: Readonly<Record<string, string>>, transaction: string): SandboxPageConfig {
  const donation: Record<string, string> = { tx: transaction, st: 'Completed' };
  const copy: Array<[string, string]> = [
    ['amount', 'amt'],
    ['currency_code', 'cc'],
    ['item_name', 'item_name'],
    ['item_number', 'item_number'],
    ['custom', 'cm'],
    ['hosted_button_id', 'hosted_button_id'],
  ];
  for (const [from, to] of copy) if (query[from]) donation[to] = query[from];
  return {
    source: MESSAGE_SOURCE,
    target: readTargetMeta(query.targetMeta) ?? null,
    returnUrl: httpUrl(query.return),
    cancelUrl: httpUrl(query.cancel_return),
    donation,
  };
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d2433; background: #f4f6fa; }
  main { max-width: 36rem; margin: 0 auto; padding: 1.5rem; }
  h1 { font-size: 1.35rem; margin: 0 0 .5rem; }
  .sandbox-flag { display: inline-block; background: #ffe08a; color: #3d2e00; padding: .1rem .5rem; border-radius: .25rem; font-size: .85rem; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; background: #fff; }
  caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
  th, td { border: 1px solid #c9d1e0; padding: .3rem .5rem; text-align: left; vertical-align: top; word-break: break-all; }
  th { width: 40%; font-weight: 600; background: #eef2f8; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .4rem; border: 2px solid #0b3a8c; cursor: pointer; margin-right: .5rem; }
  .primary { background: #0b3a8c; color: #fff; }
  .secondary { background: #fff; color: #0b3a8c; }
  button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  .buttons main { padding: .5rem; }
  .buttons p { margin: 0; }
  .buttons button { margin-right: .5rem; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

function parameterTable(query: Readonly<Record<string, string>>): string {
  const known = new Set<string>([...DONATE_PROPS, 'sdkMeta', 'targetMeta']);
  const rows = Object.entries(query)
    .filter(([name]) => known.has(name))
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<table><caption>Parameters received</caption><tbody>${rows || '<tr><td colspan="2">None</td></tr>'}</tbody></table>`;
}

/** The page's script: plain JS, no dependencies; reads its config from the JSON script above it. */
const SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('sandbox-config').textContent);
  var status = document.getElementById('sandbox-status');
  function answerTo() {
    if (!config.target) return null;
    if (window.opener && !window.opener.closed) return window.opener;
    if (window.parent !== window) return window.parent;
    return null;
  }
  function post(message) {
    var to = answerTo();
    if (!to) return false;
    message.source = config.source;
    to.postMessage(message, config.target.origin);
    return true;
  }
  function backLink(text) {
    if (!config.target) return;
    var link = document.createElement('a');
    link.href = config.target.origin + '/';
    link.textContent = text;
    status.appendChild(document.createTextNode(' '));
    status.appendChild(link);
  }
  post({ type: 'ready' });
  // Issue 31.25: in a frame, the page around sizes the frame to this content: its height now and at
  // every change (the checkout revealed under the button), to the target origin only (post).
  if (window.parent !== window && typeof ResizeObserver === 'function') {
    var reported = 0;
    new ResizeObserver(function () {
      var height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height !== reported && post({ type: 'resize', height: height })) reported = height;
    }).observe(document.body);
  }
  // Keys pressed in the checkout never reach the page around it: Escape is forwarded, so a page
  // showing the checkout in a dialog can close it (the page decides; a popup's opener ignores it).
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && !event.defaultPrevented) post({ type: 'escape' });
  });
  var reveal = document.getElementById('sandbox-donate');
  if (reveal) reveal.addEventListener('click', function () {
    document.getElementById('sandbox-checkout').hidden = false;
    reveal.hidden = true;
    document.getElementById('sandbox-complete').focus();
  });
  document.getElementById('sandbox-complete').addEventListener('click', function () {
    var message = { type: 'complete', data: config.donation };
    if (config.returnUrl) message.returnUrl = config.returnUrl;
    var told = post(message);
    // The page that opened the popup closes it once it has the outcome: closing here could beat the message.
    if (!told && config.returnUrl) { window.location.assign(config.returnUrl); return; }
    status.textContent = 'Donation complete (sandbox transaction ' + config.donation.tx + ').';
    if (!told) backLink('Back to the site');
  });
  document.getElementById('sandbox-cancel').addEventListener('click', function () {
    var told = post({ type: 'cancel' });
    if (!told && config.cancelUrl) { window.location.assign(config.cancelUrl); return; }
    status.textContent = 'Donation cancelled.';
    if (!told) backLink('Back to the site');
  });
})();
`;

export function renderSandboxPage(page: SandboxPage, query: Readonly<Record<string, string>>, transaction: string): string {
  const config = sandboxPageConfig(query, transaction);
  const checkout = `
    <section id="sandbox-checkout" aria-labelledby="sandbox-title"${page === 'buttons' ? ' hidden' : ''}>
      ${parameterTable(query)}
      <p>
        <button type="button" class="primary" id="sandbox-complete">Complete donation</button>
        <button type="button" class="secondary" id="sandbox-cancel">Cancel</button>
      </p>
    </section>`;
  const intro =
    page === 'buttons'
      ? // Issue 49.7: the remote button is a button, as a provider's is: its name is the section's, out of sight, and the frame is as tall as the button.
        `<h1 id="sandbox-title" class="visually-hidden">Donate (sandbox)</h1>
         <p><button type="button" class="primary" id="sandbox-donate">Donate</button><span class="sandbox-flag">Sandbox</span></p>`
      : `<h1 id="sandbox-title">Donation checkout <span class="sandbox-flag">Sandbox</span></h1>
         <p>A local stand-in for the payment provider: no money moves.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page === 'buttons' ? 'Donate button' : 'Donation checkout'} (provider sandbox)</title>
<style>${STYLE}</style>
</head>
<body class="${page}">
<main>
  ${intro}
  ${checkout}
  <p id="sandbox-status" role="status"></p>
</main>
<script type="application/json" id="sandbox-config">${scriptJson(config)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
