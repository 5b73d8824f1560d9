// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { tableOfContentsMachine } from '../../machines/table-of-contents/table-of-contents.machine';
import type { TocEntry } from '../../machines/table-of-contents/table-of-contents.rules';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import tocBehaviour, { drawTableOfContents } from './behaviour';
import type { TableOfContentsContent } from './TableOfContents';
import tableOfContents from './widget';

const who = { level: 2, text: 'Who we are', id: 'who-we-are' };
const where = { level: 3, text: 'Where we work', id: 'where-we-work' };
const visit = { level: 2, text: 'How a visit works', id: 'how-a-visit-works' };
const ENTRIES = [who, where, visit];
const CONTENT: TableOfContentsContent = { title: 'On this page', entries: ENTRIES };
/** The page's headings, as the build wrote them (the ones it listed) and the one the contents skip. */
const HEADINGS = '<h1>About</h1><h2 id="who-we-are">Who we are</h2><p>…</p><h3 id="where-we-work">Where we work</h3><p>…</p><h2 id="how-a-visit-works">How a visit works</h2><p>…</p>';

/** The contents island as the prerender writes it, with the entries the build listed. */
const prerendered = (content: TableOfContentsContent = CONTENT) =>
  renderToString(<Island widget={tableOfContents} content={content} slots={{}} settings={{ levels: '2,3' }} hydrate="idle" className="island-toc" />);

type State = 'reading' | 'listed' | 'empty';

/** The machine in `value`, having listed `entries`, with `active` current. */
function snapshotOf(value: State, entries: TocEntry[] = [], active: string | null = null): SnapshotFrom<typeof tableOfContentsMachine> {
  const context = { levels: [2, 3], entries, inView: [], above: [], followed: null, active };
  return tableOfContentsMachine.resolveState({ value, context });
}

/** What the view renders for the state: the prerendered island with the view's markup for it. */
function viewOf(snapshot: SnapshotFrom<typeof tableOfContentsMachine>, content: TableOfContentsContent = CONTENT): string {
  const actor = createActor(tableOfContentsMachine, { input: { levels: [2, 3] }, snapshot });
  const View = tableOfContents.View;
  const html = renderToString(<View actorRef={actor} settings={{ levels: [2, 3], exclude: '.toc-exclude', scope: 'main' }} content={content} slots={{}} />);
  return prerendered(content).replace(/<nav[\s\S]*<\/nav>/, html);
}

/** Each link's text, in order, in `html`. */
function linkTexts(html: string): string[] {
  return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('.toc a')].map((link) => link.textContent ?? '');
}

/** Draws the state with the behaviour's bind on the prerendered island; returns the markup it leaves. */
function drawn(snapshot: SnapshotFrom<typeof tableOfContentsMachine>, content: TableOfContentsContent = CONTENT): string {
  const host = document.createElement('div');
  host.innerHTML = prerendered(content);
  drawTableOfContents(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, snapshot, content);
  return host.innerHTML;
}

cleanUpAnsweringPages();

const island = () => document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
const nav = () => document.querySelector<HTMLElement>('nav.toc') as HTMLElement;
const links = () => [...document.querySelectorAll<HTMLAnchorElement>('.toc a')];
const current = () => links().filter((link) => link.getAttribute('aria-current') === 'location').map((link) => link.textContent);

describe('the table of contents behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each<{ name: string; snapshot: SnapshotFrom<typeof tableOfContentsMachine>; content?: TableOfContentsContent; changes: boolean }>([
    { name: 'reading, with the entries the build listed', snapshot: snapshotOf('reading'), changes: false },
    { name: 'reading, where the build listed none (hidden)', snapshot: snapshotOf('reading'), content: { title: 'On this page' }, changes: false },
    ...ENTRIES.map((entry) => ({ name: `listed, ${entry.text} current`, snapshot: snapshotOf('listed', ENTRIES, entry.id), changes: true })),
    { name: 'listed, none current', snapshot: snapshotOf('listed', ENTRIES), changes: false },
    { name: 'no headings found: hidden, and no entries', snapshot: snapshotOf('empty'), changes: true },
    { name: 'listed, other headings than the build listed (a page edited by script)', snapshot: snapshotOf('listed', [where, { level: 4, text: 'Added by a script', id: 'added' }], 'added'), changes: true },
    { name: 'listed, more headings than the build listed', snapshot: snapshotOf('listed', [...ENTRIES, { level: 3, text: 'Before the first visit', id: 'before' }], 'before'), changes: true },
    { name: 'listed, where the build listed none', snapshot: snapshotOf('listed', ENTRIES, 'who-we-are'), content: { title: 'On this page' }, changes: true },
  ])('$name: the same list, items, links and texts as the view', ({ snapshot, content = CONTENT, changes }) => {
    const html = drawn(snapshot, content);
    const view = viewOf(snapshot, content);
    expect(islandShape(html)).toEqual(islandShape(view));
    expect(linkTexts(html)).toEqual(linkTexts(view));
    if (changes) expect(islandShape(html)).not.toEqual(islandShape(prerendered(content)));
  });
});

/** The stand-in observers the page made, the table of contents' in-view band among them. */
class Observers extends StubIntersectionObserver {
  static made: Observers[] = [];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    super(callback, options);
    Observers.made.push(this);
  }
}
/** The band's observer: its root margin starts below what is stuck at the top (runtime/services/scroll-spy.ts). */
const band = () => Observers.made.find((observer) => observer.options.rootMargin?.startsWith('-')) as Observers;
const heading = (id: string) => document.getElementById(id) as HTMLElement;

describe('the table of contents answers a first tap without its view (issue 35, goal 2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Observers.made = [];
  });

  it('a tap on an entry before the chunk arrives is acknowledged and held, then followed: its entry is current once its heading is in view; the view never loads', async () => {
    vi.stubGlobal('IntersectionObserver', Observers);
    const page = answeringPage(prerendered(), tableOfContents, tocBehaviour);
    document.querySelector('main')?.insertAdjacentHTML('beforeend', HEADINGS);
    const { view, release, controller } = page;
    const visitLink = links()[2] as HTMLAnchorElement;
    visitLink.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    visitLink.dispatchEvent(tap);
    // Held (the link would be followed before the widget hears it) and acknowledged at once.
    expect(tap.defaultPrevented).toBe(true);
    expect(island().getAttribute('aria-busy')).toBe('true');
    expect(visitLink.hasAttribute('data-sc-pressed')).toBe(true);
    release();
    await controller.settled();
    await vi.waitFor(() => expect(band()).toBeDefined());
    expect(island().dataset.island).toBe('answering');
    expect(island().hasAttribute('aria-busy')).toBe(false);
    expect(visitLink.hasAttribute('data-sc-pressed')).toBe(false);
    // The observers' first report: the first heading in the band, the followed one below it.
    band().report(heading('who-we-are'), true);
    band().report(heading('how-a-visit-works'), false);
    expect(current()).toEqual(['Who we are']);
    // The page's smooth scroll brings the followed heading into the band beside the one above it.
    band().report(heading('where-we-work'), true);
    band().report(heading('how-a-visit-works'), true);
    expect(current()).toEqual(['How a visit works']);
    expect(view).not.toHaveBeenCalled();
  });

  it('scrolling by hand moves the current entry; a click on an entry once answering is followed', async () => {
    vi.stubGlobal('IntersectionObserver', Observers);
    const page = answeringPage(prerendered(), tableOfContents, tocBehaviour);
    document.querySelector('main')?.insertAdjacentHTML('beforeend', HEADINGS);
    page.release();
    links()[0]?.focus();
    await page.controller.settled();
    await vi.waitFor(() => expect(band()).toBeDefined());
    expect(nav().hidden).toBe(false);
    expect(current()).toEqual([]);
    band().report(heading('who-we-are'), true);
    expect(current()).toEqual(['Who we are']);
    band().report(heading('who-we-are'), false);
    band().report(heading('where-we-work'), true);
    expect(current()).toEqual(['Where we work']);
    band().report(heading('how-a-visit-works'), true);
    links()[2]?.click();
    expect(current()).toEqual(['How a visit works']);
    expect(page.view).not.toHaveBeenCalled();
  });

  it('a page without the listed headings: the contents hide and hold no entries, without the view', async () => {
    const page = answeringPage(prerendered(), tableOfContents, tocBehaviour);
    page.release();
    links()[0]?.focus();
    await page.controller.settled();
    await vi.waitFor(() => expect(nav().hidden).toBe(true));
    expect(links()).toEqual([]);
    expect(island().dataset.island).toBe('answering');
    expect(page.view).not.toHaveBeenCalled();
  });

  it('a page edited by script: the headings it has now are listed without the view, and the view hydrates over them without a mismatch', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = answeringPage(prerendered(), tableOfContents, tocBehaviour);
    document.querySelector('main')?.insertAdjacentHTML('beforeend', `${HEADINGS}<h3>Added by a script</h3>`);
    heading('who-we-are').remove();
    page.release();
    links()[0]?.focus();
    await page.controller.settled();
    await vi.waitFor(() => expect(links().map((link) => link.textContent)).toEqual(['Where we work', 'How a visit works', 'Added by a script']));
    expect(links().map((link) => link.getAttribute('href'))).toEqual(['#where-we-work', '#how-a-visit-works', '#added-by-a-script']);
    expect(document.querySelector('h3:last-of-type')?.id).toBe('added-by-a-script');
    expect(page.view).not.toHaveBeenCalled();
    // The inspector (or hydrateAll) brings the view over the state drawn: React finds what it renders.
    await page.controller.hydrateAll();
    expect(island().dataset.island).toBe('hydrated');
    expect(links().map((link) => link.textContent)).toEqual(['Where we work', 'How a visit works', 'Added by a script']);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
