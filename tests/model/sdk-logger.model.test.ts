import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createTestClock } from '../../runtime/clock';
import { sdkLoggerMachine, type SdkLoggerEvent } from '../../machines/sdk-logger/sdk-logger.machine';
import { FLUSH_INTERVAL_MS, SOON_FLUSH_MS, type Delivery } from '../../machines/sdk-logger/sdk-logger.rules';

/**
 * Model test: the shortest path to every state of the logger (value plus whether anything is
 * buffered), replayed on the test clock. Delays are modelled as events the replay turns into time.
 */
type ModelEvent = SdkLoggerEvent | { type: 'clock.interval' } | { type: 'clock.soon' };

const EVENTS: ModelEvent[] = [
  { type: 'log.event', level: 'info', event: 'i' },
  { type: 'log.event', level: 'error', event: 'e' },
  { type: 'log.track', payload: { a: 1 } },
  { type: 'log.metric', metric: { metricEventName: 'm', metricType: 'gauge' } },
  { type: 'page.hide', reason: 'pagehide' },
  { type: 'log.flush' },
  { type: 'clock.interval' },
  { type: 'clock.soon' },
];

const INTERVAL_EVENT = 'xstate.after.flushInterval.sdkLogger.interval.ticking';
const SOON_EVENT = 'xstate.after.soonFlushDelay.sdkLogger.soon.scheduled';

type LoggerSnapshot = SnapshotFrom<typeof sdkLoggerMachine>;
const keyOf = (snapshot: LoggerSnapshot) => {
  const { events, tracking, metrics } = snapshot.context.buffer;
  return `${JSON.stringify(snapshot.value)} buffered:${events.length + tracking.length + metrics.length > 0}`;
};

describe('sdk logger model', () => {
  const input = { url: 'https://www.paypal.com', now: () => 0, pageProtocol: 'https:' };
  const paths = getShortestPaths(sdkLoggerMachine, {
    input,
    // The delay events are not part of the machine's event type, so they are cast; the graph replays them as transitions.
    events: EVENTS.map((event) =>
      event.type === 'clock.interval' ? ({ type: INTERVAL_EVENT } as never) : event.type === 'clock.soon' ? ({ type: SOON_EVENT } as never) : (event as SdkLoggerEvent),
    ),
    serializeState: (snapshot) => keyOf(snapshot as LoggerSnapshot),
  });

  it('reaches idle and scheduled, empty and buffered (a flush while scheduled leaves it scheduled and empty)', () => {
    const reached = new Set(paths.map((path) => keyOf(path.state as LoggerSnapshot)));
    expect([...reached].sort()).toEqual([
      '{"interval":"ticking","soon":"idle"} buffered:false',
      '{"interval":"ticking","soon":"idle"} buffered:true',
      '{"interval":"ticking","soon":"scheduled"} buffered:false',
      '{"interval":"ticking","soon":"scheduled"} buffered:true',
    ]);
  });

  it.each(paths.map((path) => [keyOf(path.state as LoggerSnapshot), path] as const))('replays the path to %s on the test clock', (_key, path) => {
    const clock = createTestClock();
    const deliveries: Delivery[] = [];
    const machine = sdkLoggerMachine.provide({ actors: { deliver: fromPromise<unknown, Delivery>(async ({ input: delivery }) => void deliveries.push(delivery)) } });
    const actor = createActor(machine, { clock, input: { ...input, now: () => clock.now() } }).start();
    for (const step of path.steps.slice(1)) {
      const event = step.event as { type: string };
      if (event.type === INTERVAL_EVENT) clock.advanceBy(FLUSH_INTERVAL_MS - (clock.now() % FLUSH_INTERVAL_MS));
      else if (event.type === SOON_EVENT) clock.advanceBy(SOON_FLUSH_MS);
      else actor.send(step.event as SdkLoggerEvent);
    }
    expect(keyOf(actor.getSnapshot())).toBe(keyOf(path.state as LoggerSnapshot));
    actor.stop();
  });
});
