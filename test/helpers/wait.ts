/** Options of {@link waitUntil}. */
export interface WaitOptions {
  /**
   * What is awaited, for the timeout's message (e.g. `the app to exit`); a function is called only
   * then, to describe the state at that moment. @default 'the condition'
   */
  what?: string | (() => string);
  /** Give up after this many milliseconds. @default 10000 */
  timeoutMs?: number;
  /** Pause between two checks, in milliseconds. @default 20 */
  intervalMs?: number;
}

/** What `check` answers while the awaited state is not there yet. */
type Falsy = false | null | undefined;

/**
 * Polls `check` until it returns a truthy value, and resolves with that value: the way a test waits
 * for an observable state instead of sleeping a fixed time. `check` runs at once, then every
 * `intervalMs`; an error it throws (a failed `expect`, say) ends the wait with that error.
 * @throws Error naming `what` when `timeoutMs` passes first.
 */
export async function waitUntil<T>(
  check: () => Falsy | T | Promise<Falsy | T>,
  { what = 'the condition', timeoutMs = 10_000, intervalMs = 20 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) {
      throw new Error(
        `gave up waiting for ${typeof what === 'function' ? what() : what} after ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Polls `read` every 25 ms until `done` holds for its value, or `timeoutMs` passes; resolves with the
 * last value either way (the caller's `expect` on it says what was wrong).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
