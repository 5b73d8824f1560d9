import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { inspectorMachine } from '../../machines/inspector/inspector.machine';
import type { InspectorCommand } from '../inspector';
import { Statechart } from './Statechart';

type Inspector = ActorRefFrom<typeof inspectorMachine>;

/** The offline inspector: live actors, the selected one's statechart and log, and page controls. */
export function App({ actorRef, command }: { actorRef: Inspector; command: (message: InspectorCommand) => void }) {
  const state = useSelector(actorRef, (s) => s.value);
  const { actors, order, log, selected, clock, error } = useSelector(actorRef, (s) => s.context);
  const current = selected ? actors[selected] : undefined;
  const [eventText, setEventText] = useState('{ "type": "" }');
  const [eventError, setEventError] = useState<string | null>(null);

  const sendEvent = (submit: FormEvent) => {
    submit.preventDefault();
    if (!current) return;
    try {
      const event = JSON.parse(eventText) as { type?: unknown };
      if (typeof event.type !== 'string' || event.type === '') throw new Error('The event needs a "type".');
      setEventError(null);
      command({ type: 'sitecharts.send', session: current.session, event: event as { type: string } });
    } catch (problem) {
      setEventError(problem instanceof Error ? problem.message : 'Not JSON.');
    }
  };

  return (
    <div className="inspector">
      <header className="inspector__bar">
        <h1>sitecharts inspector</h1>
        <p role="status">
          {state === 'waiting'
            ? 'Waiting for a page. Open any page of the site with ?inspect in its address.'
            : `Connected${clock ? ` to ${clock.page}` : ''}: ${order.length} actor${order.length === 1 ? '' : 's'}.`}
        </p>
        <div className="inspector__clock" aria-label="Page clock">
          {clock?.paused ? (
            <>
              <span>
                Paused clock at +{clock.now % 100000} ms, {clock.timers} timer{clock.timers === 1 ? '' : 's'} pending
              </span>
              <button type="button" onClick={() => command({ type: 'sitecharts.next-timer' })}>
                Next timer
              </button>
              {[100, 1000, 5000].map((ms) => (
                <button key={ms} type="button" onClick={() => command({ type: 'sitecharts.advance', ms })}>
                  +{ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}
                </button>
              ))}
            </>
          ) : (
            <span>{clock ? 'Real clock (open the page with &clock=paused to step time)' : ''}</span>
          )}
          <button type="button" onClick={() => command({ type: 'sitecharts.status' })}>
            Refresh
          </button>
        </div>
        {error ? <p role="alert">{error}</p> : null}
      </header>
      <nav className="inspector__actors" aria-label="Live actors">
        <h2>Actors</h2>
        <ul>
          {order.map((session) => {
            const actor = actors[session];
            if (!actor) return null;
            return (
              <li key={session}>
                <button type="button" aria-pressed={session === selected} onClick={() => actorRef.send({ type: 'actor.select', session })}>
                  <span className="inspector__name">{actor.name}</span>
                  <span className="inspector__value">{actor.status === 'active' && actor.value !== undefined ? JSON.stringify(actor.value) : actor.status}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <main className="inspector__main">
        {current ? (
          <>
            <h2>
              {current.name} <small>({current.session})</small>
            </h2>
            <p>
              Current state: <output data-testid="current-state">{JSON.stringify(current.value)}</output>
            </p>
            <div className="inspector__chart">
              <Statechart definition={current.definition} value={current.value} label={current.name} />
            </div>
            <form className="inspector__send" onSubmit={sendEvent}>
              <label htmlFor="event-json">Send an event (JSON)</label>
              <textarea id="event-json" rows={2} value={eventText} onChange={(e) => setEventText(e.target.value)} />
              <button type="submit">Send to {current.name}</button>
              <button type="button" onClick={() => command({ type: 'sitecharts.scenario', session: current.session })}>
                Save as scenario
              </button>
              {eventError ? <p role="alert">{eventError}</p> : null}
            </form>
          </>
        ) : (
          <p>No actor selected.</p>
        )}
        <section aria-labelledby="log-title">
          <h2 id="log-title">Event log</h2>
          <table className="inspector__log">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">actor</th>
                <th scope="col">event</th>
                <th scope="col">payload</th>
              </tr>
            </thead>
            <tbody>
              {log
                .filter((entry) => !current || entry.session === current.session)
                .slice(-100)
                .reverse()
                .map((entry) => (
                  <tr key={entry.index}>
                    <td>{entry.index}</td>
                    <td>{entry.name}</td>
                    <td>{entry.type}</td>
                    <td>
                      <code>{entry.payload}</code>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      </main>
    </div>
  );
}
