/**
 * What a visitor does to an island before its view has hydrated (docs/architecture.md, "Islands:
 * capture, replay, failure"). The island scanner captures the events; once the view has hydrated
 * they are replayed so that the view learns what the visitor did, and the page ends up as the
 * visitor left it:
 * - a field (text, textarea, select, checkbox, radio) already holds what the visitor typed, chose or
 *   ticked: the browser did that. The view is told once per field, by the event it listens to,
 *   without changing the value (a replayed click would untick a ticked box);
 * - a click on a button or a held link is clicked again, now with the view's handlers;
 * - a held submit is submitted again, with the button that sent it; the click on that button is
 *   not replayed as well, so the form is sent once;
 * - a key that moves within a composite widget (an arrow key, Home or End on a tab) is held, so the
 *   page does not scroll, and pressed again on the same element (issue 31.21);
 * - a touch gesture (a swipe on a tab section) is dispatched again, its touches as they were, so the
 *   view judges the swipe the visitor made (issue 31.21); so is a swipe's pair of touch or pen
 *   pointer events (a slider judges its swipe by them), not a tap's, which its click replays (49.5);
 * - a field in the middle of an IME composition is told once the composition ends: setting its
 *   value meanwhile ended the composition and lost what was being composed (issue 49.5).
 * If the view could not hydrate, only what was held goes on to the browser (the link is followed,
 * the form posted), as it would without JS.
 */

/** Events that start hydration at once. */
export const INTERACTIONS = ['pointerdown', 'pointerup', 'focusin', 'click', 'input', 'change', 'submit', 'keydown', 'touchstart', 'touchend'] as const;
/** Listened to passively: a touch on an island never waits for a script before the page scrolls. */
export const PASSIVE: ReadonlySet<string> = new Set(['touchstart', 'touchend']);
const CAPTURED = new Set(['click', 'input', 'change', 'submit', 'touchstart', 'touchend']);
/** Pointer events kept when a finger or a pen makes them (a mouse drags nothing on a slider). */
const POINTER = new Set(['pointerdown', 'pointerup']);
/** How far a finger moves between down and up to make a swipe rather than a tap (a slider's own threshold is 50 px, slider.rules.ts). */
const SWIPE_MIN_PX = 10;
/** Keys that move within a composite widget (WAI-ARIA: tabs, menus, listboxes, radio groups, trees, grids). */
const NAVIGATION_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const COMPOSITE_ITEM = '[role="tab"], [role="menuitem"], [role="option"], [role="radio"], [role="treeitem"], [role="gridcell"], [role="slider"]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** A field's value as the visitor left it: hydration may reset some (React sets a controlled select, a prerendered textarea). */
type FieldValue = { checked: boolean } | { value: string } | { selected: boolean[] };
const earlyValues = new WeakMap<Field, FieldValue>();
/** Fields with an IME composition under way (compositionstart seen, compositionend not yet). */
const composing = new WeakSet<Element>();

/**
 * Follows IME compositions in the island (for replay: a composing field is told after it ends);
 * returns what stops following.
 */
export function followCompositions(island: HTMLElement): () => void {
  const started = (event: Event) => event.target instanceof Element && composing.add(event.target);
  const ended = (event: Event) => event.target instanceof Element && composing.delete(event.target);
  island.addEventListener('compositionstart', started, true);
  island.addEventListener('compositionend', ended, true);
  return () => {
    island.removeEventListener('compositionstart', started, true);
    island.removeEventListener('compositionend', ended, true);
  };
}

export type EarlyAction =
  | { kind: 'field'; field: Field; events: Array<'input' | 'change'> }
  | { kind: 'click'; target: HTMLElement; held: boolean }
  | { kind: 'key'; target: HTMLElement; island: HTMLElement; init: KeyboardEventInit }
  | { kind: 'touch'; target: HTMLElement; event: Event }
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Decides whether an event on a not-yet-hydrated island is kept for replay, and holds (prevents)
 * what would leave the page: a link followed or a form sent before the widget can decide.
 * Returns whether the event was kept.
 */
export function capture(event: Event, island: HTMLElement, queue: Event[]): boolean {
  if (event.type === 'keydown') {
    if (!movesWithinWidget(event)) return false;
    queue.push(event);
    event.preventDefault();
    return true;
  }
  if (POINTER.has(event.type)) {
    if (!isPointer(event) || event.pointerType === 'mouse') return false;
    queue.push(event);
    return true;
  }
  if (!CAPTURED.has(event.type)) return false;
  // A click with a modifier (new tab, new window, download) is the browser's, not the widget's.
  if (event.type === 'click' && hasModifier(event)) return false;
  queue.push(event);
  if (event.target instanceof Element && isField(event.target)) earlyValues.set(event.target, valueOf(event.target));
  if (event.type === 'submit' || (event.type === 'click' && leavingLink(event, island))) event.preventDefault();
  return true;
}

/** The visitor's events as things to do again, in order, each field once (at its last change). */
export function planReplay(events: readonly Event[], island: HTMLElement): EarlyAction[] {
  const actions: Array<EarlyAction | undefined> = [];
  const fieldAt = new Map<Field, number>();
  const submitted = new Set(events.flatMap((event) => (event.type === 'submit' && event.target instanceof HTMLFormElement ? [event.target] : [])));
  const touch = (field: Field, type?: 'input' | 'change') => {
    const before = fieldAt.get(field);
    const seen = before === undefined ? [] : (actions[before] as Extract<EarlyAction, { kind: 'field' }>).events;
    if (before !== undefined) actions[before] = undefined;
    fieldAt.set(field, actions.length);
    actions.push({ kind: 'field', field, events: type && !seen.includes(type) ? [...seen, type] : seen });
  };
  for (const event of events) {
    const target = event.target;
    if (!(target instanceof HTMLElement)) continue;
    if (event.type === 'keydown' && event instanceof KeyboardEvent) {
      const { key, code, shiftKey } = event;
      actions.push({ kind: 'key', target, island, init: { key, code, shiftKey, bubbles: true, cancelable: true } });
    } else if (event.type === 'touchstart' || event.type === 'touchend') {
      actions.push({ kind: 'touch', target, event });
    } else if (event.type === 'pointerup' && isPointer(event)) {
      const down = swipeStart(events, event);
      if (down?.target instanceof HTMLElement) actions.push({ kind: 'touch', target: down.target, event: down }, { kind: 'touch', target, event });
    } else if (event.type === 'submit' && target instanceof HTMLFormElement) {
      actions.push({ kind: 'submit', form: target, submitter: submitterOf(event) });
    } else if ((event.type === 'input' || event.type === 'change') && isField(target)) {
      touch(target, isCheckable(target) ? undefined : event.type);
    } else if (event.type === 'click') {
      // A label's click reaches its control as a click of its own (replayed there), or only focuses it.
      if (target instanceof HTMLLabelElement && target.control) continue;
      if (isField(target) && isCheckable(target)) touch(target);
      else if (isSubmitButton(target) && target.form && submitted.has(target.form)) continue;
      // A click on a media element's own controls was the browser's (it played or paused): again, it would undo it (issue 49.6).
      else if (!isField(target) && !(target instanceof HTMLMediaElement)) actions.push({ kind: 'click', target, held: leavingLink(event, island) });
    }
  }
  return actions.filter((action): action is EarlyAction => action !== undefined);
}

/**
 * Does the planned actions again. `hydrated` false: the view could not hydrate, so only the held
 * link and submit go on, to the browser.
 */
export function replay(actions: readonly EarlyAction[], hydrated: boolean) {
  for (const action of actions) {
    if (action.kind === 'field') {
      if (!hydrated || !action.field.isConnected) continue;
      const { field, events } = action;
      // Told at its end with the value as composed then (the one kept at the last input was mid-way).
      const composed = () => {
        earlyValues.delete(field);
        announce(field, events);
      };
      if (composing.has(field)) field.addEventListener('compositionend', composed, { once: true });
      else announce(field, events);
    } else if (action.kind === 'click') {
      if ((hydrated || action.held) && action.target.isConnected) action.target.click();
    } else if (action.kind === 'key') {
      // Pressed where focus is now: the key before it may have moved focus to the next tab.
      const focused = action.island.ownerDocument.activeElement;
      const target = focused instanceof HTMLElement && action.island.contains(focused) && focused.matches(COMPOSITE_ITEM) ? focused : action.target;
      if (hydrated && target.isConnected) target.dispatchEvent(new KeyboardEvent('keydown', action.init));
    } else if (action.kind === 'touch') {
      // The visitor's own event, dispatched again once it is done (the DOM allows it): its touches and
      // their coordinates are the visitor's, where no browser lets a script build a Touch of its own.
      if (hydrated && action.target.isConnected) action.target.dispatchEvent(action.event);
    } else if (action.form.isConnected) {
      const submitter = action.submitter && action.submitter.isConnected && isSubmitButton(action.submitter) ? action.submitter : null;
      action.form.requestSubmit(submitter);
    }
  }
}

/**
 * Tells the hydrated view about a value the visitor gave the field before it existed. React hydrates
 * over the field's current value and tracks it, so it would see no change: the value is set to
 * something else through the element's own setter (which React's tracker sees) and back through the
 * prototype's (which it does not), then the field gets the event the view listens to.
 */
function announce(field: Field, events: ReadonlyArray<'input' | 'change'>) {
  const early = earlyValues.get(field) ?? valueOf(field);
  earlyValues.delete(field);
  if (field instanceof HTMLSelectElement) {
    const selected = 'selected' in early ? early.selected : [];
    [...field.options].forEach((option, index) => (option.selected = selected[index] ?? option.selected));
    if ([...field.options].some((option) => option.selected !== option.defaultSelected)) field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && isCheckable(field)) {
    const checked = 'checked' in early ? early.checked : field.checked;
    // A radio is unticked only by ticking another of its group, which is the one announced.
    if (checked === field.defaultChecked || (field.type === 'radio' && !checked)) return;
    // From the state before the visitor's click, the same click again: the box ends as the visitor left it.
    field.checked = !checked;
    field.click();
    return;
  }
  const value = 'value' in early ? early.value : field.value;
  if (value === field.defaultValue && field.value === value) return;
  const selection = selectionOf(field);
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  if (selection) field.setSelectionRange(selection.start, selection.end, selection.direction);
  if (value === field.defaultValue) return;
  for (const type of events.length > 0 ? events : (['input'] as const)) field.dispatchEvent(new Event(type, { bubbles: true }));
}

function valueOf(field: Field): FieldValue {
  if (field instanceof HTMLSelectElement) return { selected: [...field.options].map((option) => option.selected) };
  if (isCheckable(field)) return { checked: field.checked };
  return { value: field.value };
}

function selectionOf(field: HTMLInputElement | HTMLTextAreaElement) {
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection } = field;
    if (start === null || end === null) return undefined;
    return { start, end, direction: selectionDirection ?? undefined };
  } catch {
    return undefined; // types without a text selection (email in some browsers) throw
  }
}

/** Read by its fields, not `instanceof`: a test DOM may have no PointerEvent class. */
function isPointer(event: Event): event is PointerEvent {
  return 'pointerType' in event && 'pointerId' in event;
}

/** The pointerdown a pointerup ends, if the two make a swipe (a tap's pair is left out: its click is replayed). */
function swipeStart(events: readonly Event[], up: PointerEvent): PointerEvent | undefined {
  const down = events
    .slice(0, events.indexOf(up))
    .reverse()
    .find((event): event is PointerEvent => isPointer(event) && event.type === 'pointerdown' && event.pointerId === up.pointerId);
  if (!down) return undefined;
  return Math.hypot(up.clientX - down.clientX, up.clientY - down.clientY) >= SWIPE_MIN_PX ? down : undefined;
}

/** An arrow key, Home or End on an item of a composite widget (a tab): the widget's, once it has loaded. */
function movesWithinWidget(event: Event): boolean {
  if (!(event instanceof KeyboardEvent) || !NAVIGATION_KEYS.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.target instanceof Element && !isField(event.target) && event.target.matches(COMPOSITE_ITEM);
}

function hasModifier(event: Event): boolean {
  return event instanceof MouseEvent && (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
}

/** A click on a link inside the island would take the visitor away from the page (a submit is held as a submit). */
function leavingLink(event: Event, island: HTMLElement): boolean {
  const link = event.target instanceof Element ? event.target.closest('a[href], area[href]') : null;
  return link !== null && island.contains(link);
}

function submitterOf(event: Event): HTMLElement | null {
  return 'submitter' in event && event.submitter instanceof HTMLElement ? event.submitter : null;
}

function isField(element: Element): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function isSubmitButton(element: Element): element is HTMLButtonElement | HTMLInputElement {
  if (element instanceof HTMLButtonElement) return element.type === 'submit';
  return element instanceof HTMLInputElement && (element.type === 'submit' || element.type === 'image');
}
