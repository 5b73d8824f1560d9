// @vitest-environment jsdom
import { useSelector } from '@xstate/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { assign, setup, type ActorRefFrom } from 'xstate';
import { StubIntersectionObserver } from '../tests/support/intersection-observer';
import { Island } from './render/Island';
import { createTestClock } from './test-clock';
import { startIslands, type IslandController } from './islands';
import { startFetch } from './start-fetch';
import { defineSettings, setting } from './settings';
import { Slot, type Slots } from './slots';
import { defineBehaviour, defineWidget, type WidgetRegistry } from './widget';

/** A tiny widget: a counter with a settings-driven step and a timer that ticks while 'running'. */
const counterMachine = setup({
  types: {} as { context: { count: number; step: number }; input: { step: number }; events: { type: 'count.add' } },
  actions: { add: assign({ count: ({ context }) => context.count + context.step }) },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({ count: 0, step: input.step }),
  initial: 'running',
  states: { running: { after: { 1000: 'done' }, on: { 'count.add': { actions: 'add' } } }, done: {} },
});

function CounterView({ actorRef, content, slots }: { actorRef: ActorRefFrom<typeof counterMachine>; content: { label: string }; slots: Slots }) {
  const count = useSelector(actorRef, (s) => s.context.count);
  return (
    <div>
      <button type="button" onClick={() => actorRef.send({ type: 'count.add' })}>
        {content.label} {count}
      </button>
      <Slot name="note" slots={slots} />
    </div>
  );
}

const counter = defineWidget({
  name: 'counter',
  settings: defineSettings('counter', { step: setting.number(1, { min: 1 }) }),
  machine: counterMachine,
  input: (settings) => ({ step: settings.step }),
  View: CounterView,
});

const registry: WidgetRegistry = { counter: async () => ({ default: counter }) };

/** A widget whose link the view handles (as the lightbox does): it counts opens instead of navigating. */
function LinkedView({ actorRef }: { actorRef: ActorRefFrom<typeof counterMachine> }) {
  const count = useSelector(actorRef, (s) => s.context.count);
  return (
    <a
      href="/elsewhere/"
      onClick={(event) => {
        event.preventDefault();
        actorRef.send({ type: 'count.add' });
      }}
    >
      Opened {count}
    </a>
  );
}
const linked = defineWidget({ ...counter, name: 'linked', View: LinkedView });

let controller: IslandController | undefined;
afterEach(() => {
  controller?.stop();
  controller = undefined;
  document.body.innerHTML = '';
});

function page(settings: Record<string, string | number> = {}, hydrate: 'visible' | 'idle' | 'interaction' = 'interaction') {
  document.body.innerHTML = `<main>${renderToString(
    <Island widget={counter} settings={settings} content={{ label: 'Add' }} hydrate={hydrate} slots={{ note: <em>Prerendered note</em> }} />,
  )}</main>`;
  return document.querySelector<HTMLElement>('[data-widget="counter"]') as HTMLElement;
}

const button = () => document.querySelector('button') as HTMLButtonElement;

describe('islands', () => {
  it('prerenders the view with its settings as data-* attributes and its content beside it', () => {
    const element = page({ step: 2 });
    expect(element.getAttribute('data-step')).toBe('2');
    expect(element.nextElementSibling?.getAttribute('data-island-content')).toBe('');
    expect(button().textContent).toBe('Add 0');
    expect(element.querySelector('[data-slot="note"]')?.innerHTML).toBe('<em>Prerendered note</em>');
  });

  it('hydrates on first interaction and replays the click that started it', async () => {
    const element = page({ step: 3 });
    const clock = createTestClock();
    controller = startIslands(document.body, { registry, clock });
    expect(element.dataset.island).toBe('waiting');
    button().click();
    await controller.settled();
    await vi.waitFor(() => expect(button().textContent).toBe('Add 3'));
    expect(element.dataset.island).toBe('hydrated');
    expect(element.querySelector('[data-slot="note"]')?.innerHTML).toBe('<em>Prerendered note</em>');
  });

  it('a tap kept while the view loads is acknowledged at once: the island busy, the button pressed, until the view answers (issue 35)', async () => {
    const element = page({ step: 2 });
    let arrive: (() => void) | undefined;
    const slow: WidgetRegistry = { counter: () => new Promise((resolve) => (arrive = () => resolve({ default: counter }))) };
    controller = startIslands(document.body, { registry: slow, clock: createTestClock() });
    button().click();
    // Before the widget's chunk has arrived: heard, shown, not yet answered.
    expect(element.getAttribute('aria-busy')).toBe('true');
    expect(button().hasAttribute('data-sc-pressed')).toBe(true);
    expect(button().textContent).toBe('Add 0');
    await vi.waitFor(() => expect(arrive).toBeDefined());
    expect(element.getAttribute('aria-busy')).toBe('true');
    arrive?.();
    await controller.settled();
    await vi.waitFor(() => expect(button().textContent).toBe('Add 2'));
    expect(element.hasAttribute('aria-busy')).toBe(false);
    expect(element.querySelector('[data-sc-pressed]')).toBeNull();
  });

  it('islands whose strategy fires while a touched island loads wait for it: the visitor\'s tap loads first (issue 35)', async () => {
    document.body.innerHTML = `<main>${renderToString(
      <>
        <Island widget={counter} settings={{ step: 2 }} content={{ label: 'Add' }} hydrate="interaction" slots={{}} />
        <Island widget={linked} settings={{}} content={{ label: 'Link' }} hydrate="idle" slots={{}} />
      </>,
    )}</main>`;
    const [tapped, idle] = [...document.querySelectorAll<HTMLElement>('[data-widget]')];
    let arrive: (() => void) | undefined;
    const asked: string[] = [];
    const clock = createTestClock();
    controller = startIslands(document.body, {
      clock,
      registry: {
        counter: () => new Promise((resolve) => (arrive = () => resolve({ default: counter }))),
        linked: async () => {
          asked.push('linked');
          return { default: linked };
        },
      },
    });
    // The visitor's first tap on the page, on the counter: it lets the idle island load too.
    button().dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button().click();
    await vi.waitFor(() => expect(arrive).toBeDefined());
    clock.advanceBy(1_000);
    await Promise.resolve();
    expect(asked).toEqual([]);
    expect(idle?.dataset.island).toBe('waiting');
    arrive?.();
    await vi.waitFor(() => expect(tapped?.dataset.island).toBe('hydrated'));
    await vi.waitFor(() => expect(idle?.dataset.island).toBe('hydrated'));
    expect(asked).toEqual(['linked']);
    expect(button().textContent).toBe('Add 2');
  });

  it('gives every actor the one clock, and reports live actors and timers', async () => {
    page();
    const clock = createTestClock();
    controller = startIslands(document.body, { registry, clock });
    await controller.hydrateAll();
    expect(controller.report()).toMatchObject({ actors: [{ widget: 'counter', state: 'running' }], timers: 1 });
    clock.advanceBy(1000);
    expect(controller.report()).toMatchObject({ actors: [{ state: 'done' }], timers: 0 });
  });

  it('stops the actor and clears its timers when the island is removed', async () => {
    const element = page();
    const clock = createTestClock();
    controller = startIslands(document.body, { registry, clock });
    await controller.hydrateAll();
    expect(clock.pending()).toBe(1);
    element.remove();
    await vi.waitFor(() => expect(controller?.report()).toEqual({ actors: [], timers: 0 }));
  });

  it('a bad setting falls back to the default with exactly one warning', async () => {
    page({ step: 'lots' });
    const warn = vi.fn();
    controller = startIslands(document.body, { registry, clock: createTestClock(), warn });
    await controller.hydrateAll();
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe('Add 1'));
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('data-step="lots"');
  });

  it('hydrates islands added to the page later', async () => {
    document.body.innerHTML = '<main></main>';
    controller = startIslands(document.body, { registry, clock: createTestClock() });
    const main = document.querySelector('main') as HTMLElement;
    main.innerHTML = renderToString(<Island widget={counter} content={{ label: 'Late' }} hydrate="interaction" />);
    const late = main.querySelector<HTMLElement>('[data-widget="counter"]');
    await vi.waitFor(() => expect(late?.dataset.island).toBe('waiting'));
    await controller.hydrateAll();
    expect(controller.report().actors).toHaveLength(1);
  });

  it('an unknown widget or a bad data-hydrate warns once and never throws', async () => {
    document.body.innerHTML = '<div data-widget="nope"></div><div data-widget="counter" data-hydrate="soon"><div><button type="button">Add 0</button><div data-slot="note"></div></div></div>';
    const warn = vi.fn();
    controller = startIslands(document.body, { registry, clock: createTestClock(), warn });
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      "[sitecharts] no widget named 'nope' is registered; the island stays static.",
      "[sitecharts] counter: data-hydrate=\"soon\" is not one of visible, idle, interaction; using 'visible'.",
    ]);
    expect(document.querySelector<HTMLElement>('[data-widget="nope"]')?.dataset.island).toBe('unknown');
  });

  it('idle islands wait for the visitor to use the page, then hydrate when the browser is idle', async () => {
    const element = page({}, 'idle');
    // jsdom has no requestIdleCallback: the fallback waits 200 ms on the island's clock.
    const clock = createTestClock();
    controller = startIslands(document.body, { registry, clock });
    await controller.settled();
    clock.advanceBy(5_000);
    // Issue 14: nothing the visitor has done needs the widget yet, so neither it nor React loads.
    expect(element.dataset.island).toBe('waiting');
    window.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    clock.advanceBy(199);
    expect(element.dataset.island).toBe('waiting');
    clock.advanceBy(1);
    await controller.settled();
    await vi.waitFor(() => expect(controller?.report().actors).toHaveLength(1));
  });

  it('a link clicked before hydration is held, not followed, and replayed to the hydrated view', async () => {
    document.body.innerHTML = `<main>${renderToString(<Island widget={linked} hydrate="interaction" />)}</main>`;
    controller = startIslands(document.body, { registry: { linked: async () => ({ default: linked }) }, clock: createTestClock() });
    const link = document.querySelector('a') as HTMLAnchorElement;
    const followed: boolean[] = [];
    document.addEventListener('click', (event) => followed.push(!event.defaultPrevented));
    link.click();
    // The first click did not leave the page (its default was prevented until the widget could decide).
    expect(followed).toEqual([false]);
    await controller.settled();
    await vi.waitFor(() => expect(link.textContent).toBe('Opened 1'));
  });

  it('a click while React hydrates reaches the view once: React hears it, the scanner does not keep it too', async () => {
    /** The click to make once the client's render runs (empty on the server's prerender). */
    const clicksWhileHydrating: Array<() => void> = [];
    function EagerView(props: Parameters<typeof CounterView>[0]) {
      // Runs on the client's hydrating render: the click lands after React took the island, before its effects.
      const click = clicksWhileHydrating.shift();
      if (click) queueMicrotask(click);
      return <CounterView {...props} />;
    }
    const eager = defineWidget({ ...counter, name: 'counter', View: EagerView });
    const element = page({ step: 3 });
    controller = startIslands(document.body, { registry: { counter: async () => ({ default: eager }) }, clock: createTestClock() });
    clicksWhileHydrating.push(() => button().click());
    button().click();
    await controller.settled();
    await vi.waitFor(() => expect(element.dataset.island).toBe('hydrated'));
    expect(clicksWhileHydrating).toEqual([]);
    // The first click (kept, replayed) and the second (React's): two, not three.
    await vi.waitFor(() => expect(button().textContent).toBe('Add 6'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button().textContent).toBe('Add 6');
  });

  it('a click with a modifier (open in a new tab) stays the browser\'s', async () => {
    document.body.innerHTML = `<main>${renderToString(<Island widget={linked} hydrate="interaction" />)}</main>`;
    controller = startIslands(document.body, { registry: { linked: async () => ({ default: linked }) }, clock: createTestClock() });
    const link = document.querySelector('a') as HTMLAnchorElement;
    const prevented: boolean[] = [];
    document.addEventListener('click', (event) => prevented.push(event.defaultPrevented));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(prevented).toEqual([false]);
  });
});

describe('an answering behaviour with states only its view shows', () => {
  /** Its count is the button's one text: a behaviour draws up to 1, the view any count. */
  function CountView({ actorRef }: { actorRef: ActorRefFrom<typeof counterMachine> }) {
    const count = useSelector(actorRef, (s) => s.context.count);
    return (
      <button type="button" onClick={() => actorRef.send({ type: 'count.add' })}>
        {String(count)}
      </button>
    );
  }
  const view = defineWidget({ ...counter, name: 'count', View: CountView });
  const behaviour = defineBehaviour({
    ...counter,
    name: 'count',
    // It knows how to draw 0 and 1 only (a slide's animation, say, is the view's).
    bind: (element, snapshot) => {
      if (snapshot.context.count < 2) (element.querySelector('button') as HTMLElement).textContent = String(snapshot.context.count);
    },
    connect: (element, actor) => {
      const add = () => actor.send({ type: 'count.add' });
      element.addEventListener('click', add);
      return () => element.removeEventListener('click', add);
    },
    viewNeeded: (now) => now.context.count >= 2,
  });

  it('answers what it draws, and its view hydrates over the last state drawn, then shows the one it needed', async () => {
    document.body.innerHTML = `<main>${renderToString(<Island widget={view} hydrate="interaction" />)}</main>`;
    const element = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const warn = vi.fn();
    const loadView = vi.fn(async () => ({ default: view }));
    controller = startIslands(document.body, {
      registry: { count: loadView },
      behaviours: { count: { answersInput: true, load: async () => ({ default: behaviour }) } },
      clock: createTestClock(),
      warn,
    });
    button().click();
    await vi.waitFor(() => expect(element.dataset.island).toBe('answering'));
    expect(button().textContent).toBe('1');
    expect(loadView).not.toHaveBeenCalled();
    button().click();
    await vi.waitFor(() => expect(element.dataset.island).toBe('hydrated'));
    await vi.waitFor(() => expect(button().textContent).toBe('2'));
    // Hydrating over the live state (2) where the page showed 1 would be a mismatch React re-renders.
    expect(warn).not.toHaveBeenCalled();
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe('3'));
  });

  it('draws a state once: an event no transition takes leaves the snapshot, and nothing is drawn again (issue 49: work in a tap)', async () => {
    document.body.innerHTML = `<main>${renderToString(<Island widget={view} hydrate="interaction" />)}</main>`;
    const element = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const drawn: number[] = [];
    const drawing = defineBehaviour({
      ...behaviour,
      bind: (island, snapshot) => {
        drawn.push(snapshot.context.count);
        behaviour.bind?.(island, snapshot, undefined);
      },
      // A press anywhere is told to the machine, which takes no transition for it (as the header search's outside press).
      connect: (island, actor) => {
        const stop = behaviour.connect?.(island, actor, undefined);
        const elsewhere = () => actor.send({ type: 'page.pressed' } as unknown as { type: 'count.add' });
        island.ownerDocument.addEventListener('pointerdown', elsewhere);
        return () => {
          stop?.();
          island.ownerDocument.removeEventListener('pointerdown', elsewhere);
        };
      },
      viewNeeded: () => false,
    });
    controller = startIslands(document.body, {
      registry: { count: async () => ({ default: view }) },
      behaviours: { count: { answersInput: true, load: async () => ({ default: drawing }) } },
      clock: createTestClock(),
      warn: vi.fn(),
    });
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe('1'));
    // The first state once (the start tells the observer, which draws it), then the tap's.
    expect(drawn).toEqual([0, 1]);
    const before = drawn.length;
    for (let press = 0; press < 3; press++) document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(drawn).toHaveLength(before);
    button().click();
    expect(drawn.slice(before)).toEqual([2]);
    expect(element.dataset.island).toBe('answering');
  });

  it('asks for what the behaviour fetches as it starts beside its chunk, once per page (issue 35: the donate button\'s site config)', async () => {
    document.body.innerHTML = `<main>${renderToString(<Island widget={view} hydrate="interaction" />)}${renderToString(<Island widget={view} hydrate="interaction" />)}</main>`;
    const fetched: string[] = [];
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('{"provider":null}', { headers: { 'content-type': 'application/json' } }));
    });
    let arrive: () => void = () => undefined;
    const chunk = new Promise<void>((resolve) => (arrive = resolve));
    controller = startIslands(document.body, {
      registry: { count: async () => ({ default: view }) },
      behaviours: { count: { answersInput: true, load: () => chunk.then(() => ({ default: behaviour })), fetches: ['/site-config.json'] } },
      clock: createTestClock(),
      warn: vi.fn(),
    });
    for (const control of document.querySelectorAll('button')) control.click();
    // Asked for while the chunk is still on its way, not once it has arrived; the behaviour takes that answer.
    expect(fetched).toEqual(['/site-config.json']);
    arrive();
    await vi.waitFor(() => expect([...document.querySelectorAll<HTMLElement>('[data-widget]')].map((island) => island.dataset.island)).toEqual(['answering', 'answering']));
    await expect(startFetch('/site-config.json')).resolves.toEqual({ provider: null });
    expect(fetched).toHaveLength(1);
  });
});

describe('visible islands', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    StubIntersectionObserver.last = undefined;
  });

  it('a data-hydrate="visible" island waits until it intersects the viewport (200 px margin), then hydrates', async () => {
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const element = page({ step: 2 }, 'visible');
    controller = startIslands(document.body, { registry, clock: createTestClock() });
    const observer = StubIntersectionObserver.last;
    expect(observer?.options.rootMargin).toBe('200px');
    expect(observer?.observed.has(element)).toBe(true);

    await controller.settled();
    expect(element.dataset.island).toBe('waiting');
    expect(controller.report().actors).toHaveLength(0);

    // Reported, but still off screen: nothing loads.
    observer?.report(element, false);
    await controller.settled();
    expect(element.dataset.island).toBe('waiting');
    expect(controller.report().actors).toHaveLength(0);

    observer?.report(element, true);
    await controller.settled();
    expect(element.dataset.island).toBe('hydrated');
    expect(controller.report().actors).toHaveLength(1);
    expect(observer?.observed.has(element)).toBe(false);
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe('Add 2'));
  });
});

describe('island ids', () => {
  it('a view using useId hydrates with the same ids it was prerendered with, one prefix per island', async () => {
    const { useId } = await import('react');
    function Labelled({ actorRef }: { actorRef: ActorRefFrom<typeof counterMachine> }) {
      const id = useId();
      const count = useSelector(actorRef, (s) => s.context.count);
      return (
        <div>
          <span id={id}>Count</span>
          <button type="button" aria-labelledby={id} aria-describedby={`${id}-note`} onClick={() => actorRef.send({ type: 'count.add' })}>
            {count}
          </button>
          {count > 0 ? <p id={`${id}-note`}>Counted</p> : null}
        </div>
      );
    }
    const labelled = defineWidget({ name: 'labelled', settings: counter.settings, machine: counterMachine, input: (s) => ({ step: s.step }), View: Labelled });
    const collector = new Set<string>();
    const { IslandCollector } = await import('./render/Island');
    document.body.innerHTML = renderToString(
      <IslandCollector value={collector}>
        <Island widget={labelled} hydrate="interaction" />
        <Island widget={labelled} hydrate="interaction" />
      </IslandCollector>,
    );
    const before = [...document.querySelectorAll('button')].map((b) => b.getAttribute('aria-labelledby'));
    expect(new Set(before).size).toBe(2);
    const warn = vi.fn();
    controller = startIslands(document.body, { registry: { labelled: async () => ({ default: labelled }) }, clock: createTestClock(), warn });
    await controller.hydrateAll();
    const buttons = [...document.querySelectorAll('button')];
    buttons[1]?.click();
    await vi.waitFor(() => expect(buttons[1]?.textContent).toBe('1'));
    expect(buttons.map((b) => b.getAttribute('aria-labelledby'))).toEqual(before);
    for (const button of buttons) expect(document.getElementById(button.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Count');
    // Rendered after hydration with the client's id: it must be the element the prerendered button points to.
    expect(document.getElementById(buttons[1]?.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Counted');
    expect(warn).not.toHaveBeenCalled();
  });
});
