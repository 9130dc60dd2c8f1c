import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { expectError, expectUnchanged, snapshot } from '../rest/helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

async function productType(): Promise<string> {
  const type = await api.call('POST', '/product-types', {
    key: 'shirt',
    name: 'Shirt',
    description: 'shirts',
    attributes: [
      { name: 'color', label: { en: 'Color' }, type: { name: 'text' } },
      {
        name: 'size',
        label: { en: 'Size' },
        type: { name: 'text' },
        isRequired: true,
        level: 'Variant',
        attributeConstraint: 'SameForAll',
        inputHint: 'MultiLine',
        isSearchable: false,
        inputTip: { en: 'S to XL' },
      },
    ],
  });
  expect(type.status).toBe(201);
  return type.body.id as string;
}

describe('the live shapes with their defaults', () => {
  it('attribute definitions get level Variant, constraint None, input hint SingleLine, searchable', async () => {
    await productType();
    const type = (await api.call('GET', '/product-types/key=shirt')).body;
    expect(type.attributes[0]).toEqual({
      name: 'color',
      label: { en: 'Color' },
      type: { name: 'text' },
      isRequired: false,
      level: 'Variant',
      attributeConstraint: 'None',
      inputHint: 'SingleLine',
      isSearchable: true,
    });
    expect(type.attributes[1]).toMatchObject({
      isRequired: true,
      attributeConstraint: 'SameForAll',
      inputHint: 'MultiLine',
      isSearchable: false,
      inputTip: { en: 'S to XL' },
    });
  });

  it('a Customer keeps addresses, default and listed address ids, isEmailVerified and the other draft members', async () => {
    const answer = await api.call('POST', '/customers', {
      email: 'ada@example.com',
      password: 'secret-1',
      middleName: 'M',
      title: 'Dr',
      salutation: 'Dear',
      dateOfBirth: '1990-01-31',
      companyName: 'Acme',
      vatId: 'DE1',
      externalId: 'ext-1',
      locale: 'de',
      isEmailVerified: true,
      addresses: [
        { country: 'DE', city: 'Berlin', id: 'ignored' },
        { country: 'US', key: 'ny' },
      ],
      defaultShippingAddress: 0,
      shippingAddresses: [1],
      billingAddresses: [1],
    });
    expect(answer.status).toBe(201);
    const customer = answer.body.customer;
    const [berlin, ny] = customer.addresses;
    expect(berlin).toEqual({ country: 'DE', city: 'Berlin', id: expect.any(String) });
    expect(berlin.id).not.toBe('ignored');
    expect(ny).toMatchObject({ country: 'US', key: 'ny' });
    expect(customer).toMatchObject({
      middleName: 'M',
      title: 'Dr',
      salutation: 'Dear',
      dateOfBirth: '1990-01-31',
      companyName: 'Acme',
      vatId: 'DE1',
      externalId: 'ext-1',
      locale: 'de',
      isEmailVerified: true,
      defaultShippingAddressId: berlin.id,
      shippingAddressIds: [berlin.id, ny.id],
      billingAddressIds: [ny.id],
      customerGroupAssignments: [],
      authenticationMode: 'Password',
    });
    expect(customer.defaultBillingAddressId).toBeUndefined();
    expect(customer).not.toHaveProperty('password');
  });

  it('a Customer address index out of range, a missing password and a password with ExternalAuth are refused; nothing changes', async () => {
    const before = await snapshot(api);
    const outOfRange = await api.call('POST', '/customers', {
      email: 'a@example.com',
      password: 'x',
      addresses: [{ country: 'DE' }],
      defaultBillingAddress: 1,
    });
    expect(expectError(outOfRange, 400, 'InvalidField')['field']).toBe('defaultBillingAddress');
    expect(expectError(await api.call('POST', '/customers', { email: 'a@example.com' }), 400, 'RequiredField')['field']).toBe('password');
    expectError(
      await api.call('POST', '/customers', { email: 'a@example.com', password: 'x', authenticationMode: 'ExternalAuth' }),
      400,
      'InvalidField',
    );
    await expectUnchanged(api, before);
    const external = await api.call('POST', '/customers', { email: 'a@example.com', authenticationMode: 'ExternalAuth' });
    expect(external.body.customer.authenticationMode).toBe('ExternalAuth');
  });

  it('members the live drafts define and the emulator does not model are 501 NotEmulated naming them; nothing changes', async () => {
    const typeId = await productType();
    const before = await snapshot(api);
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/customers',
        { email: 'b@example.com', password: 'x', customerGroupAssignments: [{ customerGroup: { key: 'vip' } }] },
        'customerGroupAssignments',
      ],
      [
        '/customers',
        { email: 'b@example.com', password: 'x', addresses: [{ country: 'DE', custom: { type: { key: 'tt' } } }] },
        'addresses.0.custom',
      ],
      ['/products', { productType: { id: typeId }, name: { en: 'P' }, slug: { en: 'p' }, attributes: [] }, 'attributes'],
      ['/products', { productType: { id: typeId }, name: { en: 'P' }, slug: { en: 'p' }, variants: [{ assets: [] }] }, 'variants.0.assets'],
      [
        '/products',
        {
          productType: { id: typeId },
          name: { en: 'P' },
          slug: { en: 'p' },
          masterVariant: { prices: [{ value: { centAmount: 1, currencyCode: 'EUR' }, custom: {} }] },
        },
        'masterVariant.prices.0.custom',
      ],
      ['/stores', { key: 'ss', storefront: { key: 'web' } }, 'storefront'],
    ];
    for (const [path, body, field] of cases) {
      const error = expectError(await api.call('POST', path, body), 501, 'NotEmulated');
      expect(error['field'], path).toBe(field);
    }
    const project = await api.call('POST', '', { version: 1, actions: [{ action: 'changeCountries', countries: ['DE'] }] });
    expect(expectError(project, 501, 'NotEmulated')['action']).toBe('changeCountries');
    expect((await api.call('GET', '')).body).toMatchObject({
      version: 1,
      carts: { deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: false },
      shoppingLists: { deleteDaysAfterLastModification: 360 },
      discounts: { discountCombinationMode: 'Stacking' },
      inventory: {},
    });
    await expectUnchanged(api, before);
    const unknownMember = await api.call('POST', '/stores', { key: 'ss', notALiveMember: true });
    expect(unknownMember.status).toBe(201);
    const action = await api.call('POST', '/stores/key=ss', {
      version: 1,
      actions: [
        { action: 'setName', name: { en: 'S' } },
        { action: 'setCountries', countries: [] },
      ],
    });
    expect(expectError(action, 501, 'NotEmulated')).toMatchObject({ action: 'setCountries', field: 'actions.1.action' });
    expect((await api.call('GET', '/stores/key=ss')).body.version).toBe(1);
    await api.call('DELETE', '/stores/key=ss?version=1');
  });
});

describe('variant prices', () => {
  it('are stored and returned as centPrecision money with the currency digits, a generated id, key, country, channel and validity', async () => {
    const typeId = await productType();
    const channel = await api.call('POST', '/channels', { key: 'web', roles: ['ProductDistribution'] });
    const answer = await api.call('POST', '/products?expand=masterData.staged.masterVariant.prices[*].channel', {
      productType: { id: typeId },
      name: { en: 'P' },
      slug: { en: 'p' },
      metaTitle: { en: 'Meta' },
      searchKeywords: { en: [{ text: 'shirt' }] },
      priceMode: 'Embedded',
      masterVariant: {
        sku: 'p-1',
        // The type requires `size`.
        attributes: [{ name: 'size', value: 'M' }],
        images: [{ url: 'https://example.com/a.png', dimensions: { w: 10, h: 20 }, label: 'front' }],
        prices: [
          {
            key: 'eur',
            value: { centAmount: 1999, currencyCode: 'EUR' },
            country: 'DE',
            channel: { key: 'web' },
            validFrom: '2026-01-01T00:00:00.000Z',
            validUntil: '2026-12-31T00:00:00.000Z',
          },
          { value: { type: 'centPrecision', centAmount: 2500, currencyCode: 'JPY', fractionDigits: 0 } },
        ],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const staged = answer.body.masterData.staged;
    const [eur, jpy] = staged.masterVariant.prices;
    expect(eur).toMatchObject({
      id: expect.any(String),
      key: 'eur',
      value: { type: 'centPrecision', centAmount: 1999, currencyCode: 'EUR', fractionDigits: 2 },
      country: 'DE',
      channel: { typeId: 'channel', id: channel.body.id, obj: { key: 'web' } },
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2026-12-31T00:00:00.000Z',
    });
    expect(jpy).toEqual({
      id: expect.any(String),
      value: { type: 'centPrecision', centAmount: 2500, currencyCode: 'JPY', fractionDigits: 0 },
    });
    expect(staged.masterVariant.images).toEqual([{ url: 'https://example.com/a.png', dimensions: { w: 10, h: 20 }, label: 'front' }]);
    expect(staged).toMatchObject({
      metaTitle: { en: 'Meta' },
      searchKeywords: { en: [{ text: 'shirt' }] },
      categories: [],
      attributes: [],
    });
    expect(answer.body.priceMode).toBe('Embedded');
    const projection = await api.call('GET', `/product-projections/${answer.body.id}?staged=true`);
    expect(projection.body.masterVariant.prices).toEqual(
      staged.masterVariant.prices.map((p: { channel?: unknown }) => ({
        ...p,
        ...(p.channel ? { channel: { typeId: 'channel', id: channel.body.id } } : {}),
      })),
    );
    const refused = await api.call('DELETE', `/channels/${channel.body.id}?version=1`);
    expect(expectError(refused, 400, 'ReferenceExists')['referencedBy']).toBe('product');
  });

  it('a wrong currency, wrong fraction digits, an inverted validity or high-precision money are refused; nothing changes', async () => {
    const typeId = await productType();
    const before = await snapshot(api);
    const withPrice = (price: Record<string, unknown>) => ({
      productType: { id: typeId },
      name: { en: 'P' },
      slug: { en: 'p' },
      masterVariant: { prices: [price] },
    });
    expectError(await api.call('POST', '/products', withPrice({ value: { centAmount: 1, currencyCode: 'XYZ' } })), 400, 'InvalidField');
    expectError(
      await api.call('POST', '/products', withPrice({ value: { centAmount: 1, currencyCode: 'EUR', fractionDigits: 3 } })),
      400,
      'InvalidField',
    );
    expectError(
      await api.call(
        'POST',
        '/products',
        withPrice({
          value: { centAmount: 1, currencyCode: 'EUR' },
          validFrom: '2026-02-01T00:00:00.000Z',
          validUntil: '2026-01-01T00:00:00.000Z',
        }),
      ),
      400,
      'InvalidField',
    );
    expectError(
      await api.call('POST', '/products', withPrice({ value: { centAmount: 1, currencyCode: 'EUR' }, channel: { key: 'nope' } })),
      400,
      'ReferencedResourceNotFound',
    );
    const precise = await api.call(
      'POST',
      '/products',
      withPrice({ value: { type: 'highPrecision', centAmount: 1, currencyCode: 'EUR', preciseAmount: 123 } }),
    );
    expect(expectError(precise, 501, 'NotEmulated')['field']).toBe('masterVariant.prices.0.value.preciseAmount');
    await expectUnchanged(api, before);
  });
});
