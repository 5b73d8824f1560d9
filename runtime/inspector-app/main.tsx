import { createBrowserReceiver } from '@statelyai/inspect';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { inspectorMachine, type ProtocolEvent } from '../../machines/inspector/inspector.machine';
import type { InspectorCommand, InspectorReply } from '../inspector';
import { App } from './App';
import './inspector-app.css';

/**
 * The offline inspector page (/__inspect/). A page opened with `?inspect` opens this window and
 * streams its actors' inspection events here; commands go back to that page, same origin only.
 * Nothing leaves the machine.
 */
const store = createActor(inspectorMachine).start();
const page = (): Window | null => window.opener as Window | null;

createBrowserReceiver({ window }).subscribe((message) => store.send({ type: 'inspection.received', message: message as unknown as ProtocolEvent }));

const command = (message: InspectorCommand) => page()?.postMessage(message, window.location.origin);

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== window.location.origin) return;
  const reply = event.data as Partial<InspectorReply> | null;
  if (reply?.type === 'sitecharts.status' && typeof reply.now === 'number') {
    store.send({ type: 'page.status', clock: { paused: Boolean(reply.paused), now: reply.now, timers: reply.timers ?? 0, page: reply.page ?? '' } });
  } else if (reply?.type === 'sitecharts.error' && typeof reply.message === 'string') {
    store.send({ type: 'page.error', message: reply.message });
  } else if (reply?.type === 'sitecharts.scenario') {
    const blob = new Blob([`${JSON.stringify(reply.scenario, null, 2)}\n`], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    // Named for its machine (the browser numbers repeats); the wall clock is the page clock's alone.
    const machine = (reply.scenario as { machine?: unknown } | undefined)?.machine;
    link.download = `scenario-${typeof machine === 'string' ? machine : 'recorded'}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  }
});

const root = document.getElementById('inspector-root');
if (root) createRoot(root).render(<App actorRef={store} command={command} />);
command({ type: 'sitecharts.status' });
