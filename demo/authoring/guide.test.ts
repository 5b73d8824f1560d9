import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedGuide, withGeneratedGuide } from './guide';
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
