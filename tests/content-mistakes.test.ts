import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCli, type CompiledCli } from './support/compiled-cli';

/**
 * Issue 30: each mistake a site owner made with docs/authoring.md alone, as `npm run check:content`
 * (the build's own first step) answers it: the exact message, one per real problem, and the exit
 * code. The content folders are written here, outside the repository, as CONTENT_DIR.
 *
 * Issue 48: the checker is started some fifteen times here, each start under tsx about 2 s of CPU,
 * nearly all of it loading the checker's modules; so its TypeScript is compiled once for the file
 * (tests/support/compiled-cli.ts) and started with plain `node`. The checker from its source, as the
 * npm script starts it, is tests/content-build.test.ts's.
 */
const ROOT = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'sitecharts-mistakes-'));
let checker: CompiledCli | undefined;
beforeAll(async () => {
  checker = await compileCli(['demo/authoring/check.ts']);
}, 120_000);
afterAll(() => {
  checker?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

const ABOUT = '---\ntitle: About us\ndescription: Who we are.\n---\n\n# About us\n\n## Volunteering {% #volunteering %}\n\nDrive, garden, sit.\n';
const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: A page.\n---\n\n${body}\n`;

let site = 0;
function check(files: Record<string, string>): { status: number | null; out: string; dir: string } {
  const dir = join(scratch, `site-${++site}`);
  for (const [name, text] of Object.entries({ 'pages/about.md': ABOUT, ...files })) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  if (!checker) throw new Error('the checker was not compiled');
  const result = spawnSync(process.execPath, checker.args('demo/authoring/check.ts'), { cwd: ROOT, env: { ...process.env, ...checker.env, CONTENT_DIR: dir }, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.split(dir).join('<dir>').trim(), dir };
}

// Each case spawns the checker once or twice: a second or more each on a loaded machine.
describe('npm run check:content names each mistake once, where it is', { timeout: 120_000 }, () => {
  it('two files with one address: the second is reported, not silently dropped', () => {
    const { status, out } = check({ 'pages/open-day.md': page('Open day', 'Hi.'), 'pages/open-day/index.md': page('Open day', 'Hi.') });
    expect(out).toBe(
      [
        '<dir>/pages/open-day.md:1:1: this page and <dir>/pages/open-day/index.md both make the address /open-day/: rename or remove one of them',
        '',
        '1 problem in <dir>; the tags and their attributes are in docs/authoring.md.',
      ].join('\n'),
    );
    expect(status).toBe(1);
  });

  it('a link to a page that does not exist names the closest page', () => {
    const { status, out } = check({ 'pages/volunteer.md': page('Volunteer', 'See [the rota](/volunteer-rota/).') });
    expect(out.split('\n')[0]).toBe("<dir>/pages/volunteer.md:6:16: the link to /volunteer-rota/ leads to no page (did you mean '/volunteer/'?)");
    expect(status).toBe(1);
  });

  it('a link to a heading that is not on its page names the closest id', () => {
    const { status, out } = check({ 'pages/news.md': page('News', 'Join [the drivers](/about/#volunteers).') });
    expect(out.split('\n')[0]).toBe("<dir>/pages/news.md:6:20: the link to /about/#volunteers leads to no heading or section with the id 'volunteers' on /about/ (did you mean '#volunteering'?)");
    expect(status).toBe(1);
  });

  it('a picture that is not in the site’s files names the closest one', () => {
    const { status, out } = check({ 'pages/room.md': page('Room', '![The room](/images/harbour-rom.svg)') });
    expect(out.split('\n')[0]).toBe("<dir>/pages/room.md:6:13: there is no file /images/harbour-rom.svg in the site's pictures and files (demo/public) (did you mean '/images/harbour-room.svg'?)");
    expect(status).toBe(1);
  });

  it('front matter with an unquoted colon: one message, none made up after it', () => {
    const { status, out } = check({ 'pages/open-day.md': '---\ntitle: Open day: the Harbour Room\ndescription: Come and see.\n---\n\nHi.\n' });
    expect(out).toBe(
      [
        "<dir>/pages/open-day.md:2:8: front matter: Nested mappings are not allowed in compact mappings (text with ': ' or a leading special character needs quotes)",
        '',
        '1 problem in <dir>; the tags and their attributes are in docs/authoring.md.',
      ].join('\n'),
    );
    expect(status).toBe(1);
  });

  it.each([
    ['{% if $site %}Open{% else /%}Closed{% /if %}', 'if', 'a page shows the same to every visitor; write the text that should show'],
    ['{% partial file="footer.md" /%}', 'partial', 'a page cannot include another file; copy the text, or ask for a widget'],
    ['{% table %}\n- A\n{% /table %}', 'table', 'write a table in Markdown, with | between the cells (see docs/authoring.md)'],
  ])('Markdoc’s built-in tag in %j is refused once, in the guide’s words', (body, tag, why) => {
    const { status, out } = check({ 'pages/x.md': page('X', body) });
    expect(out).toBe(`<dir>/pages/x.md:6:1: {% ${tag} %} is a Markdoc tag this site does not take: ${why}; the tags are listed in docs/authoring.md\n\n1 problem in <dir>; the tags and their attributes are in docs/authoring.md.`);
    expect(status).toBe(1);
  });

  it('a date that is not a date is a problem; the old 0-based attributes still build, with a warning that says what to write', () => {
    const bad = check({ 'pages/swim.md': page('Swim', '{% countdown date="6 Feb 2027" label="Until the swim" when="6 February" ended="Begun." /%}') });
    expect(bad.out.split('\n')[0]).toBe(
      "<dir>/pages/swim.md:6:14: countdown: date must be year-month-day hour:minute, such as 2027-02-06 10:00 (in the site's time zone, America/New_York), got '6 Feb 2027'",
    );
    expect(bad.status).toBe(1);
    const old = check({ 'pages/swim.md': page('Swim', '{% countdown year=2027 month=1 day=6 hour=10 label="Until the swim" when="6 February" ended="Begun." /%}') });
    // Standard output (the verdict) first here, then the warning from standard error.
    expect(old.out).toBe(
      [
        '2 content pages in <dir>: no problems.',
        '<dir>/pages/swim.md:6:14: warning: countdown: year, month, day, hour are deprecated (month counts from 0 there); write date="2027-02-06 10:00" instead',
      ].join('\n'),
    );
    expect(old.status).toBe(0);
  });

  it('a draft is checked but not published: a link to it from a published page is a problem', () => {
    const { status, out } = check({
      'pages/open-day.md': '---\ntitle: Open day\ndescription: Soon.\ndraft: true\n---\n\nSoon.\n',
      'pages/news.md': page('News', 'See [the open day](/open-day/).'),
    });
    expect(out.split('\n')[0]).toBe(
      '<dir>/pages/news.md:6:20: the link to /open-day/ leads to a draft page (draft: true in <dir>/pages/open-day.md): it is not published, so visitors would find nothing',
    );
    expect(status).toBe(1);
    const alone = check({ 'pages/open-day.md': '---\ntitle: Open day\ndescription: Soon.\ndraft: true\n---\n\nSoon.\n' });
    expect(alone.out).toBe('1 content page in <dir>: no problems. (1 draft left out: <dir>/pages/open-day.md)');
    expect(alone.status).toBe(0);
  });
});
