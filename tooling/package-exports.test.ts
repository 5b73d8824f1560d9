import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTarget, type ExportsMap } from './package-exports';

const root = resolve(import.meta.dirname, '..');
const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: ExportsMap };

describe('sitecharts/… resolves through package.json exports (issue 32)', () => {
  it('names an entry point, a widget by its folder, the default shell stylesheet', () => {
    expect(exportTarget(exports, 'sitecharts/runtime')).toBe('./runtime/entry/index.ts');
    expect(exportTarget(exports, 'sitecharts/render')).toBe('./runtime/entry/render.ts');
    expect(exportTarget(exports, 'sitecharts/testing')).toBe('./runtime/entry/testing.ts');
    expect(exportTarget(exports, 'sitecharts/widgets/Tabs')).toBe('./widgets/Tabs/widget.ts');
    expect(exportTarget(exports, 'sitecharts/default-shell.css')).toBe('./runtime/render/default-shell.css');
  });

  it('leaves other packages and unexported paths alone', () => {
    expect(exportTarget(exports, 'react')).toBeUndefined();
    expect(exportTarget(exports, 'sitechartsx/runtime')).toBeUndefined();
    expect(exportTarget(exports, 'sitecharts/server/app')).toBeUndefined();
    expect(exportTarget(exports, 'sitecharts/widgets/')).toBeUndefined();
  });

  it('every exported file exists, and every widget folder is exported by its name', () => {
    for (const entry of Object.values(exports)) {
      const target = typeof entry === 'string' ? entry : entry.default;
      if (target && !target.includes('*')) expect(existsSync(join(root, target)), target).toBe(true);
    }
    expect(existsSync(join(root, exportTarget(exports, 'sitecharts/widgets/TextRotator') ?? ''))).toBe(true);
  });
});
