/** Waiting that an `AbortSignal` cuts short. */

/** How the transport waits; inject one in tests to record delays without waiting. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * Resolves after `ms`, or rejects with `signal.reason` as soon as the signal aborts (at once if
 * it already has).
 * @internal
 */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
