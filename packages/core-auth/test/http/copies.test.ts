/**
 * The transport copies a request only when it must: a body is read once (a string body is not
 * read at all) and a further attempt is built from it; nothing is cloned, and every attempt
 * sends the whole body with the headers of the first, plus its own token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revokeToken } from '../../src/index.js';
import { createTransport, type TransportMiddleware } from '../../src/http/index.js';
import { PROJECT, json, recordingSleep, setup } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the clones of requests from now on. */
function countClones(): () => number {
  const clone = vi.spyOn(Request.prototype, 'clone');
  return () => clone.mock.calls.length;
}

/** What reached the service, with the body of each request. */
function bodies(inner: (request: Request) => Promise<Response>) {
  const seen: { body: string; authorization: string | null; correlationId: string | null; marker: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const { headers } = request;
    // Read without a clone, which would count as one of the transport's.
    const body = await request.text();
    seen.push({
      body,
      authorization: headers.get('authorization'),
      correlationId: headers.get('x-correlation-id'),
      marker: headers.get('x-marker'),
    });
    return inner(new Request(request, { body }));
  };
  return { fetch, seen };
}

describe('copies of a request', () => {
  it('retries an update after 503 without a clone: the same body and headers each time', async () => {
    const s = setup();
    const created = await (
      await createTransport({ fetch: s.emu.fetch, auth: s.provider })(
        `${s.base}/product-selections`,
        json('POST', { key: 'cc', name: { en: 'C' } }),
      )
    ).json();
    const watched = bodies(s.emu.fetch);
    const clones = countClones();
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: watched.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: `/${PROJECT}/product-selections/${created.id}`, times: 2 });
    const update = { version: created.version, actions: [{ action: 'changeName', name: { en: 'D' } }] };
    const res = await transport(`${s.base}/product-selections/${created.id}`, json('POST', update, { 'x-marker': 'm' }));
    expect(res.status).toBe(200);
    expect(clones()).toBe(0);
    expect(watched.seen).toHaveLength(3);
    const token = await s.provider.getToken();
    for (const seen of watched.seen)
      expect(seen).toEqual({
        body: JSON.stringify(update),
        authorization: `Bearer ${token}`,
        correlationId: watched.seen[0]!.correlationId,
        marker: 'm',
      });
  });

  it('sends a create again with a fresh token after 401 invalid_token, without a clone', async () => {
    const s = setup();
    const first = await s.provider.getToken();
    await revokeToken(
      {
        authUrl: s.emu.urls().auth,
        projectKey: PROJECT,
        credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret },
        fetch: s.emu.fetch,
      },
      { token: first },
    );
    const watched = bodies(s.emu.fetch);
    const clones = countClones();
    const transport = createTransport({ fetch: watched.fetch, auth: s.provider });
    const draft = { key: 'after-401', name: { en: 'A' } };
    expect((await transport(`${s.base}/product-selections`, json('POST', draft))).status).toBe(201);
    expect(clones()).toBe(0);
    expect(watched.seen.map((seen) => [seen.body, seen.authorization])).toEqual([
      [JSON.stringify(draft), `Bearer ${first}`],
      [JSON.stringify(draft), `Bearer ${await s.provider.getToken()}`],
    ]);
  });

  it('a request a middleware replaced is sent whole on every attempt, without a clone', async () => {
    const s = setup();
    const created = await (
      await createTransport({ fetch: s.emu.fetch, auth: s.provider })(
        `${s.base}/product-selections`,
        json('POST', { key: 'rr', name: { en: 'R' } }),
      )
    ).json();
    const replace: TransportMiddleware = (request, next) => next({ ...request, headers: { ...request.headers, 'x-marker': 'replaced' } });
    const watched = bodies(s.emu.fetch);
    const clones = countClones();
    const { sleep } = recordingSleep();
    const token = await s.provider.getToken();
    const withToken: TransportMiddleware = (request, next) => {
      request.headers['authorization'] = `Bearer ${token}`;
      return next(request);
    };
    const send = createTransport({ fetch: watched.fetch, retry: { sleep }, middleware: [replace, withToken] });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: `/${PROJECT}/product-selections/${created.id}`, times: 1 });
    const update = { version: created.version, actions: [{ action: 'changeName', name: { en: 'S' } }] };
    const res = await send(new Request(`${s.base}/product-selections/${created.id}`, json('POST', update)));
    expect(res.status).toBe(200);
    expect(clones()).toBe(0);
    expect(watched.seen.map((seen) => [seen.body, seen.marker])).toEqual([
      [JSON.stringify(update), 'replaced'],
      [JSON.stringify(update), 'replaced'],
    ]);
  });
});
