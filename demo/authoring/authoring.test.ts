import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SettingsShape } from '../../runtime/settings';
import { widgets } from '../../widgets/registry';
import { catalogue } from '../pages/widgets-gallery/catalogue';
import { CONTENT_ROOT } from './content-dir';
import { loadContent } from './load';
import type { ContentProblem } from './problem';
import { DEPRECATED_DATE_PART, idFromTitle, tagAttribute, widgetTags } from './tags';
import type { TabsContent } from '../../widgets/Tabs/Tabs';
import { shape } from './shape';
import { settingsOnlyExamples, spec, widgetContent } from './widget-content';

const FIXTURE = join(import.meta.dirname, '../../tests/fixtures/content-errors');
const scratch = mkdtempSync(join(tmpdir(), 'sitecharts-content-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let pageNumber = 0;
/** Loads one page written to a fresh content directory; returns its problems without the file name. */
function problemsOf(body: string, frontMatter = 'title: Test\ndescription: A test page.', { withSite = false } = {}): Array<Omit<ContentProblem, 'file'>> {
  const dir = join(scratch, `site-${++pageNumber}`);
  mkdirSync(join(dir, 'pages'), { recursive: true });
  // Links are checked against the site's pages: an example links to pages the real site has.
  if (withSite) cpSync(join(CONTENT_ROOT, 'pages'), join(dir, 'pages'), { recursive: true });
  writeFileSync(join(dir, 'pages/test.md'), `---\n${frontMatter}\n---\n${body}\n`);
  return loadContent(dir).problems.map(({ line, column, message }) => ({ line, column, message }));
}

const settingsOf = (name: string) => (catalogue[name]?.widget.settings as unknown as { shape: SettingsShape }).shape;

describe('widget tags are derived from the widgets (one source of truth)', () => {
  it('every registered widget has a tag of the same name, and nothing else is a widget tag', () => {
    expect(widgetTags.map((tag) => tag.name)).toEqual(Object.keys(widgets));
  });

  it.each(Object.keys(widgets))('%s: every setting is an attribute carrying its default and its rule', (name) => {
    const tag = widgetTags.find((t) => t.name === name);
    for (const [key, field] of Object.entries(settingsOf(name))) {
      const attribute = tag?.attributes.find((a) => a.key === key && a.source === 'setting');
      expect(attribute, `${name} ${key}`).toMatchObject({ name: tagAttribute(key), default: field.default });
      // A date part the `date` attribute replaces says so after its rule (issue 30).
      expect([field.expects, `${field.expects}; ${DEPRECATED_DATE_PART}`], `${name} ${key}`).toContain(attribute?.describe);
    }
  });

  it.each(Object.keys(widgets))('%s: every content field is an attribute or its child tag, and no two attributes share a name', (name) => {
    const tag = widgetTags.find((t) => t.name === name);
    const spec = widgetContent[name];
    const names = tag?.attributes.map((a) => a.name) ?? [];
    expect(new Set(names).size, names.join(', ')).toBe(names.length);
    for (const key of Object.keys(spec?.shape.fields ?? {})) {
      if (key === spec?.children?.field) expect(tag?.child?.name, `${name} ${key}`).toBe(spec.children.tag);
      else expect(names, `${name} ${key}`).toContain(tagAttribute(key));
    }
  });

  it('a content spec that does not fit the widget’s content type fails the typecheck', () => {
    // @ts-expect-error TabsContent needs a label: the view reads it, so the tag must give it.
    const wrong = spec<TabsContent>({ shape: shape.object({ tabs: shape.list(shape.object({ id: shape.text(), title: shape.text() })) }), example: '' });
    const right = spec<TabsContent>({ shape: shape.object({ label: shape.text(), tabs: shape.list(shape.object({ id: shape.text(), title: shape.text() })) }), example: '' });
    expect(Object.keys(wrong.shape.fields ?? {})).toEqual(['tabs']);
    expect(Object.keys(right.shape.fields ?? {})).toEqual(['label', 'tabs']);
  });

  it('snake_case and camelCase settings read as kebab-case attributes', () => {
    expect(tagAttribute('hosted_button_id')).toBe('hosted-button-id');
    expect(tagAttribute('imageAlt')).toBe('image-alt');
    expect(tagAttribute('loop_autoplay')).toBe('loop-autoplay');
  });

  it.each(Object.keys(widgets))('the guide’s example for %s builds clean', (name) => {
    const example = widgetContent[name]?.example ?? settingsOnlyExamples[name];
    expect(example, name).toBeDefined();
    expect(problemsOf(example ?? '', undefined, { withSite: true })).toEqual([]);
  });
});

describe('content problems say where and what, in a site owner’s words', () => {
  it('an unknown tag names the closest tag', () => {
    expect(problemsOf('Text.\n\n{% slidshow label="x" /%}')).toEqual([
      { line: 7, column: 1, message: "there is no tag 'slidshow' (did you mean 'slideshow'?); the tags are listed in docs/authoring.md" },
    ]);
  });

  it('an unknown attribute points at the attribute', () => {
    expect(problemsOf('{% table-of-contents title="On this page" levls="2,3" /%}')).toEqual([
      { line: 5, column: 43, message: "table-of-contents has no attribute 'levls' (did you mean 'levels'?)" },
    ]);
  });

  it('a bad value says what the setting takes and what it got', () => {
    expect(problemsOf('{% carousel label="Timeline" interval="fast" %}\n{% item title="1998" %}\nBegun.\n{% /item %}\n{% /carousel %}')).toEqual([
      { line: 5, column: 30, message: "carousel: interval must be a number of at least 0.5, got 'fast'" },
    ]);
    expect(problemsOf('{% tabs label=5 %}\n{% tab id="a" title="A" %}\nA.\n{% /tab %}\n{% /tabs %}')).toEqual([{ line: 5, column: 9, message: 'tabs: label must be text, got 5' }]);
  });

  it('a missing value names the attribute and what it takes; a list written as child tags needs one', () => {
    expect(problemsOf('{% tabs %}\n{% tab id="a" title="A" %}\nA.\n{% /tab %}\n{% /tabs %}')).toEqual([{ line: 5, column: 1, message: 'tabs: label is missing (text)' }]);
    expect(problemsOf('{% toggles %}\n{% /toggles %}')).toEqual([{ line: 5, column: 1, message: 'toggles needs at least one {% toggle %} inside' }]);
    expect(problemsOf('{% dosing-filter /%}')).toEqual([{ line: 5, column: 1, message: 'dosing-filter: content is missing: give the dosing table ($dosing)' }]);
  });

  it('a tab without an id takes one from its title; two items with one id are reported', () => {
    expect(problemsOf('{% tabs label="Care" %}\n{% tab title="Our history" %}\nSince 1998.\n{% /tab %}\n{% /tabs %}')).toEqual([]);
    expect(idFromTitle('Our history')).toBe('our-history');
    expect(idFromTitle('Café à la mer!')).toBe('cafe-a-la-mer');
    expect(problemsOf('{% toggles %}\n{% toggle title="Cost" %}\nA.\n{% /toggle %}\n{% toggle id="cost" title="Price" %}\nB.\n{% /toggle %}\n{% /toggles %}')).toEqual([
      { line: 5, column: 1, message: "toggles: two toggle tags have the id 'cost'; give each its own id" },
    ]);
  });

  it('a child tag outside its widget, and text where only child tags go, are reported', () => {
    expect(problemsOf('{% tab id="a" title="A" %}\nA.\n{% /tab %}')).toEqual([
      { line: 5, column: 1, message: '{% tab %} belongs inside {% tabs %} or {% layout-tabs %} or {% tab-section %}' },
    ]);
    expect(problemsOf('{% tabs label="x" %}\nStray text.\n{% tab id="a" title="A" %}\nA.\n{% /tab %}\n{% /tabs %}')).toEqual([
      { line: 5, column: 1, message: 'tabs takes only {% tab %} tags inside; put this text inside a tab' },
    ]);
  });

  it('front matter: a missing title, an unknown key and bad YAML are reported with their lines', () => {
    expect(problemsOf('Text.', 'description: A page.\nmenu_label: Volunteer')).toEqual([
      { line: 1, column: 1, message: 'front matter: title is missing (every page needs a title)' },
      { line: 3, column: 1, message: "front matter: there is no setting 'menu_label' (the settings are title, add-site-name, description, menu, lang, dir, layout, class, search-type, draft)" },
    ]);
    expect(problemsOf('Text.', 'title: Volunteer: join us\ndescription: A page.')[0]?.message).toContain('needs quotes');
  });

  it('data given with content=$… is checked against the widget’s content', () => {
    expect(problemsOf('{% tabs content=$site /%}').map((p) => p.message)).toEqual(
      expect.arrayContaining(["tabs: content has a field 'name' the widget does not take", 'tabs needs at least one {% tab %} inside']),
    );
    expect(problemsOf('{% lightbox content=$gallery.stories label="Stories" /%}')).toEqual([]);
  });

  it('an undefined $variable is reported', () => {
    expect(problemsOf('{% dosing-filter content=$dosage /%}')[0]).toEqual({ line: 5, column: 1, message: 'there is no data called $dosage; the data a page can use is listed in docs/authoring.md' });
  });

  it('the fixture with one mistake of each kind reports all of them, in order', () => {
    const { pages, problems } = loadContent(FIXTURE);
    expect(pages).toEqual([]);
    expect(problems.map(({ line, column, message }) => `${line}:${column} ${message}`)).toEqual([
      "8:1 there is no tag 'slidshow' (did you mean 'slideshow'?); the tags are listed in docs/authoring.md",
      "10:26 tabs has no attribute 'colour'",
      "16:29 slideshow: interval must be a number of at least 0.5, got 'fast'",
      '22:44 donate-button: image-width must be a whole number of at least 1, got 0',
      '25:1 toggles: a toggle needs title (text)',
    ]);
  });

  it('the real content has no problem', () => {
    const { pages, problems } = loadContent();
    expect(problems).toEqual([]);
    expect(pages.map((p) => p.path)).toEqual(['/about/', '/ar/', '/contact/', '/donate/', '/dosing/', '/gallery/', '/', '/language/', '/news/', '/services/', '/team/', '/videos/']);
  });
});
