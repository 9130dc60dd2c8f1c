import { unwrap } from '@commerce-kit/rest-client';
import { beforeEach, expect, test } from 'vitest';
import { sharedEmulator } from './clients.js';

const { control, projectControl, client } = await sharedEmulator();
beforeEach(() => projectControl.reset());

test('48 hours later the token has expired; the client gets a new one by itself', async () => {
  unwrap(await client.GET('/product-selections'));
  await control.clock.advance(48 * 3600 * 1000 + 1);
  // The token provider's own clock has not moved: the API answers 401 invalid_token, and the
  // client invalidates the token, fetches a new one and retries once.
  const { data, response } = await client.GET('/product-selections');
  expect(response.status).toBe(200);
  expect(data?.total).toBe(0);
});

test('a snapshot taken in one test restores the same ids', async () => {
  const created = unwrap(await client.POST('/product-selections', { body: { key: 'winter', name: { en: 'Winter' } } }));
  const snapshot = await projectControl.snapshot();
  await projectControl.reset();
  await projectControl.restore(snapshot);
  const again = unwrap(await client.GET('/product-selections/key={key}', { params: { path: { key: 'winter' } } }));
  expect(again).toEqual(created);
});
