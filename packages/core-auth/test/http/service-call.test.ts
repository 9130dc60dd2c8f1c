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
    const send = serviceCall(createTransport({ fetch: s.rec.fetch, auth: s.provider }), s.base, { 'accept-language': 'de' }, toServiceError);

    const created = await send('POST', '/product-selections', { body: { key: 'summer sale', name: { en: 'Summer' } } });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({ key: 'summer sale', version: 1 });
    expect(created.correlationId).toMatch(/^ck-[0-9a-f]{32}$/);
    const post = s.rec.api().at(-1)!;
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.headers.get('accept-language')).toBe('de');

    const byKey = await send('GET', '/product-selections/key={key}', {
      params: { path: { key: 'summer sale' } },
      headers: { 'Accept-Language': 'en', 'X-Extra': ['a', 'b'] },
    });
    expect(byKey.data).toMatchObject({ key: 'summer sale' });
    const get = s.rec.api().at(-1)!;
    expect(get.path).toBe('/test-project/product-selections/key=summer%20sale');
    expect(get.headers.get('accept-language')).toBe('en');
    expect(get.headers.get('x-extra')).toBe('a, b');

    const query = { where: ['key = :k'], var: { k: 'summer sale' }, limit: 1 };
    const page = await send('GET', '/product-selections', { params: { query } });
    expect(page.data).toMatchObject({ count: 1, results: [{ key: 'summer sale' }] });
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
});
