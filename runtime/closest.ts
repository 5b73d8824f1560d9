/**
 * "Did you mean": the closest of a list of names to one a site owner wrote (edit distance), for the
 * content checks of the demo (demo/authoring) and of any site (tooling/page-links.ts).
 */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The closest of `names` to `wrong`, always (a site owner's guess is better than none). */
export function closest(wrong: string, names: Iterable<string>): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const name of names) {
    const score = distance(wrong, name);
    if (!best || score < best.score) best = { name, score };
  }
  return best?.name;
}
