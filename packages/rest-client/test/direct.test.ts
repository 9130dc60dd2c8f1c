/**
 * A call goes out without openapi-fetch's `coreFetch` until openapi-fetch middleware is
 * registered (src/direct.ts), and through it from then on: what reaches the service and what the
 * call returns are the same either way.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/index.js';
import { setup } from './helpers.js';

describe('calls without openapi-fetch middleware', () => {
  it('sends and reads a call the same whether openapi-fetch sends it or not (it does once it has middleware)', async () => {
    const s = setup();
    const sent: unknown[][] = [[], []];
    let side = 0;
    const watching = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const { method, url, redirect, credentials, cache, mode, keepalive } = request;
      const headers = [...request.headers].filter(([name]) => name !== 'x-correlation-id');
      sent[side]!.push({ method, url, redirect, credentials, cache, mode, keepalive, headers, body: await request.clone().text() });
      return s.emu.fetch(request);
    };
    const made = [0, 1].map(() => s.makeClient({ fetch: watching, headers: { 'Accept-Language': 'de' } }));
    made[1]!.use({ onRequest: () => undefined });
    const created = unwrap(await made[0]!.POST('/product-selections', { body: { key: 'same', name: { en: 'Same' } } }));
    const ID = created.id;
    sent[0]!.length = 0;
    const results: unknown[][] = [[], []];
    for (side = 0; side < 2; side++) {
      const client = made[side]!;
      const calls = [
        client.GET('/product-selections/{ID}', { params: { path: { ID } } }),
        client.GET('/product-selections', { params: { query: { where: ['key = :k'], var: { k: 'same' }, sort: ['id asc'], limit: 5 } } }),
        client.GET('/product-selections/key={key}', { params: { path: { key: 'none' } }, headers: { 'X-External-User-ID': 'user-1' } }),
        client.GET('/product-selections/{ID}', { params: { path: { ID }, header: { 'X-External-User-ID': 'user-2' } }, parseAs: 'text' }),
        // The schema has no HEAD endpoint; the emulator answers HEAD like GET, without a body.
        (client.HEAD as unknown as typeof client.GET)('/product-selections/{ID}', { params: { path: { ID } } }),
        client.POST('/product-selections/{ID}', { params: { path: { ID } }, body: { version: 9, actions: [{ action: 'changeName', name: { en: 'x' } }] } }),
        client.DELETE('/product-selections/{ID}', { params: { path: { ID }, query: { version: 9 } } }),
      ];
      for (const call of calls) {
        const { data, error, response } = await call;
        const { correlationId: _, ...rest } = (error ?? {}) as Record<string, unknown>;
        results[side]!.push({ data, error: error === undefined ? undefined : rest, status: response.status });
      }
    }
    expect(results[1]).toEqual(results[0]);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toHaveLength(7);
  });
});
