import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { describeStep, stepXs, type Moment } from '../../machines/inspector/timeline';

const LANE = 22;
const LABEL = 150;
const GAP = 12;

/**
 * Issue 29: every step of the page (or scenario) on the clock's time axis, one lane per actor;
 * events as dots (timers as diamonds), each state change as a bar under it. It is one slider:
 * click or drag to any step, arrow keys step one event, Home/End go to the ends.
 */
export function Timeline({
  moments,
  steps,
  step,
  lanes,
  names,
  onSeek,
  branch = null,
  selected = null,
}: {
  moments: readonly Moment[];
  steps: readonly number[];
  /** The shown step (-1: before the first event). */
  step: number;
  /** The sessions with a lane, top to bottom. */
  lanes: readonly string[];
  names: Readonly<Record<string, string>>;
  onSeek: (step: number) => void;
  /** The last step before the page resumed from it (issue 29): a branch marker after it. */
  branch?: number | null;
  /** The selected actor's session: its lane is marked and scrolled into view (issue 50). */
  selected?: string | null;
}) {
  const slider = useRef<HTMLDivElement>(null);
  const selectedLane = selected ? lanes.indexOf(selected) : -1;
  // The timeline panel shows a few lanes at a time: the selected actor's lane is brought into it.
  useEffect(() => {
    const scroller = slider.current?.parentElement;
    if (!scroller || selectedLane < 0) return;
    const top = selectedLane * LANE;
    if (top < scroller.scrollTop || top + LANE > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = Math.max(0, top - (scroller.clientHeight - LANE) / 2);
  }, [selectedLane]);
  const width = Math.max(600, steps.length * GAP + 40);
  const xs = stepXs(moments, steps, width - 40, GAP).map((x) => x + LABEL + 20);
  const height = Math.max(1, lanes.length) * LANE + 26;
  const start = moments[0]?.at ?? 0;
  const laneOf = new Map(lanes.map((session, i) => [session, i]));
  const last = steps.length - 1;
  // Each moment's step (the last event before it) and each actor's last state, in one pass: a
  // transition bar is drawn where an actor's state value changed.
  const changes: Array<{ position: number; lane: number; x: number }> = [];
  const lastState = new Map<string, string>();
  let stepIndex = -1;
  moments.forEach((moment, position) => {
    while (steps[stepIndex + 1] !== undefined && (steps[stepIndex + 1] ?? Infinity) <= position) stepIndex++;
    if (moment.kind !== 'snapshot') return;
    const lane = laneOf.get(moment.session);
    const value = JSON.stringify(moment.state) ?? '';
    if (lane !== undefined && lastState.get(moment.session) !== value) changes.push({ position, lane, x: xs[stepIndex] ?? LABEL + 6 });
    lastState.set(moment.session, value);
  });

  const seekAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = box.width / (LABEL + width);
    const x = (event.clientX - box.left) / scale;
    let best = -1;
    xs.forEach((sx, i) => {
      if (sx - GAP / 2 <= x) best = i;
    });
    onSeek(best);
  };
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const to: Record<string, number> = {
      ArrowLeft: step - 1,
      ArrowDown: step - 1,
      ArrowRight: step + 1,
      ArrowUp: step + 1,
      PageDown: step - 10,
      PageUp: step + 10,
      Home: -1,
      End: last,
    };
    const target = to[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.max(-1, Math.min(last, target)));
  };

  const branchX = branch === null ? null : (branch >= 0 ? (xs[branch] ?? LABEL) : LABEL) + GAP / 2;
  const cursorX = step >= 0 ? (xs[step] ?? LABEL) : LABEL + 10;
  return (
    <div
      ref={slider}
      className="timeline"
      role="slider"
      tabIndex={0}
      aria-label="Timeline"
      aria-valuemin={0}
      aria-valuemax={steps.length}
      aria-valuenow={step + 1}
      aria-valuetext={`Step ${step + 1} of ${steps.length}: ${describeStep(moments, steps, step)}`}
      onKeyDown={keys}
    >
      <svg
        viewBox={`0 0 ${LABEL + width} ${height}`}
        width={LABEL + width}
        height={height}
        aria-hidden="true"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          seekAt(event);
        }}
        onPointerMove={(event) => {
          if (event.buttons === 1) seekAt(event);
        }}
      >
        {lanes.map((session, i) => (
          <g key={session} className="timeline__lane" data-session={session} data-selected={i === selectedLane ? 'true' : undefined}>
            <line x1={LABEL} x2={LABEL + width} y1={i * LANE + LANE / 2} y2={i * LANE + LANE / 2} />
            <text x={4} y={i * LANE + LANE / 2 + 4}>
              {names[session] ?? session}
            </text>
          </g>
        ))}
        {steps.map((position, i) => {
          const moment = moments[position];
          const lane = moment ? laneOf.get(moment.session) : undefined;
          if (!moment || moment.kind !== 'event' || lane === undefined) return null;
          const x = xs[i] ?? 0;
          const y = lane * LANE + LANE / 2;
          const past = i <= step;
          return moment.timer ? (
            <rect key={position} x={x - 4} y={y - 4} width={8} height={8} transform={`rotate(45 ${x} ${y})`} className={`timeline__timer${past ? ' timeline--past' : ''}`} />
          ) : (
            <circle key={position} cx={x} cy={y} r={4.5} className={`timeline__event${past ? ' timeline--past' : ''}`} />
          );
        })}
        {changes.map(({ position, lane, x }) => (
          <line key={position} className="timeline__transition" x1={x} x2={x} y1={lane * LANE + LANE / 2 + 5} y2={lane * LANE + LANE - 1} />
        ))}
        {branchX !== null ? (
          <g className="timeline__branch">
            <line x1={branchX} x2={branchX} y1={0} y2={height - 18} />
            <text x={branchX + 3} y={height - 4}>
              resumed here
            </text>
          </g>
        ) : null}
        <line className="timeline__cursor" x1={cursorX} x2={cursorX} y1={0} y2={height - 18} />
        <text className="timeline__time" x={LABEL} y={height - 4}>
          +0 ms
        </text>
        <text className="timeline__time" x={LABEL + width - 4} y={height - 4} textAnchor="end">
          +{(moments.at(-1)?.at ?? start) - start} ms
        </text>
      </svg>
    </div>
  );
}
