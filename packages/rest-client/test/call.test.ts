/**
 * The client's own runtime (src/call.ts) against the emulator: how a call's options become the
 * request that reaches the service, and how the answer is read.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError, InvalidRequestError, isInvalidJsonInput, isResourceNotFound, unwrap, type RestClient } from '../src/index.js';
import type { FetchFunction } from '@commerce-kit/core-auth/http';
import { PROJECT, rejection, setup, type Setup } from './helpers.js';

/** A client whose requests' content types and bodies are recorded on their way to the emulator. */
function withBodies(s: Setup, headers?: Record<string, string>) {
  const sent: { type: string | null; body: string; headers: Headers }[] = [];
  const fetch: FetchFunction = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ type: request.headers.get('content-type'), body: await request.clone().text(), headers: request.headers });
    return s.rec.fetch(request);
  };
  return { client: s.makeClient({ fetch, ...(headers === undefined ? {} : { headers }) }), sent };
}

async function created(client: RestClient, key: string) {
  return unwrap(await client.POST('/product-selections', { body: { key, name: { en: key } } }));
}

describe('reading the answer', () => {
  it('reads the body as parseAs says: json (default), text, blob, arrayBuffer, stream', async () => {
    const s = setup();
    const { id: ID, ...rest } = await created(s.client, 'read');
    const init = { params: { path: { ID } } };
    const json = await s.client.GET('/product-selections/{ID}', init);
    expect(json.data).toMatchObject({ id: ID, key: rest.key });
    const text = await s.client.GET('/product-selections/{ID}', { ...init, parseAs: 'text' });
    expect(typeof text.data).toBe('string');
    expect(JSON.parse(text.data as unknown as string)).toEqual(json.data);
    const blob = (await s.client.GET('/product-selections/{ID}', { ...init, parseAs: 'blob' })).data as unknown as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toMatch(/^application\/json/);
    expect(JSON.parse(await blob.text())).toEqual(json.data);
    const buffer = (await s.client.GET('/product-selections/{ID}', { ...init, parseAs: 'arrayBuffer' })).data as unknown as ArrayBuffer;
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    expect(JSON.parse(new TextDecoder().decode(buffer))).toEqual(json.data);
    const stream = await s.client.GET('/product-selections/{ID}', { ...init, parseAs: 'stream' });
    expect(stream.data).toBeInstanceOf(ReadableStream);
    expect(stream.response.bodyUsed).toBe(false);
    expect(await new Response(stream.data as unknown as ReadableStream).json()).toEqual(json.data);
    for (const result of [json, text, stream]) expect(result.correlationId).toBe(result.response.headers.get('x-correlation-id'));
  });

  it('types an error answer whatever parseAs says, and reads no data for HEAD', async () => {
    const s = setup();
    for (const parseAs of ['json', 'text', 'blob', 'arrayBuffer', 'stream'] as const) {
      const missing = await s.client.GET('/product-selections/{ID}', { params: { path: { ID: 'nope' } }, parseAs });
      expect(isResourceNotFound(missing.error), parseAs).toBe(true);
      expect(missing.data).toBeUndefined();
      expect(missing.error!.correlationId).toMatch(/^ck-/);
    }
    const { id: ID } = await created(s.client, 'head');
    // The schema has no HEAD endpoint; the emulator answers HEAD like GET, without a body.
    const head = (s.client.HEAD as unknown as RestClient['GET'])('/product-selections/{ID}', { params: { path: { ID } } });
    expect(await head).toMatchObject({ data: undefined, response: { status: 200 } });
    const gone = await (s.client.HEAD as unknown as RestClient['GET'])('/product-selections/{ID}', { params: { path: { ID: 'nope' } } });
    expect(gone.error).toMatchObject({ code: 'UnknownError', statusCode: 404, errors: [] });
  });
});

describe('building the request', () => {
  it('sends a body as JSON, a Blob or FormData as it is, form-encoded when the headers say so', async () => {
    const s = setup();
    const { client, sent } = withBodies(s);
    const json = await client.POST('/product-selections', { body: { key: 'json', name: { en: 'JSON' } } });
    expect(json.data?.key).toBe('json');
    expect(sent.at(-1)).toMatchObject({ type: 'application/json', body: '{"key":"json","name":{"en":"JSON"}}' });

    const blob = new Blob([JSON.stringify({ key: 'blob', name: { en: 'Blob' } })], { type: 'application/json; charset=utf-8' });
    expect((await client.POST('/product-selections', { body: blob as never })).data?.key).toBe('blob');
    expect(sent.at(-1)).toMatchObject({ type: 'application/json; charset=utf-8', body: '{"key":"blob","name":{"en":"Blob"}}' });

    const form = new FormData();
    form.set('key', 'form');
    const multipart = await client.POST('/product-selections', { body: form as never });
    expect(isInvalidJsonInput(multipart.error)).toBe(true); // the service reads JSON only
    expect(sent.at(-1)!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.at(-1)!.body).toContain('name="key"\r\n\r\nform\r\n');

    await client.POST('/product-selections', {
      body: { key: 'a b', n: 1 } as never,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.at(-1)).toMatchObject({ type: 'application/x-www-form-urlencoded', body: 'key=a+b&n=1' });

    // Like openapi-fetch, a string is a JSON value too.
    await client.POST('/product-selections', { body: 'text' as never });
    expect(sent.at(-1)).toMatchObject({ type: 'application/json', body: '"text"' });

    await client.POST('/product-selections', {
      body: { key: 'typed', name: { en: 'T' } },
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(sent.at(-1)!.type).toBe('application/json; charset=utf-8');
    expect(s.emu.context.state.collection('product-selection').getByKey('typed')).toBeDefined();

    await client.GET('/stores');
    expect(sent.at(-1)).toMatchObject({ type: null, body: '' });
  });

  it('merges the client headers, headers and params.header in that order, by name in any case', async () => {
    const s = setup();
    const { client, sent } = withBodies(s, { 'Accept-Language': 'de', 'X-Shop': 'berlin' });
    await client.GET('/stores');
    expect(sent.at(-1)!.headers.get('accept-language')).toBe('de');
    await client.GET('/stores', { headers: { 'accept-language': 'en' }, params: { header: { 'ACCEPT-LANGUAGE': 'fr' } as never } });
    expect(sent.at(-1)!.headers.get('accept-language')).toBe('fr');
    await client.GET('/stores', { headers: { 'Accept-Language': ['en', 'fr'], 'X-Shop': null, 'X-Count': 3 } });
    // A list appends to what is there (openapi-fetch's rule): to the client's `de` here.
    expect(sent.at(-1)!.headers.get('accept-language')).toBe('de, en, fr');
    expect(sent.at(-1)!.headers.has('x-shop')).toBe(false);
    expect(sent.at(-1)!.headers.get('x-count')).toBe('3');
    await client.GET('/stores', { headers: new Headers({ 'X-Shop': 'hamburg' }) });
    expect(sent.at(-1)!.headers.get('x-shop')).toBe('hamburg');
    await client.GET('/stores', { headers: [['X-Shop', 'munich']] });
    expect(sent.at(-1)!.headers.get('x-shop')).toBe('munich');
    await client.POST('/stores', { body: { key: 'no-type' }, headers: { 'Content-Type': null } });
    expect(sent.at(-1)).toMatchObject({ type: 'text/plain;charset=UTF-8', body: '{"key":"no-type"}' });
    // The headers the transport adds are its own: a caller's X-Correlation-ID is checked and kept.
    const own = await client.GET('/stores', { params: { header: { 'X-Correlation-ID': 'order-4711-check' } } });
    expect(own.correlationId).toBe('order-4711-check');
  });

  it('encodes path parameters and leaves a missing one as its placeholder', async () => {
    const s = setup();
    const odd = await s.client.GET('/product-selections/key={key}', { params: { path: { key: 'a b/c?d' } } });
    expect(isResourceNotFound(odd.error)).toBe(true);
    expect(s.rec.api().at(-1)!.path).toBe(`/${PROJECT}/product-selections/key=a%20b%2Fc%3Fd`);
    await s.client.GET('/product-selections/key={key}', { params: { path: {} } } as never);
    expect(s.rec.api().at(-1)!.path).toBe(`/${PROJECT}/product-selections/key=%7Bkey%7D`);
    await s.client.GET('/stores/{ID}', { params: { path: { ID: 42 as never } } });
    expect(s.rec.api().at(-1)!.path).toBe(`/${PROJECT}/stores/42`);
  });

  it("refuses openapi-fetch's own per-call options before sending, and passes the signal on", async () => {
    const s = setup();
    for (const option of [
      { fetch: globalThis.fetch },
      { baseUrl: 'https://elsewhere.example' },
      { middleware: [] },
      { querySerializer: () => '' },
    ]) {
      const error = await rejection(s.client.GET('/stores', option as never));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    }
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    expect(await rejection(s.client.GET('/stores', { signal: controller.signal }))).toMatchObject({ message: 'stop' });
    expect(s.rec.api()).toHaveLength(0);
  });
});

describe('path parameters', () => {
  it('refuses an empty value or a dot segment before sending, which would address another endpoint; a key holding dots is sent', async () => {
    const s = setup();
    const { client, sent } = withBodies(s);
    const { id } = await created(client, 'dots');
    const before = sent.length;
    for (const ID of ['', '.', '..']) {
      const refused = client.DELETE('/product-selections/{ID}', { params: { path: { ID }, query: { version: 1 } } });
      await expect(refused, JSON.stringify(ID)).rejects.toMatchObject({ name: 'InvalidRequestError', code: 'INVALID_PATH_PARAMETER' });
      await expect(refused).rejects.toBeInstanceOf(InvalidRequestError);
    }
    await expect(client.GET('/product-selections/key={key}', { params: { path: { key: '' } } })).rejects.toThrow(
      /path parameter key is empty/,
    );
    expect(sent.length).toBe(before);
    // A dot inside a segment is no dot segment: sent, and answered by the service.
    const byKey = await client.GET('/product-selections/key={key}', { params: { path: { key: '..' } } });
    expect(isResourceNotFound(byKey.error)).toBe(true);
    expect(sent.length).toBe(before + 1);
    // Nothing was deleted.
    expect((await client.GET('/product-selections/{ID}', { params: { path: { ID: id } } })).data?.version).toBe(1);
  });
});
