import type { ReportAnswer } from '../../machines/problem-report/problem-report.machine';
import { pageReport } from './collect';
import { REPORT_PATH } from './report.rules';

/**
 * Issue 51: the problem report's adapter, loaded only when the visitor presses Send: collects the
 * report (collect.ts) and posts it to the site's own server, without cookies. The server's
 * sentence comes back on a refusal; a network failure rejects.
 */
export async function sendReport(win: Window, words: string, notStarted: string): Promise<ReportAnswer> {
  const handle = win.sitecharts;
  if (!handle) return { ok: false, message: notStarted };
  const report = await pageReport(handle, win, words);
  const response = await fetch(REPORT_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(report), credentials: 'omit' });
  if (response.status === 201) {
    const answer = (await response.json()) as { id?: unknown };
    if (typeof answer.id === 'number') return { ok: true, id: answer.id };
  }
  return { ok: false, message: (await response.text()).slice(0, 300) };
}
