import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup } from 'xstate';
import { countdownMachine } from '../../machines/countdown/countdown.machine';
import { dosingFilterMachine } from '../../machines/dosing-filter/dosing-filter.machine';
import { sliderMachine, type SliderInput } from '../../machines/slider/slider.machine';
import { textRotatorMachine, type TextRotatorInput } from '../../machines/text-rotator/text-rotator.machine';
import { burgerMenuMachine } from '../../machines/burger-menu/burger-menu.machine';
import { createRealClock, overdueFirst } from '../clock';
import { createTestClock } from '../test-clock';
import { combineInspectors, createTraceRecorder } from '../inspect';
import { seededRandom } from '../random';
import { catalog } from '../../tests/support/demo-site';
import { jsonInput, pageScenarioFromTrace, scenarioFromTrace } from './record';
import { runScenario } from './run';
import { parsePageScenario, parseScenario, parseScenarioFile } from './scenario';

describe('a trace recorded in the page becomes a scenario that replays', () => {
  it('an input a busy page ran before an overdue timer replays as the page ran it: the timer fires first (issue 51: a field report of the burger menu)', async () => {
    const input = { isPhone: true, itemCount: 4 };
    const record = async (first: boolean) => {
      vi.useFakeTimers({ now: 1_000 });
      try {
        const clock = createRealClock();
        const trace = createTraceRecorder(clock, { kinds: 'page' });
        const inspect = first ? combineInspectors(overdueFirst(clock), trace.inspect) : trace.inspect;
        const actor = createActor(burgerMenuMachine, { input, clock, inspect }).start();
        actor.send({ type: 'menu.toggle' });
        // The fade's 100 ms have passed, and the page was too busy to run its timer before a second
        // tap, which the menu ignores while it animates.
        vi.setSystemTime(1_150);
        await Promise.resolve();
        actor.send({ type: 'menu.toggle' });
        return runScenario(scenarioFromTrace(trace.entries, actor.sessionId, 'burgerMenu', input), catalog);
      } finally {
        vi.useRealTimers();
      }
    };
    const replayed = await record(true);
    expect(replayed.failures).toEqual([]);
    expect(replayed.lines.join('\n')).toMatch(/staggering[\s\S]*menu\.toggle/);
    // Without it, the page met the tap in `fading`, and its replay cannot: the clock fires the fade first.
    expect((await record(false)).failures).toEqual([expect.stringMatching(/state is \{"opening":"staggering"\}/)]);
  });

  it('records sends, gaps and rested states, and replays them without failure', () => {
    const clock = createTestClock(1_700_000_000_000);
    const trace = createTraceRecorder(clock);
    const input = { alertMessage: 'Call your doctor.', now: () => 0 };
    const actor = createActor(dosingFilterMachine, { input, clock, inspect: trace.inspect }).start();
    clock.advanceBy(800);
    actor.send({ type: 'filter.change', value: 'abc' });
    clock.advanceBy(1200);
    actor.send({ type: 'filter.change', value: '30' });

    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'dosing-filter', jsonInput(input));
    expect(scenario.input).toEqual({ alertMessage: 'Call your doctor.' });
    expect(scenario.steps).toEqual([
      { expect: 'unfiltered' },
      { advance: 800 },
      { send: { type: 'filter.change', value: 'abc' } },
      { expect: 'askingForWeight' },
      { advance: 1200 },
      { send: { type: 'filter.change', value: '30' } },
      { expect: 'showingMatches' },
    ]);
    const roundTrip = parseScenario(JSON.parse(JSON.stringify(scenario)));
    expect(runScenario(roundTrip, catalog).failures).toEqual([]);
    // The machine's own id names it too.
    expect(runScenario({ ...roundTrip, machine: 'dosingFilter' }, catalog).failures).toEqual([]);
  });

  it("leaves out the actor's own timers: a countdown's delayed ticks are clock advances, not sends", () => {
    const clock = createTestClock(0);
    const trace = createTraceRecorder(clock);
    const input = { target: 3_600_000, smallest: 1, largest: 2, now: clock.now };
    const actor = createActor(countdownMachine, { input, clock, inspect: trace.inspect }).start();
    actor.send({ type: 'countdown.start' });
    clock.advanceBy(3_000);
    const ticks = trace.entries.filter((entry) => entry.kind === 'event' && entry.event.type === 'countdown.tick');
    expect(ticks.map((entry) => entry.kind === 'event' && entry.timer)).toEqual([true, true, true]);

    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'countdown', jsonInput(input));
    expect(scenario.steps.filter((step) => 'send' in step)).toEqual([{ send: { type: 'countdown.start' } }]);
    // Replayed, the minute left is the one the page showed: each second ticked once, not twice.
    const replayed = runScenario({ ...scenario, steps: [...scenario.steps, { expect: 'running', context: { left: { minutes: 59, seconds: 57 } } }] }, catalog);
    expect(replayed.failures).toEqual([]);
  });
  it('sends an event that arrived while the actor handled another after that one\'s state (issue 51: a video answered by its consent channel on a real clock)', () => {
    // The consent channel answers as `go` starts it: XState records the answer before the state `go` led to.
    const machine = setup({ actors: { channel: fromCallback(({ sendBack }) => sendBack({ type: 'answer' })) } }).createMachine({
      id: 'answering',
      initial: 'idle',
      states: {
        idle: { on: { go: 'mounted' } },
        mounted: { invoke: { src: 'channel' }, initial: 'waiting', states: { waiting: { on: { answer: 'answered' } }, answered: {} } },
      },
    });
    // A visitor's page: the real clock moves on between two readings in one task.
    let now = 1_000;
    const trace = createTraceRecorder({ now: () => now++ });
    const actor = createActor(machine, { inspect: trace.inspect }).start();
    actor.send({ type: 'go' });
    expect(actor.getSnapshot().value).toEqual({ mounted: 'answered' });

    const steps = scenarioFromTrace(trace.entries, actor.sessionId, 'answering').steps.filter((step) => !('advance' in step));
    expect(steps).toEqual([{ expect: 'idle' }, { send: { type: 'go' } }, { expect: { mounted: 'waiting' } }, { send: { type: 'answer' } }, { expect: { mounted: 'answered' } }]);
    // Replayed with a channel that says nothing (the replay re-sends the page's answer), every state holds.
    const replay = createActor(machine.provide({ actors: { channel: fromCallback(() => undefined) } })).start();
    for (const step of steps) {
      if ('send' in step) replay.send(step.send as { type: 'go' });
      else if ('expect' in step) expect(replay.getSnapshot().value).toEqual(step.expect);
    }
  });
});

describe('what the page gives an actor outside its events is recorded and replayed (issue 28)', () => {
  /** The team page's typewriter rotator as the page runs it: its own seeded random(), the seed noted. */
  function typewriterInThePage(seed: number) {
    const clock = createTestClock(5_000);
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const input = { ...(catalog['text-rotator']?.input as unknown as TextRotatorInput), now: clock.now, random: seededRandom(seed) };
    const actor = createActor(textRotatorMachine, { id: 'text-rotator-1', input, clock, inspect: trace.inspect });
    trace.note(actor, 'random.seed', seed);
    actor.start();
    // Two whole rotations, typed letter by letter at 50 ms + a random 0-99 ms each.
    for (let i = 0; i < 40; i++) clock.advanceBy(500);
    return { scenario: scenarioFromTrace(trace.entries, actor.sessionId, 'text-rotator', jsonInput(input)), actor };
  }

  it('the text rotator: the saved scenario carries the seed, and its letter-by-letter times replay exactly', () => {
    const { scenario } = typewriterInThePage(123_456);
    expect(scenario.seed).toBe(123_456);
    expect(scenario.steps.filter((step) => 'expect' in step).length).toBeGreaterThan(20);
    expect(runScenario(parseScenario(JSON.parse(JSON.stringify(scenario))), catalog).failures).toEqual([]);
    // Without the seed the replay draws other delays and diverges: the seed is what makes it exact.
    expect(runScenario({ ...scenario, seed: 1 }, catalog).failures.length).toBeGreaterThan(0);
  });

  it("a guard's reading of the page (the slideshow's images ready at once) is a fact the replay gives back", () => {
    const clock = createTestClock(0);
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const slideshow = catalog.slideshow;
    if (!slideshow) throw new Error('no slideshow entry');
    const input = { ...(slideshow.input as unknown as SliderInput), now: clock.now };
    // The page's probe: the hero's first image was already loaded. XState reads it as the actor is
    // created, so the page notes it once the actor exists (runtime/actor.ts).
    let probes = 0;
    const imagesReady = () => {
      probes++;
      return true;
    };
    const actor = createActor(sliderMachine.provide({ guards: { imagesReady }, actions: { pauseEndedVideo: () => {} } }), { id: 'slideshow-1', input, clock, inspect: trace.inspect });
    for (let i = 0; i < probes; i++) trace.note(actor, 'imagesReady', true);
    actor.start();
    clock.advanceBy(300);
    clock.advanceBy(6_000);
    actor.send({ type: 'nav.next' });
    clock.advanceBy(2_000);
    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'slideshow', jsonInput(input));
    expect(scenario.facts).toEqual({ imagesReady: [true] });
    expect(runScenario(parseScenario(JSON.parse(JSON.stringify(scenario))), catalog).failures).toEqual([]);
    // The catalog's own probe (images ready by the second check, 500 ms in) is 500 ms late.
    const { facts: _facts, ...withoutFacts } = scenario;
    expect(runScenario(withoutFacts, catalog).failures[0]).toMatch(/state is \{"preparing":"checkingImages"\}/);
  });

  it('a network answer (a promise child) is re-sent; a timer due at once gets its own advance', () => {
    const clock = createTestClock(0);
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const machine = setup({ actors: { fetchIt: fromPromise(async () => 'x') } }).createMachine({
      id: 'loader',
      initial: 'idle',
      states: { idle: { on: { go: 'loading' } }, loading: { invoke: { id: 'fetch', src: 'fetchIt', onDone: 'settling' } }, settling: { after: { 0: 'done' } }, done: {} },
    });
    const actor = createActor(machine, { clock, inspect: trace.inspect }).start();
    actor.send({ type: 'go' });
    actor.send({ type: 'xstate.done.actor.fetch', output: 'x' });
    clock.advanceBy(0);
    const steps = scenarioFromTrace(trace.entries, actor.sessionId, 'loader').steps;
    expect(steps).toEqual([
      { expect: 'idle' },
      { send: { type: 'go' } },
      { expect: 'loading' },
      { send: { type: 'xstate.done.actor.fetch', output: 'x' } },
      { expect: 'settling' },
      { advance: 0 },
      { expect: 'done' },
    ]);
  });
});

describe('a state a timer entered and a 0 ms timer left in the same clock move (issue 28: the accordion slider)', () => {
  /** The gallery page's accordion slider as the page runs it: autoplay every 5 s, no transition wait (transitionMs 0). */
  function accordionInThePage() {
    const clock = createTestClock(0);
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const entry = catalog['accordion-slider'];
    if (!entry) throw new Error('no accordion-slider entry');
    const input = { ...(entry.input as unknown as SliderInput), now: clock.now };
    expect(input).toMatchObject({ autoplay: true, transitionMs: 0 });
    const actor = createActor(sliderMachine, { id: 'accordion-slider-1', input, clock, inspect: trace.inspect }).start();
    return { clock, trace, actor, input };
  }

  it('is not saved as a rested state: one move of the clock fires both timers in the page and in the replay', () => {
    const { clock, trace, actor, input } = accordionInThePage();
    // The inspector's "+1 s" six times (or one random fuzz step past 5 s): autoplay's 5 s timer moves
    // the panel (animating) and the 0 ms transition timer it arms fires in the same advanceBy.
    for (let i = 0; i < 6; i++) clock.advanceBy(1_000);
    expect(actor.getSnapshot().matches({ running: { motion: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.current).toBe(1);
    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'accordion-slider', jsonInput(input));
    // The file replays unedited (it failed with `expect {"running":{"motion":"animating",…}}: state is
    // {"running":{"motion":"idle",…}}`: the replay's advance fires both timers too, as the page's did).
    expect(runScenario(parseScenario(JSON.parse(JSON.stringify(scenario))), catalog).failures).toEqual([]);
    // The 0 ms `animating` between the two timers is no state the actor rested in between two moves of the clock.
    const expectations = scenario.steps.filter((step) => 'expect' in step);
    expect(expectations).not.toContainEqual({ expect: { running: { motion: 'animating', autoplay: 'playing', video: 'idle' } } });
  });

  it("a state a visitor's event entered keeps its expectation, and the 0 ms timer gets its own advance", () => {
    const { clock, trace, actor, input } = accordionInThePage();
    clock.advanceBy(300);
    // A tap on the third panel: animating until the clock next moves, then idle.
    actor.send({ type: 'nav.goto', position: 3 });
    expect(actor.getSnapshot().matches({ running: { motion: 'animating' } })).toBe(true);
    clock.advanceBy(0);
    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'accordion-slider', jsonInput(input));
    expect(scenario.steps.slice(-4)).toEqual([
      { send: { type: 'nav.goto', position: 3 } },
      { expect: { running: { motion: 'animating', autoplay: 'playing', video: 'idle' } } },
      { advance: 0 },
      { expect: { running: { motion: 'idle', autoplay: 'playing', video: 'idle' } } },
    ]);
    expect(runScenario(scenario, catalog).failures).toEqual([]);
  });
});

describe('on the real clock, where timers fire late (issue 28)', () => {
  it('a timer is placed at when it was due: a 0 ms timer armed by a late timer is not saved as a rested state', async () => {
    // The accordion's pattern on a page that is not paused: a timer moves (20 ms), a 0 ms timer settles.
    const machine = setup({}).createMachine({ id: 'mover', initial: 'idle', states: { idle: { after: { 20: 'moving' } }, moving: { after: { 0: 'still' } }, still: {} } });
    const clock = createRealClock();
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const actor = createActor(machine, { id: 'mover-1', clock, inspect: trace.inspect }).start();
    // The page's main thread is busy when the first timer is due: it fires late, and the 0 ms one later still.
    const busyUntil = Date.now() + 35;
    while (Date.now() < busyUntil) {
      // a long task
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(actor.getSnapshot().value).toBe('still');
    const [moved] = trace.entries.filter((entry) => entry.kind === 'event' && entry.timer);
    // The timer's event is stamped with when it was due (the clock reads that while a timer fires,
    // issue 51), 20 ms after the start, though the long task made it fire 15 ms or more later.
    expect(moved && trace.entries[0] && moved.at - trace.entries[0].at).toBe(20);
    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'mover');
    // The replay's clock fires the 20 ms timer and the 0 ms one it arms in one advance: no `moving` between.
    expect(scenario.steps.filter((step) => 'expect' in step)).toEqual([{ expect: 'idle' }, { expect: 'still' }]);
    expect(runScenario(scenario, { mover: { machine, events: [] } }).failures).toEqual([]);
  });
});

describe('an event sent before the actor started (issue 28: the video and media player)', () => {
  it('is saved after the initial state, where the actor handled it, and replays', () => {
    const clock = createTestClock(0);
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const input = { alertMessage: 'Call your doctor.', now: () => 0 };
    const actor = createActor(dosingFilterMachine, { id: 'dosing-filter-1', input, clock, inspect: trace.inspect });
    // A view's mount effect runs before the island starts its actor: XState holds the event until start.
    actor.send({ type: 'filter.change', value: '30' });
    actor.start();
    // In the trace, the event comes before the initial snapshot.
    const order = trace.entries.map((entry) => (entry.kind === 'event' ? entry.event.type : entry.kind));
    expect(order.indexOf('filter.change')).toBeLessThan(order.indexOf('snapshot'));
    const scenario = scenarioFromTrace(trace.entries, actor.sessionId, 'dosing-filter', jsonInput(input));
    expect(scenario.steps).toEqual([{ expect: 'unfiltered' }, { send: { type: 'filter.change', value: '30' } }, { expect: 'showingMatches' }]);
    expect(runScenario(scenario, catalog).failures).toEqual([]);
  });
});

describe("an actor made in one task and started in a later one (issue 51: a view's actor starts once React has hydrated)", () => {
  it('replays from its start, where its timers began, not from its making', () => {
    const clock = createTestClock(5_000);
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const input = { ...(catalog['text-rotator']?.input as unknown as TextRotatorInput), animation: 'typewriter' as const, now: clock.now, random: seededRandom(1) };
    const rotator = createActor(textRotatorMachine, { id: 'text-rotator-1', input, clock, inspect: trace.inspect });
    // Hydration took 700 ms of a busy page: the actor starts then, and its interval counts from then.
    clock.advanceBy(700);
    rotator.start();
    // Hidden and shown again 100 ms before the line changes: it goes on showing the line.
    clock.advanceBy(input.intervalMs - 100);
    rotator.send({ type: 'page.hide' });
    clock.advanceBy(50);
    rotator.send({ type: 'page.show' });
    expect(rotator.getSnapshot().value).toEqual({ rotating: 'showing' });

    const page = pageScenarioFromTrace(trace.entries, [{ session: rotator.sessionId, input }], { path: '/' });
    expect(page.actors.map((actor) => actor.start)).toEqual([700]);
    const [scenario] = parseScenarioFile(JSON.parse(JSON.stringify(page)), 'page.json');
    if (!scenario) throw new Error('no scenario');
    // No advance before the initial state: the replay starts the actor where the page did.
    expect(scenario.steps[0]).toEqual({ expect: expect.anything() });
    expect(runScenario(scenario, catalog).failures).toEqual([]);
    // Placed at its making, the replay's interval fires 600 ms before the page hid: it comes back marking the line.
    const fromMaking = { ...scenario, steps: [{ advance: 700 }, ...scenario.steps] };
    expect(runScenario(fromMaking, catalog).failures.length).toBeGreaterThan(0);
  });
});

describe('the whole page saved at once (issue 28): every actor, one timeline, one file', () => {
  it('a scenario per actor the page started, with its start on the page clock, each replaying; a child stays in its parent', () => {
    const clock = createTestClock(10_000);
    const trace = createTraceRecorder(clock, { kinds: 'page' });
    const dosingInput = { alertMessage: 'Call your doctor.', now: () => 0 };
    const dosing = createActor(dosingFilterMachine, { id: 'dosing-filter-1', input: dosingInput, clock, inspect: trace.inspect }).start();
    clock.advanceBy(250);
    const countdownInput = { target: 3_600_000, smallest: 1, largest: 2, now: clock.now };
    const countdown = createActor(countdownMachine, { id: 'countdown-1', input: countdownInput, clock, inspect: trace.inspect }).start();
    countdown.send({ type: 'countdown.start' });
    dosing.send({ type: 'filter.change', value: '30' });
    clock.advanceBy(2_000);

    const page = pageScenarioFromTrace(
      trace.entries,
      [
        { session: dosing.sessionId, input: dosingInput },
        { session: countdown.sessionId, input: countdownInput },
      ],
      { path: '/dosing/', seed: 7 },
    );
    expect(page).toMatchObject({ name: 'page /dosing/: recorded in the page', page: '/dosing/', seed: 7 });
    expect(page.actors.map((actor) => [actor.machine, actor.start])).toEqual([
      ['dosing-filter', 0],
      ['countdown', 250],
    ]);
    expect(page.actors[0]?.steps).toContainEqual({ send: { type: 'filter.change', value: '30' } });
    // The file as it is downloaded, read back: one scenario per actor, every one replays.
    const json: unknown = JSON.parse(JSON.stringify(page));
    expect(parsePageScenario(json).actors).toHaveLength(2);
    const scenarios = parseScenarioFile(json, 'page.json');
    expect(scenarios.map((scenario) => scenario.name)).toEqual(['page /dosing/: recorded in the page / dosing-filter (+0 ms)', 'page /dosing/: recorded in the page / countdown (+250 ms)']);
    for (const scenario of scenarios) expect(runScenario(scenario, catalog).failures, scenario.name).toEqual([]);
  });

  it('an actor whose beginning the trace ring dropped is named under incomplete, not saved half', () => {
    const clock = createTestClock(0);
    const trace = createTraceRecorder(clock, { kinds: 'page', limit: 3 });
    const input = { target: 3_600_000, smallest: 1, largest: 2, now: clock.now };
    const countdown = createActor(countdownMachine, { id: 'countdown-1', input, clock, inspect: trace.inspect }).start();
    countdown.send({ type: 'countdown.start' });
    clock.advanceBy(3_000);
    const page = pageScenarioFromTrace(trace.entries, [{ session: countdown.sessionId, input }], { path: '/' });
    expect(page.actors).toEqual([]);
    expect(page.incomplete).toEqual(['countdown-1']);
  });

  it('a page file with a bad actor says which one', () => {
    expect(() => parseScenarioFile({ name: 'p', actors: [{ machine: 'tooltip', start: 0, steps: [] }, { machine: 'countdown', steps: [{ wait: 1 }] }] }, 'p.json')).toThrow(
      'p.json: actor 2 (countdown): step 1 must have "send", "advance" or "expect"',
    );
    expect(() => parseScenarioFile({ actors: [{ machine: 'tooltip', start: -1, steps: [] }] }, 'p.json')).toThrow('p.json: actor 1 (tooltip): "start" must be a number of ms, 0 or more');
  });
});
