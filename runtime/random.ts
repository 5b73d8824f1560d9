/**
 * The runtime's random numbers (issue 28): a machine never calls Math.random; the runtime hands each
 * actor its own seeded generator, so a saved scenario that stores the seed draws the same numbers
 * in the replay. Each actor's seed comes from the page's seed and the actor's id, so one actor's
 * draws do not depend on how many numbers other actors drew before it.
 */

/** A small seeded generator (mulberry32). */
export function seededRandom(seed = 1): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An actor's seed: the page's seed mixed with the actor's id (FNV-1a), a 32-bit unsigned integer. */
export function actorSeed(pageSeed: number, actorId: string): number {
  let hash = (0x811c9dc5 ^ pageSeed) >>> 0;
  for (let i = 0; i < actorId.length; i++) hash = Math.imul(hash ^ actorId.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The page's seed: `?seed=<n>` in the address (to re-run a page as recorded), else a fresh one. */
export function pageSeed(search: string, fresh: () => number = Math.random): number {
  const given = new URLSearchParams(search).get('seed');
  const parsed = given === null ? NaN : Number(given);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed >>> 0 : Math.floor(fresh() * 4294967296) >>> 0;
}
