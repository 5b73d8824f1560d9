import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';
import { resolveSource } from '../../eslint.config.js';

const root = resolve(import.meta.dirname, '../..');

/**
 * Every module the file imports statically, itself included: not a type-only import, nor an
 * `import()` (which loads later, in a chunk of its own), as the lint's `importsOf` also counts.
 */
function staticGraph(entry: string): Map<string, string> {
  const graph = new Map<string, string>();
  const visit = (file: string | undefined) => {
    if (!file || graph.has(file)) return;
    const text = readFileSync(file, 'utf8');
    graph.set(file, text);
    for (const [, specifier = ''] of text.matchAll(/^(?:import|export) (?!type )[^;]*? from '(\.[^']+)'/gm)) visit(resolveSource(file, specifier));
  };
  visit(resolve(root, entry));
  return graph;
}

describe('the page\'s entry (issue 49, goal 2)', () => {
  it('builds no chart while it is evaluated: its page services import a chart\'s builder, never the built chart', async () => {
    // A machine module's built chart (`burgerMenuMachine`) is for the tests and the replay; marked
    // pure, the bundler leaves it out of the entry unless a module of the entry imports it. The seven
    // the entry built took 4-7 ms unthrottled in its one task (16-28 ms at 4x); each service now builds
    // its own as it starts, in a task of its own (runtime/boot.ts).
    const builtCharts: string[] = [];
    const builders: string[] = [];
    for (const [file, text] of staticGraph('demo/client.ts')) {
      for (const [, names = '', from = ''] of text.matchAll(/^import \{([^}]*)\} from '(\.[^']+\.machine)'/gm)) {
        const module = resolveSource(file, from);
        if (!module) throw new Error(`${relative(root, file)}: '${from}' names no source file`);
        const exports = (await import(module)) as Record<string, unknown>;
        for (const name of names.split(',').map((part) => part.trim()).filter((part) => part && !part.startsWith('type '))) {
          if (exports[name] instanceof StateMachine) builtCharts.push(`${relative(root, file)}: ${name}`);
          if (name.startsWith('build') && typeof exports[name] === 'function') builders.push(name);
        }
      }
    }
    expect(builders.sort()).toEqual(['buildBurgerMenuMachine', 'buildCookieConsentMachine', 'buildCurtainFooterMachine', 'buildScrollSpyMachine', 'buildScrollTopMachine', 'buildSmoothScrollMachine', 'buildStickyHeaderMachine']);
    expect(builtCharts).toEqual([]);
  });
});
