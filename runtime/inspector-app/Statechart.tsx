import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { activeIds, chartFromDefinition } from './chart';
import { ChartSvg, type ChartCoverage } from './ChartSvg';
import { layoutChart, type Layout } from './layout';

const ZOOMS = [0.25, 0.33, 0.5, 0.67, 0.8, 1, 1.25, 1.5, 2];

/**
 * One machine's statechart as SVG, the active states highlighted. It zooms (buttons, or fit to the
 * panel, the default) and pans (drag, or scroll inside its panel), so a large chart never runs off
 * the window (issue 29).
 */
export function Statechart({ definition, value, label, coverage }: { definition: unknown; value: unknown; label: string; coverage?: ChartCoverage }) {
  const [layout, setLayout] = useState<Layout | null>(null);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const panel = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const [panelWidth, setPanelWidth] = useState(640);
  useEffect(() => {
    const element = panel.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setPanelWidth(element.clientWidth));
    observer.observe(element);
    setPanelWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [layout]);
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
  const fitted = Math.max(0.2, Math.min(1, (panelWidth - 8) / Math.max(1, layout.width)));
  const scale = zoom === 'fit' ? fitted : zoom;
  const stepZoom = (by: 1 | -1) => {
    const at = ZOOMS.findIndex((z) => z >= scale - 0.001);
    setZoom(ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (at < 0 ? ZOOMS.length - 1 : at) + by))] ?? 1);
  };
  const pan = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || !panel.current || event.buttons !== 1) return;
    panel.current.scrollLeft = start.left - (event.clientX - start.x);
    panel.current.scrollTop = start.top - (event.clientY - start.y);
  };
  return (
    <div className="chart-view">
      <div className="chart-view__tools" role="group" aria-label={`Zoom the statechart of ${label}`}>
        <button type="button" onClick={() => stepZoom(-1)}>
          Zoom out
        </button>
        <button type="button" onClick={() => stepZoom(1)}>
          Zoom in
        </button>
        <button type="button" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          Fit
        </button>
        <span>{Math.round(scale * 100)}%</span>
      </div>
      <div
        className="inspector__chart"
        ref={panel}
        tabIndex={0}
        role="group"
        aria-label={`Statechart of ${label}: drag or scroll to pan`}
        onPointerDown={(event) => {
          drag.current = { x: event.clientX, y: event.clientY, left: panel.current?.scrollLeft ?? 0, top: panel.current?.scrollTop ?? 0 };
        }}
        onPointerMove={pan}
        onPointerUp={() => (drag.current = null)}
      >
        <ChartSvg layout={layout} active={active} label={label} coverage={coverage} scale={scale} />
      </div>
    </div>
  );
}
