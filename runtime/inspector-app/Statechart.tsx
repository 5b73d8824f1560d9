import { useEffect, useState } from 'react';
import { activeIds, chartFromDefinition } from './chart';
import { layoutChart, type Layout } from './layout';

/** One machine's statechart as SVG, the active states highlighted. */
export function Statechart({ definition, value, label }: { definition: unknown; value: unknown; label: string }) {
  const [layout, setLayout] = useState<Layout | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const chart = chartFromDefinition(definition);
    layoutChart(chart).then(
      (result) => current && setLayout(result),
      (error: unknown) => current && setFailed(error instanceof Error ? error.message.slice(0, 200) : 'layout failed'),
    );
    return () => {
      current = false;
    };
  }, [definition]);

  if (failed) return <p role="alert">The statechart could not be drawn: {failed}</p>;
  if (!layout) return <p>Drawing the statechart…</p>;
  const rootId = layout.boxes[0]?.id ?? '';
  const active = activeIds(rootId, value);
  return (
    <svg className="chart" viewBox={`0 0 ${layout.width} ${layout.height}`} width={layout.width} height={layout.height} role="img" aria-label={`Statechart of ${label}`}>
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" className="chart__arrowhead" />
        </marker>
      </defs>
      {layout.boxes.map((box) => (
        <g key={box.id} className={`chart__state chart__state--${box.type}`} data-state={box.id} data-active={active.has(box.id) ? 'true' : undefined}>
          <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={box.type === 'any' ? 17 : 8} />
          <text x={box.x + 10} y={box.y + (box.type === 'compound' || box.type === 'parallel' ? 20 : box.height / 2 + 4)}>
            {box.initial ? '● ' : ''}
            {box.label}
          </text>
        </g>
      ))}
      {layout.routes.map((route) => (
        <g key={route.id} className="chart__transition">
          <polyline points={route.points.map((p) => `${p.x},${p.y}`).join(' ')} markerEnd="url(#arrow)" />
          {route.labelAt ? (
            <text x={route.labelAt.x} y={route.labelAt.y + 11}>
              {route.label}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}
