import { describe, expect, it } from 'vitest';
import { dosingFilterMachine } from '../../machines/dosing-filter/dosing-filter.machine';
import { activeIds, chartFromDefinition } from './chart';
import { traceCoverage } from './coverage';
import { layoutChart } from './layout';

const definition = JSON.parse(JSON.stringify(dosingFilterMachine.config)) as unknown;

describe('statechart drawing', () => {
  it('builds nested states and resolves every transition target', () => {
    const chart = chartFromDefinition(definition);
    expect(chart.root.children.map((c) => c.key)).toEqual(['any state', 'unfiltered', 'filtering', 'showingAll', 'askingForWeight', 'belowCutoff', 'showingMatches']);
    expect(chart.edges).toContainEqual({ id: 'e0', source: 'dosingFilter.filtering', target: 'dosingFilter.showingAll', label: 'always [isAll]', key: 'dosingFilter.filtering|always|0' });
    expect(chart.edges.find((e) => e.label === 'filter.change')).toMatchObject({ source: 'dosingFilter.(any)', target: 'dosingFilter.filtering' });
  });

  it('resolves #id, .child and sibling targets, and delayed transitions', () => {
    const chart = chartFromDefinition({
      id: 'toast',
      initial: 'hidden',
      states: {
        hidden: { on: { 'toast.show': 'shown' } },
        shown: { initial: 'steady', on: { pin: '.pinned' }, states: { steady: { after: { visibleFor: '#toast.hidden' } }, pinned: {} } },
      },
    });
    expect(chart.edges.map((e) => `${e.source} -${e.label}-> ${e.target}`).sort()).toEqual([
      'toast.hidden -toast.show-> toast.shown',
      'toast.shown.(any) -pin-> toast.shown.pinned',
      'toast.shown.steady -after visibleFor-> toast.hidden',
    ]);
  });

  it('lists every transition with its coverage key, a targetless one too, and counts a trace against them (issue 50)', () => {
    const chart = chartFromDefinition({
      id: 'toast',
      initial: 'hidden',
      states: {
        hidden: { on: { 'toast.show': [{ guard: 'allowed', target: 'shown' }, { actions: 'log' }] } },
        shown: { initial: 'steady', on: { pin: '.pinned', 'toast.show': {} }, states: { steady: { after: { visibleFor: '#toast.hidden' } }, pinned: {} } },
      },
    });
    expect(chart.states).toEqual(['toast.hidden', 'toast.shown', 'toast.shown.steady', 'toast.shown.pinned']);
    expect(chart.transitions.map((t) => `${t.key} ${t.label} -> ${t.targets.join(',')}`)).toEqual([
      'toast.hidden|toast.show|0 toast.show [allowed] -> toast.shown',
      'toast.hidden|toast.show|1 toast.show -> ',
      'toast.shown.steady|after:visibleFor|0 after visibleFor -> toast.hidden',
      'toast.shown|pin|0 pin -> toast.shown.pinned',
      'toast.shown|toast.show|0 toast.show -> ',
    ]);
    const s = (state: unknown) => ({ kind: 'snapshot', session: 'x:1', state });
    const e = (type: string) => ({ kind: 'event', session: 'x:1', event: { type } });
    const trace = [s('hidden'), e('toast.show'), s('hidden'), e('toast.show'), s({ shown: 'steady' }), e('toast.show'), s({ shown: 'steady' }), e('xstate.after.visibleFor.toast.shown.steady'), s('hidden'), e('pin'), { kind: 'snapshot', session: 'x:2', state: 'shown' }];
    const { entered, taken } = traceCoverage(chart, trace, 'x:1');
    expect(entered).toEqual({ 'toast.hidden': 2, 'toast.shown': 1, 'toast.shown.steady': 1 });
    expect([...taken].sort()).toEqual(['toast.hidden|toast.show|0', 'toast.hidden|toast.show|1', 'toast.shown.steady|after:visibleFor|0', 'toast.shown|toast.show|0']);
  });

  it('marks every ancestor of the active leaves', () => {
    expect([...activeIds('m', { shown: 'steady' })]).toEqual(['m', 'm.shown', 'm.shown.steady']);
  });

  it('lays the chart out with a box per state and a route per transition', async () => {
    const chart = chartFromDefinition(definition);
    const layout = await layoutChart(chart);
    expect(layout.boxes.map((b) => b.id)).toContain('dosingFilter.showingMatches');
    expect(layout.routes).toHaveLength(chart.edges.length);
    const root = layout.boxes.find((b) => b.id === 'dosingFilter');
    for (const box of layout.boxes.filter((b) => b.depth === 1)) {
      expect(box.x).toBeGreaterThanOrEqual(root?.x ?? 0);
      expect(box.x + box.width).toBeLessThanOrEqual((root?.x ?? 0) + (root?.width ?? 0) + 0.5);
    }
    expect(layout.boxes.find((b) => b.id === 'dosingFilter.unfiltered')?.initial).toBe(true);
  });
});
