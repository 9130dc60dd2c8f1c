import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { adminConsoleUser } from '../auth/admin-console.js';
import type { Principal } from '../auth/principal.js';
import type { EmulatorContext } from '../context.js';
import { historyRoutes } from '../history/routes.js';
import { answerError, answerNotFound } from '../http/answer-error.js';
import { authenticate } from '../http/authenticate.js';
import type { AppEnv } from '../http/env.js';
import type { FaultInjector } from '../http/faults.js';
import { notEmulatedEndpoints } from '../http/not-emulated-endpoints.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { commerceEndpoints } from '../validation/contract.js';
import { historyKnowledge, registerApiRoutes, registerResourceTypes } from '../resources/registry.js';
import type { ProjectStorage } from '../storage/storage.js';
import { ProjectStore } from './store.js';

/** One project of an emulator: its store, the context its routes are built with, and those routes. */
export interface ProjectRuntime {
  readonly store: ProjectStore;
  readonly context: EmulatorContext;
  /** The REST and GraphQL API of the project, for paths `/{projectKey}/...`. */
  readonly api: Hono<AppEnv>;
  /** The Change History of the project, for paths `/history/{projectKey}/...`. */
  readonly history: Hono<AppEnv>;
}

/**
 * A Hono app for the requests the emulator's app hands over (see app.ts): errors answered as
 * there, and the request's correlation id, checked there, taken from the bindings.
 */
// The live endpoints we do not serve, derived once from the schema for every project.
let notEmulated: ReturnType<typeof notEmulatedEndpoints> | undefined;
/** The Change History's knowledge of the registered types: the same for every project. */
const HISTORY_KNOWLEDGE = historyKnowledge();

function handedOverApp(): Hono<AppEnv> {
  // A trie router is ready as routes are added; the default one compiles every route into one
  // expression on the first request, which a new project per test would pay each time.
  const app = new Hono<AppEnv>({ router: new TrieRouter() });
  app.onError(answerError);
  app.notFound(answerNotFound);
  app.use('*', async (c, next) => {
    c.set('correlationId', c.env.correlationId!);
    await next();
  });
  return app;
}

/**
 * Makes a project: its store, and its API and Change History routes over it. The routes are
 * built once per project, so every handler reaches its project's data through the context it
 * was built with.
 *
 * @example
 * const runtime = createProjectRuntime('shop', { id: 'ci', secret: 's3cret' }, options, faults, memoryStorage, () => undefined);
 * await runtime.api.fetch(request, { correlationId });
 */
export function createProjectRuntime(
  projectKey: string,
  bootstrap: { id: string; secret: string },
  options: ResolvedEmulatorOptions,
  faults: FaultInjector,
  storage: ProjectStorage,
  elsewhere: (token: string) => Principal | undefined,
): ProjectRuntime {
  const store = new ProjectStore({ projectKey, bootstrap, options, elsewhere, storage, historyKnowledge: HISTORY_KNOWLEDGE });
  const context: EmulatorContext = {
    store,
    state: store.state,
    auth: store.auth,
    messages: store.messages,
    faults,
    options: { ...options, projectKey, clientId: bootstrap.id, clientSecret: bootstrap.secret },
    resourceTypes: new Map(),
  };
  const api = handedOverApp();
  for (const pattern of ['/:projectKey', '/:projectKey/*'])
    api.use(pattern, authenticate(store.auth), adminConsoleUser(), (notEmulated ??= notEmulatedEndpoints(commerceEndpoints())));
  registerResourceTypes(context);
  registerApiRoutes(api, context);
  const history = handedOverApp();
  history.route('/history', historyRoutes(context));
  return { store, context, api, history };
}
