import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_ROOT } from './content-dir';
import { dateSettings, parseWallTime } from './dates';
import { GUIDE_START, generatedGuide, withGeneratedGuide } from './guide';
import { formatProblems, loadContent } from './load';
import { widgetTags } from './tags';

const doc = readFileSync(join(import.meta.dirname, '../../docs/authoring.md'), 'utf8');

describe('docs/authoring.md', () => {
  it('says exactly what the tag schemas say (run `npm run docs:authoring` after a change)', () => {
    expect(doc).toBe(withGeneratedGuide(doc));
    expect(doc).toContain(generatedGuide());
  });

  it('has a section for every widget tag with each attribute, and a "your first page" walk-through', () => {
    for (const tag of widgetTags) {
      const start = doc.indexOf(`\n### ${tag.name}\n`);
      expect(start, tag.name).toBeGreaterThan(0);
      const section = doc.slice(start, doc.indexOf('\n### ', start + 1));
      for (const attribute of tag.attributes) expect(section, `${tag.name} ${attribute.name}`).toContain(`| \`${attribute.name}\` |`);
      for (const attribute of tag.child?.attributes ?? []) expect(section, `${tag.name} ${tag.child?.name} ${attribute.name}`).toContain(`| \`${attribute.name}\` |`);
    }
    expect(doc).toContain('## Your first page');
  });
});

/** The guide's hand-written part (before the generated tag reference). */
const written = doc.slice(0, doc.indexOf(GUIDE_START));
const blocks = (text: string, language: string) => [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => (m[1] ?? '').replace(/^ {3}/gm, ''));
const scratch = mkdtempSync(join(tmpdir(), 'sitecharts-guide-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let sites = 0;
/** The site's real pages plus `files`, loaded as the build loads them. */
function withSite(files: Record<string, string>) {
  const dir = join(scratch, `site-${++sites}`);
  cpSync(join(CONTENT_ROOT, 'pages'), join(dir, 'pages'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'pages', name), text);
  return { dir, ...loadContent(dir) };
}

describe('every example in docs/authoring.md (issue 30)', () => {
  const walk = written.slice(written.indexOf('## Your first page'), written.indexOf('## Page settings'));
  const [settings = '', body = ''] = blocks(walk, 'markdoc');
  const volunteer = `${settings}\n${body}`;

  it('the first page (settings, a date, an internal link, a draft) builds clean and is left out while it is a draft', () => {
    expect(settings).toContain('draft: true');
    expect(body).toContain('date="2027-03-04 18:30"');
    expect(body).toContain('](/about/#volunteering)');
    const draft = withSite({ 'volunteer.md': volunteer });
    expect(draft.problems).toEqual([]);
    expect(draft.pages.map((p) => p.path)).not.toContain('/volunteer/');
    const published = withSite({ 'volunteer.md': volunteer.replace('draft: true\n', '') });
    expect(published.problems).toEqual([]);
    expect(published.pages.find((p) => p.path === '/volunteer/')?.menu).toEqual({ label: 'Volunteer', order: 95 });
    expect(published.warnings).toEqual([]);
  });

  it('the problem it shows for a mistyped link is the one the check prints', () => {
    const [shown = ''] = blocks(walk.slice(walk.indexOf('it would say')), '');
    const { dir, problems } = withSite({ 'volunteer.md': volunteer.replace('](/about/#', '](/abut/#') });
    expect(`${formatProblems(problems).split(dir).join('demo/content')}\n`).toBe(shown);
  });

  it('its countdown counts to the day and hour written, in the site’s zone (6:30 pm in New York is 23:30 UTC in March)', () => {
    const time = parseWallTime('2027-03-04 18:30');
    expect(time && dateSettings(time, 'America/New_York')).toEqual({ year: 2027, month: 2, day: 4, hour: 18, minute: 30, timezone: -300 });
    const summer = parseWallTime('2027-07-04 10:00');
    expect(summer && dateSettings(summer, 'America/New_York').timezone).toBe(-240);
    expect(parseWallTime('2027-02-30 10:00')).toBeUndefined();
  });

  it('every other markdoc example on the page builds clean as part of a page', () => {
    const others = blocks(written, 'markdoc').filter((block) => !walk.includes(block.split('\n')[0] ?? '\0'));
    expect(others.length).toBeGreaterThan(0);
    for (const example of others) {
      const { problems } = withSite({ 'example.md': `---\ntitle: Example\ndescription: An example.\n---\n\n${example}` });
      expect(problems, example).toEqual([]);
    }
  });
});
