/**
 * Page flags on <html> (§1, §4 Page flags): mobile or desktop, script-active, 2D and 3D transform
 * support, touchscreen. A pure function of what the browser reports, plus a tiny DOM binding.
 */

/** §1 / reference notes: the mobile user-agent pattern; a page is mobile only with touch support too. */
export const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

export interface DeviceFacts {
  userAgent: string;
  touch: boolean;
  transform2d: boolean;
  transform3d: boolean;
}

export const FLAG = {
  script: 'sc-js',
  noScript: 'sc-no-js',
  mobile: 'sc-mobile',
  desktop: 'sc-desktop',
  transform2d: 'sc-transform',
  transform3d: 'sc-transform3d',
  touch: 'sc-touch',
} as const;

export function isMobile(facts: Pick<DeviceFacts, 'userAgent' | 'touch'>): boolean {
  return MOBILE_USER_AGENT.test(facts.userAgent) && facts.touch;
}

export function deviceFlags(facts: DeviceFacts): string[] {
  const flags: string[] = [FLAG.script, isMobile(facts) ? FLAG.mobile : FLAG.desktop];
  if (facts.transform2d) flags.push(FLAG.transform2d);
  if (facts.transform3d) flags.push(FLAG.transform3d);
  if (facts.touch) flags.push(FLAG.touch);
  return flags;
}

export function readDeviceFacts(win: Window & typeof globalThis): DeviceFacts {
  const supports = (property: string, value: string) => typeof win.CSS?.supports === 'function' && win.CSS.supports(property, value);
  return {
    userAgent: win.navigator.userAgent,
    touch: 'ontouchstart' in win || win.navigator.maxTouchPoints > 0,
    transform2d: supports('transform', 'translateX(1px)'),
    transform3d: supports('transform', 'translate3d(0, 0, 0)'),
  };
}

export function applyDeviceFlags(root: HTMLElement, facts: DeviceFacts): string[] {
  const flags = deviceFlags(facts);
  root.classList.remove(FLAG.noScript);
  root.classList.add(...flags);
  return flags;
}

/** The page's direction where the element sits (a device fact like the flags: §4 swaps arrows on RTL pages). */
export function isRightToLeft(element: Element): boolean {
  return element.ownerDocument.defaultView?.getComputedStyle(element).direction === 'rtl';
}
