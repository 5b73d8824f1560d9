import type { Layout } from './layout';

/**
 * Machine coverage laid over a chart (issue 50): how many tests (or, in the inspector, how many
 * times this page) entered each state, and the transitions never taken, drawn dashed.
 */
export interface ChartCoverage {
  /** State path id -> how many tests entered it (absent: none). */
  entered: Readonly<Record<string, number>>;
  /** Transition keys never taken (chart.ts `ChartTransition.key`). */
  missed: ReadonlySet<string>;
}

/** Shade steps for a state's test count: none, one, a few, many. */
export function coverageShade(count: number): 0 | 1 | 2 | 3 {
  return count <= 0 ? 0 : count === 1 ? 1 : count < 5 ? 2 : 3;
}

/**
 * The statechart's SVG: boxes and routes from the layout, the active states highlighted. The
 * inspector draws it live (Statechart.tsx); `npm run coverage:machines` renders it to static HTML.
 */
export function ChartSvg({ layout, active, label, coverage, scale = 1 }: { layout: Layout; active: ReadonlySet<string>; label: string; coverage?: ChartCoverage; scale?: number }) {
  return (
    <svg className="chart" viewBox={`0 0 ${layout.width} ${layout.height}`} width={layout.width * scale} height={layout.height * scale} role="img" aria-label={`Statechart of ${label}`}>
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" className="chart__arrowhead" />
        </marker>
      </defs>
      {layout.boxes.map((box) => {
        const tests = coverage && box.depth > 0 && box.type !== 'any' ? (coverage.entered[box.id] ?? 0) : undefined;
        return (
          <g
            key={box.id}
            className={`chart__state chart__state--${box.type}`}
            data-state={box.id}
            data-active={active.has(box.id) ? 'true' : undefined}
            data-entered={tests}
            data-shade={tests === undefined ? undefined : coverageShade(tests)}
          >
            <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={box.type === 'any' ? 17 : 8} />
            <text x={box.x + 10} y={box.y + (box.type === 'compound' || box.type === 'parallel' ? 20 : box.height / 2 + 4)}>
              {box.initial ? '● ' : ''}
              {box.label}
              {tests === undefined ? '' : ` (${tests})`}
            </text>
          </g>
        );
      })}
      {layout.routes.map((route) => {
        const missed = coverage?.missed.has(route.key) ? 'true' : undefined;
        return (
          <g key={route.id} className={missed ? 'chart__transition chart__transition--missed' : 'chart__transition'} data-transition={route.key} data-missed={missed}>
            <polyline points={route.points.map((p) => `${p.x},${p.y}`).join(' ')} markerEnd="url(#arrow)" strokeDasharray={missed ? '6 4' : undefined} />
            {route.labelAt ? (
              <text x={route.labelAt.x} y={route.labelAt.y + 11}>
                {route.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
