// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { dosingFilterMachine, type DosingFilterEvent } from '../../machines/dosing-filter/dosing-filter.machine';
import { NOT_A_NUMBER_MESSAGE } from '../../machines/dosing-filter/dosing-filter.rules';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import dosingBehaviour, { drawDosingFilter } from './behaviour';
import type { DosingContent } from './DosingFilter';
import dosingFilter from './widget';

const ALERT = 'Call your doctor for a child under 6 lb.';
const CONTENT: DosingContent = {
  caption: 'Doses by weight',
  columns: ['Weight', 'Acetaminophen', 'Ibuprofen'],
  alert: ALERT,
  rows: [
    { w1: 6, w2: 11, label: '6–11 lb', cells: ['40 mg', '—'] },
    { w1: 12, w2: 23, label: '12–23 lb', cells: ['80 mg', '50 mg'] },
    { w1: 24, w2: 35, label: '24–35 lb', cells: ['160 mg', '100 mg'] },
  ],
};

const prerendered = () => renderToString(<Island widget={dosingFilter} content={CONTENT} hydrate="idle" id="dosing-table" />);

const change = (value: string): DosingFilterEvent => ({ type: 'filter.change', value });
const compose = (value: string): DosingFilterEvent => ({ type: 'filter.compose', value });

/** The machine after the visitor's events. */
function after(events: DosingFilterEvent[]) {
  const actor = createActor(dosingFilterMachine, { input: { alertMessage: ALERT }, clock: createTestClock() }).start();
  for (const event of events) actor.send(event);
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof after>): string {
  const View = dosingFilter.View;
  const html = renderToString(<View actorRef={actor} settings={{ reportTyped: 'masked' }} content={CONTENT} slots={{}} />);
  const markup = /<div class="dosing">[\s\S]*<\/table><\/div>/;
  expect(prerendered()).toMatch(markup);
  return prerendered().replace(markup, html);
}

/** The prerendered island with `bind` drawn for the snapshot after each prefix of `events` in turn, as the running behaviour draws them. */
function drawn(events: DosingFilterEvent[]) {
  const host = document.createElement('div');
  host.innerHTML = prerendered();
  const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  const actor = createActor(dosingFilterMachine, { input: { alertMessage: ALERT }, clock: createTestClock() }).start();
  drawDosingFilter(island, actor.getSnapshot(), CONTENT);
  const rows: Element[][] = [[...island.querySelectorAll('tbody tr')]];
  for (const event of events) {
    actor.send(event);
    drawDosingFilter(island, actor.getSnapshot(), CONTENT);
    rows.push([...island.querySelectorAll('tbody tr')]);
  }
  return { host, island, rows };
}

/** What a visitor and a screen reader get from the island: its text, and the field's value. */
const textOf = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.querySelector('[data-widget]')?.textContent;
};

cleanUpAnsweringPages();

describe('the dosing filter behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { name: 'before any change', events: [] },
    { name: 'a weight (28)', events: [change('28')] },
    { name: "'all'", events: [change('all')] },
    { name: 'below 6 lb (5)', events: [change('5')] },
    { name: 'not a number (abc)', events: [change('abc')] },
    { name: 'an emptied field', events: [change('28'), change('')] },
    { name: 'an input method composing after a weight', events: [change('28'), compose('２')] },
    { name: 'a change after a change (28, then 12)', events: [change('28'), change('12')] },
    { name: "'all' after not a number", events: [change('abc'), change('all')] },
  ])('$name: the same field, alert, status, header and rows as the view, with the same text', ({ events }) => {
    const { host, island } = drawn(events);
    const actor = after(events);
    const view = viewOf(actor);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(view));
    expect(island.textContent).toBe(textOf(view));
    expect(island.querySelector('input')?.value).toBe(actor.getSnapshot().context.value);
    if (events.length > 0) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });

  it('every change makes new row elements, as the view’s keys do, so their fade-in plays again; a composition does not', () => {
    const { rows } = drawn([change('28'), compose('２'), change('12')]);
    const [before, first, composing, second] = rows as [Element[], Element[], Element[], Element[]];
    expect(first.some((row) => before.includes(row))).toBe(false);
    expect(composing).toEqual(first);
    expect(second.some((row) => composing.includes(row))).toBe(false);
    expect(second.map((row) => row.textContent)).toEqual(before.map((row) => row.textContent));
  });

  it('an unchanged state writes nothing: the field, the caret and the rows stay as they are', () => {
    const { island } = drawn([change('28')]);
    const field = island.querySelector('input') as HTMLInputElement;
    field.setSelectionRange(1, 1);
    const seen: MutationRecord[] = [];
    const observer = new MutationObserver((records) => seen.push(...records));
    observer.observe(island, { subtree: true, childList: true, attributes: true, characterData: true });
    drawDosingFilter(island, after([change('28')]).getSnapshot(), CONTENT);
    observer.takeRecords().forEach((record) => seen.push(record));
    observer.disconnect();
    expect(seen).toEqual([]);
    expect([field.selectionStart, field.selectionEnd]).toEqual([1, 1]);
  });
});

const field = () => document.querySelector<HTMLInputElement>('#filter') as HTMLInputElement;
const shown = () => [...document.querySelectorAll<HTMLElement>('tbody tr')].filter((row) => !row.hidden).map((row) => row.querySelector('th')?.textContent);
const status = () => document.querySelector('[role="status"]')?.textContent;
const alertShown = () => {
  const alert = document.querySelector<HTMLElement>('[role="alert"]');
  return alert?.hidden ? null : alert?.textContent;
};

/** The visitor types into the field: the browser writes the text, then the field gets its `input`. */
function type(value: string, composing = false) {
  // Through the prototype's setter, as the browser writes it: React's value tracker does not see it.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field(), value);
  field().dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: composing }));
}

/** Counts the row elements the page takes out: one set of rows per change. */
function rowsReplaced() {
  let removed = 0;
  const observer = new MutationObserver((records) => records.forEach((record) => (removed += record.removedNodes.length)));
  observer.observe(document.querySelector('tbody') as Element, { childList: true });
  return () => {
    observer.takeRecords().forEach((record) => (removed += record.removedNodes.length));
    return removed;
  };
}

describe('the dosing filter answers typing without its view (issue 35, goal 2)', () => {
  it('“28” typed before the chunk arrives shows in the field at once, then filters the table once it arrives, once; the view never loads', async () => {
    const { island, view, release, controller } = answeringPage(prerendered(), dosingFilter, dosingBehaviour);
    field().dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    type('2');
    type('28');
    expect(field().value).toBe('28');
    expect(shown()).toHaveLength(3);
    const replaced = rowsReplaced();
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    // The text and the caret as the visitor left them: the next key goes after the 8.
    expect([field().value, field().selectionStart]).toEqual(['28', 2]);
    expect(shown()).toEqual(['24–35 lb']);
    expect(status()).toBe('1 of 3 rows shown.');
    expect(alertShown()).toBeNull();
    // One change, not two: the kept typing reaches the behaviour once, at its last value.
    expect(replaced()).toBe(3);
    expect(controller.report().actors.map((actor) => actor.state)).toEqual(['showingMatches']);
    expect(view).not.toHaveBeenCalled();
  });

  it('answering: a weight, "all" from the suggestions, below 6 lb, not a number, and an input method’s composition', async () => {
    const { island, view, release, controller } = answeringPage(prerendered(), dosingFilter, dosingBehaviour);
    release();
    field().dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    type('12');
    expect([shown(), status(), alertShown()]).toEqual([['12–23 lb'], '1 of 3 rows shown.', null]);
    // Chromium gives a datalist's choice as an `input` of its value.
    type('all');
    expect([shown(), status(), alertShown()]).toEqual([['6–11 lb', '12–23 lb', '24–35 lb'], '3 of 3 rows shown.', ALERT]);
    expect(document.querySelector<HTMLElement>('thead')?.hidden).toBe(false);
    type('5');
    expect([shown(), status(), alertShown()]).toEqual([[], '', ALERT]);
    expect(document.querySelector<HTMLElement>('thead')?.hidden).toBe(true);
    type('abc');
    expect([field().value, shown(), alertShown()]).toEqual(['', [], NOT_A_NUMBER_MESSAGE]);
    type('28');
    // A Japanese IME writes "２" before "2" is committed: the text stays, nothing is filtered or cleared.
    type('２', true);
    expect([field().value, shown(), alertShown()]).toEqual(['２', ['24–35 lb'], null]);
    field().value = '12';
    field().dispatchEvent(new CompositionEvent('compositionend', { bubbles: true }));
    expect([field().value, shown(), status()]).toEqual(['12', ['12–23 lb'], '1 of 3 rows shown.']);
    expect(view).not.toHaveBeenCalled();
  });

  it('the view, when asked for (the inspector, hydrateAll), hydrates over the state the behaviour drew', async () => {
    const { island, view, release, controller } = answeringPage(prerendered(), dosingFilter, dosingBehaviour);
    release();
    field().dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await controller.settled();
    type('40');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await controller.hydrateAll();
    } finally {
      console.error = original;
    }
    expect(view).toHaveBeenCalledTimes(1);
    expect(island.dataset.island).toBe('hydrated');
    expect(errors).toEqual([]);
    expect([field().value, shown()]).toEqual(['40', []]);
    type('30');
    await vi.waitFor(() => expect(shown()).toEqual(['24–35 lb']));
  });
});
