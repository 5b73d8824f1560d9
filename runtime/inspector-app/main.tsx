import { createBrowserReceiver } from '@statelyai/inspect';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { inspectorMachine, type LoadedScenario, type ProtocolEvent } from '../../machines/inspector/inspector.machine';
import { endOfStep, stepsOf } from '../../machines/inspector/timeline';
import { createRealClock } from '../clock';
import type { InspectorCommand, InspectorReply } from '../inspector';
import { REPORT_PATH } from '../report/report.rules';
import { App } from './App';
import { REPLAY_PATH, type ReplayAnswer } from './replay-answer';
import './inspector-app.css';

/**
 * The offline inspector page (/__inspect/). A page opened with `?inspect` opens this window and
 * streams its actors' inspection events here; commands go back to that page, same origin only.
 * Nothing leaves the machine.
 */
const store = createActor(inspectorMachine).start();
const page = (): Window | null => window.opener as Window | null;

const command = (message: InspectorCommand) => page()?.postMessage(message, window.location.origin);

/**
 * Issue 29: after the page reports something, ask it (once per burst) for the trace entries the
 * timeline lacks and for its islands.
 */
const clock = createRealClock();
let asked = false;
const askForTimeline = () => {
  if (asked) return;
  asked = true;
  clock.setTimeout(() => {
    asked = false;
    const since = (store.getSnapshot().context.moments.at(-1)?.index ?? -1) + 1;
    command({ type: 'sitecharts.timeline', since });
    command({ type: 'sitecharts.islands' });
  }, 60);
};

createBrowserReceiver({ window }).subscribe((message) => {
  store.send({ type: 'inspection.received', message: message as unknown as ProtocolEvent });
  askForTimeline();
});

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== window.location.origin) return;
  const reply = event.data as Partial<InspectorReply> | null;
  if (reply?.type === 'sitecharts.status' && typeof reply.now === 'number') {
    store.send({ type: 'page.status', clock: { paused: Boolean(reply.paused), now: reply.now, timers: reply.timers ?? 0, page: reply.page ?? '' } });
  } else if (reply?.type === 'sitecharts.error' && typeof reply.message === 'string') {
    store.send({ type: 'page.error', message: reply.message });
  } else if (reply?.type === 'sitecharts.timeline' && Array.isArray(reply.moments)) {
    store.send({ type: 'timeline.received', moments: reply.moments, epoch: reply.epoch ?? 0 });
  } else if (reply?.type === 'sitecharts.resumed' && Array.isArray(reply.moments)) {
    store.send({ type: 'timeline.resumed', resumed: { epoch: reply.epoch ?? 0, at: reply.at ?? 0, moments: reply.moments, sessions: reply.sessions ?? {} } });
  } else if (reply?.type === 'sitecharts.islands' && Array.isArray(reply.islands)) {
    store.send({ type: 'islands.received', islands: reply.islands });
  } else if (reply?.type === 'sitecharts.scenario') {
    // Named for its machine (the browser numbers repeats); the wall clock is the page clock's alone.
    const machine = (reply.scenario as { machine?: unknown } | undefined)?.machine;
    download(reply.scenario, `scenario-${typeof machine === 'string' ? machine : 'recorded'}.json`);
  } else if (reply?.type === 'sitecharts.page-scenario' && reply.scenario) {
    // Named for the page's path: `/team/` -> scenario-page-team.json, `/` -> scenario-page-home.json.
    const path = (reply.scenario.page ?? '').replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
    download(reply.scenario, `scenario-page-${path}.json`);
  }
});

function download(scenario: unknown, name: string) {
  const blob = new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * The page follows the timeline (issue 29): each time the shown step of the page's timeline
 * changes, the page's views are told which trace entry to show (null: the present).
 */
let shown: number | null = null;
store.subscribe((snapshot) => {
  const { cursor, moments, scenario } = snapshot.context;
  let index: number | null = null;
  if (cursor !== null && !scenario) index = moments[endOfStep(stepsOf(moments), cursor, moments.length)]?.index ?? null;
  if (index === shown) return;
  shown = index;
  command({ type: 'sitecharts.show', index });
});

/** A scenario file goes to the replay of `npm run dev` (Node, on this machine), and comes back as moments. */
async function loadScenario(text: string, file: string) {
  try {
    // A form post (url-encoded: the only body the site's server reads), the file's text in one field.
    const answer = await fetch(REPLAY_PATH, { method: 'POST', body: new URLSearchParams({ scenario: text }) });
    if (answer.status === 404) throw new Error('Replaying a scenario runs the replay in Node: open the inspector from npm run dev.');
    const body = (await answer.json()) as ReplayAnswer | { error?: string };
    if (!answer.ok || !('moments' in body)) throw new Error(`${file}: ${'error' in body && body.error ? body.error : `the replay answered ${answer.status}`}`);
    const scenario: LoadedScenario = body;
    const failed = scenario.checks.find((check) => check.problems.length > 0);
    const steps = stepsOf(scenario.moments);
    // A failed replay opens at its first divergence; a passing one at its start.
    const step = failed ? steps.filter((position) => position <= failed.position).length - 1 : -1;
    store.send({ type: 'scenario.loaded', scenario, step });
  } catch (problem) {
    store.send({ type: 'page.error', message: problem instanceof Error ? problem.message : String(problem) });
  }
}

/**
 * Issue 51: a visitor's problem report by its number, read from the site's server (`GET /reports/<id>`,
 * open under `npm run dev`; elsewhere it needs the operator's token, and `npm run reports -- <id>`
 * writes the file to load), then replayed as a loaded file is.
 */
async function loadReport(id: string) {
  try {
    const answer = await fetch(`${REPORT_PATH}/${encodeURIComponent(id)}`);
    const text = await answer.text();
    if (!answer.ok) throw new Error(`Report ${id}: ${text.trim() || `the server answered ${answer.status}`}`);
    await loadScenario(text, `report ${id}`);
  } catch (problem) {
    store.send({ type: 'page.error', message: problem instanceof Error ? problem.message : String(problem) });
  }
}

const root = document.getElementById('inspector-root');
if (root) createRoot(root).render(<App actorRef={store} command={command} loadScenario={(text, file) => void loadScenario(text, file)} loadReport={(id) => void loadReport(id)} />);
command({ type: 'sitecharts.status' });
