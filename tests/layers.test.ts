import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint's layer rule (eslint.config.js, docs/architecture.md#layers), run through ESLint's Node API
 * with the project's own config on small sources placed at paths of the repository.
 */
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/no-upward-import').map((m) => m.message);
}

describe('imports point one way: demo -> widgets -> runtime -> machines -> provider', () => {
  it.each([
    ['machines/example/example.machine.ts', "import { createTestClock } from '../../runtime/clock';", 'machines/ may not import runtime/'],
    ['widgets/Example/Example.tsx', "import { contactForm } from '../../demo/content/forms';", 'widgets/ may not import demo/'],
    ['provider/sdk/example.ts', "export { sdkLoggerMachine } from '../../machines/dosing-filter/dosing-filter.machine';", 'provider/ may not import machines/'],
    ['runtime/example.ts', "const load = () => import('../widgets/Tabs/widget');", 'runtime/ may not import widgets/'],
    ['demo/example.ts', "import { startServer } from '../server/app';", 'demo/ may not import server/app'],
    ['server/example.ts', "import { startSite } from '../tests/support/site-server';", 'only tests import tests/'],
  ])('%s: %s fails the lint', async (path, code, reason) => {
    const errors = await layerErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(reason);
  });

  it.each([
    ['demo/example.ts', "import tabs from '../widgets/Tabs/widget';"],
    ['widgets/Example/widget.ts', "import { isRightToLeft } from '../../runtime/device';"],
    ['machines/example/example.machine.ts', "import { checkoutUrl } from '../../provider/donate/checkout-url';"],
    ['server/example.ts', "import { contactForm } from '../demo/content/forms';"],
    ['runtime/build/prerender.ts', "import { renderPage } from '../../demo/render';"],
    ['server/bench/process.ts', "import { startSite } from '../../tests/support/site-server';"],
    ['machines/example/example.test.ts', "import { createTestClock } from '../../runtime/clock';"],
  ])('%s: %s is allowed', async (path, code) => {
    expect(await layerErrors(path, code)).toEqual([]);
  });
});
