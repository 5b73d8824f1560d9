import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { sliderMachine, type SliderContext, type SliderInput } from '../../machines/slider/slider.machine';
import { catalog } from '../../tooling/replay/demo-catalog/index';
import { timerEvents } from '../support/model';

/**
 * The slider's invariants over the model of every slider widget in the replay catalog (slideshow,
 * carousel, horizontal gallery, accordion slider). tests/model/coverage.test.ts replays the same
 * graphs on the test clock and checks every state and transition is taken; this checks what must
 * hold in every situation the graph reaches, after every step of every shortest path.
 */
const sliders = Object.entries(catalog).filter(([, entry]) => entry.machine === sliderMachine);

type Snapshot = SnapshotFrom<typeof sliderMachine>;

function checkInvariants(input: SliderInput, snapshot: Snapshot) {
  const c: SliderContext = snapshot.context;
  expect(snapshot.status).toBe('active');
  if (c.current !== null) {
    expect(c.current).toBeGreaterThanOrEqual(0);
    // Navigation stops at count - perView (carousel 3 in view).
    expect(c.current).toBeLessThanOrEqual(Math.max(0, c.count - c.perView));
  }
  if (!snapshot.matches('running')) {
    expect(c.moves).toBe(0);
    return;
  }
  if (snapshot.matches({ running: { autoplay: 'playing' } })) {
    expect(c.autoplay).toBe(true);
    expect(c.holds).toEqual([]);
  }
  if (snapshot.matches({ running: { autoplay: 'held' } })) {
    expect(c.autoplay).toBe(true);
    expect(c.holds.length).toBeGreaterThan(0);
  }
  if (snapshot.matches({ running: { autoplay: 'stopped' } })) expect(c.autoplay).toBe(false);
  // §4 Slideshow: once manual navigation took over, looping is once for good (only the rotation
  // control starts autoplay again).
  if (c.manual && input.manualStopsAutoplay) expect([c.loopAutoplay, c.loopManual]).toEqual(['once', 'once']);
}

describe('slider invariants over the catalog models', () => {
  it('every slider widget has a catalog entry', () => {
    expect(sliders.map(([name]) => name).sort()).toEqual(['accordion-slider', 'carousel', 'horizontal-gallery', 'slideshow']);
  });

  describe.each(sliders)('%s', (_name, entry) => {
    it('every step of every shortest path keeps the invariants', () => {
      const logic = (entry.provide ? sliderMachine.provide(entry.provide as never) : sliderMachine) as AnyStateMachine;
      const timers = [...timerEvents(sliderMachine).values()].flat().map((type) => ({ type }));
      const input = entry.input as unknown as SliderInput;
      const paths = getShortestPaths(logic, {
        input,
        events: [...entry.events, ...timers],
        serializeState: entry.serializeState as never,
        limit: 10_000,
      });
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) {
        for (const step of path.steps) checkInvariants(input, step.state as Snapshot);
      }
    }, 60_000);
  });
});
