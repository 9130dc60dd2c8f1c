import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  InvalidRequestError,
  assertExternalUserId,
  correlationIdOf,
  createTransport,
  readServiceError,
  toServiceError,
  urlAndHeadersBytes,
  type NetworkError,
} from '../../src/http/index.js';
import { everythingShown, json, recordingSleep, rejection, setup } from './helpers.js';

describe('plain http', () => {
  it('refuses plain http: to a host that is not loopback before sending, as the clients do; https:, loopback and relative URLs go out', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    for (const url of ['http://api.example.com/p/stores', 'HTTP://api.example.com/p/stores', 'http://10.0.0.1/p/stores']) {
      const error = await rejection(transport(url));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ code: 'INSECURE_URL' });
    }
    expect(await rejection(transport('https://user:pw@api.example.com/p/stores'))).toMatchObject({ code: 'CREDENTIALS_IN_URL' });
    expect(s.rec.seen).toHaveLength(0);
    expect((await transport(`${s.base}/product-selections`)).status).toBe(200);
    const seen: string[] = [];
    const viaLoopback = createTransport({ fetch: async (input) => (seen.push(String(input)), new Response('{}')) });
    for (const url of ['https://api.example.com/p/stores', 'http://localhost:8080/p/stores', 'http://[::1]/p/stores', '/p/stores']) {
      expect((await viaLoopback(url)).status).toBe(200);
    }
    expect(seen).toHaveLength(4);
  });
});

describe('request size guard', () => {
  it('refuses URL plus headers over 15 KB before sending, naming sizes but not the token', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const ids = Array.from({ length: 500 }, (_, i) => `"${i.toString().padStart(36, '0')}"`).join(', ');
    const error = await rejection(transport(`${s.base}/product-selections?where=${encodeURIComponent(`id in (${ids})`)}`));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'REQUEST_TOO_LARGE', cause: { limit: 15 * 1024 } });
    expect(s.rec.api()).toHaveLength(0);
    const token = await s.provider.getToken();
    expect(await everythingShown(error)).not.toContain(token);
  });

  it('counts the Authorization header: a URL that fits alone can be refused with the token', async () => {
    const s = setup();
    const token = await s.provider.getToken();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const probe = new Request(`${s.base}/product-selections?where=`, {
      headers: { 'x-correlation-id': 'ck-00000000000000000000000000000000' },
    });
    const fixed = urlAndHeadersBytes(probe).total;
    const room = 15 * 1024 - fixed;
    const justFits = 'x'.repeat(room - 10);
    // Without the token it would fit; with `authorization: Bearer <token>` it does not.
    expect(fixed + justFits.length).toBeLessThanOrEqual(15 * 1024);
    const error = await rejection(transport(`${s.base}/product-selections?where=${justFits}`));
    expect(error).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
    expect(token.length).toBeGreaterThan(10);
  });

  it('lets a request just under the limit through, and the service accepts it', async () => {
    const s = setup();
    const token = await s.provider.getToken();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const headers = { 'x-correlation-id': 'ck-00000000000000000000000000000000', authorization: `Bearer ${token}` };
    const base = urlAndHeadersBytes(new Request(`${s.base}/product-selections?x=`, { headers })).total;
    const filler = 'a'.repeat(15 * 1024 - base);
    const res = await transport(`${s.base}/product-selections?x=${filler}`, {
      headers: { 'x-correlation-id': headers['x-correlation-id'] },
    });
    expect(s.rec.api()).toHaveLength(1);
    expect(res.status).not.toBe(431);
  });

  it('takes a stricter limit, and refuses a bad one', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, maxUrlAndHeadersBytes: 1_000 });
    expect(await rejection(transport(`${s.base}/stores?where=${'x'.repeat(1_000)}`))).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
    expect(() => createTransport({ maxUrlAndHeadersBytes: 0 })).toThrow(ConfigurationError);
  });
});

describe('correlation id', () => {
  it('generates a valid id per request, which the service echoes', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const a = await transport(`${s.base}/stores`);
    const b = await transport(`${s.base}/stores`);
    const [sentA, sentB] = s.rec.api().map((r) => r.headers.get('x-correlation-id')!);
    expect(sentA).toMatch(/^ck-[0-9a-f]{32}$/);
    expect(sentA).not.toBe(sentB);
    expect(correlationIdOf(a)).toBe(sentA);
    expect(correlationIdOf(b)).toBe(sentB);
  });

  it('uses a prefix or a generator', async () => {
    const s = setup();
    let n = 0;
    await createTransport({ fetch: s.rec.fetch, auth: s.provider, correlationId: { prefix: 'checkout_eu' } })(`${s.base}/stores`);
    await createTransport({ fetch: s.rec.fetch, auth: s.provider, correlationId: { generate: () => `job-000000${(n += 1)}` } })(
      `${s.base}/stores`,
    );
    const [a, b] = s.rec.api().map((r) => r.headers.get('x-correlation-id'));
    expect(a).toMatch(/^checkout_eu-[0-9a-f]{32}$/);
    expect(b).toBe('job-0000001');
  });

  it('keeps a valid caller id and refuses an invalid one before sending', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const res = await transport(`${s.base}/stores`, { headers: { 'X-Correlation-ID': 'order-4711-attempt_1' } });
    expect(res.headers.get('x-correlation-id')).toBe('order-4711-attempt_1');
    for (const bad of ['short', 'has/slash-1234', 'has space 1234', 'x'.repeat(257)]) {
      const error = await rejection(transport(`${s.base}/stores`, { headers: { 'X-Correlation-ID': bad } }));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ code: 'INVALID_CORRELATION_ID' });
    }
    expect(s.rec.api()).toHaveLength(1);
  });

  it('refuses a generator that makes invalid ids, and a prefix with a slash', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, correlationId: { generate: () => 'bad' } });
    expect(await rejection(transport(`${s.base}/stores`))).toMatchObject({ code: 'INVALID_CORRELATION_ID' });
    expect(() => createTransport({ correlationId: { prefix: 'my-app/1' } })).toThrow(ConfigurationError);
    expect(s.rec.seen).toHaveLength(0);
  });

  it('puts the id on a network error too', async () => {
    const s = setup();
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep, maxRetries: 0 } });
    s.emu.faults.inject({ kind: 'cut', path: '/test-project/stores', times: 1 });
    const error = (await rejection(transport(`${s.base}/stores`))) as NetworkError;
    expect(error.correlationId).toBe(s.rec.api()[0]!.headers.get('x-correlation-id'));
  });
});

describe('X-External-User-ID', () => {
  it('sets the transport value, lets a request override it, and the service records it', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, externalUserId: 'backoffice-17' });
    const a = await (await transport(`${s.base}/product-selections`, json('POST', { key: 'aa', name: { en: 'a' } }))).json();
    const b = await (
      await transport(`${s.base}/product-selections`, json('POST', { key: 'bb', name: { en: 'b' } }, { 'X-External-User-ID': 'user-4711' }))
    ).json();
    expect(a.createdBy.externalUserId).toBe('backoffice-17');
    expect(b.createdBy.externalUserId).toBe('user-4711');
  });

  it('takes a function, asked per request', async () => {
    const s = setup();
    let current: string | undefined = 'session-a';
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, externalUserId: () => current });
    await transport(`${s.base}/stores`);
    current = undefined;
    await transport(`${s.base}/stores`);
    expect(s.rec.api().map((r) => r.headers.get('x-external-user-id'))).toEqual(['session-a', null]);
  });

  it('refuses anything that looks like an e-mail address, before sending', async () => {
    const s = setup();
    expect(() => createTransport({ externalUserId: 'jen@example.com' })).toThrow(ConfigurationError);
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    for (const value of ['jen@example.com', 'user:Jen.Doe@shop.example.co.uk', 'jen%40example.com', '', 'x'.repeat(257)]) {
      const error = await rejection(transport(`${s.base}/stores`, { headers: { 'X-External-User-ID': value } }));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ code: 'INVALID_EXTERNAL_USER_ID' });
      if (value.includes('@')) expect(await everythingShown(error)).not.toContain(value);
    }
    // A function's value is checked too.
    const fromSession = createTransport({ fetch: s.rec.fetch, auth: s.provider, externalUserId: () => 'jen@example.com' });
    expect(await rejection(fromSession(`${s.base}/stores`))).toMatchObject({ code: 'INVALID_EXTERNAL_USER_ID' });
    expect(s.rec.api()).toHaveLength(0);
    expect(() => assertExternalUserId('user-4711')).not.toThrow();
    expect(() => assertExternalUserId('@handle')).not.toThrow();
  });
});

describe('error bodies', () => {
  it('parses the service error body into a value typed by code, with the correlation id', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const created = await (await transport(`${s.base}/product-selections`, json('POST', { key: 'ee', name: { en: 'e' } }))).json();
    const res = await transport(
      `${s.base}/product-selections/${created.id}`,
      json('POST', { version: 7, actions: [{ action: 'changeName', name: { en: 'x' } }] }),
    );
    const error = await readServiceError(res);
    expect(error).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: 1,
      statusCode: 409,
      correlationId: res.headers.get('x-correlation-id'),
    });
    expect(error.errors).toHaveLength(1);
    // The answer stays readable.
    expect((await res.json()).statusCode).toBe(409);
    const missing = await readServiceError(await transport(`${s.base}/stores/key=nope`));
    expect(missing).toMatchObject({ code: 'ResourceNotFound', statusCode: 404, message: "The Resource with key 'nope' was not found." });
    const unauthorized = await readServiceError(await createTransport({ fetch: s.rec.fetch })(`${s.base}/stores`));
    expect(unauthorized).toMatchObject({ code: 'invalid_token', error: 'invalid_token', statusCode: 401 });
  });

  it('makes an UnknownError of an answer without an error body', () => {
    const html = toServiceError('<html>bad gateway</html>', new Response(null, { status: 502 }));
    expect(html).toMatchObject({ code: 'UnknownError', statusCode: 502, errors: [], correlationId: undefined });
    expect(html.reportedCode).toBeUndefined();
    expect(toServiceError(undefined, new Response(null, { status: 500, headers: { 'x-correlation-id': 'abcdefgh' } }))).toMatchObject({
      code: 'UnknownError',
      correlationId: 'abcdefgh',
    });
  });
});
