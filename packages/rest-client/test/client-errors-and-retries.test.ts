/**
 * The rest-client's errors, retries, aborts and secrets, through the client rather than the transport
 * level or not at all, here through `createRestClient` against the emulator. A guard per error
 * code on answers the emulator really gives; retries of exactly the idempotent cases (HEAD,
 * DELETE with version, updates with version) and never of a create; the correlation id on
 * thrown errors; the size guard counting headers; an abort of a request in flight over a real
 * socket; 1 000 concurrent calls on a cold and an expired cache; no secret in any error.
 */
import { startEmulator, type RunningEmulator } from '@commerce-kit/test-fixtures/emulator/server.js';
import { createTokenProvider } from '@commerce-kit/core-auth';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CommerceApiError,
  InvalidRequestError,
  NetworkError,
  createRestClient,
  isConcurrentModification,
  isDuplicateField,
  isGeneralError,
  isInsufficientScope,
  isInvalidField,
  isInvalidInput,
  isInvalidJsonInput,
  isInvalidOperation,
  isInvalidToken,
  isNotEmulated,
  isOverCapacity,
  isReferenceExists,
  isReferencedResourceNotFound,
  isRequiredField,
  isResourceNotFound,
  isTooManyRequests,
  isUnknownError,
  paginate,
  unwrap,
  type CommerceError,
  type RestClient,
} from '../src/index.js';
import { PROJECT, providerWithScope, recordingSleep, rejection, setup, type Setup } from './helpers.js';

const SELECTIONS = `/${PROJECT}/product-selections`;

const GUARDS = {
  ConcurrentModification: isConcurrentModification,
  ResourceNotFound: isResourceNotFound,
  InvalidInput: isInvalidInput,
  InvalidJsonInput: isInvalidJsonInput,
  RequiredField: isRequiredField,
  InvalidField: isInvalidField,
  DuplicateField: isDuplicateField,
  ReferencedResourceNotFound: isReferencedResourceNotFound,
  ReferenceExists: isReferenceExists,
  InvalidOperation: isInvalidOperation,
  invalid_token: isInvalidToken,
  insufficient_scope: isInsufficientScope,
  General: isGeneralError,
  OverCapacity: isOverCapacity,
  NotEmulated: isNotEmulated,
  TooManyRequests: isTooManyRequests,
  UnknownError: isUnknownError,
} as const;

/** Exactly the guard of `code` holds for `error`, every other one does not. */
function expectOnlyGuard(error: CommerceError | undefined, code: keyof typeof GUARDS): void {
  expect(error?.code).toBe(code);
  for (const [name, guard] of Object.entries(GUARDS)) expect(guard(error), `${name} on ${code}`).toBe(name === code);
}

async function selection(s: Setup, key: string) {
  return unwrap(await s.client.POST('/product-selections', { body: { key, name: { en: key } } }));
}

describe('a type guard per code, on answers the emulator gives', () => {
  it('the codes the other tests did not reach: InvalidJsonInput, InvalidField, General, OverCapacity, TooManyRequests', async () => {
    const s = setup({ retry: false });
    const created = await selection(s, 'guards');

    // Both id and key in one ResourceIdentifier: the service refuses it.
    const both = await s.client.POST('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: 1, actions: [{ action: 'addProduct', product: { typeId: 'product', id: 'x', key: 'y' } as never }] },
    });
    expectOnlyGuard(both.error, 'InvalidJsonInput');
    expect(both.error).toMatchObject({ statusCode: 400, detailedErrorMessage: expect.any(String) });

    // limit above 500 is InvalidInput; a value out of range in a body is InvalidField.
    const tooMany = await s.client.GET('/product-selections', { params: { query: { limit: 501 } } });
    expectOnlyGuard(tooMany.error, 'InvalidInput');

    s.emu.faults.inject({ kind: 'error', status: 500, method: 'POST', path: SELECTIONS, times: 1 });
    const general = await s.client.POST('/product-selections', { body: { key: 'g', name: { en: 'g' } } });
    expectOnlyGuard(general.error, 'General');
    expect(general.error?.statusCode).toBe(500);

    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: SELECTIONS, times: 1 });
    expectOnlyGuard((await s.client.POST('/product-selections', { body: { key: 'o', name: { en: 'o' } } })).error, 'OverCapacity');

    s.emu.faults.inject({ kind: 'error', status: 429, method: 'POST', path: SELECTIONS, times: 1 });
    const limited = await s.client.POST('/product-selections', { body: { key: 't', name: { en: 't' } } });
    expectOnlyGuard(limited.error, 'TooManyRequests');
    expect(limited.response.headers.get('retry-after')).toBe('1');
    expect(limited.error?.correlationId).toBe(limited.correlationId);
  });

  it('InvalidField: a value out of its domain, with field and invalidValue', async () => {
    const s = setup({ retry: false });
    const bad = await s.client.POST('/api-clients', { body: { name: 'audit', scope: `view_products:other-project` } });
    expectOnlyGuard(bad.error, 'InvalidField');
    if (isInvalidField(bad.error))
      expect(bad.error).toMatchObject({ statusCode: 400, field: 'scope', invalidValue: `view_products:other-project` });
  });

  it('NotEmulated: a live member and a live update action the emulator does not model, named in the error', async () => {
    const s = setup({ retry: false });
    const cart = await s.client.POST('/carts', { body: { currency: 'EUR', taxMode: 'ExternalAmount' } });
    expectOnlyGuard(cart.error, 'NotEmulated');
    if (isNotEmulated(cart.error)) expect(cart.error).toMatchObject({ statusCode: 501, field: 'taxMode' });
    expect(cart.error?.message).toContain("'taxMode'");

    const created = unwrap(await s.client.POST('/carts', { body: { currency: 'EUR' } }));
    const action = await s.client.POST('/carts/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: created.version, actions: [{ action: 'setLineItemShippingDetails', lineItemId: 'x' }] as never },
    });
    expectOnlyGuard(action.error, 'NotEmulated');
    expect(action.error).toMatchObject({ action: 'setLineItemShippingDetails', field: 'actions.0.action' });
    const thrown = await rejection(Promise.resolve().then(() => unwrap(action)));
    expect((thrown as CommerceApiError).message).toMatch(/^501 NotEmulated: .*'setLineItemShippingDetails'/);
  });

  it("the message carries the service's detailedErrorMessage: the value's and unwrap's", async () => {
    const s = setup({ retry: false });
    const short = await s.client.POST('/product-selections', { body: { key: 'k', name: { en: 'k' } } });
    expectOnlyGuard(short.error, 'InvalidJsonInput');
    const detail = 'key: must NOT have fewer than 2 characters';
    expect(short.error?.message).toBe(`Request body does not contain valid JSON. ${detail}`);
    // The entry of `errors` stays as sent.
    expect(short.error?.errors[0]).toMatchObject({ message: 'Request body does not contain valid JSON.', detailedErrorMessage: detail });
    const thrown = await rejection(Promise.resolve().then(() => unwrap(short)));
    expect((thrown as CommerceApiError).message).toBe(`400 InvalidJsonInput: Request body does not contain valid JSON. ${detail}`);
  });

  it('each guard is false for anything that is not an error value', () => {
    for (const guard of Object.values(GUARDS)) {
      for (const value of [
        undefined,
        null,
        'ConcurrentModification',
        { code: 'ConcurrentModification' },
        new Error('ConcurrentModification'),
      ]) {
        expect(guard(value)).toBe(false);
      }
    }
  });
});

describe('retries through the client: exactly the idempotent cases', () => {
  it('HEAD after 503 and a cut connection', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup({ retry: { sleep } });
    const created = await selection(s, 'head');
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'HEAD', path: SELECTIONS, times: 1 });
    s.emu.faults.inject({ kind: 'cut', method: 'HEAD', path: SELECTIONS, times: 1 });
    const head = await (s.client.HEAD as unknown as RestClient['GET'])('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
    });
    expect(head.response.status).toBe(200);
    expect(s.rec.api().filter((r) => r.method === 'HEAD')).toHaveLength(3);
    expect(delays).toHaveLength(2);
  });

  it('DELETE with version after 502 and 504: deleted once', async () => {
    const { sleep } = recordingSleep();
    const s = setup({ retry: { sleep } });
    const created = await selection(s, 'del');
    s.emu.faults.inject({ kind: 'error', status: 502, method: 'DELETE', path: SELECTIONS, times: 1 });
    s.emu.faults.inject({ kind: 'error', status: 504, method: 'DELETE', path: SELECTIONS, times: 1 });
    const deleted = await s.client.DELETE('/product-selections/{ID}', { params: { path: { ID: created.id }, query: { version: 1 } } });
    expect(deleted.error).toBeUndefined();
    expect(deleted.data).toMatchObject({ id: created.id, version: 1 });
    expect(s.rec.api().filter((r) => r.method === 'DELETE')).toHaveLength(3);
    expect(isResourceNotFound((await s.client.GET('/product-selections/{ID}', { params: { path: { ID: created.id } } })).error)).toBe(true);
  });

  it('DELETE without version is not retried', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup({ retry: { sleep } });
    const created = await selection(s, 'del-no-version');
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'DELETE', path: SELECTIONS, times: 1 });
    const res = await s.client.DELETE('/product-selections/{ID}', { params: { path: { ID: created.id } } } as never);
    expect(res.response.status).toBe(503);
    expect(s.rec.api().filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('an update with version after 429 (Retry-After), 502, 503, 504 and a cut: applied once', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup({ retry: { sleep, maxRetries: 5, random: () => 0.5 } });
    const created = await selection(s, 'upd');
    const path = `${SELECTIONS}/${created.id}`;
    s.emu.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 2, method: 'POST', path, times: 1 });
    for (const status of [502, 503, 504] as const) s.emu.faults.inject({ kind: 'error', status, method: 'POST', path, times: 1 });
    s.emu.faults.inject({ kind: 'cut', method: 'POST', path, times: 1 });
    const updated = await s.client.POST('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: 1, actions: [{ action: 'changeName', name: { en: 'renamed' } }] },
    });
    expect(updated.error).toBeUndefined();
    expect(updated.data).toMatchObject({ version: 2, name: { en: 'renamed' } });
    expect(s.rec.api().filter((r) => r.path === path)).toHaveLength(6);
    // Retry-After first, then full jitter (draws of 0.5) below 200 · 2^n.
    expect(delays).toEqual([2_000, 200, 400, 800, 1_600]);
  });

  it('a create after 429, 502, 503, 504 or a cut is never retried blindly, and nothing is created twice', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup({ retry: { sleep } });
    const faults = [
      { kind: 'error', status: 429 },
      { kind: 'error', status: 502 },
      { kind: 'error', status: 503 },
      { kind: 'error', status: 504 },
    ] as const;
    for (const [i, fault] of faults.entries()) {
      s.emu.faults.inject({ ...fault, method: 'POST', path: SELECTIONS, times: 1 });
      const res = await s.client.POST('/product-selections', { body: { key: `c-${i}`, name: { en: 'c' } } });
      expect(res.response.status).toBe(fault.status);
    }
    s.emu.faults.inject({ kind: 'cut', when: 'after', method: 'POST', path: SELECTIONS, times: 1 });
    expect(await rejection(s.client.POST('/product-selections', { body: { key: 'c-cut', name: { en: 'c' } } }))).toBeInstanceOf(
      NetworkError,
    );
    expect(s.rec.api().filter((r) => r.method === 'POST' && r.path === SELECTIONS)).toHaveLength(5);
    expect(delays).toEqual([]);
    const all = unwrap(await s.client.GET('/product-selections', { params: { query: { withTotal: true } } }));
    expect(all.results.map((r) => r.key)).toEqual(['c-cut']);
  });

  it('bounds the total time through the client: a Retry-After past maxElapsedMs is not waited for', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup({ retry: { sleep, maxElapsedMs: 1_000 } });
    s.emu.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 5, method: 'GET', path: SELECTIONS, times: 1 });
    const res = await s.client.GET('/product-selections');
    expectOnlyGuard(res.error, 'TooManyRequests');
    expect(delays).toEqual([]);
    expect(s.rec.api()).toHaveLength(1);
  });
});

describe('AbortSignal over a real socket', () => {
  let server: RunningEmulator | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('an abort while the request is in flight rejects with AbortError at once, and nothing is retried', async () => {
    // The requests the emulator is done with (answered or cut).
    const answered: string[] = [];
    server = await startEmulator({ projectKey: PROJECT, onRequest: ({ path }) => answered.push(path) });
    const { emulator, urls } = server;
    const sent: string[] = [];
    const counting: typeof fetch = (input, init) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: urls.auth,
      projectKey: PROJECT,
      credentials: emulator.credentials,
      fetch: counting,
    });
    await tokenProvider.getToken();
    const client = createRestClient({ baseUrl: urls.api, projectKey: PROJECT, auth: { tokenProvider }, fetch: counting });
    emulator.faults.inject({ kind: 'latency', latencyMs: 3_000, method: 'GET', path: SELECTIONS, times: 1 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(client.GET('/product-selections', { signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
    // At once: the emulator still waits out its 3 s of latency.
    expect(answered.filter((path) => path.endsWith('/product-selections'))).toEqual([]);
    expect(sent.filter((url) => url.includes('/product-selections'))).toHaveLength(1);
  });
});

describe('correlation ids on thrown errors', () => {
  it('CommerceApiError of unwrap and of paginate, and NetworkError, carry the id the request was sent with', async () => {
    const { sleep } = recordingSleep();
    const s = setup({ retry: { sleep, maxRetries: 1 } });
    const thrown = (await rejection(
      (async () => unwrap(await s.client.GET('/stores/key={key}', { params: { path: { key: 'nope' } } })))(),
    )) as CommerceApiError;
    expect(thrown).toBeInstanceOf(CommerceApiError);
    expect(thrown.correlationId).toMatch(/^ck-[0-9a-f]{32}$/);
    expect(thrown.correlationId).toBe(s.rec.api().at(-1)!.headers.get('x-correlation-id'));

    const paged = (await rejection(
      paginate(s.client, '/product-selections', { query: { where: ['nonsense ==== 1'] } }).next(),
    )) as CommerceApiError;
    expect(paged).toBeInstanceOf(CommerceApiError);
    expect(paged.correlationId).toBe(s.rec.api().at(-1)!.headers.get('x-correlation-id'));

    s.emu.faults.inject({ kind: 'cut', method: 'GET', path: SELECTIONS });
    const network = (await rejection(
      s.client.GET('/product-selections', { params: { header: { 'X-Correlation-ID': 'audit-net-0001' } } }),
    )) as NetworkError;
    expect(network).toBeInstanceOf(NetworkError);
    expect(network).toMatchObject({ correlationId: 'audit-net-0001', attempts: 2 });
  });
});

describe('request size guard', () => {
  it('counts the headers: a header that takes URL plus headers over 15 KB fails before sending, and names no value', async () => {
    const s = setup();
    const big = 'x'.repeat(15 * 1024);
    const error = await rejection(s.client.GET('/stores', { headers: { 'X-Audit-Note': big } }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
    expect((error as Error).message).toMatch(/over the limit of 15360/);
    expect((error as Error).message).not.toContain('xxxxxxxx');
    expect(s.rec.api()).toHaveLength(0);
    // Just under it goes through, and the service accepts it.
    const fits = await s.client.GET('/stores', { headers: { 'X-Audit-Note': 'x'.repeat(12 * 1024) } });
    expect(fits.error).toBeUndefined();
  });
});

describe('the token provider under the client', () => {
  it('1 000 concurrent calls on a cold cache send one token request; after expiry one more', async () => {
    const s = setup();
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: s.emu.urls().auth,
      projectKey: PROJECT,
      credentials: s.emu.credentials,
      fetch: s.rec.fetch,
      clock: s.clock,
    });
    const client = s.makeClient({ auth: { tokenProvider } });
    const cold = await Promise.all(Array.from({ length: 1000 }, () => client.GET('/stores')));
    expect(cold.every((r) => r.error === undefined)).toBe(true);
    expect(s.rec.tokenRequests()).toBe(1);
    s.clock.advance(49 * 3600 * 1000);
    const expired = await Promise.all(Array.from({ length: 1000 }, () => client.GET('/stores')));
    expect(expired.every((r) => r.error === undefined)).toBe(true);
    expect(s.rec.tokenRequests()).toBe(2);
  });

  it('401 invalid_token: the client invalidates, fetches a new token and retries once; the data comes back', async () => {
    const s = setup();
    const created = await selection(s, 'revoked');
    const first = await s.tokenProvider.getToken();
    const revoke = await s.emu.fetch(`${s.emu.urls().auth}/oauth/token/revoke`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${s.emu.credentials.clientId}:${s.emu.credentials.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: first }).toString(),
    });
    expect(revoke.status).toBe(200);
    const before = s.rec.api().length;
    const read = await s.client.GET('/product-selections/{ID}', { params: { path: { ID: created.id } } });
    expect(read.data?.id).toBe(created.id);
    const attempts = s.rec.api().slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.headers.get('authorization')).toBe(`Bearer ${first}`);
    expect(attempts[1]!.headers.get('authorization')).toBe(`Bearer ${await s.tokenProvider.getToken()}`);
    expect(attempts[1]!.headers.get('authorization')).not.toBe(`Bearer ${first}`);
  });
});

describe('no secret in any error of the client', () => {
  it('the bearer token and the client secret appear in no error, message, cause or enumerable field', async () => {
    const { sleep } = recordingSleep();
    const s = setup({ retry: { sleep, maxRetries: 1 } });
    const token = await s.tokenProvider.getToken();
    const secret = s.emu.credentials.clientSecret;
    const { inspect } = await import('node:util');
    const shown = (error: unknown) =>
      [String(error), JSON.stringify(error), inspect(error, { depth: 20, showHidden: true }), (error as Error).stack ?? ''].join('\n');

    const errors: unknown[] = [];
    errors.push(await rejection((async () => unwrap(await s.client.GET('/stores/key={key}', { params: { path: { key: 'nope' } } })))()));
    s.emu.faults.inject({ kind: 'cut', method: 'GET', path: `/${PROJECT}/stores`, times: 2 });
    errors.push(await rejection(s.client.GET('/stores')));
    errors.push(await rejection(s.client.GET('/stores', { headers: { 'X-Correlation-ID': 'bad/id' } })));
    errors.push(await rejection(s.client.GET('/stores', { headers: { 'X-Big': 'y'.repeat(16 * 1024) } })));
    const reader = s.makeClient({ auth: providerWithScope(s, `view_stores:${PROJECT}`) });
    errors.push((await reader.POST('/stores', { body: { key: 'k' } })).error);
    const refused = s.makeClient({ auth: { getToken: async () => token.split('').reverse().join(''), invalidate: () => undefined } });
    errors.push((await refused.GET('/stores')).error);

    expect(errors.map((e) => (e as { name?: string; code?: string }).name ?? (e as { code?: string }).code)).toEqual([
      'CommerceApiError',
      'NetworkError',
      'InvalidRequestError',
      'InvalidRequestError',
      'insufficient_scope',
      'invalid_token',
    ]);
    for (const error of errors) {
      const text = shown(error);
      expect(text).not.toContain(token);
      expect(text).not.toContain(secret);
    }
  });
});
