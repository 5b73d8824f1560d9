import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { stickySubmenuMachine } from './sticky-submenu.machine';

function start() {
  const actor = createActor(stickySubmenuMachine, { clock: createTestClock() }).start();
  return actor;
}

describe('sticky sub-menu machine (§1)', () => {
  it('sticks once the page scrolls past its place and comes back to rest above it', () => {
    const actor = start();
    actor.send({ type: 'page.scroll', top: 120 });
    expect(actor.getSnapshot().value).toMatchObject({ placement: 'inline' });
    actor.send({ type: 'page.scroll', top: 0 });
    expect(actor.getSnapshot().value).toMatchObject({ placement: 'stuck' });
    actor.send({ type: 'page.scroll', top: 1 });
    expect(actor.getSnapshot().value).toMatchObject({ placement: 'inline' });
  });

  it('below a sticky header it sticks at the header’s height, not at the viewport’s top (issue 20.2)', () => {
    const actor = start();
    actor.send({ type: 'page.scroll', top: 97, stickAt: 96 });
    expect(actor.getSnapshot().value).toMatchObject({ placement: 'inline' });
    actor.send({ type: 'page.scroll', top: 96, stickAt: 96 });
    expect(actor.getSnapshot().value).toMatchObject({ placement: 'stuck' });
    actor.send({ type: 'page.scroll', top: 200, stickAt: 96 });
    expect(actor.getSnapshot().value).toMatchObject({ placement: 'inline' });
  });

  it('the folded menu opens and closes, and following a link closes it', () => {
    const actor = start();
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toMatchObject({ menu: 'open' });
    actor.send({ type: 'menu.follow' });
    expect(actor.getSnapshot().value).toMatchObject({ menu: 'closed' });
    actor.send({ type: 'menu.toggle' });
    actor.send({ type: 'menu.close' });
    expect(actor.getSnapshot().value).toMatchObject({ menu: 'closed' });
  });
});
