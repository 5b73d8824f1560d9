// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { withTranslations } from '../../runtime/render/Island';
import { placeholders } from '../../runtime/translations';
import type { RuntimeWidget } from '../../runtime/widget';
import { widgets } from '../../widgets/registry';
import { renderPage } from '../render';
import { mainMenu, pages } from '../site-pages';
import { translationsFor, widgetTranslations } from './translations';

const assets = { entryScript: '/assets/client.js', stylesheets: [] };

async function widgetsWithLabels(): Promise<Map<string, RuntimeWidget>> {
  const loaded = await Promise.all(Object.values(widgets).map(async (load) => (await load()).default));
  return new Map(loaded.filter((widget) => widget.translations).map((widget) => [widget.name, widget]));
}

/**
 * Each island's widget name and its content (the JSON script right after the island), in page order:
 * the page body's islands (in main), or with `shell` those of the English shell around it too.
 */
function islandContents(html: string, { shell = false } = {}): Array<{ widget: string; content: unknown }> {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return [...document.querySelectorAll<HTMLElement>(shell ? '[data-widget]' : 'main [data-widget]')].map((island) => {
    const script = island.nextElementSibling?.matches('script[data-island-content]') ? island.nextElementSibling : null;
    return { widget: island.dataset.widget ?? '', content: script ? JSON.parse(script.textContent || 'null') : undefined };
  });
}

describe('widget labels in the page language (demo/content/translations.ts)', () => {
  it('every label a widget declares has a non-empty English default', async () => {
    const labelled = await widgetsWithLabels();
    expect([...labelled.keys()].sort()).toEqual(
      expect.arrayContaining([
        'ajax-form',
        'countdown',
        'donate-button',
        'dosing-filter',
        'image-gallery',
        'lightbox',
        'magazine-tabs',
        'masonry',
        'media-player',
        'message-box',
        'portfolio',
        'slideshow',
        'tab-section',
        'video',
      ]),
    );
    for (const widget of labelled.values()) {
      for (const [key, text] of Object.entries(widget.translations ?? {})) expect(text.trim(), `${widget.name}.${key}`).not.toBe('');
    }
  });

  it('every widget that declares labels has a table in every language the site has, so no page in it falls back to English', async () => {
    const labelled = await widgetsWithLabels();
    expect(Object.keys(widgetTranslations)).toContain('ar');
    for (const [lang, tables] of Object.entries(widgetTranslations)) {
      expect(Object.keys(tables).sort(), lang).toEqual([...labelled.keys()].sort());
    }
  });

  it('each language table covers exactly the keys of the widgets it names, with the same placeholders', async () => {
    const labelled = await widgetsWithLabels();
    for (const [lang, tables] of Object.entries(widgetTranslations)) {
      for (const [name, table] of Object.entries(tables)) {
        const defaults = labelled.get(name)?.translations;
        expect(defaults, `${lang}: ${name} is a widget with labels`).toBeDefined();
        expect(Object.keys(table).sort(), `${lang}: ${name}`).toEqual(Object.keys(defaults ?? {}).sort());
        for (const [key, text] of Object.entries(table)) {
          expect(placeholders(text), `${lang}: ${name}.${key}`).toEqual(placeholders(defaults?.[key] ?? ''));
          expect(text, `${lang}: ${name}.${key} is translated`).not.toBe(defaults?.[key]);
        }
      }
    }
  });

  it('every widget with labels in the body of a page not in English has its table in the page language, and its island carries it', async () => {
    const labelled = await widgetsWithLabels();
    const foreign = pages.filter((page) => page.lang && page.lang !== 'en');
    expect(foreign.map((page) => page.path)).toContain('/ar/');
    let carried = 0;
    for (const page of foreign) {
      const lookup = translationsFor(page.lang);
      const islands = islandContents(renderPage(page, assets, mainMenu).html).filter((island) => labelled.has(island.widget));
      for (const island of islands) {
        const name = island.widget;
        expect(Object.keys(lookup(name) ?? {}).sort(), `${page.path}: ${name}`).toEqual(Object.keys(labelled.get(name)?.translations ?? {}).sort());
        expect((island.content as { translations?: unknown }).translations, `${page.path}: ${island.widget}`).toMatchObject(lookup(island.widget) ?? {});
        carried += 1;
      }
    }
    // /ar/ has the tab section at least.
    expect(carried).toBeGreaterThan(0);
  });

  it('every page rendered in Arabic: no widget in its body shows or names one of its own English labels (text, aria-label, title, alt)', async () => {
    const labelled = await widgetsWithLabels();
    // A label as a pattern for a whole text or attribute value: its placeholders stand for anything.
    const pattern = (template: string) => new RegExp(`^${template.trim().replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`, 's');
    const seen = new Set<string>();
    for (const page of pages) {
      const document = new DOMParser().parseFromString(renderPage({ ...page, lang: 'ar', dir: 'rtl' }, assets, mainMenu).html, 'text/html');
      for (const island of document.querySelectorAll<HTMLElement>('main [data-widget]')) {
        const name = island.dataset.widget ?? '';
        const defaults = labelled.get(name)?.translations;
        if (!defaults) continue;
        seen.add(name);
        const english = Object.entries(defaults).map(([key, text]) => ({ key, text, match: pattern(text) }));
        for (const element of [island, ...island.querySelectorAll('*')]) {
          const values = [element.textContent ?? '', ...[...element.attributes].filter((a) => !a.name.startsWith('data-')).map((a) => a.value)].map((v) => v.trim());
          for (const value of values.filter(Boolean)) {
            const left = english.find((label) => label.match.test(value));
            expect(left, `${page.path}: ${name} still says "${value}" (${left?.key})`).toBeUndefined();
          }
        }
      }
    }
    // The widgets whose prerendered markup carries labels, the ones moved last included.
    expect([...seen]).toEqual(expect.arrayContaining(['ajax-form', 'dosing-filter', 'image-gallery', 'masonry', 'media-player', 'message-box', 'portfolio', 'slideshow', 'video']));
  });

  it('English pages, and the English shell of an English page, get no table: their content is what the page wrote', async () => {
    const labelled = await widgetsWithLabels();
    const slideshow = labelled.get('slideshow');
    if (!slideshow) throw new Error('the slideshow declares its labels');
    expect(translationsFor('en')('slideshow')).toBeUndefined();
    expect(translationsFor(undefined)('slideshow')).toBeUndefined();
    const content = { label: 'Summer', slides: [] };
    expect(withTranslations(content, slideshow, translationsFor('en'))).toBe(content);
    // A key the page wrote itself wins over the table.
    expect(withTranslations({ ...content, translations: { nextSlide: 'Onwards' } }, slideshow, translationsFor('ar-EG'))).toMatchObject({
      label: 'Summer',
      translations: { nextSlide: 'Onwards', previousSlide: 'الشريحة السابقة' },
    });
    const home = pages.find((page) => page.path === '/');
    if (!home) throw new Error('the home page exists');
    const islands = islandContents(renderPage(home, assets, mainMenu).html, { shell: true });
    expect(islands.map((island) => island.widget)).toEqual(expect.arrayContaining(['slideshow', 'ajax-search']));
    for (const island of islands) expect(island.content ?? {}, island.widget).not.toHaveProperty('translations');
    // Issue 49.4: on /ar/ the header search, in the English shell, speaks the page's language.
    const arabic = pages.find((page) => page.path === '/ar/');
    if (!arabic) throw new Error('the Arabic page exists');
    const all = islandContents(renderPage(arabic, assets, mainMenu).html, { shell: true });
    const body = islandContents(renderPage(arabic, assets, mainMenu).html);
    const search = all.find((island) => island.widget === 'ajax-search');
    expect(search?.content).toMatchObject({ translations: { field: 'ابحث في الموقع', results: 'نتائج البحث' } });
    expect(body.map((island) => island.widget)).not.toContain('ajax-search');
  });
});
