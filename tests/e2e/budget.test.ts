import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HYDRATED_JS_BUDGET, INITIAL_JS_BUDGET, type PageBudget } from '../../runtime/build/budget';
import { ROOT } from '../support/site-server';

/** design.md budgets, read from the report the build wrote (dist/budget.json). */
const budgets = JSON.parse(readFileSync(join(ROOT, 'dist/budget.json'), 'utf8')) as PageBudget[];

describe('JS budgets (design.md)', () => {
  it('the build reported every page', () => {
    expect(budgets.map((b) => b.path)).toEqual(expect.arrayContaining(['/', '/dosing/']));
  });

  it.each(budgets.map((b) => [b.path, b] as const))('%s loads at most 40 KB (gzip) before any interaction', (_path, budget) => {
    expect(budget.initialGzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    expect(budget.initialFiles.some((f) => /mount-/.test(f))).toBe(false);
  });

  it('the heaviest page loads at most 120 KB (gzip) after all its islands hydrate', () => {
    const heaviest = Math.max(...budgets.map((b) => b.hydratedGzip));
    expect(heaviest).toBeLessThanOrEqual(HYDRATED_JS_BUDGET);
  });
});
