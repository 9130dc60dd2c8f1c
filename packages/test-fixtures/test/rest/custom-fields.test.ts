import { beforeEach, describe, expect, it } from 'vitest';
import { passwordToken } from '../helpers/tokens.js';
import { createApi, expectError, expectUnchanged, ok, snapshot, type Api, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

const label = { en: 'L' };
const field = (name: string, type: Json, required = false) => ({ name, label, required, type });

/** One field of every live field type. */
const EVERY_TYPE = [
  field('flag', { name: 'Boolean' }),
  field('text', { name: 'String' }),
  field('title', { name: 'LocalizedString' }),
  field('size', {
    name: 'Enum',
    values: [
      { key: 's', label: 'Small' },
      { key: 'l', label: 'Large' },
    ],
  }),
  field('colour', { name: 'LocalizedEnum', values: [{ key: 'red', label: { en: 'Red' } }] }),
  field('rank', { name: 'Number' }),
  field('price', { name: 'Money' }),
  field('day', { name: 'Date' }),
  field('at', { name: 'Time' }),
  field('when', { name: 'DateTime' }),
  field('channel', { name: 'Reference', referenceTypeId: 'channel' }),
  field('tags', { name: 'Set', elementType: { name: 'String' } }),
  field('channels', { name: 'Set', elementType: { name: 'Reference', referenceTypeId: 'channel' } }),
];

async function createType(key: string, resourceTypeIds: string[], fieldDefinitions: Json[] = EVERY_TYPE) {
  return ok(await api.call('POST', '/types', { key, name: { en: key }, resourceTypeIds, fieldDefinitions }), 201);
}

describe('custom fields', () => {
  it('hold a value of every live field type, in its stored form, on a Product Selection', async () => {
    await createType('ps-fields', ['product-selection']);
    const channel = ok(await api.call('POST', '/channels', { key: 'web' }), 201);
    const fields = {
      flag: true,
      text: 'hello',
      title: { en: 'Title', de: 'Titel' },
      size: 'l',
      colour: 'red',
      rank: 2.5,
      price: { centAmount: 1299, currencyCode: 'EUR' },
      day: '2026-02-28',
      at: '13:45:00.250',
      when: '2026-03-01T10:00:00+01:00',
      channel: { typeId: 'channel', id: channel.id },
      tags: ['a', 'b', 'a'],
      channels: [{ typeId: 'channel', id: channel.id }],
    };
    const created = ok(
      await api.call('POST', '/product-selections', {
        key: 'summer',
        name: { en: 'Summer' },
        custom: { type: { key: 'ps-fields' }, fields },
      }),
      201,
    );
    expect(created.custom).toEqual({
      type: { typeId: 'type', id: expect.any(String) },
      fields: {
        ...fields,
        price: { type: 'centPrecision', centAmount: 1299, currencyCode: 'EUR', fractionDigits: 2 },
        when: '2026-03-01T09:00:00.000Z',
        tags: ['a', 'b'],
      },
    });
    expect(ok(await api.call('GET', '/product-selections/key=summer')).custom).toEqual(created.custom);
  });

  it('are set on Stores, Channels, Customers and Categories from their drafts, and in the StoreCreated message', async () => {
    await createType('everywhere', ['store', 'channel', 'customer', 'category'], [field('note', { name: 'String' })]);
    const custom = { type: { typeId: 'type', key: 'everywhere' }, fields: { note: 'n' } };
    const store = ok(await api.call('POST', '/stores', { key: 'berlin', custom }), 201);
    const channel = ok(await api.call('POST', '/channels', { key: 'web', custom }), 201);
    const signUp = ok(await api.call('POST', '/customers', { email: 'a@example.com', password: 'secret', custom }), 201);
    const category = ok(await api.call('POST', '/categories', { key: 'tops', name: { en: 'Tops' }, slug: { en: 'tops' }, custom }), 201);
    for (const resource of [store, channel, signUp.customer, category]) expect(resource.custom.fields).toEqual({ note: 'n' });
    const messages = ok(await api.call('GET', '/messages?where=type%3D%22StoreCreated%22')).results as Json[];
    expect(messages[0]!['custom']).toEqual(store.custom);
  });

  it('setCustomType sets, replaces and removes the Type; setCustomField sets and removes one value', async () => {
    await createType('one', ['store'], [field('aa', { name: 'String' }), field('bb', { name: 'Number' })]);
    await createType('two', ['store'], [field('cc', { name: 'Boolean' })]);
    ok(await api.call('POST', '/stores', { key: 'shop' }), 201);
    const update = async (version: number, ...actions: Json[]) => ok(await api.call('POST', '/stores/key=shop', { version, actions }));
    let store = await update(1, { action: 'setCustomType', type: { key: 'one' }, fields: { aa: 'x' } });
    expect(store.custom.fields).toEqual({ aa: 'x' });
    store = await update(store.version, { action: 'setCustomField', name: 'bb', value: 3 }, { action: 'setCustomField', name: 'aa' });
    expect(store.custom.fields).toEqual({ bb: 3 });
    store = await update(store.version, { action: 'setCustomType', type: { key: 'two' }, fields: { cc: false } });
    expect(store.custom.fields).toEqual({ cc: false });
    store = await update(store.version, { action: 'setCustomType' });
    expect(store.custom).toBeUndefined();
    expect(store.version).toBe(5);
  });

  it('work the same on Channels, Product Selections and Categories by update action', async () => {
    await createType('tt', ['channel', 'product-selection', 'category'], [field('note', { name: 'String' })]);
    for (const [path, draft] of [
      ['/channels', { key: 'cc' }],
      ['/product-selections', { key: 'cc', name: { en: 'C' } }],
      ['/categories', { key: 'cc', name: { en: 'C' }, slug: { en: 'cc' } }],
    ] as const) {
      ok(await api.call('POST', path, draft), 201);
      const updated = ok(
        await api.call('POST', `${path}/key=cc`, {
          version: 1,
          actions: [
            { action: 'setCustomType', type: { typeId: 'type', key: 'tt' } },
            { action: 'setCustomField', name: 'note', value: 'hi' },
          ],
        }),
      );
      expect(updated.custom.fields).toEqual({ note: 'hi' });
    }
  });

  it('work on Customers by update action and on the own profile by POST /me; a wrong value changes nothing', async () => {
    await createType('profile', ['customer'], [field('note', { name: 'String' }), field('rank', { name: 'Number' })]);
    await createType('for-stores', ['store'], []);
    const email = 'ann@example.com';
    const { customer } = ok(await api.call('POST', '/customers', { email, password: 'secret' }), 201);
    let updated = ok(
      await api.call('POST', `/customers/${customer.id}`, {
        version: 1,
        actions: [
          { action: 'setCustomType', type: { typeId: 'type', key: 'profile' }, fields: { note: 'vip' } },
          { action: 'setCustomField', name: 'rank', value: 2 },
        ],
      }),
    );
    expect(updated.custom.fields).toEqual({ note: 'vip', rank: 2 });
    const before = await snapshot(api);
    const refused = (...actions: Json[]) => api.call('POST', `/customers/${customer.id}`, { version: updated.version, actions });
    expectError(await refused({ action: 'setCustomField', name: 'rank', value: 'two' }), 400, 'InvalidField');
    expectError(await refused({ action: 'setCustomType', type: { key: 'for-stores' } }), 400, 'InvalidOperation');
    await expectUnchanged(api, before);
    const me = api.as(await passwordToken(api, api.emulator.credentials, { email, password: 'secret' }));
    updated = ok(await me('POST', '/me', { version: updated.version, actions: [{ action: 'setCustomField', name: 'note' }] }));
    expect(updated.custom.fields).toEqual({ rank: 2 });
    updated = ok(await me('POST', '/me', { version: updated.version, actions: [{ action: 'setCustomType' }] }));
    expect(updated.custom).toBeUndefined();
  });

  it('refuse a value of the wrong form with InvalidField naming the field, per field type', async () => {
    await createType('checked', ['store']);
    const wrong: [string, unknown][] = [
      ['flag', 'true'],
      ['text', 1],
      ['title', 'Title'],
      ['size', 'xl'],
      ['colour', 'blue'],
      ['rank', '2'],
      ['price', { centAmount: 1.5, currencyCode: 'EUR' }],
      ['day', '2026-02-30'],
      ['at', '25:00:00'],
      ['when', '2026-03-01T10:00:00'],
      ['channel', { typeId: 'store', id: 'x' }],
      ['channel', { typeId: 'channel', key: 'web' }],
      ['tags', 'a'],
      ['tags', ['a', 1]],
    ];
    const before = await snapshot(api);
    for (const [name, value] of wrong) {
      const answer = await api.call('POST', '/stores', { key: 'shop', custom: { type: { key: 'checked' }, fields: { [name]: value } } });
      expect(expectError(answer, 400, 'InvalidField'), `${name}: ${JSON.stringify(value)}`).toMatchObject({
        field: name,
        invalidValue: value,
        message: `The value ${JSON.stringify(value)} is not valid for field ${name}.`,
      });
    }
    const enumError = expectError(
      await api.call('POST', '/stores', { key: 'shop', custom: { type: { key: 'checked' }, fields: { size: 'xl' } } }),
      400,
      'InvalidField',
    );
    expect(enumError['allowedValues']).toEqual(['s', 'l']);
    await expectUnchanged(api, before);
  });

  it('keep one of each element of a Set, in the order given, however large the Set', async () => {
    await createType(
      'many',
      ['store'],
      [
        field('tags', { name: 'Set', elementType: { name: 'String' } }),
        field('titles', { name: 'Set', elementType: { name: 'LocalizedString' } }),
      ],
    );
    const distinct = Array.from({ length: 20_000 }, (_, i) => `tag-${i}`);
    const titles = [{ en: 'A', de: 'B' }, { de: 'B', en: 'A' }, { en: 'A' }];
    const store = ok(
      await api.call('POST', '/stores', {
        key: 'shop',
        custom: { type: { key: 'many' }, fields: { tags: [...distinct, ...distinct.slice(0, 100), 'tag-0'], titles } },
      }),
      201,
    );
    expect(store.custom.fields.tags).toEqual(distinct);
    expect(store.custom.fields.titles).toEqual([{ en: 'A', de: 'B' }, { en: 'A' }]);
  });

  it('refuse a value nested deeper than the JSON limit with 400 InvalidJsonInput, changing nothing', async () => {
    await createType(
      'nested',
      ['store'],
      [field('tags', { name: 'Set', elementType: { name: 'Set', elementType: { name: 'String' } } }), field('text', { name: 'String' })],
    );
    const before = await snapshot(api);
    // Written as text: JSON.stringify would overflow the test's own stack.
    for (const value of [
      `{"tags":${'['.repeat(5_000)}"x"${']'.repeat(5_000)}}`,
      `{"text":${'{"a":'.repeat(5_000)}"x"${'}'.repeat(5_000)}}`,
    ]) {
      const answer = await api.call('POST', '/stores', `{"key":"shop","custom":{"type":{"key":"nested"},"fields":${value}}}`);
      expect(expectError(answer, 400, 'InvalidJsonInput')['detailedErrorMessage']).toContain('deeper than the limit of 200 levels');
    }
    await expectUnchanged(api, before);
  });

  it('refuse an unknown field, a missing required one, a missing Type and a Type for other resources, changing nothing', async () => {
    await createType('strict', ['store'], [field('must', { name: 'String' }, true)]);
    await createType('for-channels', ['channel'], []);
    ok(await api.call('POST', '/stores', { key: 'shop', custom: { type: { key: 'strict' }, fields: { must: 'x' } } }), 201);
    const before = await snapshot(api);
    const draft = (custom: Json) => api.call('POST', '/stores', { key: 'other', custom });
    expect(expectError(await draft({ type: { key: 'strict' }, fields: { must: 'x', extra: 1 } }), 400, 'InvalidField')).toMatchObject({
      field: 'extra',
      invalidValue: 1,
    });
    expect(expectError(await draft({ type: { key: 'strict' }, fields: { must: null } }), 400, 'RequiredField')['field']).toBe('must');
    expect(expectError(await draft({ type: { key: 'nope' } }), 400, 'ReferencedResourceNotFound')).toMatchObject({
      typeId: 'type',
      key: 'nope',
    });
    expectError(await draft({ type: { key: 'for-channels' } }), 400, 'InvalidOperation');
    const update = (...actions: Json[]) => api.call('POST', '/stores/key=shop', { version: 1, actions });
    expectError(await update({ action: 'setCustomField', name: 'must', value: null }), 400, 'RequiredField');
    expectError(await update({ action: 'setCustomField', name: 'extra', value: 1 }), 400, 'InvalidField');
    expectError(await update({ action: 'setCustomType', type: { key: 'strict' } }), 400, 'RequiredField');
    expectError(await update({ action: 'setCustomType', type: { key: 'for-channels' } }), 400, 'InvalidOperation');
    await expectUnchanged(api, before);
  });

  it('setCustomField needs Custom Fields on the resource, and a value to remove', async () => {
    await createType('tt', ['store'], [field('aa', { name: 'String' })]);
    ok(await api.call('POST', '/stores', { key: 'bare' }), 201);
    ok(await api.call('POST', '/stores', { key: 'typed', custom: { type: { key: 'tt' } } }), 201);
    const before = await snapshot(api);
    const set = (key: string, action: Json) => api.call('POST', `/stores/key=${key}`, { version: 1, actions: [action] });
    expectError(await set('bare', { action: 'setCustomField', name: 'aa', value: 'x' }), 400, 'InvalidOperation');
    expectError(await set('typed', { action: 'setCustomField', name: 'aa' }), 400, 'InvalidOperation');
    await expectUnchanged(api, before);
  });

  it('a value the Type no longer allows fails the next setCustomField, which checks every value again', async () => {
    await createType(
      'tt',
      ['store'],
      [field('size', { name: 'Enum', values: [{ key: 's', label: 'S' }] }), field('nn', { name: 'Number' })],
    );
    ok(await api.call('POST', '/stores', { key: 'shop', custom: { type: { key: 'tt' }, fields: { size: 's' } } }), 201);
    ok(await api.call('POST', '/types/key=tt', { version: 1, actions: [{ action: 'removeEnumValues', fieldName: 'size', keys: ['s'] }] }));
    expect(ok(await api.call('GET', '/stores/key=shop')).custom.fields).toEqual({ size: 's' });
    const answer = await api.call('POST', '/stores/key=shop', {
      version: 1,
      actions: [{ action: 'setCustomField', name: 'nn', value: 1 }],
    });
    expect(expectError(answer, 400, 'InvalidField')['field']).toBe('size');
  });
});
