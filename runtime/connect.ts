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
