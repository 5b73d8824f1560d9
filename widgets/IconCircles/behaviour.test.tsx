// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ANIMATION_MS, FIRST_ACTIVE_MS, iconCirclesMachine } from '../../machines/icon-circles/icon-circles.machine';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import iconCirclesBehaviour, { drawIconCircles } from './behaviour';
import iconCircles from './widget';

const CONTENT = {
  label: 'Our values',
  items: [
    { icon: '♥', title: 'Kindness', text: 'We treat every family as our own.' },
    { icon: '⌂', title: 'Home first', text: 'Care at home whenever we can.' },
    { icon: '★', title: 'Play', text: 'Children are children first.' },
  ],
};

const prerendered = () => renderToString(<Island widget={iconCircles} content={CONTENT} slots={{}} settings={{}} hydrate="visible" />);

type Value = 'waiting' | 'animating' | 'finished' | 'active';
const snapshotIn = (value: Value, active: number | null) => iconCirclesMachine.resolveState({ value, context: { count: CONTENT.items.length, active } });

/** What the view renders in a state: the prerendered island with the view's markup for it. */
function viewIn(value: Value, active: number | null): string {
  const View = iconCircles.View;
  const html = renderToString(<View actorRef={createActor(iconCirclesMachine, { snapshot: snapshotIn(value, active), input: { count: CONTENT.items.length } })} settings={{}} content={CONTENT} slots={{}} />);
  return prerendered().replace(/<div class="icon-circles"[\s\S]*<\/div><\/div>/, html);
}

cleanUpAnsweringPages();

const pressed = () => [...document.querySelectorAll('.icon-circles__icon')].map((button) => button.getAttribute('aria-pressed'));
const shown = () => [...document.querySelectorAll<HTMLElement>('.icon-circles__detail')].map((detail) => !detail.hidden);

describe('the icon circles behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    ['animating', null],
    ['finished', null],
    ['active', 0],
    ['active', 2],
  ] as const)('%s, icon %s active: the same ring, buttons and texts as the view', (value, active) => {
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawIconCircles(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, snapshotIn(value, active), CONTENT);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewIn(value, active)));
    expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the icon circles answer without their view (issue 35, goal 2)', () => {
  it('seen, they run the entry animation and make the first icon active; a tap, a hover and focus activate others; the view never loads', async () => {
    const { island, view, clock, release, controller } = answeringPage(prerendered(), iconCircles, iconCirclesBehaviour);
    const buttons = [...document.querySelectorAll<HTMLElement>('.icon-circles__icon')];
    buttons[1]?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    buttons[1]?.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    // jsdom has no IntersectionObserver: the waypoint fires at once, and the entry animation runs on the clock.
    expect(document.querySelector<HTMLElement>('.icon-circles')?.dataset.state).toBe('animating');
    expect(shown()).toEqual([true, true, true]);
    clock.advanceBy(ANIMATION_MS + FIRST_ACTIVE_MS);
    expect(pressed()).toEqual(['true', 'false', 'false']);
    expect(shown()).toEqual([true, false, false]);
    buttons[2]?.click();
    expect(pressed()).toEqual(['false', 'false', 'true']);
    buttons[1]?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(pressed()).toEqual(['false', 'true', 'false']);
    buttons[0]?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(pressed()).toEqual(['true', 'false', 'false']);
    expect(shown()).toEqual([true, false, false]);
    expect(view).not.toHaveBeenCalled();
  });
});
