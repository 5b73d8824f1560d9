import { PROMISE_TIMEOUT_MS } from './constants';
import { MESSAGES } from './errors';

export interface TimeoutClock<Id> {
  setTimeout(fn: () => void, ms: number): Id;
  clearTimeout(id: Id): void;
}

/** §4, §8, §9: settles as the promise does, or rejects with 'Promise timed out after {ms}ms' (default 5,000 ms). */
export function promiseTimeout<T, Id>(promise: PromiseLike<T>, clock: TimeoutClock<Id>, ms: number = PROMISE_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new Error(MESSAGES.promiseTimedOut(ms))), ms);
    promise.then(
      (value) => {
        clock.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error);
      },
    );
  });
}
