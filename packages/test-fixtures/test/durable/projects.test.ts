import { afterEach, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { newDataDir, removeDataDirs, rows } from './data-dir.js';

/** Durable mode with many projects: each kept, with its bootstrap client; a deleted one leaves nothing. */

const open: Emulator[] = [];
afterEach(() => {
  for (const emulator of open.splice(0)) emulator.close();
  removeDataDirs();
});

function durable(dataDir: string): Emulator {
  const emulator = createEmulator({ projectKey: 'own', clientId: 'ci', clientSecret: 'ci-secret', dataDir });
  open.push(emulator);
  return emulator;
}

async function tokenOf(emulator: Emulator, credentials: { clientId: string; clientSecret: string }): Promise<number> {
  const res = await emulator.fetch(`${emulator.urls().auth}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${credentials.clientId}:${credentials.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return res.status;
}

it('a created project is served again after a restart, with the same bootstrap client', async () => {
  const dir = newDataDir();
  const first = durable(dir);
  const created = first.project('worker-1').credentials;
  first.close();
  open.splice(0);
  const second = durable(dir);
  expect(second.projectKeys()).toEqual(['own', 'worker-1']);
  expect(second.project('worker-1').credentials).toEqual(created);
  expect(await tokenOf(second, created)).toBe(200);
});

it('a deleted project leaves no row in the database and is not served after a restart', async () => {
  const dir = newDataDir();
  const first = durable(dir);
  const worker = first.project('worker-2');
  const token = await first.fetch(`${first.urls().auth}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${worker.credentials.clientId}:${worker.credentials.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const bearer = ((await token.json()) as { access_token: string }).access_token;
  const write = await first.fetch(`${first.urls().api}/worker-2/product-selections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'doomed', name: { en: 'D' } }),
  });
  expect(write.status).toBe(201);
  expect(rows(dir, "SELECT count(*) AS n FROM resources WHERE project = 'worker-2'")).not.toEqual([{ n: 0 }]);
  expect(first.deleteProject('worker-2')).toBe(true);
  for (const table of ['projects', 'resources', 'history', 'tokens', 'message_sequences']) {
    const column = table === 'projects' ? 'key' : 'project';
    expect(rows(dir, `SELECT count(*) AS n FROM ${table} WHERE ${column} = 'worker-2'`)).toEqual([{ n: 0 }]);
  }
  first.close();
  open.splice(0);
  expect(durable(dir).projectKeys()).toEqual(['own']);
});
