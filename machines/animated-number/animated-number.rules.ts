/** §3 Animated number: frames and the thousands separator. */

/** The value shown after `frame` of `frames` frames: linear from `from` to `to`, whole numbers. */
export function frameValue(from: number, to: number, frame: number, frames: number): number {
  if (frame >= frames) return to;
  return Math.round(from + ((to - from) * frame) / frames);
}

/** How many frames a count of `durationMs` takes at one frame per `stepMs` (at least one). */
export function frameCount(durationMs: number, stepMs: number): number {
  return Math.max(1, Math.round(durationMs / stepMs));
}

/** `1234567` with separator ',' reads '1,234,567'; an empty separator leaves the digits alone. */
export function formatNumber(value: number, separator: string): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(value)));
  if (separator === '') return sign + digits;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
