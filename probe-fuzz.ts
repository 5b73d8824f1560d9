import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chrome.mjs';
import { runSession } from './tooling/replay/fuzz/session';
import { processTree } from './tests/support/process-tree';

function procs() {
  const out: Array<{ pid: number; kind: string; client: number; cpu: number }> = [];
  for (const pid of processTree(process.pid)) {
    if (pid === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const kind = /--type=(\S+)/.exec(cmd)?.[1] ?? 'browser';
      const client = Number(/--renderer-client-id=(\d+)/.exec(cmd)?.[1] ?? 0);
      out.push({ pid: Number(pid), kind, client, cpu: (+f[11] + +f[12] + +f[13] + +f[14]) / 100 });
    } catch {}
  }
  return out;
}
const base = 'http://127.0.0.1:4391';
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
const sessions = [['/team/', 'desktop', 5], ['/videos/', 'phone', 6], ['/contact/', 'desktop', 7], ['/', 'phone', 8], ['/gallery/', 'desktop', 9], ['/services/', 'phone', 10]] as const;
for (const [path, size, seed] of sessions) {
  const seen = new Map<number, { kind: string; client: number; start: number; last: number }>();
  const node0 = process.cpuUsage();
  const look = () => { for (const p of procs()) { const s = seen.get(p.pid); if (s) s.last = p.cpu; else seen.set(p.pid, { kind: p.kind, client: p.client, start: p.cpu, last: p.cpu }); } };
  look();
  const timer = setInterval(look, 100);
  const w0 = performance.now();
  await runSession(browser, base, { path, size: size as 'desktop' | 'phone', seed, actions: 8 });
  look(); clearInterval(timer);
  const nodeCpu = (process.cpuUsage(node0).user + process.cpuUsage(node0).system) / 1e6;
  const byKind: Record<string, number> = {};
  const renderers = [...seen.values()].filter((s) => s.kind === 'renderer' && s.last - s.start > 0.01).sort((a, b) => a.client - b.client).map((s) => (s.last - s.start).toFixed(2));
  for (const s of seen.values()) byKind[s.kind] = (byKind[s.kind] ?? 0) + s.last - s.start;
  console.log(path, size, 'wall', ((performance.now() - w0) / 1000).toFixed(1), 'node', nodeCpu.toFixed(2), Object.entries(byKind).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(' '), 'renderers', renderers.join(','));
}
await browser.close();
