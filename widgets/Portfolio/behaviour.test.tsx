// @vitest-environment jsdom
import { setImmediate } from 'node:timers/promises';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { PREVIEW_ANIMATION_MS, portfolioMachine, type PortfolioEvent } from '../../machines/portfolio/portfolio.machine';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { defineWidget } from '../../runtime/widget';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import portfolioBehaviour, { drawPortfolio } from './behaviour';
import { Portfolio, templateId, type PortfolioContent } from './Portfolio';
import portfolio from './widget';

const CONTENT: PortfolioContent = {
  label: 'Team',
  filters: [
    { slug: 'nurses', label: 'Nurses' },
    { slug: 'therapists', label: 'Therapists' },
  ],
  entries: [
    { id: 'ana', title: 'Ana Ruiz', subtitle: 'Nurse', categories: ['nurses'], image: { src: '/ana.svg', alt: '' } },
    { id: 'ben', title: 'Ben Okafor', subtitle: 'Music therapist', categories: ['therapists'], image: { src: '/ben.svg', alt: '' } },
    { id: 'cleo', title: 'Cleo Marsh', subtitle: 'Night nurse', categories: ['nurses'], image: { src: '/cleo.svg', alt: '' } },
    // No template on the page: the machine waits for it.
    { id: 'dev', title: 'Dev Patel', subtitle: 'Driver', categories: ['volunteers'], image: { src: '/dev.svg', alt: '' } },
  ],
};
/** The same portfolio on a page in Arabic: its labels, the preview's name among them, in the page's language. */
const ARABIC: PortfolioContent = {
  ...CONTENT,
  translations: { filters: 'عرض {label}', all: 'الكل', about: 'عن {title}', preview: 'معاينة', previous: 'السابق', next: 'التالي', close: 'إغلاق' },
};
const PORTFOLIO_ID = 'team';
const TEMPLATES = new Map([
  ['ana', '<h3>Ana Ruiz</h3><p>Nurse since <a href="/news/">2009</a>.</p>'],
  ['ben', '<h3>Ben Okafor</h3><p>Plays the <em>cello</em>.</p>'],
  ['cleo', '<h3>Cleo Marsh</h3><img src="/cleo.svg" alt="Cleo at the quay">'],
]);
const templates = [...TEMPLATES].map(([id, html]) => `<template id="${templateId(PORTFOLIO_ID, id)}">${html}</template>`).join('');
const entries = CONTENT.entries.map(({ id, categories }) => ({ id, categories }));

type PortfolioActor = ActorRefFrom<typeof portfolioMachine>;

/** The portfolio whose view renders `actor`'s state, not the initial one of the actor the island makes. */
const showing = (actor: PortfolioActor) =>
  defineWidget({
    ...portfolioBehaviour,
    View: ({ settings, content }: Omit<ComponentProps<typeof Portfolio>, 'actorRef'>) => <Portfolio actorRef={actor} settings={settings} content={content} />,
  });

/** The portfolio island as the prerender writes it, its view rendering `actor`'s state (by default the prerender's own: the initial one). */
const rendered = (content: PortfolioContent, actor?: PortfolioActor) =>
  renderToString(<Island widget={actor ? showing(actor) : portfolio} content={content} settings={{ portfolioId: PORTFOLIO_ID }} hydrate="idle" />);

/** The machine on the test clock, reading the templates above (`templates`: a test may change one), its other effects left out. */
function machineActor() {
  const clock = createTestClock();
  const templates = new Map(TEMPLATES);
  const machine = portfolioMachine.provide({
    actors: { readTemplate: fromPromise<string | null, { id: string }>(async ({ input }) => templates.get(input.id) ?? null) },
    actions: { scrollToPreview: () => undefined, focusPreview: () => undefined, focusItem: () => undefined },
  });
  return { actor: createActor(machine, { input: { entries }, clock }).start(), clock, templates };
}

/** Lets a template read settle (a macrotask: every pending microtask has run). */
const flush = () => setImmediate();

cleanUpAnsweringPages();

describe('the portfolio behaviour draws what the view renders (issue 35, goal 2)', () => {
  /**
   * Every state a visitor reaches, in a visitor's order, drawn one after another on the same
   * prerendered markup (as the behaviour draws them on a page), each compared with the view's
   * render of the same snapshot: every element and attribute, and the preview's HTML.
   */
  const steps: Array<[string, (actor: PortfolioActor, clock: ReturnType<typeof createTestClock>, templates: Map<string, string>) => Promise<void> | void]> = [
    ['closed, all shown', () => undefined],
    ['filtered to the nurses', (actor) => actor.send({ type: 'filter.select', filter: 'nurses' })],
    ['opening on Ana', async (actor) => {
      actor.send({ type: 'item.open', id: 'ana' });
      await flush();
    }],
    ['open on Ana', (_, clock) => clock.advanceBy(PREVIEW_ANIMATION_MS)],
    ['reading the next', (actor) => actor.send({ type: 'nav.next' })],
    ['sliding to Cleo (#next)', () => flush()],
    ['open on Cleo', (_, clock) => clock.advanceBy(PREVIEW_ANIMATION_MS)],
    ['sliding back to Ana (#prev)', async (actor) => {
      actor.send({ type: 'nav.prev' });
      await flush();
    }],
    ['open on Ana again', (_, clock) => clock.advanceBy(PREVIEW_ANIMATION_MS)],
    ['all shown again, still open', (actor) => actor.send({ type: 'filter.select', filter: 'all' })],
    ['fading to Ben (a click)', async (actor) => {
      actor.send({ type: 'item.open', id: 'ben' });
      await flush();
    }],
    ['open on Ben', (_, clock) => clock.advanceBy(PREVIEW_ANIMATION_MS)],
    ['only the therapists: Ben alone', (actor) => actor.send({ type: 'filter.select', filter: 'therapists' })],
    ['#next reads Ben again, his template changed meanwhile', async (actor, _, templates) => {
      templates.set('ben', '<h3>Ben Okafor</h3><p>Now on <strong>Tuesdays</strong>.</p>');
      actor.send({ type: 'nav.next' });
      await flush();
    }],
    ['open on Ben, anew', (_, clock) => clock.advanceBy(PREVIEW_ANIMATION_MS)],
    ['closing (#close)', (actor) => actor.send({ type: 'preview.close' })],
    ['closed again', (_, clock) => clock.advanceBy(PREVIEW_ANIMATION_MS)],
    ['waiting for a template not on the page', async (actor) => {
      actor.send({ type: 'item.open', id: 'dev' });
      await flush();
    }],
  ];

  it.each([
    ['in English', CONTENT],
    ['in Arabic', ARABIC],
  ])('%s: each state drawn on the prerendered markup is the view’s render of it', async (_language, content) => {
    const { actor, clock, templates } = machineActor();
    const host = document.createElement('div');
    host.innerHTML = rendered(content);
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const closed = islandShape(host.innerHTML);
    const drawn: string[] = [];
    for (const [name, step] of steps) {
      // A step that only sends is not awaited: the state it leaves (reading) lasts until the template's read settles.
      const settling = step(actor, clock, templates);
      if (settling) await settling;
      const snapshot = actor.getSnapshot();
      drawPortfolio(island, snapshot, content);
      const view = document.createElement('div');
      view.innerHTML = rendered(content, actor);
      expect(islandShape(host.innerHTML), name).toEqual(islandShape(view.innerHTML));
      expect(island.querySelector('.portfolio__content')?.innerHTML, name).toBe(view.querySelector('.portfolio__content')?.innerHTML);
      if (name !== 'closed, all shown' && name !== 'closed again') expect(islandShape(host.innerHTML), name).not.toEqual(closed);
      drawn.push(`${String(snapshot.value)} ${snapshot.context.current ?? '-'} ${island.querySelector('.portfolio__preview')?.getAttribute('aria-label') ?? ''}`);
    }
    // The walk reached every state of the chart, and the preview was named after each entry it showed.
    expect(new Set(drawn.map((line) => line.split(' ')[0]))).toEqual(new Set(['closed', 'reading', 'opening', 'open', 'switching', 'closing', 'waitingForTemplate']));
    const about = content === ARABIC ? 'عن' : 'About';
    expect(drawn).toContain(`open cleo ${about} Cleo Marsh`);
    expect(drawn).toContain(`open ben ${about} Ben Okafor`);
    actor.stop();
  });

  it('a new entry gets a new content element, as the view’s key remounts it', async () => {
    const { actor, clock } = machineActor();
    const host = document.createElement('div');
    host.innerHTML = rendered(CONTENT);
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const contentElement = () => island.querySelector('.portfolio__content');
    drawPortfolio(island, actor.getSnapshot(), CONTENT);
    const send = async (event: PortfolioEvent) => {
      actor.send(event);
      await flush();
      clock.advanceBy(PREVIEW_ANIMATION_MS);
      drawPortfolio(island, actor.getSnapshot(), CONTENT);
    };
    await send({ type: 'item.open', id: 'ana' });
    const ana = contentElement();
    await send({ type: 'nav.next' });
    expect(contentElement()?.innerHTML).toBe(TEMPLATES.get('ben'));
    expect(contentElement()).not.toBe(ana);
    actor.stop();
  });
});

describe('the portfolio answers a first tap without its view (issue 35, goal 2)', () => {
  /** The /team/ page as the prerender writes it (the portfolio, then its templates), its behaviour's chunk held back. */
  function slowPortfolio() {
    return answeringPage(rendered(CONTENT) + templates, portfolio, portfolioBehaviour);
  }
  const filterButtons = () => [...document.querySelectorAll<HTMLElement>('.portfolio__filter')];
  const openButtons = () => [...document.querySelectorAll<HTMLElement>('.portfolio__open')];
  const shownEntries = () => openButtons().filter((button) => !button.closest('li')?.hidden).map((button) => button.dataset.ajaxId);
  const preview = () => document.querySelector<HTMLElement>('.portfolio__preview') as HTMLElement;
  const link = (name: string) => document.querySelector<HTMLAnchorElement>(`.portfolio__nav a[href="#${name}"]`) as HTMLAnchorElement;
  /** A tap: the pointer down, then the click. */
  const tap = (element: HTMLElement) => {
    element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    element.click();
  };

  it('a filter tapped before the chunk arrives is acknowledged at once, then applied by the behaviour; the view never loads', async () => {
    const { island, view, release, controller } = slowPortfolio();
    const nurses = filterButtons()[1] as HTMLElement;
    tap(nurses);
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(nurses.hasAttribute('data-sc-pressed')).toBe(true);
    expect(nurses.getAttribute('aria-pressed')).toBe('false');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(nurses.hasAttribute('data-sc-pressed')).toBe(false);
    expect(filterButtons().map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(filterButtons().map((button) => button.className)).toEqual(['portfolio__filter', 'portfolio__filter active_sort', 'portfolio__filter']);
    expect(shownEntries()).toEqual(['ana', 'cleo']);
    expect(view).not.toHaveBeenCalled();
  });

  it('an entry tapped before the chunk arrives opens the preview, scrolled to and then focused; #next, #prev and #close answer; the view never loads', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { island, view, clock, release, controller } = slowPortfolio();
    const ana = openButtons()[0] as HTMLElement;
    tap(ana);
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(preview().hidden).toBe(true);
    release();
    await controller.settled();
    await flush();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(island.querySelector('.portfolio')?.getAttribute('data-state')).toBe('opening');
    expect(ana.getAttribute('aria-expanded')).toBe('true');
    expect(preview().hidden).toBe(false);
    expect(preview().getAttribute('aria-label')).toBe('About Ana Ruiz');
    expect(preview().querySelector('.portfolio__content')?.innerHTML).toBe(TEMPLATES.get('ana'));
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(island.querySelector('.portfolio')?.getAttribute('data-state')).toBe('open');
    expect(document.activeElement).toBe(preview());

    const next = new MouseEvent('click', { bubbles: true, cancelable: true });
    link('next').dispatchEvent(next);
    expect(next.defaultPrevented).toBe(true);
    await flush();
    expect(preview().dataset.transition).toBe('slide-next');
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    expect(preview().getAttribute('aria-label')).toBe('About Ben Okafor');
    expect(openButtons().map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false', 'false']);

    link('prev').click();
    await flush();
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    expect(preview().getAttribute('aria-label')).toBe('About Ana Ruiz');
    expect(preview().dataset.transition).toBe('slide-prev');

    link('close').click();
    expect(island.querySelector('.portfolio')?.getAttribute('data-state')).toBe('closing');
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    expect(preview().hidden).toBe(true);
    expect(preview().getAttribute('aria-label')).toBe('Preview');
    expect(preview().querySelector('.portfolio__content')?.innerHTML).toBe('');
    expect(document.activeElement).toBe(ana);
    expect(window.location.hash).toBe('');
    expect(view).not.toHaveBeenCalled();
  });

  it('hydrateAll() brings the view, which hydrates over the state the behaviour drew (an open preview): no mismatch, and it answers from there', async () => {
    const reported = vi.spyOn(console, 'error');
    // A mismatch React recovers from is the runtime's warning (runtime/mount.tsx).
    const warned = vi.spyOn(console, 'warn');
    const { clock, release, controller } = slowPortfolio();
    release();
    filterButtons()[1]?.click();
    await controller.settled();
    openButtons()[2]?.click();
    await flush();
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    await controller.hydrateAll();
    const island = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    expect(island.dataset.island).toBe('hydrated');
    expect(shownEntries()).toEqual(['ana', 'cleo']);
    expect(preview().getAttribute('aria-label')).toBe('About Cleo Marsh');
    link('next').click();
    await flush();
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    await vi.waitFor(() => expect(preview().getAttribute('aria-label')).toBe('About Ana Ruiz'));
    expect(preview().querySelector('.portfolio__content')?.innerHTML).toBe(TEMPLATES.get('ana'));
    expect(reported).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });
});
