import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, expectError, ok, type Api, type Json } from './helpers.js';

/** Custom Fields in query predicates, sort and reference expansion, over HTTP. */

let api: Api;
const channels: Record<string, string> = {};

const keys = (page: Json) => (page['results'] as Json[]).map((r) => r['key']);

beforeAll(async () => {
  api = await createApi();
  for (const key of ['web', 'shop']) channels[key] = ok(await api.call('POST', '/channels', { key }), 201).id;
  const label = { en: 'L' };
  ok(
    await api.call('POST', '/types', {
      key: 'selection-fields',
      name: { en: 'Selection fields' },
      resourceTypeIds: ['product-selection'],
      fieldDefinitions: [
        { name: 'rank', label, required: false, type: { name: 'Number' } },
        { name: 'season', label, required: false, type: { name: 'String' } },
        { name: 'title', label, required: false, type: { name: 'LocalizedString' } },
        { name: 'budget', label, required: false, type: { name: 'Money' } },
        { name: 'channel', label, required: false, type: { name: 'Reference', referenceTypeId: 'channel' } },
        { name: 'channels', label, required: false, type: { name: 'Set', elementType: { name: 'Reference', referenceTypeId: 'channel' } } },
      ],
    }),
    201,
  );
  const selection = (key: string, fields: Json) =>
    api.call('POST', '/product-selections', { key, name: { en: key }, custom: { type: { key: 'selection-fields' }, fields } });
  ok(
    await selection('summer', {
      rank: 2,
      season: 'summer',
      title: { en: 'Sun' },
      budget: { centAmount: 5000, currencyCode: 'EUR' },
      channel: { typeId: 'channel', id: channels['web'] },
      channels: [
        { typeId: 'channel', id: channels['web'] },
        { typeId: 'channel', id: channels['shop'] },
      ],
    }),
    201,
  );
  ok(
    await selection('winter', { rank: 1, season: 'winter', title: { en: 'Snow' }, budget: { centAmount: 100, currencyCode: 'EUR' } }),
    201,
  );
  ok(await selection('spring', { rank: 3 }), 201);
  ok(await api.call('POST', '/product-selections', { key: 'plain', name: { en: 'Plain' } }), 201);
});

describe('custom fields over HTTP', () => {
  it('filter in where predicates, by value, localized value, money and the Type', async () => {
    const query = async (where: string) =>
      keys(ok(await api.call('GET', `/product-selections?where=${encodeURIComponent(where)}&sort=key`)));
    expect(await query('custom(fields(rank > 1))')).toEqual(['spring', 'summer']);
    expect(await query('custom(fields(season = "winter"))')).toEqual(['winter']);
    expect(await query('custom(fields(title(en = "Sun")))')).toEqual(['summer']);
    expect(await query('custom(fields(budget(centAmount >= 1000)))')).toEqual(['summer']);
    expect(await query('custom(fields(channel(id = "' + channels['web'] + '")))')).toEqual(['summer']);
    expect(await query('custom is not defined')).toEqual(['plain']);
    const typeId = ok(await api.call('GET', '/types/key=selection-fields')).id;
    expect(await query(`custom(type(id = "${typeId}")) and custom(fields(season is not defined))`)).toEqual(['spring']);
  });

  it('take a variable in a predicate', async () => {
    const page = ok(await api.call('GET', '/product-selections?where=custom(fields(season%20%3D%20%3As))&var.s=summer'));
    expect(keys(page)).toEqual(['summer']);
  });

  it('sort by custom.fields.<name>, ascending and descending, missing values last ascending', async () => {
    // Ties (no value) fall back to the key, so the order does not depend on the generated ids.
    const sorted = async (sort: string) =>
      keys(ok(await api.call('GET', `/product-selections?sort=${encodeURIComponent(sort)}&sort=key%20asc`)));
    expect(await sorted('custom.fields.rank asc')).toEqual(['winter', 'summer', 'spring', 'plain']);
    expect(await sorted('custom.fields.rank desc')).toEqual(['plain', 'spring', 'summer', 'winter']);
    expect(await sorted('custom.fields.title.en asc')).toEqual(['winter', 'summer', 'plain', 'spring']);
  });

  it('expand a Reference field and every Reference of a Set field', async () => {
    const one = ok(await api.call('GET', '/product-selections/key=summer?expand=custom.fields.channel'));
    expect(one.custom.fields.channel).toMatchObject({ typeId: 'channel', id: channels['web'], obj: { key: 'web' } });
    expect(one.custom.fields.channels[0]).not.toHaveProperty('obj');
    const set = ok(await api.call('GET', '/product-selections/key=summer?expand=custom.fields.channels[*]&expand=custom.type'));
    expect(set.custom.fields.channels.map((c: Json) => c['obj']['key'])).toEqual(['web', 'shop']);
    expect(set.custom.type.obj).toMatchObject({ key: 'selection-fields' });
    const page = ok(await api.call('GET', '/product-selections?where=key%3D%22summer%22&expand=custom.fields.channel'));
    expect(page.results[0].custom.fields.channel.obj.key).toBe('web');
  });

  it('refuse a malformed custom path in sort with InvalidInput', async () => {
    expectError(await api.call('GET', '/product-selections?sort=custom.field.rank'), 400, 'InvalidInput');
  });
});
