import { relative } from 'node:path';
import { contentDir } from './content-dir';
import { formatProblems, loadContent } from './load';

/**
 * `npm run check:content`: the build's content validation alone, in a second or two. Prints every
 * problem as file:line:column and exits 1 when there is any; warnings (a deprecated attribute) are
 * printed and do not fail it.
 */
const dir = contentDir();
const shown = relative(process.cwd(), dir).startsWith('..') ? dir : relative(process.cwd(), dir) || dir;
const { pages, problems, warnings, drafts } = loadContent(dir);
if (warnings.length > 0) console.warn(formatProblems(warnings, 'warning'));
if (problems.length > 0) {
  console.error(formatProblems(problems));
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${shown}; the tags and their attributes are in docs/authoring.md.`);
  process.exit(1);
}
const draftNote = drafts.length === 0 ? '' : ` (${drafts.length} draft${drafts.length === 1 ? '' : 's'} left out: ${drafts.join(', ')})`;
console.log(`${pages.length} content page${pages.length === 1 ? '' : 's'} in ${shown}: no problems.${draftNote}`);
