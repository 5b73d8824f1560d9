import { describe, expect, it } from 'vitest';
import { assign, raise, setup } from 'xstate';
import { leafStates, notTransient, replayModel, timerEvents } from '../support/model';

/** A toast: shown by an event, hidden by a timer or a click, with a nested timer chain. */
const toast = setup({ delays: { visibleFor: 3000, fadeOut: 200 } }).createMachine({
  id: 'toast',
  initial: 'hidden',
  states: {
    hidden: { on: { 'toast.show': 'shown' } },
    shown: {
      initial: 'steady',
      states: { steady: { after: { visibleFor: 'fading' } }, fading: { after: { fadeOut: '#toast.hidden' } } },
      on: { 'toast.dismiss': 'hidden' },
    },
  },
});

describe('model helper', () => {
  it('finds the timer events of each state node', () => {
    expect([...timerEvents(toast).keys()]).toEqual(['toast.shown.steady', 'toast.shown.fading']);
  });

  it('takes timer steps by advancing the test clock, and reaches every state', () => {
    const report = replayModel({ machine: toast, events: [{ type: 'toast.show' }, { type: 'toast.dismiss' }], paths: 'simple' });
    expect(report.states).toEqual(['"hidden"', '{"shown":"fading"}', '{"shown":"steady"}'].map((s) => s.replace(/^"|"$/g, '')).sort());
    expect(report.transitions).toContain('{"shown":"steady"} --xstate.after.visibleFor.toast.shown.steady--> {"shown":"fading"}');
    expect(leafStates(toast)).toEqual(['hidden', 'shown.fading', 'shown.steady']);
  });

  it('takes a delayed raise that a state arms on entry and each step re-arms as a timer step', () => {
    // A metronome: three beats a second apart, then done (the countdown's and autoplay's shape).
    const metronome = setup({
      types: {} as { context: { beats: number }; events: { type: 'beat' } | { type: 'start' } },
      actions: { arm: raise({ type: 'beat' }, { delay: 1000, id: 'beat' }), count: assign({ beats: ({ context }) => context.beats + 1 }) },
      guards: { lastBeat: ({ context }) => context.beats >= 2 },
    }).createMachine({
      id: 'metronome',
      context: { beats: 0 },
      initial: 'idle',
      states: {
        idle: { on: { start: 'ticking' } },
        ticking: {
          entry: 'arm',
          on: { beat: [{ guard: 'lastBeat', target: 'done' }, { actions: ['count', 'arm'] }] },
        },
        done: {},
      },
    });
    expect(timerEvents(metronome).get('metronome.ticking')).toEqual(['beat']);
    // Only the timer moves it: 'beat' is not among the visitor's events, and 'done' is behind it.
    const report = replayModel({ machine: metronome, events: [{ type: 'start' }], serializeState: (s) => `${JSON.stringify(s.value)} ${s.context.beats}` });
    expect(report.states).toContain('done');
    expect(report.transitions).toContain('ticking --beat--> done');
  });

  it('reaches states behind a timer and behind an event from the same state', () => {
    const fork = setup({}).createMachine({ initial: 'a', states: { a: { after: { 10: 'b' }, on: { go: 'c' } }, b: {}, c: {} } });
    const report = replayModel({ machine: fork, events: [{ type: 'go' }] });
    expect(report.states).toEqual(['a', 'b', 'c']);
  });

  it('calls a state transient only if its exits are all eventless and one has no guard', () => {
    const chart = setup({ guards: { ready: () => true } }).createMachine({
      id: 'chart',
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'ready', target: 'done' }, { target: 'waiting' }] },
        guarded: { always: { guard: 'ready', target: 'done' } },
        waiting: { on: { go: 'done' }, after: { 10: 'done' } },
        done: {},
      },
    });
    expect(notTransient(chart, 'deciding')).toBeUndefined();
    expect(notTransient(chart, 'guarded')).toBe('guarded has no unguarded eventless exit');
    expect(notTransient(chart, 'waiting')).toBe('waiting waits for go, xstate.after.10.chart.waiting');
    expect(notTransient(chart, 'nowhere')).toBe('nowhere is not a state of chart');
  });
});
