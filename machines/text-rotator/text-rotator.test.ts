import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { CHARACTER_MS, CLEAR_AFTER_MS, TYPE_AFTER_MS, textRotatorMachine, type RotatorAnimation } from './text-rotator.machine';

function start(lengths: number[], animation: RotatorAnimation, random = () => 0) {
  const clock = createTestClock();
  const actor = createActor(textRotatorMachine, { input: { lengths, animation, intervalMs: 5000, random }, clock }).start();
  return { actor, clock };
}

describe('text rotator (§5, §9)', () => {
  it('does nothing with one line or none', () => {
    for (const lengths of [[], [7]]) {
      const { actor, clock } = start(lengths, 'slide');
      expect(actor.getSnapshot().value).toBe('inactive');
      expect(clock.pending()).toBe(0);
    }
  });

  it('slide: the next line after each interval, wrapping to the first', () => {
    const { actor, clock } = start([3, 4, 5], 'slide');
    clock.advanceBy(4999);
    expect(actor.getSnapshot().context.index).toBe(0);
    clock.advanceBy(1);
    expect(actor.getSnapshot().context.index).toBe(1);
    clock.advanceBy(10_000);
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, changes: 3 });
  });

  it('typewriter: marked, cleared after 800 ms, typing from 1500 ms at 50 ms + random 0-99 ms per character', () => {
    const rolls = [0.5, 0.999, 0, 0.25];
    let call = 0;
    const { actor, clock } = start([2, 3], 'typewriter', () => rolls[call++ % rolls.length] ?? 0);
    clock.advanceBy(5000);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'marking' });
    clock.advanceBy(CLEAR_AFTER_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'marking' });
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'cleared' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 1, typed: 0 });
    clock.advanceBy(TYPE_AFTER_MS - CLEAR_AFTER_MS);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'typing' });
    // First character after 50 + 50 (0.5), second after 50 + 99 (0.999), third after 50 + 0.
    clock.advanceBy(CHARACTER_MS + 49);
    expect(actor.getSnapshot().context.typed).toBe(0);
    clock.advanceBy(1);
    expect(actor.getSnapshot().context.typed).toBe(1);
    clock.advanceBy(CHARACTER_MS + 99);
    expect(actor.getSnapshot().context.typed).toBe(2);
    clock.advanceBy(CHARACTER_MS);
    expect(actor.getSnapshot().context.typed).toBe(3);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'showing' });
  });

  it('typewriter under reduced motion: the next line whole after each interval, nothing typed', () => {
    const clock = createTestClock();
    const actor = createActor(textRotatorMachine, { input: { lengths: [2, 3], animation: 'typewriter', intervalMs: 5000, random: () => 0, reducedMotion: true }, clock }).start();
    clock.advanceBy(4999);
    expect(actor.getSnapshot().context.index).toBe(0);
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'showing' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 1, changes: 1 });
    clock.advanceBy(CLEAR_AFTER_MS + TYPE_AFTER_MS);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'showing' });
  });

  it('pausing holds the line until resumed', () => {
    const { actor, clock } = start([3, 4], 'fade');
    actor.send({ type: 'rotator.pause' });
    clock.advanceBy(20_000);
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'rotator.resume' });
    clock.advanceBy(5000);
    expect(actor.getSnapshot().context.index).toBe(1);
  });

  it.each([
    ['marking', 5000, 0],
    ['cleared', 5000 + CLEAR_AFTER_MS, 1],
    ['typing', 5000 + TYPE_AFTER_MS + CHARACTER_MS, 1],
  ] as const)('the typewriter holds when paused while %s: the line shows whole and stays until resumed (issue 49.a, WCAG 2.2.2)', (step, at, index) => {
    const { actor, clock } = start([2, 3], 'typewriter');
    clock.advanceBy(at);
    expect(actor.getSnapshot().value).toEqual({ rotating: step });
    actor.send({ type: 'rotator.pause' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'paused' });
    expect(actor.getSnapshot().context).toMatchObject({ index, typed: index === 0 ? 2 : 3 });
    expect(clock.pending()).toBe(0);
    clock.advanceBy(60_000);
    expect(actor.getSnapshot().context).toMatchObject({ index, typed: index === 0 ? 2 : 3 });
    actor.send({ type: 'rotator.resume' });
    clock.advanceBy(5000);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'marking' });
  });

  it('a hidden page holds the rotation where it was (issue 22); shown again, it goes on from there', () => {
    const { actor, clock } = start([2, 3], 'typewriter');
    clock.advanceBy(5000);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'marking' });
    actor.send({ type: 'page.hide' });
    clock.advanceBy(60_000);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, changes: 0 });
    expect(clock.pending()).toBe(0);
    actor.send({ type: 'page.show' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'marking' });
    clock.advanceBy(CLEAR_AFTER_MS);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'cleared' });
  });

  it('hidden while paused, it is still paused when shown', () => {
    const { actor } = start([3, 4], 'fade');
    actor.send({ type: 'rotator.pause' });
    actor.send({ type: 'page.hide' });
    actor.send({ type: 'page.show' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'paused' });
  });

  it('the pause control stops it with the line whole, through hover and focus, until played (issue 31.12)', () => {
    const { actor, clock } = start([2, 3], 'typewriter');
    clock.advanceBy(5000 + CLEAR_AFTER_MS);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'cleared' });
    actor.send({ type: 'rotator.stop' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'stopped' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 1, typed: 3 });
    expect(clock.pending()).toBe(0);
    // Leaving the sentence (blur, mouse out) does not start it again.
    actor.send({ type: 'rotator.pause' });
    actor.send({ type: 'rotator.resume' });
    clock.advanceBy(60_000);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'stopped' });
    actor.send({ type: 'rotator.play' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'showing' });
    clock.advanceBy(5000);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'marking' });
  });
});

