/**
 * The REST call runtime shared by the REST clients (`serviceCall`), used on its own as the
 * README shows, against the emulator: the request it builds and the answer it reads.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError, commerceQuerySerializer, createTransport, serviceCall, toServiceError } from '../../src/http/index.js';
import { rejection, setup } from './helpers.js';

describe('serviceCall', () => {
  it('fills the path, writes the query, merges headers, sends JSON and reads data or a typed error', async () => {
    const s = setup();
    const send = serviceCall(
      createTransport({ fetch: s.rec.fetch, auth: s.provider }),
      s.base,
      { 'accept-language': 'de' },
      toServiceError,
    );

    const created = await send('POST', '/product-selections', { body: { key: 'summer-sale', name: { en: 'Summer' } } });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({ key: 'summer-sale', version: 1 });
    expect(created.correlationId).toMatch(/^ck-[0-9a-f]{32}$/);
    const post = s.rec.api().at(-1)!;
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.headers.get('accept-language')).toBe('de');

    const byKey = await send('GET', '/product-selections/key={key}', {
      params: { path: { key: 'summer-sale' } },
      headers: { 'Accept-Language': 'en', 'X-Extra': ['a', 'b'] },
    });
    expect(byKey.data).toMatchObject({ key: 'summer-sale' });
    const get = s.rec.api().at(-1)!;
    expect(get.path).toBe('/test-project/product-selections/key=summer-sale');
    expect(get.headers.get('accept-language')).toBe('en');
    expect(get.headers.get('x-extra')).toBe('a, b');

    const query = { where: ['key = :k'], var: { k: 'summer-sale' }, limit: 1 };
    const page = await send('GET', '/product-selections', { params: { query } });
    expect(page.data).toMatchObject({ count: 1, results: [{ key: 'summer-sale' }] });
    expect(s.rec.api().at(-1)!.search).toBe(`?${commerceQuerySerializer(query)}`);

    const missing = await send('GET', '/product-selections/{ID}', { params: { path: { ID: 'no-such-id' } } });
    expect(missing.data).toBeUndefined();
    expect(missing.error).toMatchObject({ code: 'ResourceNotFound', statusCode: 404, correlationId: missing.correlationId });
  });

  it("refuses openapi-fetch's own per-call options before sending", async () => {
    const s = setup();
    const send = serviceCall(createTransport({ fetch: s.rec.fetch, auth: s.provider }), s.base, {}, toServiceError);
    const error = await rejection(send('GET', '/product-selections', { fetch: globalThis.fetch }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION', message: expect.stringContaining('fetch is an option of openapi-fetch') });
    expect(s.rec.api()).toHaveLength(0);
  });

  it('hands a createTransport transport the call as a draft, sending what a plain fetch transport is sent, RequestInit options included', async () => {
    const s = setup();
    const inits: RequestInit[] = [];
    // The same steps reached two ways: as a draft (createTransport's own), and through fetch's arguments (a wrapper function).
    const direct = createTransport({ fetch: (input, init) => (inits.push(init!), s.rec.fetch(input, init)), auth: s.provider });
    const wrapped = (url: string, init: RequestInit) => direct(url, init);
    const controller = new AbortController();
    const call = {
      body: { key: 'k-{n}', name: { en: 'N' } },
      headers: { 'X-Extra': 'x' },
      signal: controller.signal,
      cache: 'no-store' as const,
    };
    for (const [n, transport] of [direct, wrapped].entries()) {
      const send = serviceCall(transport, s.base, { 'accept-language': 'de' }, toServiceError);
      const created = await send('POST', '/product-selections', { ...call, body: { ...call.body, key: `k-${n}` } });
      expect(created.data).toMatchObject({ key: `k-${n}`, version: 1 });
    }
    const [viaDraft, viaFetchArgs] = s.rec.api();
    for (const sent of [viaDraft!, viaFetchArgs!]) {
      expect(sent.method).toBe('POST');
      expect(sent.headers.get('content-type')).toBe('application/json');
      expect(sent.headers.get('accept-language')).toBe('de');
      expect(sent.headers.get('x-extra')).toBe('x');
      expect(sent.headers.get('authorization')).toMatch(/^Bearer /);
      expect(sent.headers.get('x-correlation-id')).toMatch(/^ck-[0-9a-f]{32}$/);
    }
    expect([...viaDraft!.headers.keys()].sort()).toEqual([...viaFetchArgs!.headers.keys()].sort());
    expect(inits.map((init) => [init.signal, init.cache])).toEqual([
      [controller.signal, 'no-store'],
      [controller.signal, 'no-store'],
    ]);
    // Bodies that are not JSON (FormData, Blob) take the fetch arguments' way, with the type they carry.
    const send = serviceCall(direct, s.base, {}, toServiceError);
    const blob = await send('POST', '/product-selections', {
      body: new Blob(['{"key":"as-blob","name":{"en":"B"}}'], { type: 'application/json' }),
    });
    expect(blob.data).toMatchObject({ key: 'as-blob' });
  });
});
