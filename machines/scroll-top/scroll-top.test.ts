import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { scrollTopMachine } from './scroll-top.machine';

describe('scroll-to-top link (§2, §9)', () => {
  it('is hidden below 500 px, shown from 500 px, hidden again below', () => {
    const actor = createActor(scrollTopMachine, { clock: createTestClock() }).start();
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'page.scroll', y: 499 });
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'page.scroll', y: 500 });
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'page.scroll', y: 1200 });
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'page.scroll', y: 499 });
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
