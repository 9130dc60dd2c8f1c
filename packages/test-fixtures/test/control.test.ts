import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/emulator/app.js';
import { ManualClock } from '../src/emulator/clock.js';
import { CONTROL_PREFIX } from '../src/emulator/control/prefix.js';
import { checkFaultRule, InvalidFaultRuleError } from '../src/emulator/http/faults.js';
import { startEmulator } from '../src/emulator/server.js';
import { createApi, START } from './helpers/api.js';
import { rawRequest } from './helpers/loopback.js';
import { controlContractFetch } from './helpers/control-contract.js';

/**
 * The control API at `<origin>/_emulator` (src/emulator/control/): what a harness in any language
 * uses instead of `emulator.reset()`, `emulator.faults` and a `ManualClock`. In-process here;
 * control-cli.test.ts drives it over a port from the CLI.
 */

const CONTROL = 'http://127.0.0.1/_emulator';

function basic(emulator: Emulator, secret = emulator.credentials.clientSecret): Record<string, string> {
  return { authorization: `Basic ${btoa(`${emulator.credentials.clientId}:${secret}`)}` };
}

/**
 * A control request with the bootstrap client's credentials (and a JSON body when given); its answer
 * is checked against schemas/openapi/emulator-control.yaml.
 */
function control(emulator: Emulator, method: string, path: string, body?: unknown): Promise<Response> {
  return controlContractFetch(emulator.fetch, 'http://127.0.0.1')(`${CONTROL}${path}`, {
    method,
    headers: { ...basic(emulator), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { statusCode: number; errors: { code: string; message: string }[] };
  expect(body.statusCode).toBe(res.status);
  return body.errors[0]!;
}

describe('control API: access', () => {
  it('answers the readiness probe without credentials', async () => {
    const emulator = createEmulator({ projectKey: 'ctl-project' });
    const res = await emulator.fetch(`${CONTROL}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', projectKey: 'ctl-project' });
    expect(res.headers.get('x-correlation-id')).toMatch(/^emulator-/);
  });

  it.each([
    ['no credentials', {}],
    ['a wrong secret', { authorization: `Basic ${btoa('x:y')}` }],
    ['a bearer token', { authorization: 'Bearer abc' }],
  ])('refuses %s with 401 invalid_client, and changes nothing', async (_, headers) => {
    const emulator = createEmulator();
    emulator.faults.inject({ kind: 'error', status: 503, path: '/nowhere' });
    for (const [method, path] of [
      ['POST', '/reset'],
      ['GET', '/faults'],
      ['DELETE', '/faults'],
      ['POST', '/faults'],
      ['GET', '/clock'],
      ['GET', '/state'],
      ['POST', '/state'],
    ] as const) {
      const res = await emulator.fetch(`${CONTROL}${path}`, { method, headers });
      expect(res.status, `${method} ${path}`).toBe(401);
      // No challenge: a browser must never prompt for the credentials, nor keep them.
      expect(res.headers.get('www-authenticate')).toBeNull();
      const body = (await res.json()) as { error: string; errors: { code: string }[] };
      expect(body.error).toBe('invalid_client');
      expect(body.errors[0]!.code).toBe('invalid_client');
    }
    expect(emulator.faults.list()).toHaveLength(1);
  });

  it.each([
    ['a cross-origin fetch', { origin: 'https://evil.example' }],
    ['a form post from another site', { origin: 'null', 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' }],
    ['a page of the same site on another port', { origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-site' }],
    ['a same-origin page of a one-label host', { 'sec-fetch-site': 'same-origin' }, 'http://emulator'],
  ])('refuses %s with 403 even with the right credentials, and changes nothing', async (_, headers, origin = 'http://127.0.0.1') => {
    const emulator = createEmulator();
    emulator.faults.inject({ kind: 'error', status: 503, path: '/nowhere' });
    for (const [method, path, body] of [
      ['POST', '/reset', undefined],
      ['POST', '/faults', '{"kind":"cut"}'],
      ['POST', '/state', '{}'],
      ['DELETE', '/faults', undefined],
      ['GET', '/state', undefined],
    ] as const) {
      const res = await emulator.fetch(`${origin}${CONTROL_PREFIX}${path}`, {
        method,
        headers: { ...basic(emulator), ...headers },
        ...(body ? { body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: 'Forbidden',
        message:
          "The emulator's control API does not take requests from pages of other web origins (Origin or Sec-Fetch-Site header): call it from the test harness, or open the emulator's console at an IP address or localhost.",
      });
    }
    expect(emulator.faults.list()).toHaveLength(1);
    // A URL the user types in the address bar (Sec-Fetch-Site: none) is the user's own request.
    expect((await emulator.fetch(`${CONTROL}/faults`, { headers: { ...basic(emulator), 'sec-fetch-site': 'none' } })).status).toBe(200);
    // The readiness probe tells nothing and changes nothing: any page may ask.
    expect((await emulator.fetch(`${CONTROL}/health`, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('answers only to its own host names: a name DNS rebinding points here is 403, with or without credentials', async () => {
    const emulator = createEmulator();
    emulator.faults.inject({ kind: 'error', status: 503, path: '/nowhere' });
    for (const [method, path, body] of [
      ['GET', '/state', undefined],
      ['GET', '/requests', undefined],
      ['POST', '/faults', '{"kind":"cut"}'],
      ['GET', '/console', undefined],
      ['GET', '/console/console.js', undefined],
    ] as const) {
      const res = await emulator.fetch(`http://evil.example${CONTROL_PREFIX}${path}`, {
        method,
        headers: basic(emulator),
        ...(body ? { body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: 'Forbidden',
        message:
          "The emulator's control API and console answer only to a loopback name or an IP address (localhost, 127.0.0.1, [::1]), a one-label name or the host the emulator binds, not to 'evil.example': a name DNS rebinding may have pointed here.",
      });
    }
    expect(emulator.faults.list()).toHaveLength(1);
    for (const origin of [
      'http://127.0.0.1',
      'http://127.8.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
      'http://app.localhost',
      'http://10.0.0.7',
      'http://emulator:8080',
      emulator.urls().api,
    ]) {
      expect((await emulator.fetch(`${origin}${CONTROL_PREFIX}/faults`, { headers: basic(emulator) })).status, origin).toBe(200);
    }
    // The host a server binds, a name (serveEmulator hands it to the app).
    const bound = new Request(`http://emulator.internal${CONTROL_PREFIX}/faults`, { headers: basic(emulator) });
    expect((await emulator.app.fetch(bound, { boundHost: 'emulator.internal' })).status).toBe(200);
    // The readiness probe tells nothing: any host may ask.
    expect((await emulator.fetch(`http://evil.example${CONTROL_PREFIX}/health`)).status).toBe(200);
  });

  it('over a port, refuses a request with Host: evil.example and no Origin', async () => {
    const server = await startEmulator();
    try {
      for (const [method, path] of [
        ['GET', '/state'],
        ['GET', '/requests'],
        ['POST', '/faults'],
        ['GET', '/console'],
      ] as const) {
        const answer = await rawRequest(`${server.origin}${CONTROL_PREFIX}${path}`, {
          method,
          headers: { host: `evil.example:${server.port}`, ...basic(server.emulator), 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: '{"kind":"cut"}' } : {}),
        });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body).toContain("not to 'evil.example'");
      }
      expect(server.emulator.faults.list()).toEqual([]);
      expect((await rawRequest(`${server.origin}${CONTROL_PREFIX}/state`, { headers: basic(server.emulator) })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses the wrong secret for the right id, and never echoes the secret', async () => {
    const emulator = createEmulator({ clientSecret: 'the-right-secret' });
    const res = await emulator.fetch(`${CONTROL}/faults`, { headers: basic(emulator, 'the-wrong-secret') });
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(text).not.toContain('the-wrong-secret');
    expect(text).not.toContain('the-right-secret');
  });

  it('takes the bootstrap credentials even after the bootstrap client was deleted through the API', async () => {
    const api = await createApi();
    expect((await api.call('DELETE', `/api-clients/${api.emulator.credentials.clientId}`)).status).toBe(200);
    expect((await control(api.emulator, 'GET', '/faults')).status).toBe(200);
  });

  it('is absent with control: false (the path is then an unknown project)', async () => {
    const emulator = createEmulator({ control: false });
    expect((await emulator.fetch(`${CONTROL}/health`)).status).toBe(404);
    expect((await emulator.fetch(`${CONTROL}/reset`, { method: 'POST', headers: basic(emulator) })).status).toBe(404);
    expect(() => createEmulator({ control: 'yes' as unknown as boolean })).toThrow('invalid control option: true or false expected');
  });

  it('an unknown control path is 404', async () => {
    const emulator = createEmulator();
    const res = await control(emulator, 'GET', '/nothing-here');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('ResourceNotFound');
  });
});

describe('control API: reset', () => {
  it('empties the project and keeps the harness token working', async () => {
    const api = await createApi();
    expect((await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).status).toBe(201);
    const res = await control(api.emulator, 'POST', '/reset');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const after = await api.call('GET', '/product-selections');
    expect(after.status).toBe(200);
    expect(after.body.total).toBe(0);
    expect((await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).status).toBe(201);
  });

  it('is not faulted, so a harness can reset past a rule that cuts every connection', async () => {
    const emulator = createEmulator();
    emulator.faults.inject({ kind: 'cut' });
    await expect(emulator.fetch('http://127.0.0.1/demo-project/product-selections')).rejects.toThrow('fetch failed');
    expect((await control(emulator, 'POST', '/reset')).status).toBe(204);
    expect(emulator.faults.list()).toEqual([]);
  });
});

describe('control API: state', () => {
  it('GET /state gives a snapshot, POST /state restores it', async () => {
    const api = await createApi();
    const created = await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    const res = await control(api.emulator, 'GET', '/state');
    expect(res.status).toBe(200);
    const snapshot = (await res.json()) as Record<string, unknown>;
    expect(snapshot).toMatchObject({ format: 'commerce-emulator-state', version: 1, projectKey: 'test-project' });
    expect(JSON.stringify(snapshot)).not.toContain(api.emulator.credentials.clientSecret);

    expect((await api.call('DELETE', `/product-selections/${created.body.id}?version=1`)).status).toBe(200);
    const restored = await control(api.emulator, 'POST', '/state', snapshot);
    expect(restored.status).toBe(204);
    const again = await api.call('GET', `/product-selections/${created.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
  });

  it.each([
    [{ format: 'commerce-emulator-state', version: 2, projectKey: 'test-project' }],
    [{ format: 'commerce-emulator-state', version: 1, projectKey: 'another-project' }],
    [{ format: 'something-else' }],
    [[]],
  ])('refuses %j with 400 InvalidInput and changes nothing', async (body) => {
    const api = await createApi();
    await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    const res = await control(api.emulator, 'POST', '/state', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toMatch(/^invalid emulator snapshot: .+\.$/);
    expect((await api.call('GET', '/product-selections')).body.total).toBe(1);
  });

  it.each([
    ['a backreference', '^/(a)\\1', /cannot be matched in linear time/],
    ['a lookahead', '^/(?=a)', /cannot be matched in linear time/],
    ['a pattern over 1 000 characters', `^/${'a'.repeat(1_000)}`, /pathPattern has 1002 characters; at most 1000/],
  ])('refuses a pathPattern with %s (linear-time matching) with 400 and installs nothing', async (_, pathPattern, message) => {
    const emulator = createEmulator();
    const res = await control(emulator, 'POST', '/faults', { kind: 'error', pathPattern });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toMatch(message);
    expect(emulator.faults.list()).toEqual([]);
  });

  it('matches a pathPattern in linear time: one that backtracks exponentially does not block the emulator', async () => {
    const emulator = createEmulator();
    expect((await control(emulator, 'POST', '/faults', { kind: 'error', status: 503, pathPattern: '^/x(a+)+$' })).status).toBe(201);
    // A backtracking engine would take some 2^60 steps here: the answer comes only from a linear-time one.
    expect((await emulator.fetch(`http://127.0.0.1/x${'a'.repeat(60)}!`)).status).toBe(404);
  });

  it('refuses a body that is not JSON with 400 InvalidJsonInput', async () => {
    const emulator = createEmulator();
    const res = await control(emulator, 'POST', '/state', '{"format"');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('InvalidJsonInput');
  });
});

describe('control API: fault rules', () => {
  it('adds, lists, fires and removes a rule', async () => {
    const api = await createApi();
    const added = await control(api.emulator, 'POST', '/faults', {
      kind: 'error',
      status: 503,
      method: 'GET',
      path: '/test-project/product-selections',
      times: 2,
    });
    expect(added.status).toBe(201);
    const rule = (await added.json()) as { id: string };
    expect(rule).toEqual({ id: 'fault-1', kind: 'error', status: 503, method: 'GET', path: '/test-project/product-selections', times: 2 });

    const faulted = await api.call('GET', '/product-selections');
    expect(faulted.status).toBe(503);
    expect(faulted.body.errors[0].code).toBe('OverCapacity');

    const listed = await control(api.emulator, 'GET', '/faults');
    expect(await listed.json()).toEqual({ results: [{ ...rule, times: 1 }] });

    expect((await control(api.emulator, 'DELETE', `/faults/${rule.id}`)).status).toBe(204);
    expect((await api.call('GET', '/product-selections')).status).toBe(200);
    expect(await (await control(api.emulator, 'GET', '/faults')).json()).toEqual({ results: [] });

    const again = await control(api.emulator, 'DELETE', `/faults/${rule.id}`);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe("No fault rule with id 'fault-1'.");
  });

  it('takes a RegExp path as pathPattern, and lists it so', async () => {
    const api = await createApi();
    const added = await control(api.emulator, 'POST', '/faults', { kind: 'cut', pathPattern: '/product-selections\\?', times: 1 });
    expect(added.status).toBe(201);
    // Listed as the RegExp's source, which escapes the slashes.
    expect(await added.json()).toEqual({ id: 'fault-1', kind: 'cut', pathPattern: '\\/product-selections\\?', times: 1 });
    // The pattern matches path and query: the request without a query passes, the one with a query is cut.
    expect((await api.call('GET', '/product-selections')).status).toBe(200);
    await expect(api.call('GET', '/product-selections?limit=1')).rejects.toThrow('fetch failed');
    expect(api.emulator.faults.list()).toEqual([{ id: 'fault-1', rule: { kind: 'cut', path: /\/product-selections\?/, times: 0 } }]);
  });

  it('a 429 rule carries Retry-After, as in-process', async () => {
    const emulator = createEmulator();
    await control(emulator, 'POST', '/faults', { kind: 'error', status: 429, retryAfterSeconds: 3, times: 1 });
    const res = await emulator.fetch('http://127.0.0.1/demo-project/product-selections');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect((await errorOf(res)).code).toBe('TooManyRequests');
  });

  it('DELETE /faults removes every rule and reseeds the random source (?seed)', async () => {
    const api = await createApi();
    const outcomes = async () => {
      await control(api.emulator, 'POST', '/faults', { kind: 'error', status: 500, probability: 0.5, path: '/test-project/messages' });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await api.call('GET', '/messages')).status);
      return statuses;
    };
    expect((await control(api.emulator, 'DELETE', '/faults?seed=7')).status).toBe(204);
    const first = await outcomes();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect((await control(api.emulator, 'DELETE', '/faults?seed=7')).status).toBe(204);
    expect(api.emulator.faults.list()).toEqual([]);
    expect(await outcomes()).toEqual(first);

    const bad = await control(api.emulator, 'DELETE', '/faults?seed=x');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('seed must be an integer from 0 to 4294967295.');
    expect((await control(api.emulator, 'DELETE', '/faults?seed=4294967296')).status).toBe(400);
    expect(api.emulator.faults.list()).toHaveLength(1);
  });

  it.each([
    [{ kind: 'explode' }, "invalid fault rule: kind must be 'error', 'cut' or 'latency'."],
    [{ kind: 'error', status: 501 }, 'invalid fault rule: status must be one of 429, 500, 502, 503, 504.'],
    [
      { kind: 'error', time: 1 },
      'invalid fault rule: unknown field time (fields: kind, status, when, retryAfterSeconds, latencyMs, method, path, times, probability).',
    ],
    [{ kind: 'cut', status: 500 }, "invalid fault rule: status applies to kind 'error' only."],
    [{ kind: 'latency' }, "invalid fault rule: kind 'latency' needs latencyMs."],
    [{ kind: 'latency', latencyMs: 10, when: 'after' }, "invalid fault rule: when applies to kinds 'error' and 'cut' only."],
    [{ kind: 'error', when: 'later' }, "invalid fault rule: when must be 'before' or 'after'."],
    [{ kind: 'error', times: 0 }, 'invalid fault rule: times must be an integer >= 1.'],
    [{ kind: 'error', probability: 2 }, 'invalid fault rule: probability must be a number from 0 to 1.'],
    [{ kind: 'error', method: 'post' }, 'invalid fault rule: method must be an HTTP method in upper case, e.g. POST.'],
    [
      { kind: 'error', path: 'product-selections' },
      'invalid fault rule: path must be a RegExp or a string starting with "/" (a prefix of path and query, without the origin).',
    ],
    [
      { kind: 'error', pathPattern: '(' },
      'invalid fault rule: pathPattern is not a RegExp: Invalid regular expression: /(/: Unterminated group.',
    ],
    [{ kind: 'error', path: '/a', pathPattern: 'a' }, 'invalid fault rule: give path (a prefix) or pathPattern (a RegExp), not both.'],
    [{ kind: 'error', retryAfterSeconds: -1 }, 'invalid fault rule: retryAfterSeconds must be an integer >= 0.'],
    [{ kind: 'latency', latencyMs: 600_001 }, 'invalid fault rule: latencyMs must be an integer from 0 to 600000.'],
    [[{ kind: 'error' }], 'invalid fault rule: an object { kind, ... } expected.'],
  ])('refuses %j with 400 InvalidInput and installs nothing', async (rule, message) => {
    const emulator = createEmulator();
    const res = await control(emulator, 'POST', '/faults', rule);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'InvalidInput', message });
    expect(emulator.faults.list()).toEqual([]);
  });

  it('refuses a body that is not JSON with 400 InvalidJsonInput', async () => {
    const emulator = createEmulator();
    const res = await control(emulator, 'POST', '/faults', '{kind');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('InvalidJsonInput');
    expect(emulator.faults.list()).toEqual([]);
  });

  it('in-process, inject() checks a rule the same way', () => {
    const emulator = createEmulator();
    expect(() => emulator.faults.inject({ kind: 'error', status: 501 as 500 })).toThrow(
      new InvalidFaultRuleError('status must be one of 429, 500, 502, 503, 504'),
    );
    expect(emulator.faults.list()).toEqual([]);
    expect(checkFaultRule({ kind: 'cut', path: /x/, times: 2 })).toEqual({ kind: 'cut', path: /x/, times: 2 });
  });
});

const SET_MESSAGE =
  'set must be an ISO 8601 instant with a time zone (e.g. 2026-12-01T00:00:00Z) or an integer of ms since the epoch, up to +275760-09-13T00:00:00.000Z.';

describe('control API: clock', () => {
  it('tells the time of the wall clock, and refuses to move it', async () => {
    const emulator = createEmulator();
    const before = Date.now();
    const res = await control(emulator, 'GET', '/clock');
    const state = (await res.json()) as { now: string; epochMs: number; manual: boolean };
    expect(state.manual).toBe(false);
    expect(state.epochMs).toBeGreaterThanOrEqual(before);
    expect(state.now).toBe(new Date(state.epochMs).toISOString());
    const move = await control(emulator, 'POST', '/clock', { advanceMs: 1000 });
    expect(move.status).toBe(400);
    expect(await errorOf(move)).toEqual({
      code: 'InvalidOperation',
      message:
        'The emulator runs on the wall clock, which cannot be moved: start it with --manual-clock (CLI) or the clock option new ManualClock().',
    });
  });

  it('moves a manual clock: an access token expires 48 hours later', async () => {
    const api = await createApi();
    expect((await api.call('GET', '/product-selections')).status).toBe(200);
    const before = api.clock.now();
    const moved = await control(api.emulator, 'POST', '/clock', { advanceMs: 48 * 3600 * 1000 });
    expect(moved.status).toBe(200);
    const expected = before + 48 * 3600 * 1000;
    expect(await moved.json()).toEqual({ now: new Date(expected).toISOString(), epochMs: expected, manual: true });
    expect(api.clock.now()).toBe(expected);
    const expired = await api.call('GET', '/product-selections');
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].code).toBe('invalid_token');
  });

  it('sets a manual clock from an ISO 8601 instant or from milliseconds', async () => {
    const clock = new ManualClock(START);
    const emulator = createEmulator({ clock });
    const iso = await control(emulator, 'POST', '/clock', { set: '2026-12-01T00:00:00+01:00' });
    expect(((await iso.json()) as { now: string }).now).toBe('2026-11-30T23:00:00.000Z');
    const ms = await control(emulator, 'POST', '/clock', { set: Date.parse('2027-01-01T00:00:00Z') });
    expect(((await ms.json()) as { now: string }).now).toBe('2027-01-01T00:00:00.000Z');
    expect(clock.now()).toBe(Date.parse('2027-01-01T00:00:00Z'));
  });

  it.each([
    [{}, 'The body must be { "advanceMs": <ms> } or { "set": "<ISO 8601 instant>" | <ms since the epoch> }.'],
    [{ advanceMs: 1, set: 0 }, 'The body must be { "advanceMs": <ms> } or { "set": "<ISO 8601 instant>" | <ms since the epoch> }.'],
    [{ advance: 1 }, 'The body must be { "advanceMs": <ms> } or { "set": "<ISO 8601 instant>" | <ms since the epoch> }.'],
    [{ advanceMs: -1 }, 'advanceMs must be an integer >= 0.'],
    [{ advanceMs: 1.5 }, 'advanceMs must be an integer >= 0.'],
    [{ set: '2026-12-01' }, SET_MESSAGE],
    [{ set: '2026-13-45T00:00:00Z' }, SET_MESSAGE],
    [
      { set: '2026-02-01T00:00:00Z' },
      "set 2026-02-01T00:00:00.000Z is before the clock's time 2026-03-01T09:00:00.000Z: the clock never moves backwards.",
    ],
    [{ set: '2026-02-30T00:00:00Z' }, SET_MESSAGE],
    [{ set: '2026-03-01T24:00:00Z' }, SET_MESSAGE],
    [{ set: 8.64e15 + 1 }, SET_MESSAGE],
    [{ set: Number.MAX_SAFE_INTEGER }, SET_MESSAGE],
    [
      { advanceMs: Number.MAX_SAFE_INTEGER },
      `advanceMs ${Number.MAX_SAFE_INTEGER} would move the clock past +275760-09-13T00:00:00.000Z, the last instant a date can hold.`,
    ],
  ])('refuses %j with 400 InvalidInput and leaves the clock alone', async (body, message) => {
    const clock = new ManualClock(START);
    const emulator = createEmulator({ clock });
    const res = await control(emulator, 'POST', '/clock', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'InvalidInput', message });
    expect(clock.now()).toBe(START);
  });
});
