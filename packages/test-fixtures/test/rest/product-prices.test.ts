import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectUnchanged, ok, snapshot, UUID } from './helpers.js';
import { productApi, type Product, type ProductApi } from './product-fixtures.js';

let p: ProductApi;
let channelId: string;

beforeEach(async () => {
  p = await productApi();
  channelId = ok(await p.api.call('POST', '/channels', { key: 'web', roles: ['ProductDistribution'] }), 201).id;
});

const eur = (centAmount: number, extra: Record<string, unknown> = {}) => ({ value: { currencyCode: 'EUR', centAmount }, ...extra });
const pricesOf = (product: Product, data: 'staged' | 'current' = 'staged') => product.masterData[data]['masterVariant'].prices;

describe('addPrice', () => {
  it('adds an Embedded Price with a generated id, the same in both data sets with staged false', async () => {
    const product = await p.create(1);
    const added = await p.updated(product, [
      { action: 'addPrice', variantId: 1, price: eur(1000, { key: 'base', country: 'DE' }), staged: false },
    ]);
    const [price] = pricesOf(added);
    expect(price).toEqual({
      id: expect.stringMatching(UUID),
      key: 'base',
      value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 },
      country: 'DE',
    });
    expect(pricesOf(added, 'current')).toEqual([price]);
    expect(added.masterData.hasStagedChanges).toBe(false);
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'addPrice', type: 'AddPricesChange', nextValue: price, catalogData: 'staged', priceId: price.id },
      { change: 'addPrice', type: 'AddPricesChange', nextValue: price, catalogData: 'current', priceId: price.id },
    ]);
  });

  it('refuses a Price whose scope or key the variant already has, and changes nothing', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100, { key: 'base', channel: { key: 'web' } })] } });
    const [existing] = pricesOf(product);
    const before = await snapshot(p.api);
    const scope = expectError(
      await p.update(product, [{ action: 'addPrice', sku: 'one', price: eur(200, { channel: { typeId: 'channel', id: channelId } }) }]),
      400,
      'DuplicatePriceScope',
    );
    expect(scope['conflictingPrice']).toEqual(existing);
    const key = expectError(
      await p.update(product, [{ action: 'addPrice', sku: 'one', price: eur(200, { key: 'base', country: 'AT' }) }]),
      400,
      'DuplicatePriceKey',
    );
    expect(key).toMatchObject({
      conflictingPrice: existing,
      message: 'Duplicate price key: base. The price key must be unique per variant.',
    });
    expectError(
      await p.update(product, [{ action: 'addPrice', sku: 'one', price: eur(1, { channel: { key: 'none' } }) }]),
      400,
      'ReferencedResourceNotFound',
    );
    expectError(await p.update(product, [{ action: 'addPrice', sku: 'nope', price: eur(1) }]), 400, 'InvalidOperation');
    await expectUnchanged(p.api, before);
  });

  it('lets Prices of one scope with different validity periods coexist', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100)] } });
    const scheduled = await p.updated(product, [
      {
        action: 'addPrice',
        variantId: 1,
        price: eur(80, { validFrom: '2026-06-01T00:00:00.000Z', validUntil: '2026-07-01T00:00:00.000Z' }),
      },
    ]);
    expect(pricesOf(scheduled).map((price: { value: { centAmount: number } }) => price.value.centAmount)).toEqual([100, 80]);
  });

  it('refuses a Price whose validity period overlaps another of its scope (OverlappingPriceValidity), and changes nothing', async () => {
    const june = { validFrom: '2026-06-01T00:00:00.000Z', validUntil: '2026-07-01T00:00:00.000Z' };
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100), eur(80, { country: 'DE', ...june })] } });
    const [, existing] = pricesOf(product);
    const before = await snapshot(p.api);
    const midJune = { validFrom: '2026-06-15T00:00:00.000Z', validUntil: '2026-08-01T00:00:00.000Z' };
    const error = expectError(
      await p.update(product, [{ action: 'addPrice', sku: 'one', price: eur(70, { country: 'DE', ...midJune }) }]),
      400,
      'OverlappingPriceValidity',
    );
    expect(error).toEqual({
      code: 'OverlappingPriceValidity',
      message: 'Two prices have overlapping validity periods.',
      conflictingPrice: existing.id,
      currency: 'EUR',
      country: 'DE',
      ...midJune,
      conflictingValidFrom: june.validFrom,
      conflictingValidUntil: june.validUntil,
    });
    // Open-ended periods overlap too.
    const fromMidJune = eur(70, { country: 'DE', validFrom: midJune.validFrom });
    expectError(await p.update(product, [{ action: 'addPrice', sku: 'one', price: fromMidJune }]), 400, 'OverlappingPriceValidity');
    await expectUnchanged(p.api, before);
    // A period that starts where the other ends, another scope, and a Price without a period do not.
    const july = eur(60, { country: 'DE', validFrom: june.validUntil });
    const added = await p.updated(product, [
      { action: 'addPrice', sku: 'one', price: july },
      { action: 'addPrice', sku: 'one', price: eur(50, { country: 'AT', ...midJune }) },
      { action: 'addPrice', sku: 'one', price: eur(90, { country: 'DE' }) },
    ]);
    expect(pricesOf(added)).toHaveLength(5);
  });
});

describe('setPrices', () => {
  it('replaces every Price of a variant, recorded as SetPricesChange', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100)] } });
    const set = await p.updated(product, [{ action: 'setPrices', sku: 'one', prices: [eur(200), eur(300, { country: 'DE' })] }]);
    expect(pricesOf(set).map((price: { value: { centAmount: number } }) => price.value.centAmount)).toEqual([200, 300]);
    expect(pricesOf(set, 'current')).toEqual(pricesOf(product));
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'setPrices',
        type: 'SetPricesChange',
        previousValue: pricesOf(product),
        nextValue: pricesOf(set),
        catalogData: 'staged',
        variant: 'one',
      },
    ]);
    const cleared = await p.updated(set, [{ action: 'setPrices', variantId: 1, prices: [] }]);
    expect(pricesOf(cleared)).toEqual([]);
  });

  it('refuses two Prices of one scope, and changes nothing', async () => {
    const product = await p.create(1);
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'setPrices', variantId: 1, prices: [eur(1), eur(2)] }]), 400, 'DuplicatePriceScope');
    const overlapping = [
      eur(1, { validFrom: '2026-06-01T00:00:00.000Z', validUntil: '2026-07-01T00:00:00.000Z' }),
      eur(2, { validUntil: '2026-06-02T00:00:00.000Z' }),
    ];
    expectError(await p.update(product, [{ action: 'setPrices', variantId: 1, prices: overlapping }]), 400, 'OverlappingPriceValidity');
    await expectUnchanged(p.api, before);
  });
});

describe('changePrice, removePrice and setPriceKey', () => {
  it('change a Price keeping its id, set and remove its key, and remove it, each with its Change', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100), eur(500, { country: 'DE' })] } });
    const [first, second] = pricesOf(product);
    const changed = await p.updated(product, [{ action: 'changePrice', priceId: first.id, price: eur(150) }]);
    expect(pricesOf(changed)[0]).toEqual({ ...first, value: { ...first.value, centAmount: 150 } });
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'changePrice',
        type: 'ChangePriceChange',
        previousValue: first,
        nextValue: pricesOf(changed)[0],
        catalogData: 'staged',
        priceId: first.id,
      },
    ]);
    const keyed = await p.updated(changed, [{ action: 'setPriceKey', priceId: second.id, key: 'de' }]);
    expect(pricesOf(keyed)[1].key).toBe('de');
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'setPriceKey', type: 'SetPriceKeyChange', nextValue: 'de', catalogData: 'staged', priceId: second.id, variant: 'one' },
    ]);
    const unkeyed = await p.updated(keyed, [{ action: 'setPriceKey', priceId: second.id }]);
    expect(pricesOf(unkeyed)[1]).not.toHaveProperty('key');
    const removed = await p.updated(unkeyed, [{ action: 'removePrice', priceId: first.id, staged: false }]);
    expect(pricesOf(removed).map((price: { id: string }) => price.id)).toEqual([second.id]);
    expect(pricesOf(removed, 'current').map((price: { id: string }) => price.id)).toEqual([second.id]);
    expect((await p.lastChanges(product.id)).map((c) => [c['change'], c['type'], c['catalogData']])).toEqual([
      ['removePrice', 'RemovePricesChange', 'staged'],
      ['removePrice', 'RemovePricesChange', 'current'],
    ]);
  });

  it('refuse an unknown price id, a clashing scope, key or validity period, and change nothing', async () => {
    const product = await p.create(1, {
      masterVariant: { sku: 'one', prices: [eur(100, { key: 'aa' }), eur(500, { country: 'DE', key: 'bb' })] },
    });
    const [first, second] = pricesOf(product);
    const june = { validFrom: '2026-06-01T00:00:00.000Z', validUntil: '2026-07-01T00:00:00.000Z' };
    const scheduled = await p.updated(product, [{ action: 'addPrice', sku: 'one', price: eur(90, june) }]);
    const before = await snapshot(p.api);
    expectError(await p.update(scheduled, [{ action: 'changePrice', priceId: 'nope', price: eur(1) }]), 400, 'InvalidOperation');
    expectError(await p.update(scheduled, [{ action: 'removePrice', priceId: 'nope' }]), 400, 'InvalidOperation');
    expectError(await p.update(scheduled, [{ action: 'changePrice', priceId: second.id, price: eur(1) }]), 400, 'DuplicatePriceScope');
    expectError(await p.update(scheduled, [{ action: 'setPriceKey', priceId: first.id, key: 'bb' }]), 400, 'DuplicatePriceKey');
    const overlapping = eur(1, { validFrom: '2026-05-01T00:00:00.000Z', validUntil: '2026-06-02T00:00:00.000Z' });
    const changed = await p.update(scheduled, [{ action: 'changePrice', priceId: first.id, price: overlapping }]);
    expect(expectError(changed, 400, 'OverlappingPriceValidity')['conflictingPrice']).toBe(pricesOf(scheduled)[2].id);
    await expectUnchanged(p.api, before);
  });
});
