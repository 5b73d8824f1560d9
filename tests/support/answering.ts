import { vi } from 'vitest';
import { startIslands, type IslandController } from '../../runtime/islands';
import { createTestClock } from '../../runtime/test-clock';
import type { RuntimeBehaviour, RuntimeWidget } from '../../runtime/widget';

/**
 * Every element under the island in `html`, as its tag and its sorted attributes (the island's
 * content script left out): what a visitor's browser and a screen reader get, whatever order the
 * attributes were written in. A behaviour that answers input is tested with it: its `bind` on the
 * prerendered markup must give the shape the view renders for the same state.
 */
export function islandShape(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  return [...host.querySelectorAll('[data-widget] *')]
    .filter((element) => element.tagName !== 'SCRIPT')
    .map((element) => `${element.tagName} ${[...element.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' ')}`);
}

/**
 * A page of one prerendered island whose behaviour answers input (`AnsweringBehaviour`), its chunk
 * held back until `release()` (a slow phone), and its view's loader counted (`view`). The caller stops
 * `controller` after the test.
 */
export function answeringPage(html: string, widget: RuntimeWidget, behaviour: RuntimeBehaviour) {
  document.body.innerHTML = `<main>${html}</main>`;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const view = vi.fn(async () => ({ default: widget }));
  const clock = createTestClock();
  const controller: IslandController = startIslands(document.body, {
    registry: { [widget.name]: view },
    behaviours: { [widget.name]: { answersInput: true, load: () => held.then(() => ({ default: behaviour })) } },
    clock,
  });
  const island = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  return { island, view, clock, release, controller };
}
