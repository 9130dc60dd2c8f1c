/**
 * A typed client of the emulator's control API (`<origin>/_emulator`), for tests that cannot hold
 * the `Emulator` object: test files in the workers of a test runner whose global setup started one
 * emulator, or a suite that talks to `pnpm emulator` started elsewhere. Plain `fetch`, no Node
 * built-ins.
 */
import type { ClockState } from './emulator/control/clock-control.js';
import { ruleToJson, type FaultRuleJson, type InstalledFaultJson } from './emulator/control/fault-json.js';
import { CONTROL_PREFIX } from './emulator/control/prefix.js';
import type { FaultRule } from './emulator/http/faults.js';
import type { EmulatorSnapshot } from './emulator/snapshot.js';

/** Where the emulator is, and the bootstrap client's credentials the control API takes. */
export interface EmulatorControlOptions {
  /** The emulator's origin, e.g. `http://127.0.0.1:8080` (`RunningEmulator.origin`). */
  origin: string;
  clientId: string;
  clientSecret: string;
  /** Default: the global `fetch`; `emulator.fetch` reaches an in-process emulator. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** A failed control request: the status and the service's error code and message. */
export class EmulatorControlError extends Error {
  override readonly name = 'EmulatorControlError';
  constructor(
    message: string,
    /** HTTP status of the answer. */
    readonly status: number,
    /** `errors[0].code` of the answer, e.g. `InvalidInput` or `invalid_client`. */
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A project of the emulator as `POST /_emulator/projects` answers it: its key and bootstrap client. */
export interface ProjectJson {
  key: string;
  clientId: string;
  clientSecret: string;
  /** `manage_project:<key>` */
  scope: string;
}

/** The control API of one project: what `reset`, `snapshot` and `restore` do for the own project. */
export interface ProjectControl {
  /** `POST /_emulator/projects/<key>/reset`: this project emptied; fault rules and other projects stay. */
  reset(): Promise<void>;
  /** `GET /_emulator/projects/<key>/state`. */
  snapshot(): Promise<EmulatorSnapshot>;
  /** `POST /_emulator/projects/<key>/state`. */
  restore(snapshot: EmulatorSnapshot): Promise<void>;
}

/** What `GET /_emulator/health` answers: ready, and what this emulator serves. */
export interface EmulatorHealth {
  status: 'ready';
  projectKey: string;
  /** The version of `@commerce-kit/test-fixtures` that runs the emulator. */
  version: string;
  /** The resource types served, by typeId and path segment under `/{projectKey}`. */
  resourceTypes: { typeId: string; path: string }[];
}

/** What {@link connectEmulator} returns: the control API, one method per endpoint. */
export interface EmulatorControl {
  /**
   * `GET /_emulator/health` (no credentials): one request. It rejects (a network error) while the
   * emulator is not listening yet: to wait for a starting emulator, call it until it resolves.
   */
  health(): Promise<EmulatorHealth>;
  /**
   * Calls {@link health} every `intervalMs` (default 100) until the emulator answers, e.g. after
   * starting `pnpm emulator` in a child process. Rejects with an {@link EmulatorControlError}
   * (status 0, code `NotReady`, the last error as `cause`) after `timeoutMs` (default 10 000).
   */
  ready(options?: { timeoutMs?: number; intervalMs?: number }): Promise<EmulatorHealth>;
  /** `POST /_emulator/reset`: every project emptied and the fault rules removed, as `emulator.reset()`. */
  reset(): Promise<void>;
  projects: {
    /**
     * `POST /_emulator/projects`: the project of this key, created empty if there is none (a
     * second call answers the same credentials), with its bootstrap client's credentials.
     */
    create(key: string): Promise<ProjectJson>;
    /** `GET /_emulator/projects`: the keys, the emulator's own project first. */
    list(): Promise<{ key: string }[]>;
    /** `DELETE /_emulator/projects/<key>`: the project and all its data gone (not the emulator's own). */
    delete(key: string): Promise<void>;
  };
  /** The control API of one project (no request until a method is called). */
  project(key: string): ProjectControl;
  /** `GET /_emulator/state`: the data, as `emulator.snapshot()`. */
  snapshot(): Promise<EmulatorSnapshot>;
  /** `POST /_emulator/state`: the data put back, as `emulator.restore()`. */
  restore(snapshot: EmulatorSnapshot): Promise<void>;
  faults: {
    /** `POST /_emulator/faults`; a RegExp `path` is sent as `pathPattern`. Resolves to the installed rule with its id. */
    add(rule: FaultRule | FaultRuleJson): Promise<InstalledFaultJson>;
    /** `GET /_emulator/faults`: the installed rules, in the order they are tried. */
    list(): Promise<InstalledFaultJson[]>;
    /** `DELETE /_emulator/faults/<id>`. */
    remove(id: string): Promise<void>;
    /** `DELETE /_emulator/faults[?seed=]`: every rule removed, the random source reseeded. */
    clear(seed?: number): Promise<void>;
  };
  clock: {
    /** `GET /_emulator/clock`. */
    get(): Promise<ClockState>;
    /** `POST /_emulator/clock { advanceMs }` (a manual clock only). */
    advance(ms: number): Promise<ClockState>;
    /** `POST /_emulator/clock { set }`: an ISO 8601 instant, ms since the epoch or a Date (never backwards). */
    set(at: string | number | Date): Promise<ClockState>;
  };
}

/**
 * A client of the control API of the emulator at `origin`. Every method throws an
 * {@link EmulatorControlError} when the emulator refuses (wrong credentials: 401; bad input: 400,
 * and nothing changed).
 *
 * @example
 * // vitest: the global setup started the emulator and provided these three values
 * const control = connectEmulator({ origin: inject('emulatorOrigin'), clientId: inject('clientId'), clientSecret: inject('clientSecret') });
 * beforeEach(() => control.reset());
 * await control.faults.add({ kind: 'error', status: 503, method: 'POST', times: 1 });
 * await control.clock.advance(48 * 3600 * 1000);
 */
export function connectEmulator(options: EmulatorControlOptions): EmulatorControl {
  const base = `${options.origin.replace(/\/+$/, '')}${CONTROL_PREFIX}`;
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const authorization = `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`;

  async function call<T>(method: string, path: string, body?: unknown, withCredentials = true): Promise<T> {
    const headers: Record<string, string> = withCredentials ? { authorization } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await send(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    if (!res.ok) {
      const error = parse(text) as { errors?: { code?: string; message?: string }[] } | undefined;
      const first = error?.errors?.[0];
      throw new EmulatorControlError(
        `${method} ${CONTROL_PREFIX}${path}: ${res.status} ${first?.message ?? (text.slice(0, 200) || res.statusText)}`,
        res.status,
        first?.code ?? 'Unknown',
      );
    }
    return (text === '' ? undefined : parse(text)) as T;
  }
  const clockTo = (body: { advanceMs: number } | { set: string | number }) => call<ClockState>('POST', '/clock', body);

  const health = () => call<EmulatorHealth>('GET', '/health', undefined, false);
  async function ready({ timeoutMs = 10_000, intervalMs = 100 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await health();
      } catch (error) {
        if (Date.now() + intervalMs > deadline) {
          throw new EmulatorControlError(`the emulator at ${options.origin} did not answer within ${timeoutMs} ms`, 0, 'NotReady', {
            cause: error,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    }
  }

  return {
    health,
    ready,
    reset: () => call('POST', '/reset'),
    projects: {
      create: (key) => call('POST', '/projects', { key }),
      list: async () => (await call<{ results: { key: string }[] }>('GET', '/projects')).results,
      delete: (key) => call('DELETE', `/projects/${encodeURIComponent(key)}`),
    },
    project: (key) => {
      const path = `/projects/${encodeURIComponent(key)}`;
      return {
        reset: () => call('POST', `${path}/reset`),
        snapshot: () => call('GET', `${path}/state`),
        restore: (snapshot) => call('POST', `${path}/state`, snapshot),
      };
    },
    snapshot: () => call('GET', '/state'),
    restore: (snapshot) => call('POST', '/state', snapshot),
    faults: {
      add: async (rule) => call('POST', '/faults', ruleToJson(rule)),
      list: async () => (await call<{ results: InstalledFaultJson[] }>('GET', '/faults')).results,
      remove: (id) => call('DELETE', `/faults/${encodeURIComponent(id)}`),
      clear: (seed) => call('DELETE', seed === undefined ? '/faults' : `/faults?seed=${seed}`),
    },
    clock: {
      get: () => call('GET', '/clock'),
      advance: (ms) => clockTo({ advanceMs: ms }),
      set: (at) => clockTo({ set: at instanceof Date ? at.toISOString() : at }),
    },
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
