import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { attributeName } from '../../runtime/settings';
import { widgets } from '../../widgets/registry';
import { WidgetsGalleryPage } from './WidgetsGallery';
import { pages } from '../site-pages';
import { catalogue } from './widgets-gallery/catalogue';
import { cssOnlyWidgets } from './widgets-gallery/css-only';
import { machineEvents, machineOutline } from './widgets-gallery/outline';

const html = renderToStaticMarkup(<WidgetsGalleryPage />);
const names = Object.keys(widgets);

describe('widgets gallery (/widgets/)', () => {
  it('has a catalogue entry for every registry key, and none for a name the registry lacks', () => {
    expect(names.filter((name) => !(name in catalogue))).toEqual([]);
    expect(Object.keys(catalogue).filter((name) => !(name in widgets))).toEqual([]);
  });

  it('imports the very module each registry entry loads', async () => {
    for (const name of names) {
      const load = widgets[name];
      if (!load) throw new Error(`no loader for ${name}`);
      const loaded = await load();
      expect(catalogue[name]?.widget, name).toBe(loaded.default);
      expect(loaded.default.name, name).toBe(name);
    }
  });

  it.each(names)('renders %s with a heading, its settings, its spec, its live statechart link and its states', (name) => {
    expect(html).toContain(`<h2 id="widget-${name}">${name}</h2>`);
    const entry = catalogue[name];
    if (!entry) throw new Error(`no catalogue entry for ${name}`);
    for (const key of Object.keys((entry.widget.settings.defaults() ?? {}) as object)) {
      expect(html).toContain(`<th scope="row"><code>${attributeName(key)}</code></th>`);
    }
    for (const ref of entry.spec) expect(html).toContain(`§${ref.section} `);
    expect(html).toContain(`href="${entry.livePaths[0]}?inspect" data-live-statechart="${name}"`);
    const outline = machineOutline(entry.widget.machine);
    for (const child of outline.children) expect(html).toContain(`<span class="gallery__state">${child.key}</span>`);
    for (const event of machineEvents(outline)) expect(html).toContain(`<code>${event}</code>`);
  });

  it('shows every widget exactly once, in registry order', () => {
    const shown = [...html.matchAll(/data-gallery-widget="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(names);
  });
});

describe('widgets gallery: CSS-only widgets', () => {
  const cssOnly = Object.entries(cssOnlyWidgets);

  it('lists the icon grid, after every island, under names the registry does not use', () => {
    expect(cssOnly.map(([name]) => name)).toContain('icon-grid');
    expect(cssOnly.filter(([name]) => name in widgets)).toEqual([]);
    const sections = [...html.matchAll(/data-gallery-(css-)?widget="([^"]+)"/g)].map((m) => m[2]);
    expect(sections).toEqual([...names, ...cssOnly.map(([name]) => name)]);
  });

  it.each(cssOnly)('renders %s with its markup, its spec, where it is live, and no statechart', (name, entry) => {
    expect(html).toContain(`<h2 id="widget-${name}">${name}</h2>`);
    expect(html).toContain(`<a href="#widget-${name}">${name}</a>`);
    for (const part of entry.markup) expect(html).toContain(`<th scope="row"><code>.${part.className}</code></th>`);
    for (const ref of entry.spec) expect(html).toContain(`§${ref.section} `);
    for (const path of entry.livePaths) expect(html).toContain(`<a href="${path}">${name} on ${path}</a>`);
    expect(html).not.toContain(`data-live-statechart="${name}"`);
    expect(html).toContain('<h3>Statechart: none</h3>');
  });

  it.each(cssOnly)('%s: the markup table names exactly the classes its component renders', (_name, entry) => {
    const rendered = new Set([...renderToStaticMarkup(entry.example()).matchAll(/class="([^"]+)"/g)].flatMap((m) => (m[1] ?? '').split(' ')));
    expect(entry.markup.map((part) => part.className).sort()).toEqual([...rendered].sort());
  });

  it.each(cssOnly)('%s is live on the pages it names', (_name, entry) => {
    for (const path of entry.livePaths) {
      const page = pages.find((p) => p.path === path);
      if (!page) throw new Error(`no demo page at ${path}`);
      expect(renderToStaticMarkup(<>{page.render()}</>), path).toContain(`class="${entry.markup[0].className}"`);
    }
  });
});

describe('machineOutline', () => {
  it('reads nested states, events, delays and always transitions', async () => {
    const { setup } = await import('xstate');
    const machine = setup({ delays: { pause: 500 }, guards: { ready: () => true }, actions: { log: () => undefined } }).createMachine({
      id: 'demo',
      initial: 'idle',
      on: { reset: '.idle' },
      states: {
        idle: { on: { 'nav.next': { target: 'busy' } } },
        busy: {
          initial: 'one',
          after: { pause: 'idle', 100: '#demo.done' },
          states: { one: { always: [{ target: 'two', guard: 'ready' }, { target: '#demo.done' }] }, two: { on: { stop: { actions: 'log' } } } },
        },
        done: { type: 'final' },
      },
    });
    const outline = machineOutline(machine);
    expect(outline.key).toBe('demo');
    expect(outline.transitions).toEqual([{ trigger: 'reset', targets: ['.idle'] }]);
    expect(outline.children.map((c) => [c.key, c.kind])).toEqual([
      ['idle', 'atomic'],
      ['busy', 'compound'],
      ['done', 'final'],
    ]);
    const busy = outline.children[1];
    expect(busy?.initial).toBe('one');
    expect(busy?.transitions.map((t) => t.trigger).sort()).toEqual(['after 100 ms', 'after pause']);
    expect(busy?.children[0]?.transitions).toEqual([{ trigger: 'always', targets: ['two if ready', '#demo.done'] }]);
    expect(busy?.children[1]?.transitions).toEqual([{ trigger: 'stop', targets: ['(stays)'] }]);
    expect(machineEvents(outline)).toEqual(['nav.next', 'reset', 'stop']);
  });
});
