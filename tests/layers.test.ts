import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint's layer rule (eslint.config.js, docs/architecture.md#layers), run through ESLint's Node API
 * with the project's own config on small sources placed at paths of the repository. Issue 32: no
 * exception list; what runs in the page (runtime, widgets, machines, provider) never imports a site
 * (demo/, examples/), the server or the tooling; the server never imports a site.
 */
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/no-upward-import').map((m) => m.message);
}

describe('imports point one way: tooling -> site, server -> widgets -> runtime -> machines -> provider', () => {
  it.each([
    ['machines/example/example.machine.ts', "import { createTestClock } from '../../runtime/test-clock';", 'machines/ may not import runtime/'],
    ['widgets/Example/Example.tsx', "import { contactForm } from '../../demo/content/forms';", 'widgets/ may not import demo/content/forms'],
    ['provider/sdk/example.ts', "export { sdkLoggerMachine } from '../../machines/dosing-filter/dosing-filter.machine';", 'provider/ may not import machines/'],
    ['runtime/example.ts', "const load = () => import('../widgets/Tabs/widget');", 'runtime/ may not import widgets/'],
    ['demo/example.ts', "import { startServer } from '../server/app';", 'site/ may not import server/app'],
    ['server/example.ts', "import { startSite } from '../tests/support/site-server';", 'only tests and the tooling import tests/'],
    // Every page layer into a site, the server and the tooling (issue 32: no exception list).
    ['runtime/render/example.ts', "import { renderPage } from '../../demo/render';", 'runtime/ may not import demo/render'],
    ['runtime/replay/example.ts', "import { catalog } from '../../tooling/replay/demo-catalog/index';", 'runtime/ may not import tooling/replay/demo-catalog/index'],
    ['runtime/example.ts', "import { site } from '../examples/starter/site.config';", 'runtime/ may not import examples/starter/site.config'],
    ['widgets/Example/widget.ts', "import { newsCollection } from '../../server/masonry';", 'widgets/ may not import server/masonry'],
    ['widgets/Example/widget.ts', "import { precompress } from '../../tooling/build/precompress';", 'widgets/ may not import tooling/build/precompress'],
    ['machines/example/example.machine.ts', "import { site } from '../../demo/site';", 'machines/ may not import demo/site'],
    ['machines/example/example.machine.ts', "import { startSite } from '../../server/start';", 'machines/ may not import server/start'],
    ['machines/example/example.machine.ts', "import { siteDir } from '../../tooling/site';", 'machines/ may not import tooling/site'],
    ['provider/sdk/example.ts', "import { contactForm } from '../../demo/content/forms';", 'provider/ may not import demo/content/forms'],
    ['provider/sdk/example.ts', "import { configFromEnv } from '../../server/config';", 'provider/ may not import server/config'],
    ['provider/sdk/example.ts', "const bench = () => import('../../tooling/bench/process');", 'provider/ may not import tooling/bench/process'],
    // The server takes the site from its config, never from a site folder.
    ['server/forms/example.ts', "import { contactForm } from '../../demo/content/forms';", 'server/ may not import demo/content/forms'],
    ['server/example.tsx', "import { GardenTips } from '../examples/starter/widgets/GardenTips/GardenTips';", 'server/ may not import examples/starter/widgets/GardenTips/GardenTips'],
    // A site takes the engine; the tooling takes the site.
    ['demo/example.ts', "import { siteDir } from '../tooling/site';", 'site/ may not import tooling/site'],
  ])('%s: %s fails the lint', async (path, code, reason) => {
    const errors = await layerErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(reason);
  });

  it.each([
    ['demo/example.ts', "import tabs from '../widgets/Tabs/widget';"],
    ['demo/site.config.ts', "import { defineSite } from '../runtime/site';"],
    ['widgets/Example/widget.ts', "import { isRightToLeft } from '../../runtime/device';"],
    ['machines/example/example.machine.ts', "import { checkoutUrl } from '../../provider/donate/checkout-url';"],
    ['server/example.ts', "import { siteEntryKey } from '../tooling/build/budget';"],
    ['tooling/build/prerender.ts', "import { renderPage } from '../../demo/render';"],
    ['tooling/bench/process.ts', "import { startSite } from '../../tests/support/site-server';"],
    ['machines/example/example.test.ts', "import { createTestClock } from '../../runtime/test-clock';"],
  ])('%s: %s is allowed', async (path, code) => {
    expect(await layerErrors(path, code)).toEqual([]);
  });
});
