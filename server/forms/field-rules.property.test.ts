import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_RULES, isNumber, isPositiveNumber, passes } from '../../machines/ajax-form/ajax-form.rules';

// The shared §5 rules under property tests. They live on the server side of the shared module
// because they time themselves, which machines/ must not do (docs/design.md invariant 1).
describe('§5 field rules: properties', () => {
  const tenKb = fc.oneof(
    fc.string({ minLength: 10_000, maxLength: 10_000 }),
    fc.string({ unit: 'grapheme', minLength: 2_000, maxLength: 3_000 }),
    // Shapes that make backtracking patterns blow up: long runs of allowed characters, then a spoiler.
    fc.constantFrom('a', '.', '-', 'e', 'x', '1', ' ', 'ä', '+').map((c) => `${c.repeat(10_000)}!`),
    fc.constantFrom('a@', 'a.', '1,', 'ext', '- ').map((c) => `${c.repeat(5_000)}@@`),
  );

  it('no input throws, for any rule and any verifier', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_RULES), fc.string(), fc.string(), (rule, value, verifier) => {
        expect(typeof passes(rule, value, verifier)).toBe('boolean');
      }),
      { numRuns: 2_000 },
    );
  });

  it('no check takes a millisecond on 10 kB inputs', () => {
    // Warm the engine first so the timing measures the pattern, not compilation.
    for (const rule of FIELD_RULES) passes(rule, 'warm-up@example.org', '123456782');
    fc.assert(
      fc.property(tenKb, (value) => {
        for (const rule of FIELD_RULES) {
          // The best of three runs: a pause of the shared machine is not the pattern's cost.
          let took = Infinity;
          for (let run = 0; run < 3; run++) {
            const started = performance.now();
            passes(rule, value, value);
            took = Math.min(took, performance.now() - started);
          }
          expect(took, `${rule} took ${took.toFixed(3)} ms`).toBeLessThan(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is_positiv_number accepts exactly the non-negative decimals it documents', () => {
    fc.assert(
      fc.property(fc.nat(), fc.option(fc.nat({ max: 9999 })), fc.constantFrom('.', ','), (whole, fraction, mark) => {
        const text = fraction === null ? String(whole) : `${whole}${mark}${fraction}`;
        expect(isPositiveNumber(text)).toBe(true);
        expect(isPositiveNumber(`-${text}`)).toBe(false);
        expect(isNumber(`-${text}`)).toBe(true);
      }),
    );
  });
});
