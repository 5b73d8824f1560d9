import { defineSettings, setting } from '../../runtime/settings';
import { parseLevels } from '../../machines/table-of-contents/table-of-contents.rules';

/** data-levels ("2,3"), data-exclude (a selector for headings to skip), data-scope (where the headings are). */
export const tableOfContentsSettings = defineSettings('table-of-contents', {
  levels: setting.custom([2, 3], (raw) => {
    const levels = parseLevels(raw);
    return levels.length > 0 ? levels : [2, 3];
  }, "heading levels separated by commas, such as '2,3'"),
  exclude: setting.string('.toc-exclude'),
  scope: setting.string('main'),
});
