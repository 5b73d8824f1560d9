/**
 * Ends the current task and goes on in a new one, so the browser can paint and answer input in
 * between (issue 14: on a phone, any task over 50 ms blocks the page and counts as blocking time).
 * `scheduler.yield()` where the browser has it (it resumes before other queued tasks), else a
 * message to self, which, unlike setTimeout, has no minimum delay and is not held by a paused clock.
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
