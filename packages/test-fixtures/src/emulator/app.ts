import { Hono, type Context } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { registerAuthRoutes } from './auth/routes.js';
import type { EmulatorContext } from './context.js';
import { answerError, answerNotFound } from './http/answer-error.js';
import { ClientDisconnected } from './http/body.js';
import { CORRELATION_HEADER, correlationId } from './http/correlation.js';
import { cors } from './http/cors.js';
import type { AppEnv } from './http/env.js';
import { errors } from './http/errors.js';
import { ConnectionCut, FaultInjector, faultInjection } from './http/faults.js';
import { disallowedRequests } from './http/limits.js';
import { newSecret } from './ids.js';
import { resolveOptions, type EmulatorOptions } from './options.js';
import { CONTROL_PREFIX } from './control/prefix.js';
import { controlRoutes } from './control/routes.js';
import { RequestLog, recordingRequests } from './console/request-log.js';
import type { ProjectRuntime } from './project/runtime.js';
import { ProjectRegistry, type ProjectCredentials } from './projects.js';
import type { EmulatorSnapshot } from './snapshot.js';
import { DurableDatabase } from './storage/sqlite/database.js';

/** Base URLs of the three services of an emulator, for a given origin. */
export interface EmulatorUrls {
  /** `{base_url}`: the REST and GraphQL API; paths start with `/{projectKey}`. */
  api: string;
  /** `{auth_url}`: the authorization service (`/oauth/...`). */
  auth: string;
  /** `{history_url}`: the Change History service. */
  history: string;
}

/** One project of an emulator: its data, API clients and settings, isolated from every other project's. */
export interface EmulatorProject {
  readonly projectKey: string;
  /** Credentials of the project's bootstrap API client, scope `manage_project:<projectKey>`. */
  readonly credentials: ProjectCredentials;
  /** The project's internals (store, state, authorization service, messages), e.g. for `adminConsole(project.context)`. */
  readonly context: EmulatorContext;
  /** Empties this project only, as `Emulator.reset` does (fault rules and other projects stay). */
  reset(): void;
  /** This project's data as a snapshot (see `Emulator.snapshot`). */
  snapshot(): EmulatorSnapshot;
  /** Puts a snapshot of a project of the same key back into this one (see `Emulator.restore`). */
  restore(snapshot: unknown): void;
}

/** A running emulator, usable in-process through {@link Emulator.fetch}. */
export interface Emulator {
  /** Handles one request in-process, without a socket. A cut connection rejects like `fetch` does, and so does an abort until the answer arrives (a body already answered is not cut). */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** The emulator's own project (option `projectKey`, default `demo-project`). */
  readonly projectKey: string;
  /** Credentials of the bootstrap API client, scope `manage_project:<projectKey>`. */
  readonly credentials: { clientId: string; clientSecret: string; scope: string };
  /** The own project's internals (store, state, authorization service, messages, options), e.g. for `adminConsole(emulator.context)`. */
  readonly context: EmulatorContext;
  /** Fault injection: `emulator.faults.inject(rule)` returns a function that removes the rule. */
  readonly faults: FaultInjector;
  /** Base URLs for an origin; in-process the origin is `http://127.0.0.1` by default. */
  urls(origin?: string): EmulatorUrls;
  /** The underlying Hono app (for mounting into a user's own server). */
  readonly app: Hono<AppEnv>;
  /**
   * The project of this key, created when there is none yet (empty, with a bootstrap client of its
   * own): any number of fully isolated projects share one emulator, its clock and its fault rules.
   * A token of one project is refused on another (403, as a token whose scopes name another
   * project). TypeError for an invalid key. Over a port: `POST <origin>/_emulator/projects`.
   *
   * @example
   * const shop = emulator.project('shop');
   * const token = await clientCredentialsToken(emulator, shop.credentials);
   */
  project(projectKey: string): EmulatorProject;
  /** The keys of the projects served, the own one first. */
  projectKeys(): string[];
  /**
   * Deletes a project with all its data (false when there is none); its tokens stop working at once.
   * The emulator's own project cannot be deleted (an Error).
   */
  deleteProject(projectKey: string): boolean;
  /**
   * Empties every project, so the emulator is as new: every resource, message, Change History
   * record, customer, API client, anonymous session, fault rule, and the project settings. Kept:
   * the bootstrap client and the admin console client, the client tokens they hold (a test
   * harness keeps its token), and the clock. Over a port: `POST <origin>/_emulator/reset`.
   */
  reset(): void;
  /**
   * The own project's data as a plain JSON object: every resource, message (with the sequence
   * numbers), Change History record, the project settings, API clients, customers' credentials and password / e-mail tokens,
   * tokens and anonymous sessions. Secrets, passwords and tokens only as hashes; the one credential
   * in clear is the `Authorization` header of the project's external OAuth server, a setting the
   * restored project needs. Not in it: the clock, fault rules, caches. Later changes of the emulator do not change it. Over a port:
   * `GET <origin>/_emulator/state`.
   */
  snapshot(): EmulatorSnapshot;
  /**
   * Puts the data of a snapshot back into the own project, in place: every query answers as when it was taken (same
   * ids, versions, keys). The snapshot may come from another emulator of the same project key,
   * through JSON (a state file). It is checked first: a `TypeError` starting `invalid emulator
   * snapshot:` if anything is wrong, and then nothing has changed. The emulator is reset first
   * (fault rules go), and as by a reset the bootstrap and admin console clients stay as they are,
   * with the client tokens they hold. The snapshot's own bootstrap and admin console clients and
   * their tokens come back only when its `bootstrapClientId` is this emulator's. Over a port:
   * `POST <origin>/_emulator/state`.
   */
  restore(snapshot: unknown): void;
  /**
   * Durable mode (`dataDir`): closes the database and gives the data dir back to the next
   * emulator; every answered write is in it already. Memory mode: nothing to do. Later requests
   * that write fail (500).
   */
  close(): void;
}

/** The in-process origin: a loopback host, so clients that refuse plain HTTP elsewhere accept it. */
export const IN_PROCESS_ORIGIN = 'http://127.0.0.1';

/**
 * The base URLs of an emulator served at `origin`: the API at the origin itself, the
 * authorization service at `<origin>/auth`, the Change History at `<origin>/history`. A trailing
 * slash of `origin` is dropped. (The project key is not part of any base URL.)
 *
 * @example
 * emulatorUrls('http://127.0.0.1:8080/', 'my-project');
 * // { api: 'http://127.0.0.1:8080', auth: 'http://127.0.0.1:8080/auth', history: 'http://127.0.0.1:8080/history' }
 */
export function emulatorUrls(origin: string, projectKey: string): EmulatorUrls {
  const base = origin.replace(/\/+$/, '');
  void projectKey;
  return { api: base, auth: `${base}/auth`, history: `${base}/history` };
}

/** The methods that only read. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Creates an emulator of the commerce service: authorization service, REST API, GraphQL and
 * Change History over one in-memory project.
 *
 * @example
 * const emulator = createEmulator({ projectKey: 'my-project' });
 * const res = await emulator.fetch('http://127.0.0.1/auth/oauth/token', { method: 'POST', ... });
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const resolved = resolveOptions(options, newSecret);
  const faults = new FaultInjector(resolved.faultSeed);
  // The durable mode: a DataDirError when the data dir cannot be used (nothing in it changed).
  const database = resolved.dataDir === undefined ? undefined : new DurableDatabase(resolved.dataDir);
  let projects: ProjectRegistry;
  try {
    projects = new ProjectRegistry(resolved, faults, database);
  } catch (error) {
    database?.close();
    throw error;
  }
  const own = projects.get(resolved.projectKey)!;

  // A trie router, as for the projects (project/runtime.ts): a new emulator per test pays no compilation.
  const app = new Hono<AppEnv>({ router: new TrieRouter() });
  app.onError(answerError);
  app.notFound(answerNotFound);
  // First: a preflight is answered before the correlation id, the limits and fault injection (it is
  // no request of the client's), and every answer below, errors included, gets the CORS headers;
  // except the control API's, which takes no request from web pages.
  app.use('*', cors(resolved.cors, CONTROL_PREFIX));
  // Outside the correlation id: it sees the answer with its X-Correlation-ID, errors included. Only
  // the control API reads it: without one, nothing is recorded.
  const requests = new RequestLog(resolved.requestLog);
  if (resolved.control) app.use('*', recordingRequests(requests));
  app.use('*', correlationId, async (c, next) => {
    await next();
    c.res.headers.set(CORRELATION_HEADER, c.get('correlationId'));
  });
  // Durable mode: what a request changed is committed before its answer is sent (a failed
  // commit is a 500, and its changes are written by the next commit). A read changes nothing
  // of its own: it is answered even when the changes left by a failed write cannot be committed
  // (a full disk), so reads and health go on.
  if (database)
    app.use('*', async (c, next) => {
      await next();
      try {
        const committing = projects.commit();
        if (committing) await committing;
      } catch (error) {
        if (!READS.has(c.req.method)) throw error;
      }
    });
  const reset = () => {
    projects.resetAll();
    faults.clear(resolved.faultSeed);
    requests.clear();
  };
  // Before the limits and fault injection: a control request is never faulted, so a harness can
  // always remove a rule that cuts every connection.
  if (resolved.control) app.route(CONTROL_PREFIX, controlRoutes({ options: resolved, faults, projects, requests, reset }));
  app.use('*', disallowedRequests, faultInjection(faults));

  const authApp = new Hono<AppEnv>();
  registerAuthRoutes(authApp, projects);
  app.route('/auth', authApp);

  // Every other path names a project: its own routes answer (see project/runtime.ts).
  const handOver = (routes: (runtime: ProjectRuntime) => Hono<AppEnv>) => (c: Context<AppEnv>) => {
    const key = c.req.param('projectKey')!;
    const runtime = projects.get(key);
    if (!runtime) throw errors.notFound(`The project '${key}' was not found.`);
    return routes(runtime).fetch(c.req.raw, { ...c.env, correlationId: c.get('correlationId') });
  };
  // Change History at `{history_url}` = `<origin>/history`.
  app.all(
    '/history/:projectKey',
    handOver((runtime) => runtime.history),
  );
  app.all(
    '/history/:projectKey/*',
    handOver((runtime) => runtime.history),
  );
  app.all(
    '/:projectKey',
    handOver((runtime) => runtime.api),
  );
  app.all(
    '/:projectKey/*',
    handOver((runtime) => runtime.api),
  );

  const fetchInProcess = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    // Aborted before it is sent: nothing reaches the emulator.
    request.signal.throwIfAborted();
    try {
      return await abortable(Promise.resolve(app.fetch(request)), request.signal);
    } catch (error) {
      if (error instanceof ConnectionCut || error instanceof ClientDisconnected) throw new TypeError('fetch failed', { cause: error });
      throw error;
    }
  };

  const project = (projectKey: string): EmulatorProject => {
    const { runtime } = projects.ensure(projectKey);
    const { store, context } = runtime;
    return {
      projectKey,
      credentials: projects.credentials(projectKey)!,
      context,
      reset: () => store.reset(),
      snapshot: () => store.snapshot(),
      restore: (taken) => store.restore(taken),
    };
  };

  return {
    fetch: fetchInProcess,
    projectKey: resolved.projectKey,
    credentials: projects.credentials(resolved.projectKey)!,
    context: own.context,
    faults,
    urls: (origin = IN_PROCESS_ORIGIN) => emulatorUrls(origin, resolved.projectKey),
    app,
    project,
    projectKeys: () => projects.keys(),
    deleteProject: (projectKey) => projects.delete(projectKey),
    reset,
    snapshot: () => own.store.snapshot(),
    restore: (taken) => {
      own.store.restore(taken);
      // As a reset: the snapshot was fine, so the fault rules go too.
      faults.clear(resolved.faultSeed);
    },
    close: () => {
      if (!database) return;
      // What was changed in-process since the last request (an admin console token, say).
      void projects.commit()?.catch(() => undefined);
      database.close();
    },
  };
}

/**
 * `answer`, or the signal's reason as soon as it aborts, as `fetch` rejects: a caller that gives
 * up (a timeout, a latency fault) is not kept waiting. The emulator goes on with the request, as
 * a server does when its client hangs up.
 */
function abortable(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
