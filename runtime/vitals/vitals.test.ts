// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { shouldReport } from '../services/vitals';
import { createLayoutShiftScore, interactionToNextPaint, selectorOf } from './report';
import { BUCKET_EDGES, DEFAULT_SAMPLE_PERCENT, bucketOf, parseVitals, quantileEdge, sampleFraction, samplePercentProblem } from './vitals.rules';

/** Issue 35: the rules the page and the server share, and the reporter's arithmetic (web-vitals' definitions). */
describe('field data rules', () => {
  it('buckets: a value counts in the first edge at or above it; the Core Web Vitals thresholds are edges', () => {
    expect(bucketOf('lcp', 0)).toBe(0);
    expect(bucketOf('lcp', 2500)).toBe(BUCKET_EDGES.lcp.indexOf(2500));
    expect(bucketOf('lcp', 2501)).toBe(BUCKET_EDGES.lcp.indexOf(2500) + 1);
    expect(bucketOf('inp', 1e6)).toBe(BUCKET_EDGES.inp.length);
    for (const [metric, edges] of [['lcp', [2500, 4000]], ['inp', [200, 500]], ['cls', [0.1, 0.25]]] as const) {
      for (const edge of edges) expect(BUCKET_EDGES[metric]).toContain(edge);
    }
  });

  it('the 75th percentile is the upper edge of the bucket holding the visit at that rank', () => {
    const counts = new Map([[bucketOf('inp', 50), 3], [bucketOf('inp', 300), 1]]);
    expect(quantileEdge('inp', counts)).toBe(50);
    counts.set(bucketOf('inp', 300), 2);
    expect(quantileEdge('inp', counts)).toBe(300);
    expect(quantileEdge('inp', new Map([[BUCKET_EDGES.inp.length, 1]]))).toBe(Infinity);
    expect(quantileEdge('inp', new Map())).toBeUndefined();
  });

  it('a report: normalised page, values and targets; anything else refused with a sentence', () => {
    expect(parseVitals({ page: '/news/index.html', device: 'mobile', lcp: '1200.5', lcp_target: 'main>img.hero' })).toEqual({
      ok: true,
      visit: { page: '/news/', device: 'mobile', values: { lcp: { value: 1200.5, target: 'main>img.hero' } } },
    });
    expect(parseVitals({ page: '/', device: 'desktop', cls: '' })).toMatchObject({ ok: false, error: expect.stringMatching(/'cls' must be a number/) });
    expect(parseVitals({ page: '//evil.example/', device: 'desktop', cls: '0' })).toMatchObject({ ok: false });
    expect(parseVitals({ page: '/?q=1', device: 'desktop', cls: '0' })).toMatchObject({ ok: false });
    expect(parseVitals(undefined)).toMatchObject({ ok: false, error: expect.stringMatching(/empty/) });
  });

  it(`the sample rate: percent at build, ${DEFAULT_SAMPLE_PERCENT} % when unset, the default with one warning when not understood`, () => {
    expect(sampleFraction(undefined)).toBe(0.1);
    expect(sampleFraction('0')).toBe(0);
    expect(sampleFraction('2.5')).toBe(0.025);
    expect(sampleFraction('all')).toBe(0.1);
    expect(sampleFraction('101')).toBe(0.1);
    // The build warns (tooling/build/vite.client.config.ts), not the page.
    expect(samplePercentProblem('all')).toMatch(/VITE_VITALS_SAMPLE_RATE='all' is not a percentage/);
    expect([undefined, '', '0', '2.5', '100'].map(samplePercentProblem)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('who reports', () => {
  const navigator = (facts: Record<string, unknown> = {}) => ({ sendBeacon: () => true, webdriver: false, doNotTrack: null, ...facts }) as unknown as Navigator;
  it('a sampled visit reports, another does not; ?vitals reports whatever the draw', () => {
    expect(shouldReport({ navigator: navigator(), search: '', draw: 0.05, fraction: 0.1 })).toBe(true);
    expect(shouldReport({ navigator: navigator(), search: '', draw: 0.5, fraction: 0.1 })).toBe(false);
    expect(shouldReport({ navigator: navigator(), search: '?vitals', draw: 0.5, fraction: 0.1 })).toBe(true);
  });
  it('never with Do Not Track or Global Privacy Control, not even with ?vitals; not under automation unless asked', () => {
    expect(shouldReport({ navigator: navigator({ doNotTrack: '1' }), search: '?vitals', draw: 0, fraction: 1 })).toBe(false);
    expect(shouldReport({ navigator: navigator({ globalPrivacyControl: true }), search: '?vitals', draw: 0, fraction: 1 })).toBe(false);
    expect(shouldReport({ navigator: navigator({ webdriver: true }), search: '', draw: 0, fraction: 1 })).toBe(false);
    expect(shouldReport({ navigator: navigator({ webdriver: true }), search: '?vitals=1', draw: 0, fraction: 1 })).toBe(true);
    expect(shouldReport({ navigator: navigator({ sendBeacon: undefined }), search: '?vitals', draw: 0, fraction: 1 })).toBe(false);
  });
});

describe('the reporter', () => {
  it('names an element by tag, #id or first class, up to four levels, and a text node by its parent', () => {
    document.body.innerHTML = '<main><section class="hero wide"><div><p><span>Hi <b id="x">there</b></span></p></div></section><button class="burger">≡</button></main>';
    expect(selectorOf(document.querySelector('b'))).toBe('b#x');
    expect(selectorOf(document.querySelector('span')?.firstChild)).toBe('section.hero>div>p>span');
    expect(selectorOf(document.querySelector('button'))).toBe('body>main>button.burger');
    expect(selectorOf(null)).toBe('');
  });

  it('INP: the longest interaction, one skipped per 50 interactions', () => {
    const longest = [120, 80, 300, 40].map((value) => ({ value, target: `t${value}` }));
    expect(interactionToNextPaint(longest, 4)).toEqual({ value: 300, target: 't300' });
    expect(interactionToNextPaint(longest, 120)).toEqual({ value: 80, target: 't80' });
    expect(interactionToNextPaint([], 0)).toBeUndefined();
  });

  it('CLS: the worst session window (gaps under 1 s, at most 5 s), shifts after input left out', () => {
    const score = createLayoutShiftScore();
    score.add({ value: 0.05, startTime: 100, hadRecentInput: false, target: 'img.a' });
    score.add({ value: 0.08, startTime: 600, hadRecentInput: false, target: 'div.b' });
    score.add({ value: 0.5, startTime: 900, hadRecentInput: true, target: 'div.input' });
    expect(score.score.value).toBeCloseTo(0.13);
    expect(score.score.target).toBe('div.b');
    // 2 s later: a new session, smaller than the first.
    score.add({ value: 0.1, startTime: 2700, hadRecentInput: false, target: 'p.c' });
    expect(score.score.value).toBeCloseTo(0.13);
    score.add({ value: 0.1, startTime: 3000, hadRecentInput: false, target: 'p.d' });
    expect(score.score).toEqual({ value: expect.closeTo(0.2) as number, target: 'p.c' });
  });
});
