import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The benchmarks' server under test: a real server process started by a command (the production
 * one by default), on a free port with a temporary DATA_DIR, plus what it costs in memory.
 */
export interface BenchServer {
  url: string;
  pid: number;
  /** Resident memory of the process tree the command started, in MB: the largest process, and all of them. */
  rss(): { serverMb: number; treeMb: number };
  stop(): Promise<number | null>;
}

/** The production command (`npm run serve`'s target), run from `cwd`. */
export function productionCommand(cwd: string): string[] {
  return [process.execPath, join(cwd, 'dist/server/main.js')];
}

export async function startBenchServer(command: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const [file, ...args] = command;
  if (!file) throw new Error('no server command');
  const dataDir = (env.DATA_DIR as string | undefined) ?? mkdtempSync(join(tmpdir(), 'sitecharts-bench-'));
  const child: ChildProcess = spawn(file, args, {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', PROVIDER_SANDBOX_PORT: '0', DATA_DIR: dataDir, LOG: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command.join(' ')} did not start in 120 s:\n${stderr}`)), 120_000);
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}:\n${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const match = /sitecharts listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rss() {
      const sizes = processTree(pid).map(rssMb);
      return { serverMb: Math.max(0, ...sizes), treeMb: sizes.reduce((a, b) => a + b, 0) };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (env.DATA_DIR === undefined) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** `pid` and its descendants, from /proc (Linux). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(`/proc/${name}/stat`);
    // The parent pid is the second field after the parenthesised command name.
    const parent = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isInteger(parent)) children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const tree: number[] = [];
  const visit = (id: number) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  if (existsSync(`/proc/${pid}`)) visit(pid);
  return tree;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`) ?? '')?.[1];
  return kb ? Number(kb) / 1024 : 0;
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended while we looked
  }
}

/** `--name value` from argv, or the fallback. */
export function option(argv: readonly string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? (argv[at + 1] as string) : fallback;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
