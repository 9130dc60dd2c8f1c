import { unwrap } from '@commerce-kit/rest-client';
import { beforeEach, expect, test } from 'vitest';
import { sharedEmulator } from './clients.js';

const { control, projectControl, projectKey, client } = await sharedEmulator();
beforeEach(() => projectControl.reset());

test('a GET is retried after an injected 503; the rule is used up', async () => {
  unwrap(await client.POST('/product-selections', { body: { key: 'summer', name: { en: 'Summer' } } }));
  // Fault rules are the emulator's, for every project: the path names this worker's project.
  const rule = await control.faults.add({
    kind: 'error',
    status: 503,
    method: 'GET',
    path: new RegExp(`^/${projectKey}/product-selections(\\?|$)`),
    times: 1,
  });
  const { data, response } = await client.GET('/product-selections');
  expect(response.status).toBe(200);
  expect(data?.results.map((s) => s.key)).toEqual(['summer']);
  expect(await control.faults.list()).toContainEqual({ ...rule, times: 0 });
  await control.faults.remove(rule.id);
});

test('each test starts from an empty project', async () => {
  const { data } = await client.GET('/product-selections');
  expect(data?.total).toBe(0);
});
