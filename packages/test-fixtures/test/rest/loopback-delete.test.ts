import { describe, expect, it } from 'vitest';
import { loopbackEmulator } from '../helpers/loopback.js';

/** Over a real socket the Node adapter gives every request a body stream; a bodiless DELETE must still pass. */
describe('DELETE over a loopback port', () => {
  const project = 'loopback-delete';
  const loopback = loopbackEmulator(project);

  it('deletes without a body, and refuses a DELETE that has one', async () => {
    const { server, token } = loopback;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.urls.api}/${project}/product-selections`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ key: 'to-delete', name: { en: 'To delete' } }),
    });
    expect(created.status).toBe(201);
    const withBody = await fetch(`${server.urls.api}/${project}/product-selections/key=to-delete?version=1`, {
      method: 'DELETE',
      headers,
      body: '{}',
    });
    expect(withBody.status).toBe(400);
    const deleted = await fetch(`${server.urls.api}/${project}/product-selections/key=to-delete?version=1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
  });
});
