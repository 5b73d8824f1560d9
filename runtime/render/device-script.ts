import { createHash } from 'node:crypto';
import { FLAG, MOBILE_USER_AGENT } from '../device';

/**
 * The device flags of runtime/device.ts, set by a tiny inline script in <head> so that they are on
 * <html> before the first paint: a layout that depends on them (the burger on phones, the sticky
 * header on desktops, everything under `.sc-js`) is right from the first frame instead of jumping
 * when the entry module runs (issue 14, layout shift). The boot sets the same flags again (a page
 * rendered without this script, the dev server) and finds nothing to change.
 *
 * Written in ES5 so any browser runs it; the same pattern and class names as device.ts, which a
 * unit test checks by running both against the same browser facts.
 */
export const DEVICE_FLAGS_SCRIPT = [
  '(function(h,w){',
  'var n=w.navigator,t="ontouchstart"in w||n.maxTouchPoints>0,',
  's=function(v){return!!(w.CSS&&typeof w.CSS.supports=="function"&&w.CSS.supports("transform",v))},',
  `f=[${JSON.stringify(FLAG.script)},${MOBILE_USER_AGENT.toString()}.test(n.userAgent)&&t?${JSON.stringify(FLAG.mobile)}:${JSON.stringify(FLAG.desktop)}];`,
  `if(s("translateX(1px)"))f.push(${JSON.stringify(FLAG.transform2d)});`,
  `if(s("translate3d(0, 0, 0)"))f.push(${JSON.stringify(FLAG.transform3d)});`,
  `if(t)f.push(${JSON.stringify(FLAG.touch)});`,
  `h.classList.remove(${JSON.stringify(FLAG.noScript)});h.classList.add.apply(h.classList,f)`,
  '})(document.documentElement,window)',
].join('');

/**
 * The CSP source that allows exactly this inline script (`script-src 'self' 'sha256-…'`), so a
 * strict policy needs no 'unsafe-inline'. The server imports it; the build also writes it to
 * dist/csp.json for any other host.
 */
export const DEVICE_FLAGS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(DEVICE_FLAGS_SCRIPT, 'utf8').digest('base64')}'`;
