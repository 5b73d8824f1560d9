import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine, type AnyStateNode, type EventObject, type StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { magazineTabsMachine } from '../../machines/magazine-tabs/magazine-tabs.machine';
import { stickySubmenuMachine } from '../../machines/sticky-submenu/sticky-submenu.machine';
import { tabSectionMachine } from '../../machines/tab-section/tab-section.machine';
import { tabsMachine } from '../../machines/tabs/tabs.machine';
import { togglesMachine } from '../../machines/toggles/toggles.machine';
import { createTestClock } from '../../runtime/test-clock';

/**
 * Model tests (docs/design.md): the shortest paths of each issue-7 machine, replayed on the test clock
 * with its timers run between steps, reach every atomic state.
 */
interface Model {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  events: Array<EventObject & Record<string, unknown>>;
}

const models: Model[] = [
  {
    name: 'tabs',
    machine: tabsMachine,
    input: { ids: ['a', 'b'], initial: 1 },
    events: [{ type: 'tab.select', index: 1 }, { type: 'hash.change', hash: '#a' }],
  },
  {
    name: 'toggles',
    machine: togglesMachine,
    input: { ids: ['a', 'b'], closeAll: true, initial: 0 },
    events: [{ type: 'toggle.toggle', index: 0 }, { type: 'hash.change', hash: '#b' }],
  },
  {
    name: 'tab section',
    machine: tabSectionMachine,
    input: { ids: ['a', 'b', 'c'], initial: 1, autoHeight: true },
    events: [
      { type: 'page.load', fragment: '#b', rtl: false, mobile: true },
      { type: 'tab.click', index: 2 },
      { type: 'nav.prev' },
      { type: 'touch.swipe', dx: -80 },
      { type: 'page.resize' },
    ],
  },
  {
    name: 'magazine tabs',
    machine: magazineTabsMachine,
    input: { groups: [{ id: 'news', count: 1 }] },
    events: [{ type: 'sort.select', group: 'news' }],
  },
  {
    name: 'sticky sub-menu',
    machine: stickySubmenuMachine,
    events: [{ type: 'page.scroll', top: 0 }, { type: 'page.scroll', top: 40 }, { type: 'menu.toggle' }],
  },
];

function atomicStates(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states) as AnyStateNode[];
  return children.length === 0 ? [node] : children.flatMap(atomicStates);
}

/** ['ready', 'opening'] -> { ready: 'opening' }. */
function valueOf(path: readonly string[]): StateValue {
  const [head, ...rest] = path;
  if (head === undefined) return {};
  return rest.length === 0 ? head : { [head]: valueOf(rest) };
}

describe.each(models)('$name machine: every state is reachable', ({ machine, input, events }) => {
  it('replays its shortest paths on the test clock and reaches every atomic state', () => {
    const paths = getShortestPaths(machine, { input, events });
    const targets = atomicStates(machine.root);
    const reached = new Set<string>();
    const record = (snapshot: { matches(value: StateValue): boolean }) => {
      for (const node of targets) if (snapshot.matches(valueOf(node.path))) reached.add(node.id);
    };
    for (const path of paths) {
      const clock = createTestClock();
      const actor = createActor(machine, { input, clock }).start();
      record(actor.getSnapshot());
      for (const step of path.steps.slice(1)) {
        actor.send(step.event);
        record(actor.getSnapshot());
        clock.advanceBy(1_000);
        record(actor.getSnapshot());
      }
      actor.stop();
      expect(clock.pending()).toBe(0);
    }
    expect([...reached].sort()).toEqual(targets.map((node) => node.id).sort());
  });
});
