// @vitest-environment jsdom
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, setup, type ActorRefFrom } from 'xstate';
import { Island } from './render/Island';
import { createTestClock } from './test-clock';
import { startIslands, type IslandController } from './islands';
import { defineSettings } from './settings';
import { defineWidget, type RuntimeWidget } from './widget';

/**
 * Issue 22: what a visitor does before an island hydrates ends as the visitor left it, and the
 * hydrated view learns it. A form whose every control is controlled by its machine, so a control
 * the view did not hear about would be put back to the machine's value on the next render.
 */
interface Values {
  ticked: boolean;
  choice: string;
  topic: string;
  name: string;
}
const formMachine = setup({
  types: {} as {
    context: Values & { sent: number; heard: number };
    events: { type: 'field.set'; values: Partial<Values> } | { type: 'form.send' };
  },
  actions: {
    set: assign(({ context, event }) => (event.type === 'field.set' ? { ...event.values, heard: context.heard + 1 } : {})),
    send: assign({ sent: ({ context }) => context.sent + 1 }),
  },
}).createMachine({
  id: 'form',
  context: { ticked: false, choice: 'post', topic: '', name: '', sent: 0, heard: 0 },
  on: { 'field.set': { actions: 'set' }, 'form.send': { actions: 'send' } },
  initial: 'open',
  // A timer, so the report can show whether the actor still runs.
  states: { open: { after: { 60_000: { target: 'open', reenter: true } } } },
});

function FormView({ actorRef }: { actorRef: ActorRefFrom<typeof formMachine> }) {
  const { ticked, choice, topic, name, sent, heard } = useSelector(actorRef, (s) => s.context);
  const set = (values: Partial<Values>) => actorRef.send({ type: 'field.set', values });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'form.send' });
  };
  return (
    <form action="/elsewhere/" onSubmit={submit}>
      <input id="ticked" type="checkbox" checked={ticked} onChange={(e) => set({ ticked: e.target.checked })} />
      <label htmlFor="ticked">Tick</label>
      {['post', 'phone'].map((value) => (
        <label key={value}>
          <input type="radio" name="choice" value={value} checked={choice === value} onChange={() => set({ choice: value })} /> {value}
        </label>
      ))}
      <select aria-label="Topic" value={topic} onChange={(e) => set({ topic: e.target.value })}>
        <option value="">Choose</option>
        <option value="care">Care</option>
      </select>
      <input aria-label="Name" value={name} onChange={(e) => set({ name: e.target.value })} />
      <button type="submit">Send</button>
      <output>
        sent {sent} heard {heard}
      </output>
    </form>
  );
}

const form = defineWidget({ name: 'form', settings: defineSettings('form', {}), machine: formMachine, input: () => ({}), View: FormView });

/** A view that throws while hydrating, over prerendered markup with a link. */
let throwing = false;
function FragileView() {
  if (throwing) throw new Error('broken content');
  return (
    <p>
      <a href="/story/">Read the story</a>
    </p>
  );
}
const fragile: RuntimeWidget = { ...form, name: 'fragile', View: FragileView };

let controller: IslandController | undefined;
afterEach(() => {
  controller?.stop();
  controller = undefined;
  throwing = false;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The island, with its widget's chunk held until the test releases it (a slow phone). */
function slowPage(widget: RuntimeWidget) {
  document.body.innerHTML = `<main>${renderToString(<Island widget={widget} hydrate="interaction" />)}</main>`;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const clock = createTestClock();
  controller = startIslands(document.body, { registry: { [widget.name]: () => held.then(() => ({ default: widget })) }, clock });
  const island = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  return { island, clock, release };
}

const $ = <T extends Element>(selector: string) => document.querySelector(selector) as T;
const output = () => $<HTMLOutputElement>('output').textContent;

describe('input before hydration, replayed', () => {
  it('a box ticked (on its label) before hydration stays ticked, and the view hears it once', async () => {
    const { island, release } = slowPage(form);
    $<HTMLLabelElement>('label[for="ticked"]').click();
    expect($<HTMLInputElement>('#ticked').checked).toBe(true);
    expect(island.dataset.island).not.toBe('hydrated');
    release();
    await controller?.settled();
    expect(island.dataset.island).toBe('hydrated');
    expect($<HTMLInputElement>('#ticked').checked).toBe(true);
    expect(output()).toBe('sent 0 heard 1');
    expect(controller?.report().actors[0]?.state).toBeDefined();
  });

  it('a box ticked and unticked again is left alone', async () => {
    const { release } = slowPage(form);
    $<HTMLInputElement>('#ticked').click();
    $<HTMLInputElement>('#ticked').click();
    release();
    await controller?.settled();
    expect($<HTMLInputElement>('#ticked').checked).toBe(false);
    expect(output()).toBe('sent 0 heard 0');
  });

  it('a radio chosen, an option selected and text typed are kept, and the view hears each', async () => {
    const { release } = slowPage(form);
    const phone = $<HTMLInputElement>('input[value="phone"]');
    phone.click();
    const select = $<HTMLSelectElement>('select');
    select.value = 'care';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const name = $<HTMLInputElement>('input[aria-label="Name"]');
    for (const value of ['A', 'Ad', 'Ada']) {
      name.value = value;
      name.dispatchEvent(new Event('input', { bubbles: true }));
    }
    release();
    await controller?.settled();
    expect(phone.checked).toBe(true);
    expect($<HTMLInputElement>('input[value="post"]').checked).toBe(false);
    expect(select.value).toBe('care');
    expect(name.value).toBe('Ada');
    // Three fields, each heard once (the name at its last value).
    expect(output()).toBe('sent 0 heard 3');
    // The machine holds what the page shows: a render now keeps it.
    $<HTMLInputElement>('#ticked').click();
    await vi.waitFor(() => expect(output()).toBe('sent 0 heard 4'));
    expect([phone.checked, select.value, name.value]).toEqual([true, 'care', 'Ada']);
  });

  it('a field mid-way through an IME composition when the view arrives is left alone until the composition ends, then heard (issue 49.5)', async () => {
    const { release } = slowPage(form);
    const name = $<HTMLInputElement>('input[aria-label="Name"]');
    const setter = vi.spyOn(name, 'value', 'set');
    name.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    name.value = 'にほ';
    name.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true }));
    setter.mockClear();
    release();
    await controller?.settled();
    // Setting the value now would end the visitor's composition: nothing touches it.
    expect(setter).not.toHaveBeenCalled();
    expect(output()).toBe('sent 0 heard 0');
    name.value = '日本';
    name.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '日本' }));
    await vi.waitFor(() => expect(output()).toBe('sent 0 heard 1'));
    expect(name.value).toBe('日本');
  });

  it('a form sent with its button before hydration is held, then sent once by the view', async () => {
    const { release } = slowPage(form);
    const followed: boolean[] = [];
    document.addEventListener('submit', (event) => followed.push(!event.defaultPrevented));
    $<HTMLButtonElement>('button[type="submit"]').click();
    expect(followed).toEqual([false]);
    release();
    await controller?.settled();
    expect(output()).toBe('sent 1 heard 0');
  });
});

describe('a view that throws while hydrating', () => {
  it('marks the island failed, stops its actor, logs one error naming it, and keeps the prerendered link working', async () => {
    const { island, clock, release } = slowPage(fragile);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const link = $<HTMLAnchorElement>('a');
    const followed: boolean[] = [];
    document.addEventListener('click', (event) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault(); // jsdom cannot navigate; the test reads whether the page would have
    });
    throwing = true;
    link.click();
    // Held while the widget loads, as any early link.
    expect(followed).toEqual([false]);
    release();
    await controller?.settled();
    await vi.waitFor(() => expect(island.dataset.island).toBe('failed'));
    expect(errors).toHaveBeenCalledOnce();
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/^\[sitecharts\] fragile \(island fragile-\d+-\) failed/);
    expect(controller?.report()).toEqual({ actors: [], timers: 0 });
    expect(clock.pending()).toBe(0);
    // The held click went on to the browser, and the link is still the prerendered one and works.
    expect(followed).toEqual([false, true]);
    await vi.waitFor(() => expect(island.querySelector('a')?.textContent).toBe('Read the story'));
    island.querySelector('a')?.click();
    expect(followed).toEqual([false, true, true]);
  });

  it('run by a behaviour before its view, the actor stops when the view throws', async () => {
    document.body.innerHTML = `<main>${renderToString(<Island widget={fragile} hydrate="visible" />)}</main>`;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const clock = createTestClock();
    controller = startIslands(document.body, {
      registry: { fragile: async () => ({ default: fragile }) },
      // The behaviour's actor runs against the markup until the visitor touches the island.
      behaviours: { fragile: async () => ({ default: { ...fragile, viewNeeded: () => false } }) },
      clock,
    });
    await controller.settled();
    const island = $<HTMLElement>('[data-widget]');
    expect(island.dataset.island).toBe('running');
    expect(clock.pending()).toBe(1);
    throwing = true;
    $<HTMLAnchorElement>('a').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await controller.settled();
    await vi.waitFor(() => expect(island.dataset.island).toBe('failed'));
    expect(clock.pending()).toBe(0);
    expect(controller.report().actors).toEqual([]);
  });
});
