import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, expectError, ok, raw, tokenWithScope, UUID, type Api, type Json } from './helpers.js';

let api: Api;
beforeAll(async () => {
  api = await createApi();
});

let counter = 0;
/** A container of its own for each test, so that tests share the emulator without seeing each other. */
const newContainer = () => `box-${++counter}`;
const upsert = (draft: Json) => api.call('POST', '/custom-objects', draft);
const read = (container: string, key: string) => api.call('GET', `/custom-objects/${container}/${key}`);

describe('custom objects: the upsert', () => {
  it('creates with 201 and version 1, then replaces the value with 200 and the next version', async () => {
    const container = newContainer();
    const created = ok(await upsert({ container, key: 'shop', value: { open: true, hours: [9, 17] } }), 201);
    expect(created).toMatchObject({
      id: expect.stringMatching(UUID),
      version: 1,
      container,
      key: 'shop',
      value: { open: true, hours: [9, 17] },
    });
    const replaced = ok(await upsert({ container, key: 'shop', value: { open: false } }));
    expect(replaced).toMatchObject({ id: created['id'], version: 2, value: { open: false } });
    expect(ok(await read(container, 'shop'))).toEqual(replaced);
  });

  it('keeps keys apart per container: the same key in two containers is two objects', async () => {
    const [a, b] = [newContainer(), newContainer()];
    const first = ok(await upsert({ container: a, key: 'same', value: 1 }), 201);
    const second = ok(await upsert({ container: b, key: 'same', value: 2 }), 201);
    expect(first['id']).not.toBe(second['id']);
    expect(ok(await read(a, 'same'))['value']).toBe(1);
    expect(ok(await read(b, 'same'))['value']).toBe(2);
  });

  it('takes any JSON value but null, and does not store null members at any depth', async () => {
    const container = newContainer();
    for (const value of ['text', 42, false, [1, null, 'x']]) ok(await upsert({ container, key: `k${typeof value}`, value }), 201);
    const nested = ok(await upsert({ container, key: 'nested', value: { a: null, b: { c: null, d: 1 }, e: [null, { f: null }] } }), 201);
    // Object members that are null go; array elements stay as sent (their own null members go).
    expect(nested['value']).toEqual({ b: { d: 1 }, e: [null, {}] });
    expect(ok(await read(container, 'kobject'))['value']).toEqual([1, null, 'x']);
    expectError(await upsert({ container, key: 'nothing', value: null }), 400, 'InvalidJsonInput');
    expectError(await read(container, 'nothing'), 404, 'ResourceNotFound');
  });

  it('checks a given version against the existing object: a stale one is 409 and changes nothing; version 0 only creates', async () => {
    const container = newContainer();
    ok(await upsert({ container, key: 'k', value: 'one', version: 0 }), 201);
    const conflict = expectError(await upsert({ container, key: 'k', value: 'two', version: 0 }), 409, 'ConcurrentModification');
    expect(conflict).toMatchObject({ currentVersion: 1 });
    expect(ok(await read(container, 'k'))).toMatchObject({ version: 1, value: 'one' });
    expect(ok(await upsert({ container, key: 'k', value: 'two', version: 1 }))).toMatchObject({ version: 2, value: 'two' });
  });

  it('leaves the version alone when the value is the same', async () => {
    const container = newContainer();
    ok(await upsert({ container, key: 'k', value: { a: 1 } }), 201);
    expect(ok(await upsert({ container, key: 'k', value: { a: 1, b: null } }))).toMatchObject({ version: 1 });
  });

  it('refuses a bad container or key with 400 and stores nothing', async () => {
    expectError(await upsert({ container: 'has space', key: 'k', value: 1 }), 400, 'InvalidJsonInput');
    expectError(await upsert({ container: newContainer(), key: 'a/b', value: 1 }), 400, 'InvalidJsonInput');
    expectError(await upsert({ container: newContainer(), value: 1 }), 400, 'InvalidJsonInput');
    expect(ok(await api.call('GET', '/custom-objects?where=container%3D%22has%20space%22'))['count']).toBe(0);
  });
});

describe('custom objects: reading, querying and deleting', () => {
  it('queries one container, with where on primitive members of the value, sort and paging', async () => {
    const container = newContainer();
    for (const [key, size] of [
      ['a', 3],
      ['b', 1],
      ['c', 2],
    ] as const)
      ok(await upsert({ container, key, value: { size, label: key } }), 201);
    ok(await upsert({ container: newContainer(), key: 'a', value: { size: 3 } }), 201);
    const page = ok(
      await api.call('GET', `/custom-objects/${container}?where=${encodeURIComponent('value(size >= 2)')}&sort=key%20desc&withTotal=true`),
    );
    expect(page).toMatchObject({ count: 2, total: 2 });
    expect((page['results'] as Json[]).map((o) => o['key'])).toEqual(['c', 'a']);
    const limited = ok(await api.call('GET', `/custom-objects/${container}?limit=1&sort=key%20asc`));
    expect((limited['results'] as Json[]).map((o) => o['key'])).toEqual(['a']);
  });

  it('answers the deprecated query of every container, where key = "x" across containers', async () => {
    const [a, b] = [newContainer(), newContainer()];
    ok(await upsert({ container: a, key: 'shared-key', value: 1 }), 201);
    ok(await upsert({ container: b, key: 'shared-key', value: 2 }), 201);
    const page = ok(await api.call('GET', `/custom-objects?where=${encodeURIComponent('key = "shared-key"')}&sort=container%20asc`));
    expect((page['results'] as Json[]).map((o) => [o['container'], o['value']])).toEqual([
      [a, 1],
      [b, 2],
    ]);
  });

  it('answers HEAD of the query with 200 when something matches and 404 otherwise', async () => {
    const container = newContainer();
    ok(await upsert({ container, key: 'k', value: 1 }), 201);
    // HEAD has no operation of its own in the schema (it is GET's), so the answer is not checked against it.
    const head = async (where: string) =>
      (await raw(api, 'HEAD', `/custom-objects?where=${encodeURIComponent(where)}`, { check: false })).status;
    expect(await head(`container = "${container}"`)).toBe(200);
    expect(await head('container = "no-such"')).toBe(404);
  });

  it('expands references inside the value, and leaves a dangling one as it is', async () => {
    const container = newContainer();
    const channel = ok(await api.call('POST', '/channels', { key: `ch-${container}`, roles: ['InventorySupply'] }), 201);
    const reference = { typeId: 'channel', id: channel['id'] };
    const gone = { typeId: 'channel', id: '00000000-0000-4000-8000-00000000dead' };
    ok(await upsert({ container, key: 'k', value: { warehouse: reference, old: gone } }), 201);
    const expanded = ok(await api.call('GET', `/custom-objects/${container}/k?expand=value.warehouse&expand=value.old`));
    expect(expanded['value']).toEqual({ warehouse: { ...reference, obj: expect.objectContaining({ key: `ch-${container}` }) }, old: gone });
  });

  it('deletes by container and key, with or without a version; a stale version is 409 and deletes nothing', async () => {
    const container = newContainer();
    ok(await upsert({ container, key: 'a', value: 1 }), 201);
    ok(await upsert({ container, key: 'b', value: 1 }), 201);
    expectError(await api.call('DELETE', `/custom-objects/${container}/a?version=7`), 409, 'ConcurrentModification');
    expect(ok(await read(container, 'a'))['version']).toBe(1);
    expect(ok(await api.call('DELETE', `/custom-objects/${container}/a?version=1`))).toMatchObject({ key: 'a' });
    expect(ok(await api.call('DELETE', `/custom-objects/${container}/b?dataErasure=true`))).toMatchObject({ key: 'b' });
    expectError(await read(container, 'a'), 404, 'ResourceNotFound');
    expectError(await api.call('DELETE', `/custom-objects/${container}/b`), 404, 'ResourceNotFound');
  });

  it('is granted by its own scopes and by the products, orders or customers scopes, and refused otherwise', async () => {
    const container = newContainer();
    for (const scope of ['manage_key_value_documents', 'manage_orders', 'manage_customers', 'manage_products']) {
      const token = await tokenWithScope(api, `${scope}:${api.project}`);
      const written = await raw(api, 'POST', '/custom-objects', { token, body: JSON.stringify({ container, key: scope, value: 1 }) });
      expect(written.status, scope).toBe(201);
    }
    const viewer = await tokenWithScope(api, `view_key_value_documents:${api.project}`);
    expect((await raw(api, 'GET', `/custom-objects/${container}/manage_orders`, { token: viewer })).status).toBe(200);
    expect(
      (await raw(api, 'POST', '/custom-objects', { token: viewer, body: JSON.stringify({ container, key: 'x', value: 1 }) })).status,
    ).toBe(403);
    const stranger = await tokenWithScope(api, `view_zones:${api.project}`);
    expect((await raw(api, 'GET', `/custom-objects/${container}`, { token: stranger })).status).toBe(403);
  });
});
