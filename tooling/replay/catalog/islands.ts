import type { AnyStateMachine } from 'xstate';
import { recordIslands, type RecordedIsland } from '../../../runtime/render/Island';
import { createTestClock } from '../../../runtime/test-clock';
import type { WidgetEnv } from '../../../runtime/widget';
import { loadSiteConfig, siteContentDir, siteDir } from '../../../server/site-folder';

/**
 * Where the replay catalog's widget inputs come from: the site itself (the demo unless SITE_DIR names another). Every page is rendered
 * with the build's own page renderer (demo/render.tsx `renderPage`, what prerender.ts and the dev
 * server write), and every island it renders is recorded (runtime/render/Island.tsx
 * `recordIslands`): its widget definition, its settings as the page writes them, its content. A
 * catalog entry then takes one island and builds the machine's input with the widget's own
 * `settings.parse` (defineSettings: spec defaults for what the page leaves out) and `input()`, so the
 * input the model tests and the replays explore is the one the page gives the widget, and it cannot
 * drift: change a page, a content file or a widget's input() and the catalog follows.
 *
 * The pages are demo/routes.tsx `pages`: the content pages (demo/content/pages/**.md, Markdoc, whose widget
 * tags render these same islands) and the developer pages; whatever feeds them feeds the catalog.
 */
export interface DemoIsland extends RecordedIsland {
  /** The page it is on. */
  page: string;
}

/** The replay's day (tooling/bench/home-day.ts starts the same morning): what `now` is for the widgets' input(). */
export const REPLAY_NOW = Date.UTC(2026, 10, 24, 9);

// The site the catalog is drawn from: SITE_DIR (or --site), else the demo.
const folder = siteDir();
const site = await loadSiteConfig(folder);
const { notFoundPage, loadSite } = await site.routes();
const { renderPage } = await site.render();
const { pages, menu: mainMenu } = loadSite(siteContentDir(folder));

let recorded: readonly DemoIsland[] | undefined;

/** Every island of every demo page (and the 404 page), in page order. Rendered once, on first use. */
export function demoIslands(): readonly DemoIsland[] {
  recorded ??= [...pages, notFoundPage].flatMap((page) =>
    recordIslands(() => renderPage(page, { entryScript: '/replay.js', stylesheets: [] }, mainMenu)).islands.map((island) => ({ ...island, page: page.path })),
  );
  return recorded;
}

/** Which island an entry takes, and what it lays over it. */
export interface IslandPick {
  /** The island's id (data-island element id); the widget's first island when neither this nor `page` is given. */
  id?: string;
  /** The page the island is on (its first island of the widget there). */
  page?: string;
  /** Settings the island must carry as the page writes them (`{ type: 'youtube' }`), for islands without an id. */
  has?: Readonly<Record<string, string>>;
  /**
   * Settings an author could write, laid over the island's (autoplay on where the page leaves it
   * off, so the model explores it). Parsed by the widget's schema like the page's own: a value the
   * schema refuses fails the catalog, it never falls back quietly.
   */
  settings?: Readonly<Record<string, string | number | boolean>>;
  /** The island's content as another page could give it (the first line alone); the widget's input() still reads it. */
  content?: (content: unknown) => unknown;
  /** What the visitor's browser tells the widget and no page can write (prefers-reduced-motion). */
  browser?: Readonly<Record<string, unknown>>;
}

export interface FromIsland {
  machine: AnyStateMachine;
  input: Record<string, unknown> | undefined;
  /** Where the input comes from, in one line: the report and the docs print it. */
  source: string;
}

/** The island `pick` names, or an error that lists the widget's islands. */
export function findIsland(widget: string, pick: IslandPick = {}): DemoIsland {
  const candidates = demoIslands().filter((island) => island.widget.name === widget);
  const carries = (island: DemoIsland) => Object.entries(pick.has ?? {}).every(([key, value]) => island.settings[key] === value);
  const found = candidates.find((island) => (pick.id === undefined || island.id === pick.id) && (pick.page === undefined || island.page === pick.page) && carries(island));
  if (!found) {
    const known = candidates.map((island) => `${island.id ?? '(no id)'} on ${island.page}`).join(', ') || 'none';
    const wanted = [pick.id ? `with id ${pick.id}` : '', pick.page ? `on ${pick.page}` : '', pick.has ? `with ${JSON.stringify(pick.has)}` : ''].filter(Boolean).join(' ');
    throw new Error(`the replay catalog wants a ${widget} island ${wanted}; the demo pages have: ${known}`);
  }
  return found;
}

/** A widget's machine and the input its definition builds from one island of the demo pages. */
export function fromIsland(widget: string, pick: IslandPick = {}): FromIsland {
  const island = findIsland(widget, pick);
  const definition = island.widget;
  const overrides = Object.fromEntries(Object.entries(pick.settings ?? {}).map(([key, value]) => [key, String(value)]));
  const env: WidgetEnv = {
    clock: createTestClock(REPLAY_NOW),
    random: () => 0.5,
    warn: (message) => {
      throw new Error(`the replay catalog's ${widget} entry: ${message}`);
    },
  };
  const settings = definition.settings.parse({ ...island.settings, ...overrides }, env.warn);
  const content = pick.content ? pick.content(island.content) : island.content;
  const built = definition.input(settings, content, env) as Record<string, unknown> | undefined;
  const input = pick.browser ? { ...built, ...pick.browser } : built;
  const laid = [
    Object.keys(overrides).length > 0 ? `settings ${JSON.stringify(overrides)}` : '',
    pick.content ? 'content adapted' : '',
    pick.browser ? `browser ${JSON.stringify(pick.browser)}` : '',
  ].filter(Boolean);
  const source = `${widget} island ${island.id ? `#${island.id} ` : ''}on ${island.page}${laid.length > 0 ? ` + ${laid.join(' + ')}` : ''}`;
  return { machine: definition.machine, input, source };
}
