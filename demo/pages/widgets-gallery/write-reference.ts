import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { widgetsReference } from './reference';

/** `npm run docs:widgets`: rewrites docs/widgets.md from the widgets' own modules. */
const target = join(import.meta.dirname, '../../../docs/widgets.md');
writeFileSync(target, widgetsReference());
console.log(`wrote ${target}`);
