import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importsOf, resolveSource } from '../eslint.config.js';

/**
 * The lint's layer rule (eslint.config.js, docs/architecture.md#layers), run through ESLint's Node API
 * with the project's own config on small sources placed at paths of the repository. Issue 32: no
 * exception list; what runs in the page (runtime, widgets, machines, provider) never imports a site
 * (demo/, examples/), the server or the tooling; the server never imports a site. Issue 48: the
 * server never imports the tooling either; a test inside a layer reaches the server, the tooling and
 * the demo through tests/support/; and no two files import each other (layers/no-mutual-import).
 */
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleErrors(rule: string, path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const layerErrors = (path: string, code: string) => ruleErrors('layers/no-upward-import', path, code);

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
    ['demo/example.ts', "import { linksToNoPage } from '../tooling/page-links';", 'site/ may not import tooling/page-links'],
    // Issue 48: what the server and the tooling both need is the server's (server/build-files.ts, server/site-folder.ts).
    ['server/example.ts', "import { pageBudget } from '../tooling/build/budget';", 'server/ may not import tooling/build/budget'],
    ['server/search/example.ts', "const bench = () => import('../../tooling/bench/search');", 'server/ may not import tooling/bench/search'],
    // Issue 48: a test inside a layer reaches the server, the tooling and the demo through tests/support/.
    ['widgets/Example/example.test.ts', "import { brickHtml } from '../../server/masonry';", 'a test in widgets/ reaches server/masonry through tests/support/'],
    ['server/example.test.ts', "import { precompress } from '../tooling/build/precompress';", 'a test in server/ reaches tooling/build/precompress through tests/support/'],
    ['runtime/example.test.ts', "import { renderPage } from '../demo/render';", 'a test in runtime/ reaches demo/render through tests/support/'],
    ['machines/example/example.test.tsx', "import { contactForm } from '../../demo/content/forms';", 'a test in machines/ reaches demo/content/forms through tests/support/'],
    ['demo/example.test.ts', "import { renderSite } from '../tooling/build/render-site';", 'a test in site/ reaches tooling/build/render-site through tests/support/'],
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
    ['tooling/build/example.ts', "import { siteEntryKey } from '../../server/build-files';"],
    ['widgets/Example/example.test.ts', "import { brickHtml } from '../../tests/support/server-parts';"],
    ['server/example.test.ts', "import { startSite } from './start';"],
    ['tooling/build/example.test.ts', "import { contactForm } from '../../demo/content/forms';"],
    ['tooling/build/prerender.ts', "import { renderPage } from '../../demo/render';"],
    ['tooling/bench/process.ts', "import { startSite } from '../../tests/support/site-server';"],
    ['machines/example/example.test.ts', "import { createTestClock } from '../../runtime/test-clock';"],
  ])('%s: %s is allowed', async (path, code) => {
    expect(await layerErrors(path, code)).toEqual([]);
  });
});

describe('no two files import each other (issue 48)', () => {
  it('the lint refuses a new circle: a file that imports one that imports it, a type or a dynamic import too', async () => {
    for (const code of ["import { resumableIslands } from './resume-islands';", "import type { ResumableIsland } from './resume-islands';", "const load = () => import('./resume-islands');"]) {
      expect(await ruleErrors('layers/no-mutual-import', 'runtime/island-record.ts', code)).toEqual([
        'runtime/resume-islands.ts imports this file too: two files may not import each other; move what both need to a file below them',
      ]);
    }
    expect(await ruleErrors('layers/no-mutual-import', 'runtime/island-record.ts', "import type { ActorEnv } from './actor';")).toEqual([]);
  });

  it('the repository has none: every relative import of every source file, followed back', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => join(root, file));
    expect(files.length).toBeGreaterThan(500);
    const pairs = new Set<string>();
    for (const file of files) {
      for (const specifier of importsOf(file)) {
        const target = resolveSource(file, specifier);
        if (target && target !== file && importsOf(target).some((back) => resolveSource(target, back) === file)) {
          pairs.add([file, target].map((path) => relative(root, path)).sort().join(' <-> '));
        }
      }
    }
    expect([...pairs]).toEqual([]);
  });
});
