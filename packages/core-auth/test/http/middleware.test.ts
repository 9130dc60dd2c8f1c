import { describe, expect, it } from 'vitest';
import { createTransport, type TransportMiddleware, type TransportRequest } from '../../src/http/index.js';
import { json, setup } from './helpers.js';

describe('transport middleware: one form', () => {
  it('gets the plain request (lower-case headers with the correlation id set, the body held), may change it and call next again', async () => {
    const s = setup();
    const seen: TransportRequest[] = [];
    let statuses: number[] = [];
    const twice: TransportMiddleware = async (request, next) => {
      seen.push({ ...request, headers: { ...request.headers } });
      request.headers['x-team'] = 'checkout';
      const first = await next(request);
      statuses = [first.status, (await next(request)).status];
      return first;
    };
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, middleware: [twice] });
    const res = await transport(`${s.base}/product-selections`, json('POST', { key: 'twice', name: { en: 'T' } }, { 'X-Marker': 'm' }));
    expect(res.status).toBe(201);
    // The second send of the same create: the body was held, and the key is now taken.
    expect(statuses).toEqual([201, 400]);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: `${s.base}/product-selections`,
      body: JSON.stringify({ key: 'twice', name: { en: 'T' } }),
    });
    expect(seen[0]!.headers).toMatchObject({
      'x-marker': 'm',
      'content-type': 'application/json',
      'x-correlation-id': expect.stringMatching(/^ck-[0-9a-f]{32}$/),
    });
    expect(seen[0]!.headers['authorization']).toBeUndefined();
    expect(s.rec.api().map((r) => r.headers.get('x-team'))).toEqual(['checkout', 'checkout']);
  });
});
