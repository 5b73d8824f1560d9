/** The pages the build bench (bench/build.ts) and the incremental build's test write: a large archive of plain pages. */
export const WORDS = `care child fever nurse family home day centre support dose weight medicine visit team parent night sleep cough
  winter school therapy breathing feeding growth play music garden volunteer donate event appointment clinic report review
  plan equipment oxygen diet allergy rash vaccine travel respite sibling transport wheelchair bath monitor bottle milk`
  .split(/\s+/)
  .filter(Boolean);

/** A seeded generator (mulberry32): every run writes the same pages. */
export function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An archive page as a site owner writes one: front matter, a heading, five paragraphs. */
export function archivePage(n: number, paragraphs: () => string): string {
  return `---\ntitle: Archive story ${n} from the care team\ndescription: Story ${n} of the archive, as the care team wrote it.\n---\n\n# Archive story ${n}\n\n${Array.from({ length: 5 }, paragraphs).join('\n\n')}\n`;
}

