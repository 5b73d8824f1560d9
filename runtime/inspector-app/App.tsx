import { useSelector } from '@xstate/react';
import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { inspectorMachine } from '../../machines/inspector/inspector.machine';
import { actorsAt, changedPaths, describeStep, endOfStep, stepsOf, type ActorAt } from '../../machines/inspector/timeline';
import type { InspectorCommand } from '../inspector';
import { chartFromDefinition } from './chart';
import { ContextTree } from './ContextTree';
import { traceCoverage } from './coverage';
import { Statechart } from './Statechart';
import { Timeline } from './Timeline';

type Inspector = ActorRefFrom<typeof inspectorMachine>;

/**
 * The offline inspector: every actor of the page (children nested, islands not loaded yet with a
 * Load button), a timeline of what happened on the clock's time axis, the selected actor's chart
 * and context at the chosen step, the page's clock, and a scenario file replayed to step through.
 */
export function App({
  actorRef,
  command,
  loadScenario,
  loadReport,
}: {
  actorRef: Inspector;
  command: (message: InspectorCommand) => void;
  loadScenario: (text: string, file: string) => void;
  /** Issue 51: a visitor's problem report by its number (runtime/inspector-app/main.tsx). */
  loadReport?: (id: string) => void;
}) {
  const state = useSelector(actorRef, (s) => s.value);
  const { actors, order, selected, clock, error, moments: pageMoments, cursor, islands, scenario, branch } = useSelector(actorRef, (s) => s.context);
  const [eventText, setEventText] = useState('{ "type": "" }');
  const [eventError, setEventError] = useState<string | null>(null);
  const [showCoverage, setShowCoverage] = useState(false);

  const moments = scenario ? scenario.moments : pageMoments;
  const steps = useMemo(() => stepsOf(moments), [moments]);
  const step = cursor ?? steps.length - 1;
  const position = endOfStep(steps, step, moments.length);
  const now = useMemo(() => actorsAt(moments, position), [moments, position]);
  const before = useMemo(() => actorsAt(moments, endOfStep(steps, step - 1, moments.length)), [moments, steps, step]);

  const definitionOf = (entry: ActorAt | undefined) => (scenario && entry?.parent === undefined ? scenario.definition : entry ? actors[entry.session]?.definition : undefined);
  // The live protocol's actors fill in what the trace ring no longer holds (and the definitions).
  const sessions = [...now.keys(), ...(scenario ? [] : order.filter((session) => !now.has(session) && actors[session]?.status === 'active'))];
  // An actor created without an id (a page service) is named by its machine, as the live list does.
  const nameOf = (session: string) => {
    const traced = now.get(session);
    return traced && traced.actor !== session ? traced.actor : (actors[session]?.name ?? traced?.machine ?? session);
  };
  const names: Record<string, string> = Object.fromEntries(sessions.map((session) => [session, nameOf(session)]));
  const chosen = selected && sessions.includes(selected) ? selected : (sessions.find((session) => now.get(session)?.parent === undefined) ?? null);
  const current = chosen ? now.get(chosen) : undefined;
  const live = chosen ? actors[chosen] : undefined;
  const value = current ? current.state : live?.value;
  const changed = new Set(current ? changedPaths(before.get(current.session)?.context, current.context) : []);
  const pageName = (session: string) => names[session] ?? session;
  const roots = sessions.filter((session) => {
    const parent = now.get(session)?.parent ?? actors[session]?.parent;
    return parent === undefined || !sessions.includes(parent);
  });
  const childrenOf = (session: string) => sessions.filter((child) => (now.get(child)?.parent ?? actors[child]?.parent) === session);
  const stateOf = (session: string) => {
    const entry = now.get(session);
    const status = entry?.status ?? actors[session]?.status ?? 'active';
    const shown = entry ? entry.state : actors[session]?.value;
    return status !== 'active' ? status : shown === undefined ? 'running (no state chart)' : JSON.stringify(shown);
  };
  const notLoaded = scenario ? [] : islands.filter((island) => island.state === 'waiting');
  const failed = scenario?.checks.find((check) => check.problems.length > 0);
  const scenarioSession = scenario?.moments.find((moment) => moment.kind === 'actor' && moment.parent === undefined)?.session ?? '';
  const diverged = failed ? actorsAt(moments, failed.position).get(scenarioSession) : undefined;
  const seek = (to: number) => actorRef.send({ type: 'timeline.seek', step: to });
  // Issue 29: the page resumes from the shown step (runtime/resume.ts); the timeline branches there.
  const shownIndex = moments[position]?.index;
  const canResume = !scenario && clock?.paused === true && cursor !== null && shownIndex !== undefined;
  const branchStep = branch && !scenario ? steps.filter((at) => (moments[at]?.index ?? Infinity) <= branch.index).length - 1 : null;
  // Issue 50: what this page (or scenario) covered of the chosen actor's chart, from the trace.
  const definition = definitionOf(current) ?? live?.definition;
  const coverage = showCoverage && chosen && definition !== undefined ? pageCoverage(definition, moments, chosen) : undefined;

  const sendEvent = (submit: FormEvent) => {
    submit.preventDefault();
    if (!chosen) return;
    try {
      const event = JSON.parse(eventText) as { type?: unknown };
      if (typeof event.type !== 'string' || event.type === '') throw new Error('The event needs a "type".');
      setEventError(null);
      command({ type: 'sitecharts.send', session: chosen, event: event as { type: string } });
    } catch (problem) {
      setEventError(problem instanceof Error ? problem.message : 'Not JSON.');
    }
  };
  const pickFile = (change: ChangeEvent<HTMLInputElement>) => {
    const file = change.target.files?.[0];
    if (!file) return;
    void file.text().then((text) => loadScenario(text, file.name));
    change.target.value = '';
  };

  const renderActor = (session: string) => (
    <li key={session}>
      <button type="button" aria-pressed={session === chosen} onClick={() => actorRef.send({ type: 'actor.select', session })}>
        <span className="inspector__name">{pageName(session)}</span>
        <span className="inspector__value">{stateOf(session)}</span>
      </button>
      {childrenOf(session).length > 0 ? <ul aria-label={`Children of ${pageName(session)}`}>{childrenOf(session).map(renderActor)}</ul> : null}
    </li>
  );

  return (
    <div className="inspector">
      <header className="inspector__bar">
        <h1>sitecharts inspector</h1>
        <p role="status">
          {scenario
            ? `Scenario: ${scenario.name}`
            : state === 'waiting'
              ? 'Waiting for a page. Open any page of the site with ?inspect in its address, or load a scenario file.'
              : `Connected${clock ? ` to ${clock.page}` : ''}: ${sessions.length} actor${sessions.length === 1 ? '' : 's'}.`}
        </p>
        <div className="inspector__clock" aria-label="Page clock" role="group">
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
          {state !== 'waiting' && !scenario ? (
            <button type="button" onClick={() => command({ type: 'sitecharts.page-scenario' })}>
              Save page as scenario
            </button>
          ) : null}
        </div>
        <div className="inspector__load">
          <label htmlFor="scenario-file">Load a scenario file</label>
          <input id="scenario-file" type="file" accept="application/json,.json" onChange={pickFile} />
          {loadReport ? (
            <form
              className="inspector__report"
              onSubmit={(submit) => {
                submit.preventDefault();
                const id = new FormData(submit.currentTarget).get('report');
                if (typeof id === 'string' && id.trim() !== '') loadReport(id.trim());
              }}
            >
              <label htmlFor="report-id">Problem report number</label>
              <input id="report-id" name="report" inputMode="numeric" pattern="[0-9]+" size={6} required />
              <button type="submit">Load report</button>
            </form>
          ) : null}
          {scenario ? (
            <button type="button" onClick={() => actorRef.send({ type: 'scenario.closed' })}>
              Back to the page
            </button>
          ) : null}
        </div>
        {error ? <p role="alert">{error}</p> : null}
      </header>
      <nav className="inspector__actors" aria-label="Live actors">
        <h2>Actors</h2>
        <ul>{roots.map(renderActor)}</ul>
        {notLoaded.length > 0 ? (
          <>
            <h2>Not loaded yet</h2>
            <ul aria-label="Islands not loaded yet">
              {notLoaded.map((island) => (
                <li key={island.island} className="inspector__island">
                  <span>
                    <span className="inspector__name">{island.widget}</span> <span className="inspector__value">not loaded</span>
                  </span>
                  <button type="button" aria-label={`Load ${island.widget}${island.id ? ` (${island.id})` : ''}`} onClick={() => command({ type: 'sitecharts.load', island: island.island })}>
                    Load
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </nav>
      <main className="inspector__main">
        <section className="inspector__timeline" aria-labelledby="timeline-title">
          <div className="inspector__timeline-bar">
            <h2 id="timeline-title">Timeline</h2>
            <button type="button" onClick={() => seek(Math.max(-1, step - 1))} disabled={step < 0}>
              Step back
            </button>
            <button type="button" onClick={() => seek(Math.min(steps.length - 1, step + 1))} disabled={step >= steps.length - 1}>
              Step forward
            </button>
            {!scenario ? (
              <button type="button" aria-pressed={cursor === null} onClick={() => actorRef.send({ type: 'timeline.present' })}>
                {clock?.paused ? 'Resume from the present' : 'Follow the present'}
              </button>
            ) : null}
            {canResume ? (
              <button type="button" onClick={() => command({ type: 'sitecharts.resume', index: shownIndex })}>
                Resume from here
              </button>
            ) : null}
            <output data-testid="step">
              {cursor === null && !scenario ? 'Present: ' : `Step ${step + 1} of ${steps.length}: `}
              {describeStep(moments, steps, step)}
            </output>
          </div>
          {branch && !scenario ? (
            <p className="inspector__branch" data-testid="branch">
              Resumed from +{branch.at - (moments[0]?.at ?? branch.at)} ms: {branch.dropped} later step{branch.dropped === 1 ? ' was' : 's were'} dropped; the page goes on from there.
            </p>
          ) : null}
          <div className="inspector__timeline-scroll">
            <Timeline moments={moments} steps={steps} step={step} lanes={sessions.filter((s) => now.has(s))} names={names} onSeek={seek} branch={branchStep} selected={chosen} />
          </div>
        </section>
        {failed ? (
          <section className="inspector__divergence" aria-labelledby="divergence-title">
            <h2 id="divergence-title">First divergence: step {failed.step}</h2>
            <p>{failed.problems.join('; ')}</p>
            <div className="inspector__sides">
              <div>
                <h3>Expected</h3>
                <p>
                  State: <code data-testid="expected-state">{JSON.stringify(failed.expect)}</code>
                </p>
                {failed.context ? <ContextTree value={failed.context} changed={new Set()} label="Expected context" /> : null}
              </div>
              <div>
                <h3>Actual</h3>
                <p>
                  State: <code data-testid="actual-state">{JSON.stringify(diverged?.state)}</code>
                </p>
                <ContextTree value={diverged?.context} changed={new Set(Object.keys(failed.context ?? {}))} label="Actual context" />
              </div>
            </div>
          </section>
        ) : null}
        {chosen ? (
          <div className="inspector__split">
            <section className="inspector__panel" aria-labelledby="chart-title">
              <h2 id="chart-title">
                {pageName(chosen)} <small>({chosen})</small>
              </h2>
              <p>
                State{cursor === null && !scenario ? '' : ' at this step'}: <output data-testid="current-state">{JSON.stringify(value)}</output>
              </p>
              {definition ? (
                <>
                  <button type="button" aria-pressed={showCoverage} onClick={() => setShowCoverage(!showCoverage)}>
                    Coverage on this page
                  </button>
                  <Statechart definition={definition} value={value} label={pageName(chosen)} coverage={coverage} />
                  {coverage ? (
                    <div className="inspector__coverage">
                      <p>
                        {coverage.total - coverage.never.length} of {coverage.total} transitions taken on this page; the dashed ones never were. A state's number says how often it was entered.
                      </p>
                      <h3 id="never-taken-title">Never taken on this page ({coverage.never.length})</h3>
                      <ul aria-labelledby="never-taken-title">
                        {coverage.never.map((t) => (
                          <li key={t.key} data-transition={t.key}>
                            {t.source.slice(t.source.indexOf('.') + 1) || t.source}: {t.label}
                            {t.targets.length > 0 ? ` → ${t.targets.map((target) => target.slice(target.indexOf('.') + 1)).join(', ')}` : ''}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </>
              ) : (
                <p>No statechart: a promise or callback actor.</p>
              )}
            </section>
            <section className="inspector__panel" aria-labelledby="context-title">
              <h2 id="context-title">Context</h2>
              <ContextTree value={current?.context} changed={changed} label={`Context of ${pageName(chosen)}`} />
            </section>
          </div>
        ) : (
          <p>No actor selected.</p>
        )}
        {chosen && !scenario ? (
          <form className="inspector__send" onSubmit={sendEvent}>
            <label htmlFor="event-json">Send an event (JSON)</label>
            <textarea id="event-json" rows={2} value={eventText} onChange={(e) => setEventText(e.target.value)} />
            <button type="submit">Send to {pageName(chosen)}</button>
            <button type="button" onClick={() => command({ type: 'sitecharts.scenario', session: chosen })}>
              Save as scenario
            </button>
            {eventError ? <p role="alert">{eventError}</p> : null}
          </form>
        ) : null}
        <section className="inspector__panel" aria-labelledby="log-title">
          <h2 id="log-title">Event log</h2>
          <div className="inspector__log-scroll" tabIndex={0} role="region" aria-label="Event log entries">
            <table className="inspector__log">
              <thead>
                <tr>
                  <th scope="col">step</th>
                  <th scope="col">at</th>
                  <th scope="col">actor</th>
                  <th scope="col">event</th>
                  <th scope="col">payload</th>
                </tr>
              </thead>
              <tbody>
                {steps
                  .map((at, i) => ({ at, i }))
                  .filter(({ at }) => !chosen || moments[at]?.session === chosen)
                  .slice(-200)
                  .reverse()
                  .map(({ at, i }) => {
                    const moment = moments[at];
                    if (!moment || moment.kind !== 'event') return null;
                    const { type, ...payload } = moment.event;
                    return (
                      <tr key={at} aria-current={i === step ? 'step' : undefined}>
                        <td>
                          <button type="button" onClick={() => seek(i)} aria-label={`Go to step ${i + 1}`}>
                            {i + 1}
                          </button>
                        </td>
                        <td>+{moment.at - (moments[0]?.at ?? moment.at)} ms</td>
                        <td>{pageName(moment.session)}</td>
                        <td>{moment.timer ? `timer ${type}` : type}</td>
                        <td>
                          <code>{Object.keys(payload).length > 0 ? JSON.stringify(payload) : ''}</code>
                        </td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </div>
        </section>
      </main>
    </div>
  );
}

/** What the trace covered of one actor's chart: the inspector's "Coverage on this page" (issue 50). */
function pageCoverage(definition: unknown, moments: Parameters<typeof traceCoverage>[1], session: string) {
  const chart = chartFromDefinition(definition);
  const { entered, taken } = traceCoverage(chart, moments, session);
  const never = chart.transitions.filter((t) => !taken.has(t.key));
  return { entered, missed: new Set(never.map((t) => t.key)), never, total: chart.transitions.length };
}
