import { beforeEach, describe, expect, it } from 'vitest';
import { shippingPriceOf, shippingRateFor } from '../../src/emulator/resources/shipping-methods/matching.js';
import { matchingShippingMethods } from '../../src/emulator/resources/shipping-methods/matching.js';
import type { ShippingMethod } from '../../src/emulator/resources/shipping-methods/index.js';
import type { ShippingRate } from '../../src/emulator/resources/shipping-methods/rates.js';
import { createApi, expectError, ok, UUID, type Api, type Json } from './helpers.js';
import { created, expectNothingChanged, shippingSnapshot } from './shipping-helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
  await created(api, '/tax-categories', { key: 'standard', name: 'Standard', rates: [] });
  await created(api, '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
  await created(api, '/zones', { key: 'us', name: 'US', locations: [{ country: 'US' }] });
  await created(api, '/zones', { key: 'new-york', name: 'New York', locations: [{ country: 'US', state: 'NY' }] });
});

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const usd = (centAmount: number) => ({ currencyCode: 'USD', centAmount });
const money = (currencyCode: string, centAmount: number) => ({ type: 'centPrecision', currencyCode, centAmount, fractionDigits: 2 });

function method(key: string, extra: Json = {}): Json {
  return {
    key,
    name: key,
    taxCategory: { typeId: 'tax-category', key: 'standard' },
    zoneRates: [{ zone: { typeId: 'zone', key: 'de' }, shippingRates: [{ price: eur(490) }] }],
    isDefault: false,
    ...extra,
  };
}

const update = (key: string, version: number, actions: Json[]) => api.call('POST', `/shipping-methods/key=${key}`, { version, actions });
const matching = (query: string) => api.call('GET', `/shipping-methods/matching-location?${query}`);
const keysOf = (page: Json) => (page['results'] as Json[]).map((m) => m['key']);

describe('shipping methods', () => {
  it('are created with rates per zone and currency, active by default, read by id and key', async () => {
    const standard = await created(api, '/shipping-methods', {
      ...method('standard'),
      localizedName: { en: 'Standard' },
      localizedDescription: { en: '3-5 days' },
      zoneRates: [
        {
          zone: { key: 'de' },
          shippingRates: [
            { price: eur(490), freeAbove: eur(5000) },
            { price: usd(590), tiers: [{ type: 'CartValue', minimumCentAmount: 10000, price: usd(0) }] },
          ],
        },
      ],
    });
    const tax = ok(await api.call('GET', '/tax-categories/key=standard'));
    const de = ok(await api.call('GET', '/zones/key=de'));
    expect(standard).toMatchObject({
      id: expect.stringMatching(UUID),
      version: 1,
      key: 'standard',
      name: 'standard',
      localizedName: { en: 'Standard' },
      taxCategory: { typeId: 'tax-category', id: tax['id'] },
      active: true,
      isDefault: false,
      stores: [],
    });
    expect(standard['zoneRates']).toEqual([
      {
        zone: { typeId: 'zone', id: de['id'] },
        shippingRates: [
          { price: money('EUR', 490), freeAbove: money('EUR', 5000), tiers: [] },
          { price: money('USD', 590), tiers: [{ type: 'CartValue', minimumCentAmount: 10000, price: money('USD', 0) }] },
        ],
      },
    ]);
    expect(ok(await api.call('GET', '/shipping-methods/key=standard'))).toEqual(standard);
    const expanded = ok(await api.call('GET', `/shipping-methods/${standard['id'] as string}?expand=zoneRates[*].zone&expand=taxCategory`));
    expect(expanded['zoneRates'][0].zone.obj).toEqual(de);
    expect(expanded['taxCategory'].obj).toEqual(tax);
    expect((await created(api, '/shipping-methods', method('inactive', { active: false })))['active']).toBe(false);
  });

  it('the fourteen update actions change zones, rates, names, flags, tax category and Custom Fields', async () => {
    await created(api, '/tax-categories', { key: 'reduced', name: 'Reduced' });
    await created(api, '/types', {
      key: 'method-fields',
      name: { en: 'M' },
      resourceTypeIds: ['shipping-method'],
      fieldDefinitions: [{ name: 'carrierCode', label: { en: 'C' }, required: false, type: { name: 'String' } }],
    });
    await created(api, '/shipping-methods', method('standard'));
    const changed = ok(
      await update('standard', 1, [
        { action: 'addZone', zone: { key: 'us' } },
        { action: 'addShippingRate', zone: { key: 'us' }, shippingRate: { price: usd(990), freeAbove: usd(10000) } },
        { action: 'addShippingRate', zone: { key: 'de' }, shippingRate: { price: usd(700) } },
        { action: 'removeShippingRate', zone: { key: 'de' }, shippingRate: { price: eur(490) } },
        { action: 'changeName', name: 'Standard shipping' },
        { action: 'changeIsDefault', isDefault: true },
        { action: 'changeActive', active: false },
        { action: 'changeTaxCategory', taxCategory: { key: 'reduced' } },
        { action: 'setPredicate' },
        { action: 'setKey', key: 'std' },
        { action: 'setLocalizedName', localizedName: { de: 'Standardversand' } },
        { action: 'setLocalizedDescription', localizedDescription: { en: 'Slow' } },
        { action: 'setCustomType', type: { key: 'method-fields' } },
        { action: 'setCustomField', name: 'carrierCode', value: 'DHL' },
      ]),
    );
    expect(changed).toMatchObject({
      version: 2,
      key: 'std',
      name: 'Standard shipping',
      isDefault: true,
      active: false,
      localizedName: { de: 'Standardversand' },
      localizedDescription: { en: 'Slow' },
      custom: { fields: { carrierCode: 'DHL' } },
    });
    expect(changed['taxCategory']['id']).toBe(ok(await api.call('GET', '/tax-categories/key=reduced'))['id']);
    expect(changed['zoneRates'].map((z: Json) => z['shippingRates'].map((r: Json) => r['price'].centAmount))).toEqual([[700], [990]]);
    const removed = ok(
      await update('std', 2, [{ action: 'removeZone', zone: { key: 'de' } }, { action: 'setLocalizedName' }, { action: 'setKey' }]),
    );
    expect(removed['zoneRates']).toHaveLength(1);
    expect(removed).not.toHaveProperty('localizedName');
    expect(removed).not.toHaveProperty('key');
  });

  it('refuse two rates in one currency of a zone, a zone twice, unknown references and a taken name; nothing changes', async () => {
    await created(api, '/shipping-methods', method('standard'));
    const before = await shippingSnapshot(api);
    const twice = await api.call('POST', '/shipping-methods', {
      ...method('other'),
      zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(100) }, { price: eur(200) }] }],
    });
    expect(expectError(twice, 400, 'DuplicateField')['field']).toBe('zoneRates[0].shippingRates[1].price.currencyCode');
    const zoneTwice = await api.call('POST', '/shipping-methods', {
      ...method('other'),
      zoneRates: [
        { zone: { key: 'de' }, shippingRates: [] },
        { zone: { key: 'de' }, shippingRates: [] },
      ],
    });
    expect(expectError(zoneTwice, 400, 'DuplicateField')['field']).toBe('zoneRates[1].zone');
    const noZone = await api.call('POST', '/shipping-methods', {
      ...method('other'),
      zoneRates: [{ zone: { key: 'mars' }, shippingRates: [] }],
    });
    expect(expectError(noZone, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'zone', key: 'mars' });
    const noTax = await api.call('POST', '/shipping-methods', { ...method('other'), taxCategory: { key: 'none' } });
    expect(expectError(noTax, 400, 'ReferencedResourceNotFound')['typeId']).toBe('tax-category');
    expect(
      expectError(await api.call('POST', '/shipping-methods', method('other', { name: 'standard' })), 400, 'DuplicateField')['field'],
    ).toBe('name');
    expectError(await api.call('POST', '/shipping-methods', method('standard', { name: 'x' })), 400, 'DuplicateField');
    const sameCurrency = await update('standard', 1, [{ action: 'addShippingRate', zone: { key: 'de' }, shippingRate: { price: eur(1) } }]);
    expect(expectError(sameCurrency, 400, 'DuplicateField')['field']).toBe('shippingRate.price.currencyCode');
    expectError(await update('standard', 1, [{ action: 'addZone', zone: { key: 'de' } }]), 400, 'DuplicateField');
    expectError(
      await update('standard', 1, [{ action: 'addShippingRate', zone: { key: 'us' }, shippingRate: { price: usd(1) } }]),
      400,
      'InvalidOperation',
    );
    expectError(await update('standard', 1, [{ action: 'removeZone', zone: { key: 'us' } }]), 400, 'InvalidOperation');
    expectError(
      await update('standard', 1, [{ action: 'removeShippingRate', zone: { key: 'de' }, shippingRate: { price: eur(491) } }]),
      400,
      'InvalidOperation',
    );
    expectError(
      await update('standard', 1, [{ action: 'changeTaxCategory', taxCategory: { key: 'none' } }]),
      400,
      'ReferencedResourceNotFound',
    );
    await expectNothingChanged(api, before);
  });

  it('refuse malformed drafts with the path named, a freeAbove or tier in another currency, and a repeated tier; nothing changes', async () => {
    await created(api, '/shipping-methods', method('standard'));
    const before = await shippingSnapshot(api);
    const { isDefault: _, ...noDefault } = method('other');
    expectError(await api.call('POST', '/shipping-methods', noDefault), 400, 'InvalidJsonInput');
    expectError(await api.call('POST', '/shipping-methods', method('other', { name: '' })), 400, 'InvalidJsonInput');
    const rate = (shippingRate: Json) =>
      api.call('POST', '/shipping-methods', { ...method('other'), zoneRates: [{ zone: { key: 'de' }, shippingRates: [shippingRate] }] });
    expectError(await rate({ price: { currencyCode: 'EUR', centAmount: 1.5 } }), 400, 'InvalidJsonInput');
    expect(expectError(await rate({ price: eur(490), freeAbove: usd(5000) }), 400, 'InvalidField')['field']).toBe(
      'zoneRates[0].shippingRates[0].freeAbove.currencyCode',
    );
    const tier = (minimumCentAmount: number, price: Json) => ({ type: 'CartValue', minimumCentAmount, price });
    expect(expectError(await rate({ price: eur(490), tiers: [tier(100, usd(1))] }), 400, 'InvalidField')['field']).toBe(
      'zoneRates[0].shippingRates[0].tiers[0].price.currencyCode',
    );
    expect(
      expectError(await rate({ price: eur(490), tiers: [tier(100, eur(1)), tier(100, eur(2))] }), 400, 'DuplicateField')['field'],
    ).toBe('zoneRates[0].shippingRates[0].tiers[1].minimumCentAmount');
    expectError(await rate({ price: eur(490), tiers: [tier(0, eur(1))] }), 400, 'InvalidJsonInput');
    expectError(await update('standard', 1, [{ action: 'changeIsDefault' }]), 400, 'InvalidJsonInput');
    expectError(await update('standard', 1, [{ action: 'setCarrierName', carrier: 'x' }]), 400, 'InvalidInput');
    await expectNothingChanged(api, before);
  });

  it('Stores, the carrier, and CartClassification or CartScore tiers are 501 NotEmulated naming them; nothing changes', async () => {
    await created(api, '/shipping-methods', method('standard'));
    const before = await shippingSnapshot(api);
    const field = async (body: Json) => expectError(await api.call('POST', '/shipping-methods', body), 501, 'NotEmulated')['field'];
    expect(await field(method('other', { stores: [{ key: 'eu' }] }))).toBe('stores');
    expect(await field(method('other', { carrier: 'DHL' }))).toBe('carrier');
    const classified = { price: eur(490), tiers: [{ type: 'CartClassification', value: 'Heavy', price: eur(990) }] };
    expect(await field({ ...method('other'), zoneRates: [{ zone: { key: 'de' }, shippingRates: [classified] }] })).toBe(
      'zoneRates[0].shippingRates[0].tiers[0].type',
    );
    for (const action of [{ action: 'setCarrier', carrier: 'DHL' }, { action: 'setStores', stores: [] }, { action: 'setDescription' }]) {
      expect(expectError(await update('standard', 1, [action]), 501, 'NotEmulated')['action']).toBe(action.action);
    }
    await expectNothingChanged(api, before);
  });

  it('keep a cart predicate checked when written: a bad one is 400 naming its position; nothing changes', async () => {
    const standard = await created(api, '/shipping-methods', method('standard', { predicate: 'totalPrice >= "50.00 EUR"' }));
    expect(standard['predicate']).toBe('totalPrice >= "50.00 EUR"');
    const before = await shippingSnapshot(api);
    const syntax = expectError(
      await api.call('POST', '/shipping-methods', method('other', { predicate: 'totalPrice >' })),
      400,
      'SyntaxError',
    );
    expect(syntax['message']).toBe('Syntax error while parsing predicate. Unexpected end of input at position 13.');
    const unknown = await update('standard', 1, [{ action: 'setPredicate', predicate: 'lineItemExists(colour = "red")' }]);
    expect(expectError(unknown, 400, 'SemanticError')['message']).toContain("'colour' at position 16");
    const mismatched = await update('standard', 1, [{ action: 'setPredicate', predicate: 'country = 1' }]);
    expectError(mismatched, 400, 'SemanticError');
    await expectNothingChanged(api, before);
    const changed = ok(await update('standard', 1, [{ action: 'setPredicate', predicate: 'lineItemCount(1 = 1) > 0' }]));
    expect(changed['predicate']).toBe('lineItemCount(1 = 1) > 0');
    expect(ok(await update('standard', 2, [{ action: 'setPredicate' }]))['predicate']).toBeUndefined();
  });

  it('only one is the default: a second default is 400 InvalidOperation; nothing changes', async () => {
    await created(api, '/shipping-methods', method('express', { isDefault: true }));
    await created(api, '/shipping-methods', method('standard'));
    const before = await shippingSnapshot(api);
    expectError(await api.call('POST', '/shipping-methods', method('other', { isDefault: true })), 400, 'InvalidOperation');
    expectError(await update('standard', 1, [{ action: 'changeIsDefault', isDefault: true }]), 400, 'InvalidOperation');
    await expectNothingChanged(api, before);
    ok(await update('express', 1, [{ action: 'changeIsDefault', isDefault: false }]));
    expect(ok(await update('standard', 1, [{ action: 'changeIsDefault', isDefault: true }]))['isDefault']).toBe(true);
  });

  it('a zone or tax category a shipping method uses cannot be deleted (400 ReferenceExists); nothing changes', async () => {
    await created(api, '/shipping-methods', method('standard'));
    const before = await shippingSnapshot(api);
    expect(expectError(await api.call('DELETE', '/zones/key=de?version=1'), 400, 'ReferenceExists')['referencedBy']).toBe(
      'shipping-method',
    );
    const tax = await api.call('DELETE', '/tax-categories/key=standard?version=1');
    expect(expectError(tax, 400, 'ReferenceExists')['referencedBy']).toBe('shipping-method');
    await expectNothingChanged(api, before);
    ok(await api.call('DELETE', '/shipping-methods/key=standard?version=1'));
    ok(await api.call('DELETE', '/zones/key=de?version=1'));
  });

  it('answer 404 for an unknown method and 409 for a stale version', async () => {
    await created(api, '/shipping-methods', method('standard'));
    expectError(await api.call('GET', '/shipping-methods/key=nope'), 404, 'ResourceNotFound');
    expectError(await update('nope', 1, [{ action: 'changeActive', active: false }]), 404, 'ResourceNotFound');
    expectError(await update('standard', 2, [{ action: 'changeActive', active: false }]), 409, 'ConcurrentModification');
    expectError(await api.call('DELETE', '/shipping-methods/key=standard?version=2'), 409, 'ConcurrentModification');
  });

  it('need view_shipping_methods (or view_orders, manage_my_orders) to read and manage_shipping_methods (or manage_orders) to write', async () => {
    await created(api, '/shipping-methods', method('standard'));
    for (const scope of ['view_shipping_methods', 'view_orders', 'manage_my_orders']) {
      const reader = api.as(await api.token(`${scope}:${api.project}`));
      expect((await reader('GET', '/shipping-methods/key=standard')).status, scope).toBe(200);
      expect((await reader('GET', '/shipping-methods/matching-location?country=DE')).status, scope).toBe(200);
      expectError(await reader('POST', '/shipping-methods', method('other')), 403, 'insufficient_scope');
    }
    const manager = api.as(await api.token(`manage_orders:${api.project}`));
    expect((await manager('POST', '/shipping-methods', method('other'))).status).toBe(201);
    const other = api.as(await api.token(`view_zones:${api.project}`));
    expectError(await other('GET', '/shipping-methods'), 403, 'insufficient_scope');
    expectError(await other('GET', '/shipping-methods/matching-location?country=DE'), 403, 'insufficient_scope');
  });
});

describe('shipping methods matching a location', () => {
  beforeEach(async () => {
    // standard: DE in EUR, the US in USD (a rate country-wide and one for New York); express, the default: DE in EUR and USD.
    await created(api, '/shipping-methods', {
      ...method('standard'),
      zoneRates: [
        { zone: { key: 'de' }, shippingRates: [{ price: eur(490), freeAbove: eur(5000) }] },
        { zone: { key: 'us' }, shippingRates: [{ price: usd(990) }] },
        { zone: { key: 'new-york' }, shippingRates: [{ price: usd(1490) }] },
      ],
    });
    await created(api, '/shipping-methods', {
      ...method('express', { isDefault: true }),
      zoneRates: [
        {
          zone: { key: 'de' },
          shippingRates: [
            {
              price: eur(990),
              tiers: [
                { type: 'CartValue', minimumCentAmount: 10000, price: eur(500) },
                { type: 'CartValue', minimumCentAmount: 20000, price: eur(0) },
              ],
            },
            { price: usd(1190) },
          ],
        },
      ],
    });
    await created(api, '/shipping-methods', method('inactive', { active: false }));
  });

  it('answers the active methods with a zone for the country, the default first, flagging the rates of the matching zone', async () => {
    const page = ok(await matching('country=DE'));
    expect(page).toMatchObject({ offset: 0, count: 2, total: 2 });
    expect(keysOf(page)).toEqual(['express', 'standard']);
    const [express, standard] = page['results'] as Json[];
    expect(express!['zoneRates'][0].shippingRates.map((r: Json) => r['isMatching'])).toEqual([true, true]);
    expect(standard!['zoneRates'].map((z: Json) => z['shippingRates'].map((r: Json) => r['isMatching']))).toEqual([
      [true],
      [false],
      [false],
    ]);
    const usdOnly = ok(await matching('country=DE&currency=USD'));
    expect(keysOf(usdOnly)).toEqual(['express']);
    expect(usdOnly['results'][0].zoneRates[0].shippingRates.map((r: Json) => r['isMatching'])).toEqual([false, true]);
    expect(keysOf(ok(await matching('country=DE&currency=GBP')))).toEqual([]);
    expect(keysOf(ok(await matching('country=FR')))).toEqual([]);
    // The stored method carries no flags.
    expect(ok(await api.call('GET', '/shipping-methods/key=standard'))['zoneRates'][0].shippingRates[0]).not.toHaveProperty('isMatching');
  });

  it('matches a zone location with a state only for that state, and prefers it over a country-wide one', async () => {
    const nowhere = ok(await matching('country=US&state=CA&currency=USD'));
    expect(nowhere['results'][0].zoneRates.map((z: Json) => z['shippingRates'][0].isMatching)).toEqual([false, true, false]);
    const newYork = ok(await matching('country=US&state=NY&currency=USD'));
    expect(keysOf(newYork)).toEqual(['standard']);
    expect(newYork['results'][0].zoneRates.map((z: Json) => z['shippingRates'][0].isMatching)).toEqual([false, false, true]);
  });

  it('HEAD answers 200 when a method matches and 404 when none does; bad parameters are 400', async () => {
    const head = async (query: string) =>
      (
        await api.emulator.fetch(`${api.emulator.urls().api}/${api.project}/shipping-methods/matching-location?${query}`, {
          method: 'HEAD',
          headers: { authorization: `Bearer ${await api.token()}` },
        })
      ).status;
    expect(await head('country=DE')).toBe(200);
    expect(await head('country=FR')).toBe(404);
    expectError(await matching('currency=EUR'), 400, 'RequiredField');
    expectError(await matching('country=germany'), 400, 'InvalidInput');
    expectError(await matching('country=DE&currency=euro'), 400, 'InvalidInput');
  });

  it('prices a matching rate: free from freeAbove on, CartValue tiers only with that input type, the base price below every tier', async () => {
    const state = api.emulator.context.state;
    const [express, standard] = ok(await matching('country=DE&currency=EUR'))['results'] as ShippingMethod[];
    const standardRate = shippingRateFor(state, standard!, { country: 'DE' }, 'EUR')!;
    const cents = (rate: ShippingRate, cartValue: number, inputType?: string) => shippingPriceOf(rate, cartValue, inputType).centAmount;
    // freeAbove 50.00 EUR: 49.99 EUR of goods ship for the price 4.90 EUR, 50.00 EUR for nothing.
    expect(cents(standardRate, 4999)).toBe(490);
    expect(cents(standardRate, 5000)).toBe(0);
    expect(shippingPriceOf(standardRate, 5000, undefined)).toEqual(money('EUR', 0));
    const expressRate = shippingRateFor(state, express!, { country: 'DE' }, 'EUR')!;
    // Tiers 100.00 EUR -> 5.00 EUR and 200.00 EUR -> 0.00 EUR on a price of 9.90 EUR.
    expect(cents(expressRate, 9999, 'CartValue')).toBe(990); // below every tier: the base price
    expect(cents(expressRate, 10000, 'CartValue')).toBe(500); // reaches 100.00 EUR
    expect(cents(expressRate, 25000, 'CartValue')).toBe(0); // reaches both: the highest wins
    expect(cents(expressRate, 25000)).toBe(990); // no input type: tiers do not apply
    expect(cents(expressRate, 25000, 'CartScore')).toBe(990);
    expect(shippingRateFor(state, standard!, { country: 'FR' }, 'EUR')).toBeUndefined();
  });

  it('flags the tier a cart value reaches when the project takes CartValue input', async () => {
    const state = api.emulator.context.state;
    const tierFlags = () =>
      matchingShippingMethods(state, { country: 'DE', currency: 'EUR' }, 15000)[0]!.zoneRates[0]!.shippingRates[0]!.tiers.map(
        (t) => t.isMatching,
      );
    expect(tierFlags()).toEqual([false, false]);
    const project = ok(await api.call('GET', ''));
    const set = { action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartValue' } };
    ok(await api.call('POST', '', { version: project['version'], actions: [set] }));
    // 150.00 EUR reaches the 100.00 EUR tier, not the 200.00 EUR one.
    expect(tierFlags()).toEqual([true, false]);
  });
});
