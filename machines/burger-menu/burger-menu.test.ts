import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { CLOSE_FADE_MS, ITEM_STAGGER_MS, OPEN_MARKER_DELAY_MS, burgerMenuMachine } from './burger-menu.machine';
import { DESKTOP_SWITCH_WIDTH, PHONE_SWITCH_WIDTH, burgerSwitchWidth, isBurgerHidden } from './burger-menu.rules';

function start(isPhone = false, itemCount = 4) {
  const clock = createTestClock();
  const effects: string[] = [];
  const machine = burgerMenuMachine.provide({
    actions: {
      lockPageScroll: () => effects.push('lock'),
      unlockPageScroll: () => effects.push('unlock'),
      returnFocus: () => effects.push('focus'),
    },
  });
  const actor = createActor(machine, { input: { isPhone, itemCount }, clock }).start();
  return { actor, clock, effects };
}

describe('burger menu (§4 Burger menu, §9)', () => {
  it('switches at 768 px on phones and 1024 px otherwise (issue 19; §9 said 990)', () => {
    expect([PHONE_SWITCH_WIDTH, DESKTOP_SWITCH_WIDTH]).toEqual([768, 1024]);
    expect(burgerSwitchWidth(true)).toBe(768);
    expect(burgerSwitchWidth(false)).toBe(1024);
    expect(isBurgerHidden(1023, 1024)).toBe(false);
    expect(isBurgerHidden(1024, 1024)).toBe(true);
  });

  it('opens through the fade (100 ms) and the item stagger (125 ms each), locking the page', () => {
    const { actor, clock, effects } = start(false, 4);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toEqual({ opening: 'fading' });
    expect(effects).toEqual(['lock']);
    clock.advanceBy(OPEN_MARKER_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ opening: 'fading' });
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toEqual({ opening: 'staggering' });
    clock.advanceBy(4 * ITEM_STAGGER_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ opening: 'staggering' });
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('open');
    expect(OPEN_MARKER_DELAY_MS + 4 * ITEM_STAGGER_MS).toBe(600);
  });

  it('ignores clicks while opening and while closing', () => {
    const { actor, clock } = start();
    actor.send({ type: 'menu.toggle' });
    clock.advanceBy(50);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().matches('opening')).toBe(true);
    clock.advanceBy(1000);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('closing');
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('closing');
    // The overlay fades out for CLOSE_FADE_MS before it is closed (a 0 ms fade survived mutation).
    clock.advanceBy(CLOSE_FADE_MS - 1);
    expect(actor.getSnapshot().value).toBe('closing');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('unlocks the page as soon as it starts closing', () => {
    const { actor, clock, effects } = start();
    actor.send({ type: 'menu.toggle' });
    clock.advanceBy(1000);
    actor.send({ type: 'menu.toggle' });
    expect(effects).toEqual(['lock', 'unlock']);
  });

  it('Escape closes it and returns focus to the burger', () => {
    const { actor, clock, effects } = start();
    actor.send({ type: 'menu.toggle' });
    clock.advanceBy(1000);
    actor.send({ type: 'menu.dismiss' });
    expect(actor.getSnapshot().value).toBe('closing');
    expect(effects).toContain('focus');
  });

  it('closes without moving focus when keyboard focus leaves it', () => {
    const { actor, clock, effects } = start();
    actor.send({ type: 'menu.toggle' });
    clock.advanceBy(1000);
    actor.send({ type: 'focus.leave' });
    expect(actor.getSnapshot().value).toBe('closing');
    expect(effects).not.toContain('focus');
  });

  it('closes when a smooth scroll starts, even mid-opening', () => {
    const { actor, clock } = start();
    actor.send({ type: 'menu.toggle' });
    clock.advanceBy(150);
    actor.send({ type: 'scroll.start' });
    expect(actor.getSnapshot().value).toBe('closing');
  });

  it('closes on a resize that hides the burger (1024 px on desktop), not on one that keeps it', () => {
    const { actor, clock } = start(false);
    actor.send({ type: 'menu.toggle' });
    clock.advanceBy(1000);
    actor.send({ type: 'page.resize', width: 1023 });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'page.resize', width: 1024 });
    expect(actor.getSnapshot().value).toBe('closing');
  });

  it('on phones the burger hides from 768 px', () => {
    const { actor, clock } = start(true);
    actor.send({ type: 'menu.toggle' });
    clock.advanceBy(1000);
    actor.send({ type: 'page.resize', width: 767 });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'page.resize', width: 768 });
    expect(actor.getSnapshot().value).toBe('closing');
  });

  it('a resize while closed does nothing', () => {
    const { actor } = start();
    actor.send({ type: 'page.resize', width: 1200 });
    actor.send({ type: 'scroll.start' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
