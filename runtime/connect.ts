/**
 * The connect layer's shared vocabulary (docs/adding-a-widget.md#the-connect-layer). A widget's
 * `<feature>.connect.ts` is a pure function of the machine's snapshot, its `send` and the labels in
 * the page's language; it returns prop getters (ARIA attributes, roles, ids, handlers) that the
 * view spreads onto its elements. Handlers only send events (and, at event time, move focus).
 * These types are what the handlers read from an event, so a unit test can pass a plain object.
 */
export interface KeyInput<T extends Element = Element> {
  key: string;
  shiftKey?: boolean;
  /** IME composition: a key pressed while composing (Enter that picks a candidate) is the IME's. */
  nativeEvent?: { isComposing?: boolean };
  currentTarget: T;
  target?: EventTarget | null;
  preventDefault(): void;
}

export interface PressInput {
  preventDefault(): void;
  stopPropagation?(): void;
}

/** Whether a key belongs to an input method composing text (WAI-ARIA combobox, IME users). */
export function isComposing(event: KeyInput): boolean {
  // keyCode 229 is what Chromium and Safari report for keys during composition; `isComposing` is the standard flag.
  return event.nativeEvent?.isComposing === true || event.key === 'Process';
}

/** A prop getter's value as React would write it: the attribute's text, or null for none. */
function attributeText(name: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return name.startsWith('aria-') || name.startsWith('data-') ? String(value) : value ? '' : null;
  return String(value);
}

/** React's names for the few attributes whose DOM name differs. */
const ATTRIBUTE: Readonly<Record<string, string>> = { tabIndex: 'tabindex', className: 'class', htmlFor: 'for' };

/**
 * Draws a prop getter's attributes onto a prerendered element as React renders them (a behaviour that
 * answers input draws what its view would: docs/architecture.md, "Answering without the view"). Its
 * handlers are left out (the behaviour's `connect` listens), and an attribute is written only where
 * it differs, so an unchanged state touches nothing.
 */
export function drawProps(element: Element, props: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'function' || typeof value === 'object') continue;
    const name = ATTRIBUTE[key] ?? key;
    const text = attributeText(name, value);
    if (element.getAttribute(name) === text) continue;
    if (text === null) element.removeAttribute(name);
    else element.setAttribute(name, text);
  }
}

/** One style property as React writes it: camelCase hyphenated (custom properties as written), a number as px. */
/** Properties whose numbers React writes bare (its unitless list, the ones a connect layer may give). */
const UNITLESS = new Set(['opacity', 'zIndex', 'order', 'flex', 'flexGrow', 'flexShrink', 'lineHeight', 'fontWeight', 'aspectRatio', 'gridRow', 'gridColumn', 'zoom', 'scale']);

function declaration(name: string, value: string | number): string {
  const custom = name.startsWith('--');
  const property = custom ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  // React writes a bare number as px, except on a custom property and the unitless ones.
  const px = typeof value === 'number' && value !== 0 && !custom && !UNITLESS.has(name);
  return `${property}:${px ? `${value}px` : String(value).trim()}`;
}

/**
 * Draws a style prop onto a prerendered element as React renders it (`width:50%;--tab-colour:#fff`,
 * its properties in order, empty values left out); none, or an empty one, removes the attribute.
 * The connect layers give lengths with their units (React writes a bare number as px, as here, but on
 * a custom property or a unitless one such as opacity).
 */
export function drawStyle(element: Element, style: object | undefined): void {
  const text = Object.entries(style ?? {})
    .filter((entry): entry is [string, string | number] => typeof entry[1] === 'number' || (typeof entry[1] === 'string' && entry[1].trim() !== ''))
    .map(([name, value]) => declaration(name, value))
    .join(';');
  if (text === '') element.removeAttribute('style');
  else if (element.getAttribute('style') !== text) element.setAttribute('style', text);
}

/**
 * Writes a text the view renders as an element's only child (a counter's digits, a unit's name) onto
 * the prerendered element, only where it differs, so an unchanged state touches nothing.
 */
export function drawText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

type Listeners = { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };

/**
 * Listens to a prerendered element's events with the given handlers (a behaviour's `connect`, which
 * sends what the view's handlers send); returns what stops them all. `options` apply to each
 * (`passive` for touches that must never hold up the page's scroll, as React listens to them).
 */
export function listenTo(target: EventTarget, listeners: Listeners, options?: AddEventListenerOptions): () => void {
  const entries = Object.entries(listeners) as Array<[string, EventListener]>;
  for (const [type, listener] of entries) target.addEventListener(type, listener, options);
  return () => {
    for (const [type, listener] of entries) target.removeEventListener(type, listener, options);
  };
}
