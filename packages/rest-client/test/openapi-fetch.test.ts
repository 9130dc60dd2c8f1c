/**
 * `@commerce-kit/rest-client/openapi-fetch`: openapi-fetch's own client over a REST client's
 * transport. What reaches the service and what a call returns are the same as with the client's
 * own runtime (src/call.ts), and openapi-fetch's middleware runs above the transport.
 */
import { describe, expect, it } from 'vitest';
import { toServiceResult } from '@commerce-kit/core-auth/http';
import { toCommerceError, unwrap, type RestClient } from '../src/index.js';
import { createOpenapiFetchClient, type RawClient } from '../src/openapi-fetch.js';
import { PROJECT, setup } from './helpers.js';

/** What a body read as `parseAs` says looks like, comparable with `toEqual`. */
async function comparable(data: unknown): Promise<unknown> {
  if (data instanceof Blob) return { blob: data.type, text: await data.text() };
  if (data instanceof ArrayBuffer) return { arrayBuffer: new TextDecoder().decode(data) };
  if (data instanceof ReadableStream) return { stream: await new Response(data).text() };
  return data;
}

describe('createOpenapiFetchClient', () => {
  it('sends and reads every call the same as the client itself', async () => {
    const s = setup();
    const sent: unknown[][] = [[], []];
    let side = 0;
    const watching = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const { method, url, redirect, credentials, cache, mode, keepalive } = request;
      const headers = [...request.headers].filter(([name]) => name !== 'x-correlation-id' && name !== 'content-type');
      const type = request.headers.get('content-type')?.replace(/boundary=.*/, 'boundary=');
      sent[side]!.push({
        method,
        url,
        redirect,
        credentials,
        cache,
        mode,
        keepalive,
        headers,
        type,
        body: (await request.clone().text()).replace(/-{4,}.*/g, '-'),
      });
      return s.emu.fetch(request);
    };
    const client = s.makeClient({ fetch: watching, headers: { 'Accept-Language': 'de' } });
    const raw = createOpenapiFetchClient(client);
    const created = unwrap(await client.POST('/product-selections', { body: { key: 'same', name: { en: 'Same' } } }));
    const ID = created.id;
    sent[0]!.length = 0;
    const form = new FormData();
    form.set('key', 'form');
    const results: unknown[][] = [[], []];
    for (side = 0; side < 2; side++) {
      const c = (side === 0 ? client : raw) as unknown as RestClient;
      const calls = [
        c.GET('/product-selections/{ID}', { params: { path: { ID } } }),
        c.GET('/product-selections', { params: { query: { where: ['key = :k'], var: { k: 'same' }, sort: ['id asc'], limit: 5 } } }),
        c.GET('/product-selections/key={key}', { params: { path: { key: 'none' } }, headers: { 'X-External-User-ID': 'user-1' } }),
        c.GET('/product-selections/{ID}', { params: { path: { ID }, header: { 'X-External-User-ID': 'user-2' } }, parseAs: 'text' }),
        c.GET('/product-selections/{ID}', { params: { path: { ID } }, parseAs: 'blob' }),
        c.GET('/product-selections/{ID}', { params: { path: { ID } }, parseAs: 'arrayBuffer' }),
        c.GET('/product-selections/{ID}', { params: { path: { ID } }, parseAs: 'stream' }),
        c.GET('/product-selections/{ID}', {
          params: { path: { ID } },
          headers: { 'accept-language': 'en', 'Accept-Language': ['fr', 'it'] },
          cache: 'no-store',
        }),
        // The schema has no HEAD endpoint; the emulator answers HEAD like GET, without a body.
        (c.HEAD as unknown as typeof c.GET)('/product-selections/{ID}', { params: { path: { ID } } }),
        c.POST('/product-selections/{ID}', {
          params: { path: { ID } },
          body: { version: 9, actions: [{ action: 'changeName', name: { en: 'x' } }] },
        }),
        c.POST('/product-selections', { body: form as never }),
        c.POST('/product-selections', { body: { key: 'form' } as never, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
        c.DELETE('/product-selections/{ID}', { params: { path: { ID }, query: { version: 9 } } }),
      ];
      for (const call of calls) {
        const result = await call;
        // openapi-fetch's error is the body as it came; the client types it the same way.
        const { data, error, response } = side === 0 ? result : toServiceResult(result, toCommerceError);
        const { correlationId: _, ...rest } = (error ?? {}) as Record<string, unknown>;
        results[side]!.push({ data: await comparable(data), error: error === undefined ? undefined : rest, status: response.status });
      }
    }
    expect(results[1]).toEqual(results[0]);
    // The calls run concurrently: the order they reach the service in is not the point.
    const sorted = (list: unknown[]) => list.map((one) => JSON.stringify(one)).sort();
    expect(sorted(sent[1]!)).toEqual(sorted(sent[0]!));
    expect(sent[0]).toHaveLength(13);
  });

  it('runs openapi-fetch middleware above the transport: it never sees the bearer token', async () => {
    const s = setup({ headers: { 'Accept-Language': 'de' } });
    const raw: RawClient = createOpenapiFetchClient(s.client);
    const seen: { schemaPath: string; authorization: string | null; language: string | null }[] = [];
    const middleware = {
      onRequest: ({ schemaPath, request }: { schemaPath: string; request: Request }) =>
        void seen.push({
          schemaPath,
          authorization: request.headers.get('authorization'),
          language: request.headers.get('accept-language'),
        }),
    };
    raw.use(middleware);
    const one = await raw.GET('/stores/key={key}', { params: { path: { key: 'none' } } });
    expect(one.response.status).toBe(404);
    expect(one.error).toMatchObject({ statusCode: 404, errors: [{ code: 'ResourceNotFound' }] });
    const page = await raw.GET('/product-selections', { params: { query: { where: ['key in :keys'], var: { keys: ['a', 'b'] } } } });
    expect(page.data?.results).toEqual([]);
    raw.eject(middleware);
    await raw.GET('/stores');
    expect(seen).toEqual([
      { schemaPath: '/stores/key={key}', authorization: null, language: 'de' },
      { schemaPath: '/product-selections', authorization: null, language: 'de' },
    ]);
    const api = s.rec.api();
    expect(api.map((r) => r.path)).toEqual([`/${PROJECT}/stores/key=none`, `/${PROJECT}/product-selections`, `/${PROJECT}/stores`]);
    expect(api[1]!.search).toBe('?where=key%20in%20%3Akeys&var.keys=a&var.keys=b');
    expect(api.every((r) => /^Bearer /.test(r.headers.get('authorization') ?? '') && r.headers.get('accept-language') === 'de')).toBe(true);
    expect(api.every((r) => /^ck-[0-9a-f]{32}$/.test(r.headers.get('x-correlation-id') ?? ''))).toBe(true);
  });
});
