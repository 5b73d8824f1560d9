/**
 * Per-client rate limit for form posts: at most `limit` posts in a sliding window. In memory: a
 * restart forgets it, which is fine for a limit meant to slow floods, not to account.
 */
export interface RateLimiter {
  /** Counts one post; returns seconds until the client may post again, or 0 when allowed. */
  hit(client: string, now: number): number;
}

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const seen = new Map<string, number[]>();
  return {
    hit(client, now) {
      const recent = (seen.get(client) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= limit) {
        seen.set(client, recent);
        return Math.max(1, Math.ceil((windowMs - (now - (recent[0] ?? now))) / 1000));
      }
      recent.push(now);
      seen.set(client, recent);
      // Forget idle clients now and then so the map cannot grow without bound.
      if (seen.size > 10_000) for (const [key, times] of seen) if (times.every((at) => now - at >= windowMs)) seen.delete(key);
      return 0;
    },
  };
}
