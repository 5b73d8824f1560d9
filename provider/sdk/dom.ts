import { MESSAGES } from './errors';

/** §8: the element a selector names, or 'Can not find element: {selector}'. */
export function getElement(root: Pick<ParentNode, 'querySelector'>, selector: string): Element {
  const element = root.querySelector(selector);
  if (!element) throw new Error(MESSAGES.elementNotFound(selector));
  return element;
}

/** True when the other window's location can be read from this one (same domain). */
export function isSameDomain(win: Window): boolean {
  try {
    return typeof win.location.href === 'string' && win.location.href !== '';
  } catch {
    return false;
  }
}

/** §8: the window itself, or 'Expected window to be same domain'. */
export function assertSameDomain(win: Window): Window {
  if (!isSameDomain(win)) throw new Error(MESSAGES.notSameDomain);
  return win;
}

/** §8: the top window, or 'Can not determine top window' when it cannot be reached. */
export function getTopWindow(win: Window): Window {
  let top: Window | null;
  try {
    top = win.top;
  } catch {
    top = null;
  }
  if (!top) throw new Error(MESSAGES.topWindowUnknown);
  return top;
}
