/**
 * Test helpers that watch, without mocking: a `fetch` wrapper that records every request reaching
 * the emulator (or any `fetch`), and a sleep that records the waits it is asked for and returns at
 * once, for retry and backoff tests.
 */

/** One request as it reached the wrapped `fetch`. */
export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
}

/** What {@link recordRequests} returns. */
export interface RequestRecording {
  /** The wrapper: pass it wherever a `fetch` is taken. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Every request, in order. */
  seen: SeenRequest[];
  /** The requests to the API (not to the authorization service under `/auth/`). */
  api: () => SeenRequest[];
  /** How many token requests (`/auth/oauth/token`) were made. */
  tokenRequests: () => number;
}

/**
 * Wraps `inner` (e.g. `emulator.fetch`) so that every request that reaches it is recorded.
 *
 * @example
 * const rec = recordRequests(emulator.fetch);
 * const client = createRestClient({ baseUrl: emulator.urls().api, projectKey, auth, fetch: rec.fetch });
 * await client.GET('/stores');
 * expect(rec.api()).toHaveLength(1);
 */
export function recordRequests(inner: (request: Request) => Promise<Response>): RequestRecording {
  const seen: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push({ method: request.method, path: url.pathname, search: url.search, headers: new Headers(request.headers) });
    return inner(request);
  };
  return {
    fetch,
    seen,
    api: () => seen.filter((s) => !s.path.startsWith('/auth/')),
    tokenRequests: () => seen.filter((s) => s.path === '/auth/oauth/token').length,
  };
}

/**
 * A sleep that records the delays it is asked for and returns at once (it still honours an
 * aborted signal), for the `sleep` option of retries and backoffs.
 *
 * @example
 * const { sleep, delays } = recordingSleep();
 * createRestClient({ ...options, retry: { sleep } });
 */
export function recordingSleep(): { sleep: (ms: number, signal?: AbortSignal) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      delays.push(ms);
    },
  };
}
