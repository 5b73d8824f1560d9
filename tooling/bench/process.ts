import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { processTree, rssMb } from '../../tests/support/process-tree';
import { startSiteServer, type RunningServer } from '../../tests/support/site-server';

/**
 * The benchmarks' server under test: the real server process started by a command (the production
 * one by default), on a free port with a temporary DATA_DIR, and what it costs in memory.
 */
export interface BenchServer {
  url: string;
  /** Resident memory of the process tree the command started, in MB: the largest process, and all of them. */
  rss(): { serverMb: number; treeMb: number };
  /** CPU time (user + system) the server process has used so far, in ms; undefined off Linux. */
  cpuMs(): number | undefined;
  stop(): Promise<number | null>;
}

/** The production command (`npm run serve` execs it), for a checkout at `dir`. */
export function productionCommand(dir: string): string[] {
  return [process.execPath, join(dir, 'dist/server/main.js')];
}

export async function startBenchServer(command: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}, startTimeoutMs?: number): Promise<BenchServer> {
  const server: RunningServer = await startSiteServer({ command, cwd, env, startTimeoutMs });
  const pid = server.process.pid ?? 0;
  return {
    url: server.url,
    rss() {
      const sizes = processTree(pid).map(rssMb);
      return { serverMb: Math.max(0, ...sizes), treeMb: sizes.reduce((a, b) => a + b, 0) };
    },
    cpuMs: () => cpuMsOf(pid),
    stop: () => server.stop(),
  };
}

/** `--name value` from argv, or the fallback. */
export function option(argv: readonly string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? (argv[at + 1] as string) : fallback;
}

/** The value below which `p` percent of the sorted samples fall. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * A process's CPU time from /proc (clock ticks of 10 ms): on a shared machine the wall time of a
 * start is mostly waiting for a core, the CPU time is what the start itself costs.
 */
function cpuMsOf(pid: number): number | undefined {
  try {
    // The command may contain spaces and parentheses: the fields are counted after its closing ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** What Chromium sends as Accept-Encoding: a visitor's answers are compressed (br), so the benches' are. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The search benches' client (issue 47): requests as a visitor's browser sends them, one at a time on
 * one kept-alive connection, with the browser's Accept-Encoding, the answer's bytes read as they come.
 * Not fetch(): on these two cores its own work per request (WHATWG streams, decompressing the answer)
 * was 2-5 ms of the figure beside the server's, where a browser's is on the visitor's machine. And
 * not without Accept-Encoding: the server then skips the compression every visitor's answer gets.
 * `send` resolves with the status.
 */
export function browserLikeClient(): { send(url: string, method: 'GET' | 'POST', body?: string): Promise<number>; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send: (url, method, body) =>
      new Promise((done, fail) => {
        const headers: Record<string, string | number> = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
        if (body !== undefined) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) });
        const sent = request(url, { method, agent, headers }, (response) => {
          response.resume();
          response.once('end', () => done(response.statusCode ?? 0));
        });
        sent.once('error', fail);
        sent.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** The live search's form (POST /ajax), as the widget sends it. */
export const liveSearchForm = (query: string) => new URLSearchParams({ action: 'avia_ajax_search', s: query }).toString();
