import { openForExport } from '../export';
import { failInOneLine } from '../one-line';
import { DEVICES } from '../../runtime/vitals/vitals.rules';
import { formatSummary, periodFrom, summarise } from './summary';

/**
 * `npm run vitals -- [--days N | --from YYYY-MM-DD --to YYYY-MM-DD] [--device mobile|desktop] [--json]`:
 * the 75th percentile of each Core Web Vital per page over the period (issue 35), from the store the
 * server uses (DATABASE_URL, else DATA_DIR/site.db); safe to run while the server runs.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--device');
const device = at === -1 ? undefined : args[at + 1];
try {
  if (device !== undefined && !(DEVICES as readonly string[]).includes(device)) throw new Error(`--device must be one of ${DEVICES.join(', ')}, got '${device}'`);
  const period = periodFrom(args, Date.now());
  const { store, local } = await openForExport(process.env);
  try {
    const rows = summarise(await store.vitalsBuckets(period.from, period.to), await store.vitalsTargets(period.from, period.to), device);
    process.stdout.write(args.includes('--json') ? `${JSON.stringify({ ...period, device: device ?? 'all', rows }, (_key, value: unknown) => (value === Infinity ? null : value), 2)}\n` : formatSummary(rows, period, device));
  } finally {
    await store.close();
    local?.close();
  }
} catch (error) {
  failInOneLine('vitals', error);
}
