import { spawn } from 'node:child_process';
import type { CompiledCli } from './compiled-cli';
import { ROOT } from './site-server';

export interface ReplayRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The replay CLI on `args` (files, folders, names, flags), as `npm run replay -- …` runs it from the project root. */
export function replayCli(...args: string[]): Promise<ReplayRun> {
  return runInProject(process.execPath, ['--import', 'tsx', 'tooling/replay/cli.ts', ...args]);
}

/** The same CLI compiled (tests/support/compiled-cli.ts), started with plain `node` from the project root. */
export function compiledReplayCli(compiled: CompiledCli): (...args: string[]) => Promise<ReplayRun> {
  return (...args) => runInProject(process.execPath, [...compiled.args('tooling/replay/cli.ts'), ...args], { ...process.env, ...compiled.env });
}

/** A program run from the project root (with `env` when given): its exit code and output. */
export function runInProject(program: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ReplayRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: ROOT, ...(env ? { env } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
