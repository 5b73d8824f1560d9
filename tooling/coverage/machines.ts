import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChartSvg } from '../../runtime/inspector-app/ChartSvg';
import { chartFromDefinition } from '../../runtime/inspector-app/chart';
import { layoutChart } from '../../runtime/inspector-app/layout';
import { discoverMachines, type FoundMachine } from './discover';
import { coverageDir, rawDir, readRaw, root } from './files';
import { machineCoverage, mergeRaw, percent, table, type MachineCoverage } from './report';

/**
 * `npm run coverage:machines` (issue 50): per machine, the states the suite entered, the
 * transitions it took and the delayed transitions that fired, from the raw files the test runs
 * wrote (tests/support/machine-coverage.ts for the unit project, tests/support/browser.ts for the
 * e2e pages). Prints the table, writes coverage/machines/report.json and index.html (each chart,
 * its never-taken transitions dashed and listed, its states shaded by how many tests entered them)
 * and exits 1 when a machine is below its threshold or an exception is stale.
 *
 * `--run` first runs the unit and dom projects (machine, model, scenario and island tests) on their own.
 */
const args = process.argv.slice(2);
if (args.includes('--run')) {
  rmSync(rawDir, { recursive: true, force: true });
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', '--project', 'dom'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) console.error(`coverage:machines: the unit suite failed (exit ${run.status}); the figures below count what ran`);
}

const raws = readRaw();
if (raws.length === 0) {
  console.error(`coverage:machines: nothing recorded in ${relative(root, rawDir)}; run npm test, or npm run coverage:machines -- --run`);
  process.exit(1);
}
const hits = mergeRaw(raws);
const found = await discoverMachines();
const reports = found.map((m) => ({ found: m, coverage: machineCoverage(m.machine.config, hits[m.id], m.exceptions) }));

console.log(table(reports.map((r) => r.coverage)));
const all = (kind: 'states' | 'transitions' | 'delays') =>
  reports.reduce((sum, r) => ({ covered: sum.covered + r.coverage.figures[kind].covered, total: sum.total + r.coverage.figures[kind].total }), { covered: 0, total: 0 });
const totals = { states: all('states'), transitions: all('transitions'), delays: all('delays') };
console.log(
  `\nall ${reports.length} machines: states ${totals.states.covered}/${totals.states.total} (${percent(totals.states).toFixed(1)} %), transitions ${totals.transitions.covered}/${totals.transitions.total} (${percent(totals.transitions).toFixed(1)} %), delays ${totals.delays.covered}/${totals.delays.total}; from ${raws.length} test files`,
);

mkdirSync(coverageDir, { recursive: true });
writeFileSync(
  join(coverageDir, 'report.json'),
  JSON.stringify({ totals, files: raws.map((r) => r.file), machines: reports.map((r) => ({ ...r.coverage, file: r.found.file, export: r.found.name, services: r.found.services })) }, null, 1),
);
writeFileSync(join(coverageDir, 'index.html'), await html(reports, totals));
console.log(`report: ${relative(root, join(coverageDir, 'index.html'))} and report.json`);

for (const { found: m, coverage } of reports) if (coverage.unneeded) console.warn(`${m.id}: ${coverage.unneeded} (${m.file.replace(/\.machine\.ts$/, '.coverage.ts')})`);
const failing = reports.filter((r) => r.coverage.failures.length > 0 || r.coverage.stale.length > 0);
for (const { found: m, coverage } of failing) {
  for (const failure of coverage.failures) console.error(`${m.id} (${m.file}): ${failure}`);
  for (const stale of coverage.stale) console.error(`${m.id}: stale exception in ${m.file.replace(/\.machine\.ts$/, '.coverage.ts')}: ${stale}`);
  for (const t of coverage.transitions.filter((t) => t.tests.length === 0 && !t.excepted)) console.error(`  never taken: ${t.key}  (${t.label})`);
  for (const s of coverage.states.filter((s) => s.tests.length === 0 && !s.excepted)) console.error(`  never entered: ${s.id}`);
}
process.exit(failing.length > 0 ? 1 : 0);

async function html(list: Array<{ found: FoundMachine; coverage: MachineCoverage }>, sums: typeof totals): Promise<string> {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
  const css = readFileSync(join(root, 'runtime/inspector-app/inspector-app.css'), 'utf8');
  const sections: string[] = [];
  for (const { found: m, coverage } of list) {
    const layout = await layoutChart(chartFromDefinition(m.machine.config));
    const entered = Object.fromEntries(coverage.states.map((s) => [s.id, s.tests.length]));
    const missed = new Set(coverage.transitions.filter((t) => t.tests.length === 0).map((t) => t.key));
    const svg = renderToStaticMarkup(ChartSvg({ layout, active: new Set(), label: m.id, coverage: { entered, missed } }));
    const f = coverage.figures;
    const line = (t: MachineCoverage['transitions'][number]) => `<li><code>${escape(t.key)}</code> ${escape(t.label)} → ${escape(t.targets.join(', ') || '(no target)')}${t.excepted ? ` <em>excepted: ${escape(t.excepted)}</em>` : ''}</li>`;
    const never = coverage.transitions.filter((t) => t.tests.length === 0);
    const notEntered = coverage.states.filter((s) => s.tests.length === 0);
    sections.push(`<section id="${escape(m.id)}" class="${coverage.failures.length > 0 ? 'below' : ''}">
<h2>${escape(m.id)} <small>${escape(m.file)} (${escape(m.name)})${m.services.length > 0 ? `; page service: ${m.services.map(escape).join(', ')}` : ''}</small></h2>
<p>states ${f.states.covered}/${f.states.total}, transitions ${f.transitions.covered}/${f.transitions.total}, delays ${f.delays.covered}/${f.delays.total}${coverage.failures.length > 0 ? ` <strong>below: ${escape(coverage.failures.join(', '))}</strong>` : ''}</p>
${coverage.lowered ? `<p class="lowered">Threshold lowered to ${coverage.threshold.states} % states, ${coverage.threshold.transitions} % transitions: ${escape(coverage.lowered)}</p>` : ''}
<div class="machine"><div class="inspector__chart">${svg}</div><div>
<h3>Never taken (${never.length})</h3><ul>${never.map(line).join('') || '<li>none</li>'}</ul>
<h3>Never entered (${notEntered.length})</h3><ul>${notEntered.map((s) => `<li><code>${escape(s.id)}</code>${s.excepted ? ` <em>excepted: ${escape(s.excepted)}</em>` : ''}</li>`).join('') || '<li>none</li>'}</ul>
${coverage.stale.length > 0 ? `<h3>Stale exceptions</h3><ul>${coverage.stale.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>` : ''}
<details><summary>Tests per state</summary><ul>${coverage.states.map((s) => `<li><code>${escape(s.id)}</code>: ${s.tests.length}<ul>${s.tests.slice(0, 20).map((t) => `<li>${escape(t)}</li>`).join('')}</ul></li>`).join('')}</ul></details>
</div></div></section>`);
  }
  const rows = list
    .map(({ coverage: c }) => `<tr class="${c.failures.length > 0 ? 'below' : ''}"><th><a href="#${escape(c.id)}">${escape(c.id)}</a></th><td>${c.figures.states.covered}/${c.figures.states.total}</td><td>${c.figures.transitions.covered}/${c.figures.transitions.total}</td><td>${c.figures.delays.covered}/${c.figures.delays.total}</td><td>${escape(c.failures.join(', '))}</td></tr>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Machine coverage</title><style>${css}
body { font: 15px/1.45 system-ui, sans-serif; margin: 1rem 2rem; color: #1d2430; }
.machine { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; }
.machine .inspector__chart { max-height: none; cursor: default; }
table { border-collapse: collapse; } td, th { padding: 0.15rem 0.6rem; border-bottom: 1px solid #e1e5e8; text-align: start; }
.below, tr.below th { color: #b3261e; }
</style></head><body><h1>Machine coverage</h1>
<p>All ${list.length} machines: states ${sums.states.covered}/${sums.states.total}, transitions ${sums.transitions.covered}/${sums.transitions.total}, delays ${sums.delays.covered}/${sums.delays.total}. A dashed arrow is a transition no test took; a state's shade and the number after its name say how many tests entered it. How to read this: docs/testing.md#machine-coverage.</p>
<table><thead><tr><th>machine</th><th>states</th><th>transitions</th><th>delays</th><th>below threshold</th></tr></thead><tbody>${rows}</tbody></table>
${sections.join('\n')}</body></html>`;
}
