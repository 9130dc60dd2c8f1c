import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/emulator/storage/sqlite/binding.js';
import { DATABASE_FILE } from '../../src/emulator/storage/sqlite/data-dir.js';
import { createApi, type Api } from '../helpers/api.js';
import { newDataDir, removeDataDirs, rows } from './data-dir.js';

/** Durable mode, in-process: what an answered request wrote is in the database when the answer arrives. */

const open: Api[] = [];
afterEach(() => {
  for (const api of open.splice(0)) api.emulator.close();
  removeDataDirs();
});

async function durableApi(dataDir: string): Promise<Api> {
  const api = await createApi({ projectKey: 'durable', clientId: 'ci', clientSecret: 'ci-secret', dataDir });
  open.push(api);
  return api;
}

describe('a 2xx write', () => {
  it('is committed before the answer arrives: the resource, its message and its Change History record', async () => {
    const dir = newDataDir();
    const api = await durableApi(dir);
    const created = await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    expect(created.status).toBe(201);
    expect(rows(dir, "SELECT id, key FROM resources WHERE project = 'durable' AND type = 'product-selection'")).toEqual([
      { id: created.body.id, key: 'summer' },
    ]);
    const messages = rows(dir, "SELECT body FROM resources WHERE project = 'durable' AND type = 'message'").map((r) =>
      JSON.parse(r['body'] as string),
    );
    expect(messages).toEqual([
      expect.objectContaining({ type: 'ProductSelectionCreated', resource: { typeId: 'product-selection', id: created.body.id } }),
    ]);
    expect(rows(dir, "SELECT last FROM message_sequences WHERE project = 'durable' AND resource_id = ?", created.body.id)).toEqual([
      { last: 1 },
    ]);
    const history = rows(dir, "SELECT body FROM history WHERE project = 'durable'").map((r) => JSON.parse(r['body'] as string));
    expect(history).toHaveLength(1);
    expect(history[0].record).toMatchObject({ type: 'ResourceCreated', resource: { id: created.body.id, typeId: 'product-selection' } });
  });

  it('an update replaces the stored resource and keeps its key index right', async () => {
    const dir = newDataDir();
    const api = await durableApi(dir);
    const a = await api.call('POST', '/product-selections', { key: 'first', name: { en: 'A' } });
    await api.call('POST', `/product-selections/${a.body.id}`, { version: 1, actions: [{ action: 'setKey', key: 'renamed' }] });
    // The key given up is taken by another selection.
    const b = await api.call('POST', '/product-selections', { key: 'first', name: { en: 'B' } });
    expect(b.status).toBe(201);
    expect(rows(dir, "SELECT id, key FROM resources WHERE project = 'durable' AND type = 'product-selection' ORDER BY key")).toEqual([
      { id: b.body.id, key: 'first' },
      { id: a.body.id, key: 'renamed' },
    ]);
  });
});

describe('a sign-up', () => {
  /** The customers stored in the database without credentials (what a kill -9 would keep). */
  const withoutCredentials = (dir: string) =>
    rows(
      dir,
      "SELECT id FROM resources r WHERE project = 'durable' AND type = 'customer' " +
        'AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.project = r.project AND c.customer_id = r.id)',
    );

  it('commits the customer and its credentials in one transaction, whatever commits meanwhile', async () => {
    const dir = newDataDir();
    const api = await durableApi(dir);
    let answered = false;
    const signUp = api.call('POST', '/customers', { email: 'one@example.com', password: 'pw-one' }).finally(() => (answered = true));
    // Every request commits what is pending: none of them may store the customer alone.
    while (!answered) {
      expect((await api.call('GET', '/customers')).status).toBe(200);
      expect(withoutCredentials(dir)).toEqual([]);
      // In-process requests settle in microtasks: let the hash's completion in.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { status, body } = await signUp;
    expect(status).toBe(201);
    expect(rows(dir, "SELECT customer_id FROM customers WHERE project = 'durable'")).toEqual([{ customer_id: body.customer.id }]);
    api.emulator.close();
    open.splice(open.indexOf(api), 1);
    const second = await durableApi(dir);
    const login = await second.emulator.fetch(`${second.emulator.urls().auth}/oauth/durable/customers/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('ci:ci-secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=one%40example.com&password=pw-one',
    });
    expect(login.status).toBe(200);
  });
});

describe('a full disk (SQLite answers SQLITE_FULL)', () => {
  it('fails the writes cleanly, serves reads and health, checkpoints the WAL, and writes again once there is space', async () => {
    const dir = newDataDir();
    const api = await durableApi(dir);
    expect((await api.call('POST', '/product-selections', { key: 'before', name: { en: 'B' } })).status).toBe(201);
    // The emulator's own connection, made unable to grow the database: what a full disk answers.
    const db = (api.emulator.context.store.storage as unknown as { shared: { db: Database } }).shared.db;
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const big = { name: { en: 'x'.repeat(200_000) } };
    expect((await api.call('POST', '/product-selections', { key: 'full', ...big })).status).toBe(500);
    for (let i = 0; i < 2; i++) {
      expect((await api.call('GET', '/product-selections/key=before')).status).toBe(200);
      expect((await api.emulator.fetch(`${api.emulator.urls().api}/_emulator/health`)).status).toBe(200);
    }
    expect((await api.call('POST', '/product-selections', { key: 'still-full', ...big })).status).toBe(500);
    // Checkpointed after a failed commit: the WAL does not grow while the disk is full.
    expect(statSync(join(dir, `${DATABASE_FILE}-wal`)).size).toBe(0);

    db.pragma('max_page_count = 4294967294');
    expect((await api.call('POST', '/product-selections', { key: 'after', name: { en: 'A' } })).status).toBe(201);
    expect(rows(dir, "SELECT key FROM resources WHERE project = 'durable' AND type = 'product-selection' AND key = 'after'")).toEqual([
      { key: 'after' },
    ]);
  });
});

describe('a failed request', () => {
  it('leaves nothing in the database', async () => {
    const dir = newDataDir();
    const api = await durableApi(dir);
    await api.call('POST', '/product-selections', { key: 'taken', name: { en: 'A' } });
    const before = rows(dir, "SELECT type, id, body FROM resources WHERE project = 'durable' ORDER BY type, id");
    const historyBefore = rows(dir, "SELECT sequence FROM history WHERE project = 'durable'");
    expect((await api.call('POST', '/product-selections', { key: 'taken', name: { en: 'B' } })).status).toBe(400);
    expect((await api.call('POST', '/product-selections', { name: 'not localized' })).status).toBe(400);
    expect(rows(dir, "SELECT type, id, body FROM resources WHERE project = 'durable' ORDER BY type, id")).toEqual(before);
    expect(rows(dir, "SELECT sequence FROM history WHERE project = 'durable'")).toEqual(historyBefore);
  });
});

describe('a restart on the same data dir', () => {
  it('serves every answered write, the token included, and the API clients with their secrets', async () => {
    const dir = newDataDir();
    const first = await durableApi(dir);
    const created = await first.call('POST', '/product-selections', { key: 'kept', name: { en: 'Kept' } });
    const updated = await first.call('POST', `/product-selections/${created.body.id}`, {
      version: 1,
      actions: [{ action: 'changeName', name: { en: 'Kept, renamed' } }],
    });
    expect(updated.status).toBe(200);
    const client = await first.call('POST', '/api-clients', { name: 'worker', scope: 'view_products:durable' });
    expect(client.status).toBe(201);
    const token = await first.token();
    first.emulator.close();
    open.splice(open.indexOf(first), 1);

    const second = await durableApi(dir);
    const read = await second.as(token)('GET', '/product-selections/key=kept');
    expect(read.body).toMatchObject({ id: created.body.id, version: 2, name: { en: 'Kept, renamed' } });
    const messages = await second.as(token)('GET', `/messages?where=${encodeURIComponent(`resource(id = "${created.body.id}")`)}`);
    expect(messages.body.results.map((m: { type: string; sequenceNumber: number }) => [m.type, m.sequenceNumber])).toEqual([
      ['ProductSelectionCreated', 1],
    ]);
    const history = () =>
      second.emulator.fetch(`${second.emulator.urls().history}/durable/product-selection/${created.body.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const h1 = (await (await history()).json()) as { results: { version: number }[] };
    expect(h1, JSON.stringify(h1)).toHaveProperty('results');
    expect(h1.results.map((r) => r.version).sort()).toEqual([1, 2]);
    const res = await second.emulator.fetch(`${second.emulator.urls().auth}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${client.body.id}:${client.body.secret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    // Another write goes on from there: the next version, the next message number.
    const again = await second.as(token)('POST', `/product-selections/${created.body.id}`, {
      version: 2,
      actions: [{ action: 'changeName', name: { en: 'Third' } }],
    });
    expect(again.body.version).toBe(3);
    expect(((await (await history()).json()) as { results: { version: number }[] }).results.map((r) => r.version).sort()).toEqual([
      1, 2, 3,
    ]);
  });

  it("serves customers' password and e-mail tokens; a token used up is gone from the database", async () => {
    const dir = newDataDir();
    const first = await durableApi(dir);
    const signUp = await first.call('POST', '/customers', { email: 'ann@example.com', password: 'secret' });
    const password = await first.call('POST', '/customers/password-token', { email: 'ann@example.com' });
    const email = await first.call('POST', '/customers/email-token', { id: signUp.body.customer.id, ttlMinutes: 30 });
    expect([password.status, email.status]).toEqual([200, 200]);
    const customerTokens = () => rows(dir, "SELECT body FROM tokens WHERE project = 'durable' AND kind = 'customer'");
    expect(customerTokens()).toHaveLength(2);
    expect(JSON.stringify(customerTokens())).not.toContain(password.body.value);
    first.emulator.close();
    open.splice(open.indexOf(first), 1);

    const second = await durableApi(dir);
    expect((await second.call('GET', `/customers/password-token=${password.body.value}`)).body.id).toBe(signUp.body.customer.id);
    const confirmed = await second.call('POST', '/customers/email/confirm', { tokenValue: email.body.value });
    expect(confirmed.body).toMatchObject({ isEmailVerified: true, version: 2 });
    expect(customerTokens()).toHaveLength(1);
    second.emulator.close();
    open.splice(open.indexOf(second), 1);

    const third = await durableApi(dir);
    expect((await third.call('POST', '/customers/email/confirm', { tokenValue: email.body.value })).status).toBe(404);
    expect((await third.call('POST', '/customers/password/reset', { tokenValue: password.body.value, newPassword: 'n3w' })).status).toBe(
      200,
    );
    expect(customerTokens()).toHaveLength(0);
  });

  it('a snapshot restored in durable mode is what a restart serves', async () => {
    const dir = newDataDir();
    const source = await createApi({ projectKey: 'durable' });
    await source.call('POST', '/product-selections', { key: 'from-snapshot', name: { en: 'S' } });
    const snapshot = source.emulator.snapshot();

    const first = await durableApi(dir);
    await first.call('POST', '/product-selections', { key: 'overwritten', name: { en: 'O' } });
    first.emulator.restore(snapshot);
    first.emulator.close();
    open.splice(open.indexOf(first), 1);

    const second = await durableApi(dir);
    expect((await second.call('GET', '/product-selections/key=from-snapshot')).status).toBe(200);
    expect((await second.call('GET', '/product-selections/key=overwritten')).status).toBe(404);
    const { takenAt: _a, ...restored } = second.emulator.snapshot();
    const { takenAt: _b, ...original } = snapshot;
    expect(restored.resources).toEqual(original.resources);
    expect(restored.history).toEqual(original.history);
    expect(restored.messages).toEqual(original.messages);
  });

  it('a reset is durable: the restart serves an empty project, but for its built-in State', async () => {
    const dir = newDataDir();
    const first = await durableApi(dir);
    await first.call('POST', '/product-selections', { key: 'gone', name: { en: 'G' } });
    first.emulator.reset();
    first.emulator.close();
    open.splice(open.indexOf(first), 1);
    const second = await durableApi(dir);
    expect((await second.call('GET', '/product-selections')).body.total).toBe(0);
    expect(rows(dir, "SELECT type, key FROM resources WHERE project = 'durable'")).toEqual([{ type: 'state', key: 'Initial' }]);
  });
});

describe('Custom Objects', () => {
  it('keep one key in two containers apart in the database and after a restart', async () => {
    const dir = newDataDir();
    const api = await durableApi(dir);
    for (const container of ['a', 'b']) {
      expect((await api.call('POST', '/custom-objects', { container, key: 'same', value: container })).status).toBe(201);
    }
    // The key index holds `<container>/<key>`: a key is unique within its container only.
    expect(rows(dir, "SELECT key FROM resources WHERE project = 'durable' AND type = 'key-value-document' ORDER BY key")).toEqual([
      { key: 'a/same' },
      { key: 'b/same' },
    ]);
    api.emulator.close();
    open.splice(open.indexOf(api), 1);
    const restarted = await durableApi(dir);
    expect((await restarted.call('GET', '/custom-objects/b/same')).body).toMatchObject({ container: 'b', key: 'same', value: 'b' });
    expect((await restarted.call('POST', '/custom-objects', { container: 'a', key: 'same', value: 'again' })).body).toMatchObject({
      version: 2,
    });
  });
});
