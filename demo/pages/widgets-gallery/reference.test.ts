import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attributeName } from '../../../runtime/settings';
import { widgets } from '../../../widgets/registry';
import { catalogue } from './catalogue';
import { widgetsReference } from './reference';

const doc = readFileSync(join(import.meta.dirname, '../../../docs/widgets.md'), 'utf8');

describe('docs/widgets.md', () => {
  it('is exactly what the settings schemas, machines and catalogue say (run `npm run docs:widgets` after a change)', () => {
    expect(doc).toBe(widgetsReference());
  });

  it('has a section for every registered widget with each setting\'s attribute and default', () => {
    for (const name of Object.keys(widgets)) {
      const start = doc.indexOf(`\n## ${name}\n`);
      expect(start, name).toBeGreaterThan(0);
      const end = doc.indexOf('\n## ', start + 1);
      const section = doc.slice(start, end === -1 ? undefined : end);
      const defaults = (catalogue[name]?.widget.settings.defaults() ?? {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(defaults)) {
        expect(section, `${name} ${key}`).toContain(`| \`${attributeName(key)}\` | \`${key}\` | \`${JSON.stringify(value).replace(/\|/g, '\\|')}\` |`);
      }
    }
  });
});

describe('statechart outlines', () => {
  it('print an event a machine raises to itself later as a timer, and leave it out of the events a view sends', () => {
    const countdown = doc.slice(doc.indexOf('\n## countdown\n'), doc.indexOf('\n## ', doc.indexOf('\n## countdown\n') + 1));
    expect(countdown).toContain('`running`: `after tick: countdown.tick` → ended if hasEnded \\| (stays)');
    expect(countdown).toContain('Events it accepts: `countdown.start`.');
  });
});
