import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEWS_FIRST_PAGE, NEWS_PER_LOAD, newsBrick, newsItems } from '../../demo/content/news';
import { catalog } from '../../tooling/replay/demo-catalog/index';
import { demoIslands, fromIsland } from '../../tooling/replay/catalog/islands';
import { widgets } from '../../widgets/registry';

/**
 * Issue 22: the replay catalog does not restate the widgets' input; it takes it from the widget
 * definitions and the islands the demo pages render (tooling/replay/catalog/islands.ts). So every
 * widget's entries name the island they read, use the widget's own machine, and carry exactly what
 * the page gives the widget; a setting the widget's schema refuses, or an island the pages do not
 * have, fails the catalog instead of passing quietly.
 */
const root = join(import.meta.dirname, '../..');
const widgetNames = Object.keys(widgets);
/** Entries keyed by a widget's name, alone or with a variant: `slideshow`, `countdown (ended)`. */
const widgetEntries = Object.entries(catalog).filter(([key]) => widgetNames.includes(key.replace(/ \(.*\)$/, '')));

describe('the replay catalog is derived from the widgets and the demo pages', () => {
  it('records an island of every registered widget on the demo pages', () => {
    const recorded = new Set(demoIslands().map((island) => island.widget.name));
    expect(widgetNames.filter((name) => !recorded.has(name))).toEqual([]);
  });

  it.each(widgetNames)('%s: its entry uses the widget definition’s own machine', async (name) => {
    const definition = (await widgets[name]?.())?.default;
    expect(definition?.name).toBe(name);
    expect(catalog[name]?.machine).toBe(definition?.machine);
  });

  it('every widget entry says which island of which page its input comes from', () => {
    expect(widgetEntries.length).toBeGreaterThan(widgetNames.length);
    expect(widgetEntries.filter(([, entry]) => !/ island (#[\w-]+ )?on \/[\w/.-]*/.test(entry.source ?? '')).map(([key]) => key)).toEqual([]);
  });

  it('no catalog file writes a widget machine’s input or imports its machine', () => {
    const dir = join(root, 'tooling/replay/catalog');
    const sources = readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')] as const);
    // A value import of a widget's machine would mean an entry built its own input; type imports are fine,
    // and so are the machines no page island builds (page services, consent, the SDK logger, the inspector).
    const machineImports = sources.flatMap(([file, text]) =>
      [...text.matchAll(/^import \{[^}]*\} from '\.\.\/\.\.\/\.\.\/machines\/([\w-]+)\/[\w-]+\.machine';/gm)].map((m) => `${file}: ${m[1]}`),
    );
    const widgetMachines = new Set(widgetEntries.map(([, entry]) => entry.machine.id));
    expect(machineImports.filter((line) => [...widgetMachines].some((id) => line.endsWith(`: ${kebab(id)}`)))).toEqual([]);
  });

  it('carries the page’s own content: the news grid’s bricks, the team page’s rotator lines, the hero’s slides', () => {
    const masonry = catalog.masonry?.input as { bricks: Array<{ id: string }>; items: number; collection: string };
    expect(masonry.bricks.map((brick) => brick.id)).toEqual(newsItems.slice(0, NEWS_FIRST_PAGE).map((item) => newsBrick(item).id));
    expect(masonry.items).toBe(NEWS_PER_LOAD);
    const rotator = demoIslands().find((island) => island.widget.name === 'text-rotator' && island.page === '/team/')?.content as { lines: string[] };
    expect((catalog['text-rotator']?.input as { lengths: number[] }).lengths).toEqual(rotator.lines.map((line) => [...line].length));
    expect((catalog['text-rotator (single line)']?.input as { lengths: number[] }).lengths).toEqual([[...(rotator.lines[0] ?? '')].length]);
    const hero = demoIslands().find((island) => island.id === 'hero-slideshow');
    expect((catalog.slideshow?.input as { count: number }).count).toBe((hero?.content as { slides: unknown[] }).slides.length);
    // The setting laid over the page's: the 300 ms show delay, through the schema (milliseconds).
    expect((catalog.slideshow?.input as { showDelayMs: number }).showDelayMs).toBe(300);
    expect(catalog.slideshow?.source).toBe('slideshow island #hero-slideshow on / + settings {"show_slide_delay":"300"}');
  });

  it('refuses a setting the widget’s schema refuses, and an island the pages do not have', () => {
    expect(() => fromIsland('slideshow', { id: 'hero-slideshow', settings: { interval: 'soon' } })).toThrow(/slideshow entry: .*data-interval="soon" is not a number/);
    expect(() => fromIsland('slideshow', { id: 'no-such-slideshow' })).toThrow(/wants a slideshow island with id no-such-slideshow; the demo pages have: .*hero-slideshow on \//);
  });
});

/** `imageGallery` -> `image-gallery`: a machine id as its folder under machines/. */
function kebab(id: string): string {
  return id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
