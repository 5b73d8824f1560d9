import { readFile } from 'node:fs/promises';
import { catalog } from './catalog/index';
import { runScenario } from './run';
import { parseScenario } from './scenario';

/** `npm run replay -- <scenario.json> [more.json …]`: prints each transition trace; exits 1 on a failed expectation. */
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run replay -- <scenario.json> [more.json …]');
  process.exit(2);
}
let failed = 0;
for (const file of files) {
  let result;
  try {
    result = runScenario(parseScenario(JSON.parse(await readFile(file, 'utf8')), file), catalog);
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    failed++;
    continue;
  }
  console.log(`\n${result.scenario}  (${file})`);
  for (const text of result.lines) console.log(text);
  if (result.failures.length > 0) {
    failed++;
    for (const failure of result.failures) console.error(`FAILED ${failure}`);
  }
}
console.log(`\nreplay: ${files.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
