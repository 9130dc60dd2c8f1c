import { Hono, type MiddlewareHandler } from 'hono';
import { AuthService } from './auth/service.js';
import { registerAuthRoutes } from './auth/routes.js';
import type { EmulatorContext } from './context.js';
import { authenticate } from './http/authenticate.js';
import { ClientDisconnected } from './http/body.js';
import { CORRELATION_HEADER, correlationId } from './http/correlation.js';
import { cors } from './http/cors.js';
import type { AppEnv } from './http/env.js';
import { ApiError, errors } from './http/errors.js';
import { ConnectionCut, FaultInjector, faultInjection } from './http/faults.js';
import { disallowedRequests } from './http/limits.js';
import { newSecret } from './ids.js';
import { MessageLog } from './messages/message-log.js';
import { adminConsoleUser } from './history/admin-console.js';
import { asHistoryError } from './history/errors.js';
import { installHistory } from './history/routes.js';
import { resolveOptions, type EmulatorOptions } from './options.js';
import { registerApiRoutes } from './routes.js';
import { CONTROL_PREFIX } from './control/prefix.js';
import { controlRoutes } from './control/routes.js';
import { resetEmulator } from './reset.js';
import { restoreSnapshot, takeSnapshot, type EmulatorSnapshot } from './snapshot.js';
import { EmulatorState } from './state.js';

/** Base URLs of the three services of an emulator, for a given origin. */
export interface EmulatorUrls {
  /** `{base_url}`: the REST and GraphQL API; paths start with `/{projectKey}`. */
  api: string;
  /** `{auth_url}`: the authorization service (`/oauth/...`). */
  auth: string;
  /** `{history_url}`: the Change History service. */
  history: string;
}

/** A running emulator, usable in-process through {@link Emulator.fetch}. */
export interface Emulator {
  /** Handles one request in-process, without a socket. A cut connection rejects like `fetch` does, and so does an abort until the answer arrives (a body already answered is not cut). */
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** The project key this emulator serves (option `projectKey`, default `demo-project`). */
  readonly projectKey: string;
  /** Credentials of the bootstrap API client, scope `manage_project:<projectKey>`. */
  readonly credentials: { clientId: string; clientSecret: string; scope: string };
  /** The emulator's internals (state, authorization service, messages, options), e.g. for `adminConsole(emulator.context)`. */
  readonly context: EmulatorContext;
  /** Fault injection: `emulator.faults.inject(rule)` returns a function that removes the rule. */
  readonly faults: FaultInjector;
  /** Base URLs for an origin; in-process the origin is `http://127.0.0.1` by default. */
  urls(origin?: string): EmulatorUrls;
  /** The underlying Hono app (for mounting into a user's own server). */
  readonly app: Hono<AppEnv>;
  /**
   * Empties the project, so the emulator is as new: every resource, message, Change History
   * record, customer, API client, anonymous session, fault rule, and the project settings. Kept:
   * the bootstrap client and the admin console client, the client tokens they hold (a test
   * harness keeps its token), and the clock. Over a port: `POST <origin>/_emulator/reset`.
   */
  reset(): void;
  /**
   * The project's data as a plain JSON object: every resource, message (with the sequence
   * numbers), Change History record, the project settings, API clients, customers' credentials,
   * tokens and anonymous sessions. Secrets, passwords and tokens only as hashes; the one credential
   * in clear is the `Authorization` header of the project's external OAuth server, a setting the
   * restored project needs. Not in it: the clock, fault rules, caches. Later changes of the emulator do not change it. Over a port:
   * `GET <origin>/_emulator/state`.
   */
  snapshot(): EmulatorSnapshot;
  /**
   * Puts the data of a snapshot back, in place: every query answers as when it was taken (same
   * ids, versions, keys). The snapshot may come from another emulator of the same project key,
   * through JSON (a state file). It is checked first: a `TypeError` starting `invalid emulator
   * snapshot:` if anything is wrong, and then nothing has changed. The emulator is reset first
   * (fault rules go), and as by a reset the bootstrap and admin console clients stay as they are,
   * with the client tokens they hold. The snapshot's own bootstrap and admin console clients and
   * their tokens come back only when its `bootstrapClientId` is this emulator's. Over a port:
   * `POST <origin>/_emulator/state`.
   */
  restore(snapshot: unknown): void;
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
  const state = new EmulatorState(resolved.projectKey, resolved.clock);
  const faults = new FaultInjector(resolved.faultSeed);
  const auth = new AuthService(state, resolved);
  const context: EmulatorContext = { state, auth, faults, messages: new MessageLog(state), options: resolved, resourceTypes: new Map() };
  const scope = `manage_project:${resolved.projectKey}`;
  auth.createBootstrapClient({ id: resolved.clientId, secret: resolved.clientSecret, scope });

  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    // A connection that is gone has no one to answer and is no error of the emulator's.
    if (error instanceof ConnectionCut || error instanceof ClientDisconnected) throw error;
    const apiError = asHistoryError(c.req.url, error instanceof ApiError ? error : errors.general(`Internal error: ${error.message}`));
    if (!(error instanceof ApiError)) console.error('[commerce-emulator] unexpected error', error);
    const id = c.get('correlationId');
    return apiError.toResponse(id ? { [CORRELATION_HEADER]: id } : {});
  });
  app.notFound((c) => errors.notFound(`No endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`).toResponse());
  // First: a preflight is answered before the correlation id, the limits and fault injection (it is
  // no request of the client's), and every answer below, errors included, gets the CORS headers;
  // except the control API's, which takes no request from web pages.
  app.use('*', cors(resolved.cors, CONTROL_PREFIX));
  app.use('*', correlationId, async (c, next) => {
    await next();
    c.res.headers.set(CORRELATION_HEADER, c.get('correlationId'));
  });
  const history = installHistory(context);
  const reset = () => resetEmulator(context, history.log);
  const snapshot = () => takeSnapshot(context, history.log);
  const restore = (taken: unknown) => restoreSnapshot(context, history.log, taken);
  // Before the limits and fault injection: a control request is never faulted, so a harness can
  // always remove a rule that cuts every connection.
  if (resolved.control) app.route(CONTROL_PREFIX, controlRoutes(context, { reset, snapshot, restore }));
  app.use('*', disallowedRequests, faultInjection(faults));

  const authApp = new Hono<AppEnv>();
  registerAuthRoutes(authApp, context);
  app.route('/auth', authApp);
  // Change History at `{history_url}` = `<origin>/history`; records every write from now on.
  app.route('/history', history.app);

  const api = new Hono<AppEnv>();
  const projectGate: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.param('projectKey') !== resolved.projectKey) {
      throw errors.notFound(`The project '${c.req.param('projectKey')}' was not found.`);
    }
    await next();
  };
  for (const pattern of ['/:projectKey', '/:projectKey/*']) api.use(pattern, projectGate, authenticate(auth), adminConsoleUser());
  registerApiRoutes(api, context);
  app.route('/', api);

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

  return {
    fetch: fetchInProcess,
    projectKey: resolved.projectKey,
    credentials: { clientId: resolved.clientId, clientSecret: resolved.clientSecret, scope },
    context,
    faults,
    urls: (origin = IN_PROCESS_ORIGIN) => emulatorUrls(origin, resolved.projectKey),
    app,
    reset,
    snapshot,
    restore,
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
