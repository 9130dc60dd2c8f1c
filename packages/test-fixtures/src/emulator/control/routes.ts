import { Hono } from 'hono';
import type { FaultInjector } from '../http/faults.js';
import { checkProjectKey, type ResolvedEmulatorOptions } from '../options.js';
import { OwnProjectError, type ProjectRegistry } from '../projects.js';
import { json, readJsonBody } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { errors } from '../http/errors.js';
import { bootstrapClientOnly, ownHostOnly } from './access.js';
import { clockState, moveClock } from './clock-control.js';
import { faultToJson, ruleFromJson } from './fault-json.js';
import { InvalidFaultRuleError } from '../http/faults.js';
import { InvalidSnapshotError } from '../snapshot-check.js';
import { registerConsolePage } from '../console/page-routes.js';
import type { RequestLog } from '../console/request-log.js';
import { registerRequestLogRoutes } from '../console/request-log-routes.js';
import { emulatedResourceTypes } from '../resources/registry.js';
import { packageVersion } from '../../version.js';

/**
 * Largest snapshot `POST /state` takes: a whole project, so far above the 16 MiB of a request of the
 * API (the one limit of the other control requests); only the bootstrap client can send one.
 */
export const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

/** What the control API acts on: the emulator's options, fault rules and projects, and its reset of everything. */
export interface ControlTarget {
  options: ResolvedEmulatorOptions;
  faults: FaultInjector;
  projects: ProjectRegistry;
  /** The recent requests and answers, for the web console. */
  requests: RequestLog;
  /** Every project emptied and the fault rules removed (`Emulator.reset`). */
  reset(): void;
}

/**
 * The emulator's control API, for a test harness in any language that talks to the emulator over
 * a port: what `emulator.reset()`, `emulator.faults` and a `ManualClock` do in-process.
 *
 * - `GET /health`: `{ status: 'ready', projectKey, version, resourceTypes: [{ typeId, path }] }`,
 *   without credentials (a readiness probe that also says what this emulator serves);
 * - `GET /console`: the web console's page (no data in it), without credentials;
 * - everything else takes the emulator's bootstrap client's id and secret with HTTP Basic (401
 *   otherwise), for every project:
 *   - `POST /reset`: 204; every project is emptied and the fault rules removed (`Emulator.reset`);
 *   - `POST /projects` with `{ key }`: 201 `{ key, clientId, clientSecret, scope }`, a new project
 *     and its bootstrap client; 200 with the same when it exists (idempotent); `GET /projects`:
 *     `{ results: [{ key }] }`; `DELETE /projects/<key>`: 204 (404 when unknown, 400 for the own
 *     project); `POST /projects/<key>/reset`: 204, that project emptied; `GET|POST
 *     /projects/<key>/state`: its snapshot, as `/state` for the own project;
 *   - `GET /faults`: `{ results: [{ id, ...rule }] }`; `POST /faults` with a rule: 201
 *     `{ id, ...rule }`; `DELETE /faults/<id>`: 204 (404 when unknown); `DELETE /faults`: 204, every
 *     rule removed and the random source reseeded (`?seed=<n>`, default the `faultSeed` option);
 *   - `GET /clock`: `{ now, epochMs, manual }`; `POST /clock` with `{ advanceMs }` or `{ set }`;
 *   - `GET /requests`, `GET /requests/<id>`, `DELETE /requests`: the request log, secrets masked;
 *   - `GET /state`: the data as a snapshot (`Emulator.snapshot()`); `POST /state` with one: 204,
 *     the data restored from it (`Emulator.restore()`).
 *
 * Control requests are never faulted themselves (a harness can always remove a rule that cuts
 * every connection), and bad input is 400 `InvalidInput` and changes nothing.
 *
 * @example
 * app.route(CONTROL_PREFIX, controlRoutes({ options, faults, projects, requests, reset }));
 * // curl -u "$ID:$SECRET" -d '{"kind":"error","status":503,"times":1}' http://127.0.0.1:8080/_emulator/faults
 */
export function controlRoutes({ options, faults, projects, requests, reset }: ControlTarget): Hono<AppEnv> {
  const control = new Hono<AppEnv>();
  /** The store of a project named in the path; 404 when there is none. */
  const storeOf = (key: string) => {
    const runtime = projects.get(key);
    if (!runtime) throw errors.notFound(`The project '${key}' was not found.`);
    return runtime.store;
  };

  control.get('/health', () =>
    json({ status: 'ready', projectKey: options.projectKey, version: packageVersion(), resourceTypes: emulatedResourceTypes() }),
  );
  // Past the readiness probe (it tells nothing), only the emulator's own host names.
  control.use('*', ownHostOnly);
  // The console's page holds no data: it asks for the credentials and reads through the API.
  registerConsolePage(control);
  control.use('*', bootstrapClientOnly(options));
  registerRequestLogRoutes(control, requests);

  control.post('/reset', () => {
    reset();
    return new Response(null, { status: 204 });
  });

  control.get('/projects', () => json({ results: projects.keys().map((key) => ({ key })) }));
  control.post('/projects', async (c) => {
    const body = await readJsonBody(c);
    const key = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)['key'] : undefined;
    if (key === undefined) throw errors.invalidInput('The body must be { "key": "<project key>" }.');
    const { created } = refusingBadInput(TypeError, () => projects.ensure(checkProjectKey(key)));
    return json({ key, ...projects.credentials(key as string)! }, created ? 201 : 200);
  });
  control.delete('/projects/:key', (c) => {
    const deleted = refusingBadInput(OwnProjectError, () => projects.delete(c.req.param('key')));
    if (!deleted) throw errors.notFound(`The project '${c.req.param('key')}' was not found.`);
    return new Response(null, { status: 204 });
  });
  control.post('/projects/:key/reset', (c) => {
    storeOf(c.req.param('key')).reset();
    return new Response(null, { status: 204 });
  });
  control.get('/projects/:key/state', (c) => json(storeOf(c.req.param('key')).snapshot()));
  control.post('/projects/:key/state', async (c) => {
    const store = storeOf(c.req.param('key'));
    const snapshot = await readJsonBody(c, MAX_SNAPSHOT_BYTES);
    refusingBadInput(InvalidSnapshotError, () => store.restore(snapshot));
    return new Response(null, { status: 204 });
  });

  control.get('/faults', () => json({ results: faults.list().map(faultToJson) }));
  control.post('/faults', async (c) => {
    const body = await readJsonBody(c);
    const id = refusingBadInput(InvalidFaultRuleError, () => faults.add(ruleFromJson(body)));
    const installed = faults.list().find((fault) => fault.id === id)!;
    return json(faultToJson(installed), 201);
  });
  control.delete('/faults', (c) => {
    const seed = c.req.query('seed');
    // The random source keeps 32 bits of its seed: a larger one would repeat a smaller one's sequence.
    if (seed !== undefined && !(/^\d{1,10}$/.test(seed) && Number(seed) <= 0xffffffff))
      throw errors.invalidInput('seed must be an integer from 0 to 4294967295.');
    faults.clear(seed === undefined ? options.faultSeed : Number(seed));
    return new Response(null, { status: 204 });
  });
  control.delete('/faults/:id', (c) => {
    if (!faults.remove(c.req.param('id'))) throw errors.notFound(`No fault rule with id '${c.req.param('id')}'.`);
    return new Response(null, { status: 204 });
  });

  const own = () => storeOf(options.projectKey);
  control.get('/state', () => json(own().snapshot()));
  control.post('/state', async (c) => {
    const snapshot = await readJsonBody(c, MAX_SNAPSHOT_BYTES);
    refusingBadInput(InvalidSnapshotError, () => own().restore(snapshot));
    faults.clear(options.faultSeed);
    return new Response(null, { status: 204 });
  });

  control.get('/clock', () => json(clockState(options.clock)));
  control.post('/clock', async (c) => {
    moveClock(options.clock, await readJsonBody(c));
    return json(clockState(options.clock));
  });

  return control;
}

/**
 * Runs `act`; the error of class `badInput` it throws (and then nothing changed) becomes 400
 * InvalidInput. Any other error stays a 500: it is a bug, not bad input.
 */
function refusingBadInput<T>(badInput: new (why: string) => Error, act: () => T): T {
  try {
    return act();
  } catch (error) {
    if (error instanceof badInput) throw errors.invalidInput(`${error.message}.`);
    throw error;
  }
}
