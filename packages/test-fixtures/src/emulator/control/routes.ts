import { Hono } from 'hono';
import type { EmulatorContext } from '../context.js';
import { json, readJsonBody } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { errors } from '../http/errors.js';
import { bootstrapClientOnly } from './access.js';
import { clockState, moveClock } from './clock-control.js';
import { faultToJson, ruleFromJson } from './fault-json.js';
import { InvalidFaultRuleError } from '../http/faults.js';
import { InvalidSnapshotError } from '../snapshot-check.js';
import type { EmulatorSnapshot } from '../snapshot.js';

/**
 * Largest snapshot `POST /state` takes: a whole project, so far above the 16 MiB of a request of the
 * API (the one limit of the other control requests); only the bootstrap client can send one.
 */
export const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

/** What the control API does to the emulator it belongs to (the `Emulator` members of the same names). */
export interface ControlActions {
  reset(): void;
  snapshot(): EmulatorSnapshot;
  restore(snapshot: unknown): void;
}


/**
 * The emulator's control API, for a test harness in any language that talks to the emulator over
 * a port: what `emulator.reset()`, `emulator.faults` and a `ManualClock` do in-process.
 *
 * - `GET /health`: `{ status: 'ready', projectKey }`, without credentials (a readiness probe);
 * - everything else takes the bootstrap client's id and secret with HTTP Basic (401 otherwise):
 *   - `POST /reset`: 204; the project is emptied (see `Emulator.reset`);
 *   - `GET /faults`: `{ results: [{ id, ...rule }] }`; `POST /faults` with a rule: 201
 *     `{ id, ...rule }`; `DELETE /faults/<id>`: 204 (404 when unknown); `DELETE /faults`: 204, every
 *     rule removed and the random source reseeded (`?seed=<n>`, default the `faultSeed` option);
 *   - `GET /clock`: `{ now, epochMs, manual }`; `POST /clock` with `{ advanceMs }` or `{ set }`;
 *   - `GET /state`: the data as a snapshot (`Emulator.snapshot()`); `POST /state` with one: 204,
 *     the data restored from it (`Emulator.restore()`).
 *
 * Control requests are never faulted themselves (a harness can always remove a rule that cuts
 * every connection), and bad input is 400 `InvalidInput` and changes nothing.
 *
 * @example
 * app.route(CONTROL_PREFIX, controlRoutes(context, { reset, snapshot, restore }));
 * // curl -u "$ID:$SECRET" -d '{"kind":"error","status":503,"times":1}' http://127.0.0.1:8080/_emulator/faults
 */
export function controlRoutes(context: EmulatorContext, actions: ControlActions): Hono<AppEnv> {
  const { faults, options } = context;
  const control = new Hono<AppEnv>();

  control.get('/health', () => json({ status: 'ready', projectKey: options.projectKey }));
  control.use('*', bootstrapClientOnly(options));

  control.post('/reset', () => {
    actions.reset();
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
    if (seed !== undefined && !(/^\d{1,10}$/.test(seed) && Number(seed) <= 0xffffffff)) throw errors.invalidInput('seed must be an integer from 0 to 4294967295.');
    faults.clear(seed === undefined ? options.faultSeed : Number(seed));
    return new Response(null, { status: 204 });
  });
  control.delete('/faults/:id', (c) => {
    if (!faults.remove(c.req.param('id'))) throw errors.notFound(`No fault rule with id '${c.req.param('id')}'.`);
    return new Response(null, { status: 204 });
  });

  control.get('/state', () => json(actions.snapshot()));
  control.post('/state', async (c) => {
    const snapshot = await readJsonBody(c, MAX_SNAPSHOT_BYTES);
    refusingBadInput(InvalidSnapshotError, () => actions.restore(snapshot));
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
