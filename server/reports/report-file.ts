import type { ReportRow } from '../store/site-store';

/**
 * Issue 51: a stored problem report as a file (`npm run reports -- <id>`, GET /reports/<id>): its
 * facts and the whole-page scenario, which the inspector and `npm run replay` read.
 */
export interface ReportFile {
  report: number;
  created: string;
  page: string;
  words: string;
  build: string;
  viewport: { width: number; height: number };
  device: string;
  scenario: unknown;
}

export function reportFile(row: ReportRow): ReportFile {
  return {
    report: row.id,
    created: row.created_at,
    page: row.page,
    words: row.words,
    build: row.build,
    viewport: { width: row.viewport_width, height: row.viewport_height },
    device: row.device,
    scenario: JSON.parse(row.scenario) as unknown,
  };
}

/** Whether a parsed JSON file is a report (its scenario is under `scenario`). */
export function isReportFile(json: unknown): json is ReportFile {
  return typeof json === 'object' && json !== null && 'report' in json && 'scenario' in json && 'build' in json;
}
