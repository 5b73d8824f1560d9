import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { catalog } from '../../tooling/replay/demo-catalog/index';
import { widgets } from '../../widgets/registry';

/**
 * Every widget and every machine can be replayed and is in the model report: the inspector saves an
 * actor's trace under its widget's name (runtime/mount.tsx ids, `slideshow-1` -> `slideshow`), and
 * runtime/replay/run.ts looks that name up among the catalog's keys; tests/model/coverage.test.ts
 * explores every catalog entry.
 */
const root = join(import.meta.dirname, '..', '..');
const machineFiles = readdirSync(join(root, 'machines'), { withFileTypes: true })
  .filter((dir) => dir.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(root, 'machines', dir.name))
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => `machines/${dir.name}/${file}`),
  )
  // The provider client's own statecharts (its logger) live with it, not under machines/.
  .concat(readdirSync(join(root, 'provider', 'sdk')).filter((file) => file.endsWith('.machine.ts')).map((file) => `provider/sdk/${file}`))
  .sort();

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'config' in value && 'provide' in value && 'root' in value;

/** A machine's `provide()` keeps its config, so an entry with a provided machine counts for the file that defines it. */
const catalogConfigs = new Set(Object.values(catalog).map((entry) => entry.machine.config));

describe('the replay catalog reaches every widget and machine', () => {
  it('finds the widgets and the machine files', () => {
    expect(Object.keys(widgets).length).toBeGreaterThan(20);
    expect(machineFiles.length).toBeGreaterThan(30);
  });

  it.each(Object.keys(widgets))('widget %s has a catalog entry under its name', (name) => {
    expect(Object.keys(catalog)).toContain(name);
  });

  it.each(machineFiles)('%s is the machine of at least one catalog entry', async (file) => {
    const module: Record<string, unknown> = await import(join(root, file));
    const machines = Object.values(module).filter(isMachine);
    expect(machines.length, `${file} exports no machine`).toBeGreaterThan(0);
    expect(machines.some((machine) => catalogConfigs.has(machine.config)), `no catalog entry uses a machine of ${file}`).toBe(true);
  });
});
