import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withGeneratedGuide } from './guide';

/** `npm run docs:authoring`: rewrites the generated part of docs/authoring.md from the tag schemas. */
const target = join(import.meta.dirname, '../../docs/authoring.md');
writeFileSync(target, withGeneratedGuide(readFileSync(target, 'utf8')));
console.log(`wrote ${target}`);
