/**
 * Resolves once `count()` has stayed the same for `quietMs` (requests that have stopped coming: an
 * observation window, not a wait for some state); throws after `timeoutMs`, naming `what`. No
 * vitest import: `npm run bench:visitor` uses it too (tests/support/phone-visitor.ts).
 */
export async function untilSteady(count: () => number, { quietMs, timeoutMs, what }: { quietMs: number; timeoutMs: number; what: string }): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let seen = -1; seen !== count(); ) {
    if (Date.now() > deadline) throw new Error(`${what} were still coming after ${timeoutMs / 1000} s (${count()} so far)`);
    seen = count();
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}
