// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { tabsMachine } from '../../machines/tabs/tabs.machine';
import { createTestClock } from '../test-clock';
import type { IslandController, ResumableIsland } from '../islands';
import { matchIslands, replayActors, replayInPage, scenarioAddress } from './in-page';

/** Issue 28.3: `?replay=` on a page: where the file is read, what it replays, on which islands, and the bar. */
const shippedText = readFileSync('tests/scenarios/services-tabs.json', 'utf8');
const origin = 'http://127.0.0.1:4173';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('scenarioAddress', () => {
  it('reads a name from tests/scenarios/ (through npm run dev), an address on this site as it is, nothing elsewhere', () => {
    expect(scenarioAddress('services-tabs', origin)).toEqual({ url: '/__scenarios/services-tabs.json' });
    expect(scenarioAddress('services-tabs.json', origin)).toEqual({ url: '/__scenarios/services-tabs.json' });
    expect(scenarioAddress('/files/bug.json?v=2', origin)).toEqual({ url: '/files/bug.json?v=2' });
    expect(scenarioAddress('https://example.com/bug.json', origin)).toHaveProperty('problem');
    expect(scenarioAddress('//example.com/bug.json', origin)).toHaveProperty('problem');
    expect(scenarioAddress('../secrets', origin)).toHaveProperty('problem');
  });
});

describe('replayActors and matchIslands', () => {
  it('a one-actor file is one actor at the start; a page file each of its actors', () => {
    expect(replayActors(JSON.parse(shippedText), 'x').actors).toMatchObject([{ machine: 'tabs', start: 0 }]);
    const page = { name: 'page /services/', actors: [{ start: 0, machine: 'sticky-header', steps: [] }, { start: 40, machine: 'tabs', steps: [] }] };
    expect(replayActors(page, 'x').actors.map((actor) => [actor.machine, actor.start])).toEqual([['sticky-header', 0], ['tabs', 40]]);
    expect(() => replayActors({ steps: [] }, 'bad.json')).toThrow('bad.json: "machine" must name a machine');
  });

  it('an actor plays on the first free island of its widget, actor name or machine id', () => {
    const island = (widget: string, id: string, machine: string) => ({ widget, actor: { id, logic: { id: machine } } as unknown as AnyActorRef });
    const islands = [island('tabs', 'tabs-1', 'tabs'), island('toggles', 'toggles-1', 'toggles'), island('tabs', 'tabs-2', 'tabs'), island('consent', 'x:3', 'cookieConsent')];
    const actors = ['tabs', 'tabs', 'tabs', 'cookieConsent', 'toggles'].map((machine) => ({ name: machine, machine, start: 0, steps: [] }));
    expect(matchIslands(actors, islands)).toEqual([0, 2, undefined, 3, 1]);
  });

  it('of several islands of one widget, an actor plays on the one made with its input, whatever the page order', () => {
    const video = (id: string, input: Record<string, unknown>) => ({ widget: 'video', actor: { id, logic: { id: 'video' }, options: { input } } as unknown as AnyActorRef });
    // The page lists the self-hosted video first; the recording started the platform videos first.
    const islands = [video('video-1', { videoId: '', type: 'html5' }), video('video-2', { type: 'vimeo', videoId: '76979871' }), video('video-3', { type: 'youtube', videoId: 'aqz' })];
    const actor = (input?: Record<string, unknown>) => ({ name: 'video', machine: 'video', start: 0, steps: [], input });
    expect(matchIslands([actor({ videoId: '76979871', type: 'vimeo' }), actor({ type: 'youtube', videoId: 'aqz' }), actor({ type: 'html5', videoId: '' })], islands)).toEqual([1, 2, 0]);
    // No input, or an input no island has: the first free one.
    expect(matchIslands([actor(), actor({ type: 'dailymotion' })], islands)).toEqual([0, 1]);
  });
});

/** A page with the /services/ tabs island, its actor made as the runtime makes it (through the gate). */
function servicesPage(clock: ReturnType<typeof createTestClock>) {
  const pageInput = { ids: ['home-nursing', 'harbour-room', 'family-support'], initial: 1 };
  const make = (gate?: Parameters<ResumableIsland['recreate']>[0]['gate'], input: unknown = pageInput) =>
    createActor(tabsMachine.provide((gate ? gate.implementations({ actions: { writeHash: () => undefined } }) : {}) as Parameters<typeof tabsMachine.provide>[0]), { input: input as typeof pageInput, clock });
  const first = make().start();
  const island: ResumableIsland = { widget: 'tabs', actor: first, recreate: ({ gate, input }) => make(gate, input), adopt: vi.fn() };
  const islands = { hydrateAll: vi.fn(async () => undefined), resumable: async () => [island] } as unknown as IslandController;
  return { islands, island, first };
}

async function open(search: string, answer: () => Response) {
  window.history.replaceState(null, '', `/services/${search}`);
  vi.spyOn(window, 'fetch').mockImplementation(async () => answer());
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const clock = createTestClock();
  const page = servicesPage(clock);
  const replay = await replayInPage({ window, clock, islands: page.islands, inspect: () => undefined, note: undefined });
  const bar = document.querySelector('[aria-label="Scenario replay"]');
  return { replay, bar, warn, page, clock };
}
const json = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'application/json' } });
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);

describe('replayInPage', () => {
  it('puts the bar on the page; Next step re-enacts the scenario on the island, every expectation held', async () => {
    const { replay, bar, page, warn } = await open('?replay=services-tabs', () => json(shippedText));
    expect(window.fetch).toHaveBeenCalledWith('/__scenarios/services-tabs.json', expect.anything());
    expect(page.first.getSnapshot().status).toBe('stopped');
    expect(page.island.adopt).toHaveBeenCalledTimes(1);
    expect(bar?.querySelector('[role=status]')?.textContent).toBe('Step 0 of 12: at the start.');
    button('Next step')?.click();
    button('Next step')?.click();
    expect(bar?.querySelector('[role=status]')?.textContent).toBe('Step 2 of 12: tabs step 2: send tab.select {"index":1}.');
    expect(replay?.actor(0)?.getSnapshot().context.active).toBe(1);
    for (let i = 0; i < 10; i++) button('Next step')?.click();
    expect(bar?.querySelector('[role=status]')?.textContent).toMatch(/^Step 12 of 12: .*: ok\. Finished: every expectation held; the page runs live from here\.$/);
    expect(button('Next step')?.disabled).toBe(true);
    expect(bar?.querySelector('[role=alert]')?.textContent).toBe('');
    expect(warn).not.toHaveBeenCalled();
  });

  it("a scenario with its own input runs with it, not the island's settings, and the bar says so", async () => {
    // The page's tabs open on the first tab; this scenario's were made to open on the third.
    const own = {
      name: 'tabs from elsewhere',
      machine: 'tabs',
      input: { ids: ['home-nursing', 'harbour-room', 'family-support'], initial: 3 },
      steps: [{ expect: 'shown', context: { active: 2 } }, { send: { type: 'tab.select', index: 0 } }, { expect: 'opening', context: { active: 0 } }],
    };
    const { replay, bar, warn } = await open('?replay=elsewhere', () => json(JSON.stringify(own)));
    expect(bar?.querySelector('[role=status]')?.textContent).toBe("Step 0 of 3: at the start. Run with the scenario's input, not this page's settings: tabs.");
    for (let i = 0; i < 3; i++) button('Next step')?.click();
    expect(replay?.divergences).toEqual([]);
    expect(replay?.actor(0)?.getSnapshot().context.active).toBe(0);
    expect(bar?.querySelector('[role=alert]')?.textContent).toBe('');
    expect(warn).not.toHaveBeenCalled();
  });

  it('Play runs the steps at the recorded pace (an advance waits as long as it moved the clock, at most 1 s) until the end; Pause stops it', async () => {
    // Date too: the real clock counts a timer set while another fires from when that one was due.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { replay } = await open('?replay=services-tabs', () => json(shippedText));
      button('Play')?.click();
      // Steps 1-3 move no time: 250 ms apart; step 4 advanced 200 ms.
      expect(replay?.done).toBe(1);
      expect(button('Pause')).toBeDefined();
      vi.advanceTimersByTime(250);
      expect(replay?.done).toBe(2);
      vi.advanceTimersByTime(500);
      expect(replay?.done).toBe(4);
      button('Pause')?.click();
      vi.advanceTimersByTime(10_000);
      expect(replay?.done).toBe(4);
      button('Play')?.click();
      vi.advanceTimersByTime(10_000);
      expect(replay?.finished()).toBe(true);
      expect(button('Play')?.disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the first divergence: step, expected and actual, and warns once', async () => {
    const wrong = JSON.parse(shippedText) as { steps: unknown[] };
    wrong.steps[4] = { expect: 'shown', context: { active: 0 } };
    const { bar, warn } = await open('?replay=services-tabs', () => json(JSON.stringify(wrong)));
    for (let i = 0; i < 12; i++) button('Next step')?.click();
    expect(bar?.querySelector('[role=alert]')?.textContent).toBe('Diverged at step 5 (tabs step 5): expected "shown" {"active":0}; actual: context.active is 1, not 0');
    expect(bar?.querySelector('[role=status]')?.textContent).toMatch(/Finished: 1 diverged/);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('bad input: an unknown name, a file that is not JSON or not a scenario, a page without the island: one message, the page as it was', async () => {
    const cases: Array<[string, () => Response, RegExp]> = [
      ['?replay=nosuch', () => json(JSON.stringify({ problem: '?replay=nosuch: no such scenario in tests/scenarios/' }), 404), /^\?replay=nosuch: no such scenario in tests\/scenarios\/$/],
      ['?replay=nosuch', () => new Response('<html>not found</html>', { status: 404, headers: { 'content-type': 'text/html' } }), /served by npm run dev only; the built server \(npm start\) does not serve them/],
      ['?replay=nosuch', () => json(JSON.stringify({ error: 'Not Found', statusCode: 404 }), 404), /served by npm run dev only/],
      ['?replay=/broken.json', () => json('{ "machine": "tabs", '), /^\/broken\.json: not JSON/],
      ['?replay=/other.json', () => json('{ "name": "x" }'), /^not a scenario: \/other\.json: "machine" must name a machine$/],
      ['?replay=/slides.json', () => json('{ "machine": "slideshow", "steps": [] }'), /this page has no island for slideshow/],
      ['?replay=https://example.com/x.json', () => json(shippedText), /give a scenario name/],
    ];
    for (const [search, answer, message] of cases) {
      const { replay, bar, warn, page } = await open(search, answer);
      expect(replay, search).toBeUndefined();
      expect(bar?.querySelector('[role=alert]')?.textContent, search).toMatch(message);
      expect(warn, search).toHaveBeenCalledTimes(1);
      expect(page.first.getSnapshot().status, search).toBe('active');
      expect(button('Next step'), search).toBeUndefined();
      document.body.innerHTML = '';
      vi.restoreAllMocks();
    }
  });
});
