import { describe, expect, it } from 'vitest';
import { connectEmulator, EmulatorControlError } from '../src/control-client.js';
import { createEmulator } from '../src/emulator/app.js';
import { CONTROL_PREFIX } from '../src/emulator/control/prefix.js';
import { controlContractFetch } from './helpers/control-contract.js';
import { authForm, projectCaller } from './projects/helpers.js';

/**
 * The projects of the control API (`/_emulator/projects`), through `connectEmulator()` in-process;
 * every answer is checked against schemas/openapi/emulator-control.yaml. The control API takes the
 * emulator's own bootstrap client for every project.
 */

function setup() {
  const emulator = createEmulator({ projectKey: 'own', clientId: 'harness', clientSecret: 'harness-secret' });
  const origin = emulator.urls().api;
  const control = connectEmulator({
    origin,
    clientId: 'harness',
    clientSecret: 'harness-secret',
    fetch: controlContractFetch(emulator.fetch, origin),
  });
  return { emulator, control, origin };
}

describe('POST /_emulator/projects', () => {
  it('creates a project (201) with its bootstrap client, whose token works on that project only', async () => {
    const { emulator, control } = setup();
    const created = await control.projects.create('worker-1');
    expect(created).toEqual({
      key: 'worker-1',
      clientId: expect.any(String),
      clientSecret: expect.any(String),
      scope: 'manage_project:worker-1',
    });
    const token = await authForm(emulator, '/oauth/token', { grant_type: 'client_credentials' }, created);
    expect(token.body.scope).toBe('manage_project:worker-1');
    const own = await projectCaller(emulator, 'own');
    expect((await own.call('GET', '/product-selections', undefined, { project: 'worker-1', token: token.body.access_token })).status).toBe(
      200,
    );
    expect((await own.call('GET', '/product-selections', undefined, { token: token.body.access_token })).status).toBe(403);
  });

  it('is idempotent: the same project and credentials again, with 200', async () => {
    const { control, origin, emulator } = setup();
    const first = await control.projects.create('worker-1');
    expect(await control.projects.create('worker-1')).toEqual(first);
    const again = await emulator.fetch(`${origin}${CONTROL_PREFIX}/projects`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('harness:harness-secret')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'worker-1' }),
    });
    expect(again.status).toBe(200);
    expect(await control.projects.list()).toEqual([{ key: 'own' }, { key: 'worker-1' }]);
  });

  it('refuses an invalid key or body with 400 and creates nothing', async () => {
    const { control, origin, emulator } = setup();
    for (const key of ['UPPER', 'a', 'auth', 'with space']) {
      await expect(control.projects.create(key)).rejects.toMatchObject({ status: 400, code: 'InvalidInput' });
    }
    const noKey = await emulator.fetch(`${origin}${CONTROL_PREFIX}/projects`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('harness:harness-secret')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noKey.status).toBe(400);
    expect(await control.projects.list()).toEqual([{ key: 'own' }]);
  });

  it('takes only the emulator’s own credentials, not a project’s bootstrap client', async () => {
    const { control, origin, emulator } = setup();
    const created = await control.projects.create('worker-1');
    const asProject = connectEmulator({ origin, clientId: created.clientId, clientSecret: created.clientSecret, fetch: emulator.fetch });
    await expect(asProject.project('worker-1').reset()).rejects.toMatchObject({ status: 401 });
  });
});

describe('one project through the control API', () => {
  it('resets one project only, and the emulator reset all', async () => {
    const { emulator, control } = setup();
    await control.projects.create('worker-1');
    await control.projects.create('worker-2');
    const one = await projectCaller(emulator, 'worker-1');
    const two = await projectCaller(emulator, 'worker-2');
    await one.call('POST', '/product-selections', { name: { en: 'one' } });
    await two.call('POST', '/product-selections', { name: { en: 'two' } });
    await control.project('worker-1').reset();
    expect((await one.call('GET', '/product-selections')).body.total).toBe(0);
    expect((await two.call('GET', '/product-selections')).body.total).toBe(1);
    await control.reset();
    expect((await two.call('GET', '/product-selections')).body.total).toBe(0);
  });

  it('snapshots and restores one project', async () => {
    const { emulator, control } = setup();
    await control.projects.create('worker-1');
    const one = await projectCaller(emulator, 'worker-1');
    await one.call('POST', '/product-selections', { key: 'saved', name: { en: 'one' } });
    const snapshot = await control.project('worker-1').snapshot();
    expect(snapshot.projectKey).toBe('worker-1');
    await control.project('worker-1').reset();
    await control.project('worker-1').restore(snapshot);
    expect((await one.call('GET', '/product-selections/key=saved')).status).toBe(200);
    await expect(control.project('own').restore(snapshot)).rejects.toMatchObject({ status: 400 });
  });

  it('deletes a project (204); an unknown one is 404, the own one 400', async () => {
    const { control } = setup();
    await control.projects.create('worker-1');
    await control.projects.delete('worker-1');
    expect(await control.projects.list()).toEqual([{ key: 'own' }]);
    await expect(control.projects.delete('worker-1')).rejects.toMatchObject({ status: 404 });
    await expect(control.project('worker-1').reset()).rejects.toMatchObject({ status: 404 });
    const own = await control.projects.delete('own').catch((error: unknown) => error);
    expect(own).toBeInstanceOf(EmulatorControlError);
    expect(own).toMatchObject({ status: 400 });
  });
});
