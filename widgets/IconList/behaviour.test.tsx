// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ICON_LIST_STAGGER_MS, iconListMachine } from '../../machines/icon-list/icon-list.machine';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText, preferReducedMotion } from '../../tests/support/answering';
import iconListBehaviour, { drawIconList } from './behaviour';
import iconList from './widget';

const CONTENT = {
  label: 'Referral steps',
  items: [
    { icon: '☎', title: 'A call', text: 'A family or a doctor calls us.' },
    { icon: '⌂', title: 'A visit', text: 'A nurse visits at home.' },
    { icon: '✎', title: 'A plan', text: 'We write the care plan together.' },
  ],
};
const count = CONTENT.items.length;

const prerendered = () => renderToString(<Island widget={iconList} content={CONTENT} slots={{}} settings={{}} hydrate="visible" />);

/** The list `ms` after its waypoint (never seen: `undefined`; `null`: seen, before the clock has moved), on the test clock. */
function seen(ms: number | null | undefined, reducedMotion = false) {
  const clock = createTestClock();
  const actor = createActor(iconListMachine, { input: { count }, clock }).start();
  if (ms !== undefined) actor.send({ type: 'view.enter', reducedMotion });
  if (typeof ms === 'number') clock.advanceBy(ms);
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof seen>): string {
  const View = iconList.View;
  const html = renderToString(<View actorRef={actor} settings={{}} content={CONTENT} slots={{}} />);
  return prerendered().replace(/<ul class="icon-list"[\s\S]*<\/ul>/, html);
}

cleanUpAnsweringPages();
afterEach(() => vi.unstubAllGlobals());

const revealed = () => [...document.querySelectorAll('.icon-list__item')].map((item) => item.classList.contains('is-revealed'));
const state = () => document.querySelector<HTMLElement>('.icon-list')?.dataset.state;

describe('the icon list behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { name: 'before it is seen', ms: undefined, reducedMotion: false, shown: [false, false, false] },
    { name: 'seen, starting', ms: null, reducedMotion: false, shown: [false, false, false] },
    { name: 'seen, the first item in', ms: 0, reducedMotion: false, shown: [true, false, false] },
    { name: 'mid-stagger', ms: ICON_LIST_STAGGER_MS, reducedMotion: false, shown: [true, true, false] },
    { name: 'done', ms: (count - 1) * ICON_LIST_STAGGER_MS, reducedMotion: false, shown: [true, true, true] },
    { name: 'seen with reduced motion', ms: 0, reducedMotion: true, shown: [true, true, true] },
  ])('$name: the same list, items and texts as the view', ({ ms, reducedMotion, shown }) => {
    const actor = seen(ms, reducedMotion);
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawIconList(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor)));
    expect(islandText(host.innerHTML)).toBe(islandText(viewOf(actor)));
    expect([...host.querySelectorAll('.icon-list__item')].map((item) => item.classList.contains('is-revealed'))).toEqual(shown);
    if (ms !== undefined) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the icon list reveals its items without its view (issue 35, goal 2)', () => {
  it('a tap before its chunk arrives is acknowledged; then it waits unseen and reveals the items 350 ms apart once seen; the view never loads', async () => {
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const { island, view, clock, release, controller } = answeringPage(prerendered(), iconList, iconListBehaviour);
    document.querySelector<HTMLElement>('.icon-list__title')?.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect([state(), revealed()]).toEqual(['waiting', [false, false, false]]);
    StubIntersectionObserver.last?.report(document.querySelector('.icon-list') as Element, true);
    // The first shows at once: on the clock's next turn (a 0 ms delay).
    expect([state(), revealed()]).toEqual(['starting', [false, false, false]]);
    clock.advanceBy(0);
    expect([state(), revealed()]).toEqual(['revealing', [true, false, false]]);
    clock.advanceBy(ICON_LIST_STAGGER_MS);
    expect(revealed()).toEqual([true, true, false]);
    clock.advanceBy(ICON_LIST_STAGGER_MS);
    expect([state(), revealed()]).toEqual(['done', [true, true, true]]);
    expect(document.querySelector('.icon-list')?.getAttribute('aria-label')).toBe('Referral steps');
    expect(clock.pending()).toBe(0);
    expect(view).not.toHaveBeenCalled();
  });

  it('with reduced motion every item shows at once when seen', async () => {
    preferReducedMotion();
    const { island, view, release, controller } = answeringPage(prerendered(), iconList, iconListBehaviour);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect([state(), revealed()]).toEqual(['done', [true, true, true]]);
    expect(view).not.toHaveBeenCalled();
  });
});
