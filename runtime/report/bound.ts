import type { PageScenario, ScenarioStep } from '../replay/scenario';

/**
 * Issue 51: a problem report's recording is at most `maxBytes` gzipped. What does not fit is folded,
 * oldest first, in two ways that keep the replay exact:
 * 1. An actor's older steps fold into a snapshot: its expectations before the last quarter of the
 *    page's timeline are dropped but the last one (where the actor was then), and its advances
 *    there merge. The sends and the clock stay, so the actor takes the same path; only the checks
 *    of that stretch are gone.
 * 2. Still too large: whole actors are left out, those with the most steps first (an autoplay that
 *    ran all visit), and named under `incomplete`, as a page whose trace lost an actor's start.
 */
export async function boundScenario(scenario: PageScenario, maxBytes: number, size: (text: string) => Promise<number>): Promise<{ scenario: PageScenario; folded: boolean }> {
  if ((await size(JSON.stringify(scenario))) <= maxBytes) return { scenario, folded: false };
  const end = Math.max(0, ...scenario.actors.map((actor) => actor.start + actor.steps.reduce((sum, step) => sum + ('advance' in step ? step.advance : 0), 0)));
  const folded: PageScenario = { ...scenario, actors: scenario.actors.map((actor) => ({ ...actor, steps: foldSteps(actor.steps, actor.start, end - (end - actor.start) / 4) })) };
  if ((await size(JSON.stringify(folded))) <= maxBytes) return { scenario: folded, folded: true };
  const actors = [...folded.actors];
  const left: string[] = [...(folded.incomplete ?? [])];
  const biggest = () => actors.reduce((best, actor, index) => (actor.steps.length > (actors[best]?.steps.length ?? -1) ? index : best), 0);
  let current: PageScenario = folded;
  while (actors.length > 0) {
    const [gone] = actors.splice(biggest(), 1);
    if (gone) left.push(gone.machine);
    current = { ...folded, actors: [...actors], incomplete: left };
    if ((await size(JSON.stringify(current))) <= maxBytes) break;
  }
  return { scenario: current, folded: true };
}

/**
 * Steps before `before` (on the page's timeline, the actor starting at `start`) with the
 * expectations dropped but the last one before the cut, and adjacent advances merged.
 */
export function foldSteps(steps: readonly ScenarioStep[], start: number, before: number): ScenarioStep[] {
  let at = start;
  const out: ScenarioStep[] = [];
  const lastOldExpect = (() => {
    let t = start;
    let found = -1;
    steps.forEach((step, index) => {
      if ('advance' in step) t += step.advance;
      else if ('expect' in step && t < before) found = index;
    });
    return found;
  })();
  steps.forEach((step, index) => {
    const old = at < before;
    if ('advance' in step) at += step.advance;
    if (old && 'expect' in step && index !== lastOldExpect && index !== 0) return;
    const previous = out.at(-1);
    // An advance of 0 fires what is due at once: it stays its own step.
    if (old && 'advance' in step && step.advance > 0 && previous && 'advance' in previous && previous.advance > 0) {
      out[out.length - 1] = { advance: previous.advance + step.advance };
      return;
    }
    out.push(step);
  });
  return out;
}

/** Bytes of `text` gzipped, by the browser's (or Node's) CompressionStream. */
export async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}
