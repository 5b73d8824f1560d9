import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * A process and its descendants, from /proc (Linux): what a signal to the top one leaves behind,
 * and what they cost in memory.
 */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(`/proc/${name}/stat`);
    if (stat === undefined) continue;
    // The parent pid is the second field after the parenthesised command name.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
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

/** Resident memory of one process in MB (0 once it has ended). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`) ?? '')?.[1];
  return kb ? Number(kb) / 1024 : 0;
}

/**
 * CPU time of a process in seconds, its threads and the children it has waited for included (user
 * and system: utime, stime, cutime, cstime at clock ticks of 1/100 s); 0 once it has ended.
 */
export function cpuSeconds(pid: number): number {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return 0;
  // Fields 14 to 17 of the line; the first field after the command name is the third.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/** Whether a process is still there (a zombie waiting for its parent counts as gone). */
export function isAlive(pid: number): boolean {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended while we looked
  }
}

/**
 * CPU seconds of a process and its live descendants (each with the children it has waited for), found
 * through each thread's /proc children list (Linux): no scan of every process (about 8 ms for a
 * worker with a browser, whose processes have many threads; 12 ms by processTree).
 */
export function treeCpu(pid = process.pid): number {
  let total = cpuSeconds(pid);
  for (const child of childrenOf(pid)) total += treeCpu(child);
  return total;
}

/** A process's children, from each of its threads' /proc children lists (Linux): no scan of every process. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim();
      if (list) children.push(...list.split(' ').map(Number));
    }
  } catch {
    // The process or a thread ended while we looked: what is left is counted by its parent.
  }
  return children;
}
