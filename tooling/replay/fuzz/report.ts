import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The replay half of `npm run fuzz:replay` (issue 28): the saved files, unedited, replayed by the
 * replay CLI itself (`node --import tsx tooling/replay/cli.ts <folder>`, what `npm run replay` runs),
 * and its output read back: how many actor scenarios replayed, and each failure's first divergence.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

export interface ReplayReport {
  /** Actor scenarios replayed (a whole-page file holds one per actor). */
  total: number;
  passed: number;
  /** Per failing actor: its file, the actor and its first divergence, as the CLI printed it. */
  failures: Array<{ file: string; divergence: string }>;
  /** Files the CLI refused (exit 2): its one line each. */
  badInput: string[];
  code: number | null;
}

export async function replayFolder(folder: string): Promise<ReplayReport> {
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'tooling/replay/cli.ts', folder, '--lines', '0'], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', fail);
    child.on('close', (exit) => done({ code: exit, stdout: out, stderr: err }));
  });
  const summary = /replay: (\d+) passed, (\d+) failed/.exec(stdout);
  const passed = Number(summary?.[1] ?? 0);
  const failed = Number(summary?.[2] ?? 0);
  const failures: ReplayReport['failures'] = [];
  const badInput: string[] = [];
  const seen = new Set<string>();
  for (const line of stderr.split('\n').filter(Boolean)) {
    const failure = /^FAILED (.*) {2}\((.+)\)$/.exec(line);
    if (!failure) {
      badInput.push(line);
      continue;
    }
    const [, divergence = '', file = ''] = failure;
    // The first FAILED line of an actor is its first divergence; the later ones follow from it.
    const actor = `${file} ${divergence.replace(/: step \d+:.*$/, '')}`;
    if (seen.has(actor)) continue;
    seen.add(actor);
    failures.push({ file, divergence });
  }
  return { total: passed + failed, passed, failures, badInput, code };
}
