// A first step of the npm scripts that need a built site (serve, test:e2e, bench:static,
// bench:visitor): fail at once, in one line that says what to run, when there is none.
// `--server` also needs the compiled server (dist/server/main.js) that `npm run serve` runs.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// OUT_DIR: another site's build (issue 32), as `npm run build` wrote it; dist/ unless given.
const root = join(import.meta.dirname, '../..');
const out = process.env.OUT_DIR || 'dist';
const needed = [`${out}/client/index.html`, ...(process.argv.includes('--server') ? [`${out}/server/main.js`] : [])];
const missing = needed.filter((file) => !existsSync(resolve(root, file)));
if (missing.length > 0) {
  const where = relative(process.cwd(), root) || '.';
  console.error(`No built site: ${missing.join(' and ')} missing in ${where}. Run \`npm run build\` first (or \`npm start\`, which builds and then serves).`);
  process.exit(1);
}
