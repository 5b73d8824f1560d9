import { afterEach, vi } from 'vitest';
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
 * The island's text in `html` (its content script is beside it, not in it): what a state writes (a
 * counter's digits, a unit's name), which `islandShape` does not compare.
 */
export function islandText(html: string): string {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.querySelector('[data-widget]')?.textContent ?? '';
}

/** A visitor who prefers reduced motion (jsdom has no matchMedia); undone by `vi.unstubAllGlobals()`. */
export function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('prefers-reduced-motion: reduce'), media: query }));
}

const started = new Set<IslandController>();

/** Stops every island runtime `answeringPage` started or `stopAfterTest` was given, empties the page and restores mocks after each test of the file that calls it. */
export function cleanUpAnsweringPages() {
  afterEach(() => {
    for (const controller of started) controller.stop();
    started.clear();
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
}

/** Keeps an island runtime a test started itself, for `cleanUpAnsweringPages` to stop. */
export function stopAfterTest(controller: IslandController): IslandController {
  started.add(controller);
  return controller;
}

/**
 * A page of one prerendered island whose behaviour answers input (`AnsweringBehaviour`), its chunk
 * held back until `release()` (a slow phone), and its view's loader counted (`view`); its runtime
 * (`controller`) is stopped after the test (`cleanUpAnsweringPages`). Its test clock starts at `now`
 * (a countdown's date).
 */
export function answeringPage(html: string, widget: RuntimeWidget, behaviour: RuntimeBehaviour, now = 0) {
  document.body.innerHTML = `<main>${html}</main>`;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const view = vi.fn(async () => ({ default: widget }));
  const clock = createTestClock(now);
  const controller = stopAfterTest(startIslands(document.body, {
    registry: { [widget.name]: view },
    behaviours: { [widget.name]: { answersInput: true, load: () => held.then(() => ({ default: behaviour })) } },
    clock,
  }));
  const island = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  return { island, view, clock, release, controller };
}
