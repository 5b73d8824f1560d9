import { writeFileSync } from 'node:fs';
import { openForExport } from '../export';
import { failInOneLine } from '../one-line';
import type { ReportSummaryRow } from '../store/site-store';
import { reportFile } from './report-file';

/**
 * `npm run reports` (issue 51): the visitors' problem reports in the store at DATABASE_URL or
 * DATA_DIR/site.db, one line each: id, page, when, device and viewport, and the visitor's words.
 * `npm run reports -- <id>` prints one report as the file the inspector loads (`--out <file>`
 * writes it); `npm run replay -- report:<id>` replays it.
 */
const USAGE = 'usage: npm run reports [-- <id> [--out report.json]]';

/** One line per report; the words on one line, cut at 120 characters. */
export function reportLine(row: ReportSummaryRow): string {
  const words = row.words.replace(/\s+/g, ' ').trim();
  return `${row.id}\t${row.page}\t${row.created_at}\t${row.device} ${row.viewport_width}x${row.viewport_height}\t${words.length > 120 ? `${words.slice(0, 119)}…` : words}`;
}

const args = process.argv.slice(2);
const [first, flag, file] = args;
if (args.length > 3 || (first !== undefined && !/^\d+$/.test(first)) || (flag !== undefined && (flag !== '--out' || !file))) failInOneLine('reports', new Error(USAGE));
const { store, local } = await openForExport(process.env).catch((error: unknown) => failInOneLine('reports', error));
try {
  if (first === undefined) {
    const rows = await store.reports();
    console.log(rows.length === 0 ? 'No problem reports (the site takes them with REPORTS=on).' : `id\tpage\twhen\tdevice\twords\n${rows.map(reportLine).join('\n')}`);
  } else {
    const row = await store.report(Number(first));
    if (!row) throw new Error(`no problem report ${first} (npm run reports lists them)`);
    const text = `${JSON.stringify(reportFile(row), null, 2)}\n`;
    if (file) writeFileSync(file, text);
    else process.stdout.write(text);
  }
} catch (error) {
  failInOneLine('reports', error);
} finally {
  await store.close();
  local?.close();
}
