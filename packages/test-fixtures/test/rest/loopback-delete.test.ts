import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

/** Over a real socket the Node adapter gives every request a body stream; a bodiless DELETE must still pass. */
describe('DELETE over a loopback port', () => {
  let server: RunningEmulator;
  let token: string;
  const project = 'loopback-delete';
  beforeAll(async () => {
    server = await startEmulator({ projectKey: project });
    const { clientId, clientSecret } = server.emulator.credentials;
    const res = await fetch(`${server.urls.auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  });
  afterAll(() => server.close());

  it('deletes without a body, and refuses a DELETE that has one', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.urls.api}/${project}/product-selections`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ key: 'to-delete', name: { en: 'To delete' } }),
    });
    expect(created.status).toBe(201);
    const withBody = await fetch(`${server.urls.api}/${project}/product-selections/key=to-delete?version=1`, { method: 'DELETE', headers, body: '{}' });
    expect(withBody.status).toBe(400);
    const deleted = await fetch(`${server.urls.api}/${project}/product-selections/key=to-delete?version=1`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(200);
  });
});
