// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MAGAZINE_ANIMATION_MS, magazineTabsMachine } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { ALL_GROUP } from '../../machines/magazine-tabs/magazine-tabs.rules';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import magazineBehaviour, { drawMagazineTabs } from './behaviour';
import type { MagazineContent } from './MagazineTabs';
import magazineTabs from './widget';

const entry = (title: string, groups: string[]) => ({ title, href: `/news/#${title}`, date: '2026-11-01', dateLabel: '1 November', summary: title, groups });
const CONTENT: MagazineContent = {
  label: 'Sort the news',
  allLabel: 'Everything',
  groups: [
    { id: 'news', label: 'News' },
    { id: 'events', label: 'Events' },
    { id: 'empty', label: 'Nothing yet' },
  ],
  entries: [entry('Lantern walk', ['events']), entry('New nurse', ['news']), entry('Open day', ['news', 'events']), entry('Winter hours', ['news'])],
  translations: { shown: '{group}: {count}.' },
};

const prerendered = () => renderToString(<Island widget={magazineTabs} content={CONTENT} slots={{}} settings={{}} hydrate="visible" />);

/** The machine after the visitor picked each of `groups` in turn, `ms` after the last (animating until MAGAZINE_ANIMATION_MS). */
function picked(groups: string[], ms = 0) {
  const clock = createTestClock();
  const input = { groups: CONTENT.groups.map((group) => ({ id: group.id, count: CONTENT.entries.filter((e) => e.groups.includes(group.id)).length })) };
  const actor = createActor(magazineTabsMachine, { input, clock }).start();
  for (const group of groups) actor.send({ type: 'sort.select', group });
  clock.advanceBy(ms);
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof picked>): string {
  const View = magazineTabs.View;
  const html = renderToString(<View actorRef={actor} settings={{}} content={CONTENT} slots={{}} />);
  return prerendered().replace(/<div class="sc-magazine">[\s\S]*<\/ul><\/div>/, html);
}

cleanUpAnsweringPages();

const pressed = () => [...document.querySelectorAll('.sc-magazine__button')].map((button) => button.getAttribute('aria-pressed'));
const shown = () => [...document.querySelectorAll<HTMLElement>('.sc-magazine__entry')].filter((li) => !li.hidden).map((li) => li.querySelector('a')?.textContent);
const status = () => document.querySelector('[role="status"]')?.textContent;

describe('the magazine tabs behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { picks: ['news'], ms: 0 },
    { picks: ['events'], ms: MAGAZINE_ANIMATION_MS },
    { picks: ['news', ALL_GROUP], ms: MAGAZINE_ANIMATION_MS },
  ])('$picks picked, $ms ms later: the same buttons, status text and entries as the view', ({ picks, ms }) => {
    const actor = picked(picks, ms);
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawMagazineTabs(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    const view = viewOf(actor);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(view));
    expect(host.querySelector('[role="status"]')?.textContent).toBe(new DOMParser().parseFromString(view, 'text/html').querySelector('[role="status"]')?.textContent);
    if (picks.at(-1) !== ALL_GROUP) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the magazine tabs answer a first tap without their view (issue 35, goal 2)', () => {
  it('a tap before the chunk arrives is acknowledged, then shows its group and says how many; the view never loads', async () => {
    const page = answeringPage(prerendered(), magazineTabs, magazineBehaviour);
    const { controller } = page;
    const { island, view, clock, release } = page;
    const events = [...document.querySelectorAll<HTMLElement>('.sc-magazine__button')].find((button) => button.textContent === 'Events') as HTMLElement;
    events.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    events.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(shown()).toHaveLength(4);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(pressed()).toEqual(['false', 'false', 'true']);
    expect(shown()).toEqual(['Lantern walk', 'Open day']);
    expect(status()).toBe('Events: 2.');
    expect(document.querySelector<HTMLElement>('.sc-magazine__entries')?.dataset.state).toBe('animating');
    clock.advanceBy(MAGAZINE_ANIMATION_MS);
    expect(document.querySelector<HTMLElement>('.sc-magazine__entries')?.dataset.state).toBeUndefined();
    document.querySelector<HTMLElement>('.sc-magazine__button')?.click();
    expect(shown()).toHaveLength(4);
    expect(status()).toBe('');
    expect(view).not.toHaveBeenCalled();
  });
});
