import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { TRANSPARENT_UNTIL_PX, stickyHeaderMachine } from './sticky-header.machine';

const start = () => createActor(stickyHeaderMachine, { clock: createTestClock() }).start();

describe('sticky header (§9)', () => {
  it('is full height and transparent at the top', () => {
    expect(start().getSnapshot().value).toBe('top');
  });

  it('shrinks as soon as the page scrolls and stays transparent up to 50 px', () => {
    const actor = start();
    actor.send({ type: 'page.scroll', y: 1 });
    expect(actor.getSnapshot().value).toBe('shrunk');
    actor.send({ type: 'page.scroll', y: 50 });
    expect(actor.getSnapshot().value).toBe('shrunk');
  });

  it('turns solid past 50 px and back at the top', () => {
    const actor = start();
    expect(TRANSPARENT_UNTIL_PX).toBe(50);
    actor.send({ type: 'page.scroll', y: 51 });
    expect(actor.getSnapshot().value).toBe('solid');
    actor.send({ type: 'page.scroll', y: 20 });
    expect(actor.getSnapshot().value).toBe('shrunk');
    actor.send({ type: 'page.scroll', y: 0 });
    expect(actor.getSnapshot().value).toBe('top');
  });
});
