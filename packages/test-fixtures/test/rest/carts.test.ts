import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, cartApi, eur, money, type CartApi } from './cart-fixtures.js';
import { expectError, ok, UUID, type Json } from './helpers.js';

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
});

describe('carts', () => {
  it('are created with only a currency, empty and Active, read by id and key, queried and deleted', async () => {
    const cart = await c.cart({ key: 'first' });
    expect(cart).toMatchObject({
      id: expect.stringMatching(UUID),
      version: 1,
      key: 'first',
      lineItems: [],
      customLineItems: [],
      totalPrice: money(0),
      taxMode: 'Platform',
      taxRoundingMode: 'HalfEven',
      priceRoundingMode: 'HalfEven',
      taxCalculationMode: 'LineItemLevel',
      inventoryMode: 'None',
      cartState: 'Active',
      shippingMode: 'Single',
      origin: 'Customer',
      deleteDaysAfterLastModification: 90,
    });
    expect(cart['totalLineItemQuantity']).toBeUndefined();
    expect(cart['taxedPrice']).toBeUndefined();
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))).toEqual(cart);
    expect(ok(await c.api.call('GET', '/carts/key=first'))).toEqual(cart);
    expect(ok(await c.api.call('GET', '/carts?where=key%3D%22first%22')).results).toEqual([cart]);
    expect(ok(await c.api.call('DELETE', `/carts/key=first?version=1`))).toEqual(cart);
    expectError(await c.api.call('GET', `/carts/${cart['id']}`), 404, 'ResourceNotFound');
  });

  it('need a currency of the project, and refuse a bad draft with the path named, storing nothing', async () => {
    expectError(await c.api.call('POST', '/carts', {}), 400, 'InvalidJsonInput');
    const wrong = expectError(
      await c.api.call('POST', '/carts', { currency: 'EUR', lineItems: [{ sku: 'x', quantity: -1 }] }),
      400,
      'InvalidJsonInput',
    );
    expect(wrong['detailedErrorMessage']).toContain('lineItems');
    expectError(await c.api.call('POST', '/carts', { currency: 'JPY' }), 400, 'InvalidField');
    expectError(await c.api.call('POST', '/carts', { currency: 'EUR', inventoryMode: 'ReserveOnCart' }), 501, 'NotEmulated');
    expect(ok(await c.api.call('GET', '/carts')).results).toEqual([]);
  });

  it('take Line Items in the draft, each a snapshot with its selected price and an exact total', async () => {
    await c.product('tee', [{ value: eur(1999) }]);
    const cart = await c.cart({ country: 'DE', lineItems: [{ sku: 'tee', quantity: 3 }] });
    const [line] = cart['lineItems'] as Json[];
    expect(line).toMatchObject({
      id: expect.stringMatching(UUID),
      productKey: 'tee',
      name: { en: 'Thing tee' },
      productSlug: { en: 'thing-tee' },
      variant: { id: 1, sku: 'tee' },
      price: { value: money(1999) },
      quantity: 3,
      // 19.99 × 3 = 59.97
      totalPrice: money(5997),
      priceMode: 'Platform',
      lineItemMode: 'Standard',
      discountedPricePerQuantity: [],
      state: [{ quantity: 3, state: { typeId: 'state' } }],
    });
    expect(cart).toMatchObject({ totalLineItemQuantity: 3, totalPrice: money(5997) });
  });

  it('add the same variant to its line, and other channels or custom fields to a new line', async () => {
    const product = await c.product('tee', [{ value: eur(500) }]);
    let cart = await c.cart();
    cart = await c.updated(
      cart,
      { action: 'addLineItem', sku: 'tee' },
      { action: 'addLineItem', productId: product['id'], variantId: 1, quantity: 2 },
    );
    expect((cart['lineItems'] as Json[]).map((l) => l['quantity'])).toEqual([3]);
    // 5.00 × 3 = 15.00
    expect(cart['totalPrice']).toEqual(money(1500));
    const channel = ok(await c.api.call('POST', '/channels', { key: 'shop', roles: ['InventorySupply'] }), 201);
    cart = await c.updated(cart, { action: 'addLineItem', sku: 'tee', supplyChannel: { key: 'shop' } });
    expect((cart['lineItems'] as Json[]).map((l) => [l['quantity'], l['supplyChannel']?.id])).toEqual([
      [3, undefined],
      [1, channel['id']],
    ]);
    expect(cart['totalLineItemQuantity']).toBe(4);
  });

  it('change and remove line quantities, 0 removing the line', async () => {
    await c.product('tee', [{ value: eur(250) }]);
    let cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 4 }] });
    const lineItemId = (cart['lineItems'] as Json[])[0]!['id'];
    cart = await c.updated(cart, { action: 'removeLineItem', lineItemId, quantity: 1 });
    // 2.50 × 3 = 7.50
    expect(cart['totalPrice']).toEqual(money(750));
    cart = await c.updated(cart, { action: 'changeLineItemQuantity', lineItemId, quantity: 10 });
    expect(cart['totalPrice']).toEqual(money(2500));
    cart = await c.updated(cart, { action: 'changeLineItemQuantity', lineItemId, quantity: 0 });
    expect(cart).toMatchObject({ lineItems: [], totalPrice: money(0) });
    expect(cart['totalLineItemQuantity']).toBeUndefined();
  });

  it('refuse a negative quantity, an unknown SKU or product, changing nothing', async () => {
    await c.product('tee', [{ value: eur(250) }]);
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    const lineItemId = (cart['lineItems'] as Json[])[0]!['id'];
    const negative = expectError(
      await c.update(cart, { action: 'changeLineItemQuantity', lineItemId, quantity: -1 }),
      400,
      'InvalidJsonInput',
    );
    expect(negative['detailedErrorMessage']).toContain('actions');
    expect(expectError(await c.update(cart, { action: 'addLineItem', sku: 'nope' }), 400, 'InvalidOperation').message).toBe(
      "A product containing a variant with SKU 'nope' not found.",
    );
    expectError(
      await c.update(cart, { action: 'addLineItem', productId: '00000000-0000-4000-8000-000000000000' }),
      400,
      'InvalidOperation',
    );
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))).toEqual(cart);
  });

  it('answer MatchingPriceNotFound when no price fits the currency, country, group and channel', async () => {
    const product = await c.product('tee', [{ value: eur(250), country: 'US' }, { value: { currencyCode: 'USD', centAmount: 300 } }]);
    const answer = await c.api.call('POST', '/carts', { currency: 'EUR', country: 'DE', lineItems: [{ sku: 'tee' }] });
    const error = expectError(answer, 400, 'MatchingPriceNotFound');
    expect(error).toEqual({
      code: 'MatchingPriceNotFound',
      message: `The variant 1 of product ${product['id']} does not contain a price for currency EUR, DE, none, none.`,
      productId: product['id'],
      variantId: 1,
      currency: 'EUR',
      country: 'DE',
    });
    const usd = await c.cart({ currency: 'USD', lineItems: [{ sku: 'tee', quantity: 2 }] });
    // 3.00 USD × 2
    expect(usd['totalPrice']).toEqual(money(600, 'USD'));
    const cart = await c.cart({ country: 'DE' });
    expectError(await c.update(cart, { action: 'addLineItem', sku: 'tee' }), 400, 'MatchingPriceNotFound');
  });

  it('select the most specific price: country and channel over none, and the quantity tier reached', async () => {
    const channel = ok(await c.api.call('POST', '/channels', { key: 'web', roles: ['ProductDistribution'] }), 201);
    await c.product('tee', [
      {
        value: eur(1000),
        tiers: [
          { minimumQuantity: 5, value: eur(900) },
          { minimumQuantity: 10, value: eur(800) },
        ],
      },
      { value: eur(950), country: 'DE' },
      { value: eur(700), channel: { key: 'web' } },
    ]);
    let cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 4 }] });
    const lineItemId = (cart['lineItems'] as Json[])[0]!['id'];
    // no tier below 5: 10.00 × 4
    expect(cart['totalPrice']).toEqual(money(4000));
    cart = await c.updated(cart, { action: 'changeLineItemQuantity', lineItemId, quantity: 7 });
    // the tier from 5: 9.00 × 7 = 63.00
    expect((cart['lineItems'] as Json[])[0]!['price']['value']).toEqual(money(900));
    expect(cart['totalPrice']).toEqual(money(6300));
    cart = await c.updated(cart, { action: 'changeLineItemQuantity', lineItemId, quantity: 12 });
    // the tier from 10: 8.00 × 12 = 96.00
    expect(cart['totalPrice']).toEqual(money(9600));
    cart = await c.updated(cart, { action: 'setCountry', country: 'DE' });
    // the DE price has no tiers: 9.50 × 12 = 114.00
    expect(cart['totalPrice']).toEqual(money(11400));
    cart = await c.updated(cart, { action: 'addLineItem', sku: 'tee', distributionChannel: { id: channel['id'] } });
    // a new line at the channel's price: 114.00 + 7.00
    expect(cart['totalPrice']).toEqual(money(12100));
  });

  it('keep the variant and name as snapshots until recalculate with updateProductData', async () => {
    const product = await c.product('tee', [{ value: eur(100) }]);
    let cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    const changed = ok(
      await c.api.call('POST', `/products/${product['id']}`, {
        version: product['version'],
        actions: [
          { action: 'changeName', name: { en: 'Renamed' } },
          {
            action: 'changePrice',
            priceId: product['masterData']['current']['masterVariant']['prices'][0]['id'],
            price: { value: eur(200) },
          },
          { action: 'publish' },
        ],
      }),
    );
    expect(changed['masterData']['current']['name']).toEqual({ en: 'Renamed' });
    cart = await c.updated(cart, { action: 'setLocale', locale: 'en' });
    expect((cart['lineItems'] as Json[])[0]).toMatchObject({ name: { en: 'Thing tee' }, price: { value: money(100) } });
    cart = await c.updated(cart, { action: 'recalculate' });
    expect((cart['lineItems'] as Json[])[0]).toMatchObject({ name: { en: 'Thing tee' }, price: { value: money(200) } });
    cart = await c.updated(cart, { action: 'recalculate', updateProductData: true });
    expect((cart['lineItems'] as Json[])[0]).toMatchObject({ name: { en: 'Renamed' }, variant: { prices: [{ value: money(200) }] } });
  });

  it('set addresses, e-mail, locale, key, anonymous id and delete days, and unset them', async () => {
    let cart = await c.cart();
    cart = await c.updated(
      cart,
      { action: 'setShippingAddress', address: BERLIN },
      { action: 'setBillingAddress', address: { country: 'DE', city: 'Hamburg' } },
      { action: 'setCustomerEmail', email: 'a@example.com' },
      { action: 'setLocale', locale: 'de' },
      { action: 'setKey', key: 'k-1' },
      { action: 'setAnonymousId', anonymousId: 'anon' },
      { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 7 },
    );
    expect(cart).toMatchObject({
      shippingAddress: BERLIN,
      billingAddress: { country: 'DE', city: 'Hamburg' },
      customerEmail: 'a@example.com',
      locale: 'de',
      key: 'k-1',
      anonymousId: 'anon',
      deleteDaysAfterLastModification: 7,
      version: 2,
    });
    cart = await c.updated(
      cart,
      { action: 'setShippingAddress' },
      { action: 'setBillingAddress' },
      { action: 'setCustomerEmail' },
      { action: 'setLocale' },
      { action: 'setKey' },
      { action: 'setAnonymousId' },
      { action: 'setDeleteDaysAfterLastModification' },
    );
    for (const member of ['shippingAddress', 'billingAddress', 'customerEmail', 'locale', 'key', 'anonymousId'])
      expect(cart[member]).toBeUndefined();
    expect(cart['deleteDaysAfterLastModification']).toBe(90);
  });

  it('answer 501 for the live actions not emulated, changing nothing', async () => {
    const cart = await c.cart();
    for (const action of ['lockCart', 'setBusinessUnit']) {
      expect(expectError(await c.update(cart, { action }), 501, 'NotEmulated')['action']).toBe(action);
    }
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))['version']).toBe(1);
  });

  it('end with the exact quantity after 100 concurrent addLineItem retried on 409', async () => {
    await c.product('tee', [{ value: eur(100) }]);
    const cart = await c.cart();
    const path = `/carts/${cart['id']}`;
    const add = async (): Promise<void> => {
      for (;;) {
        const { version } = ok(await c.api.call('GET', path));
        const answer = await c.api.call('POST', path, { version, actions: [{ action: 'addLineItem', sku: 'tee' }] });
        if (answer.status === 200) return;
        expectError(answer, 409, 'ConcurrentModification');
      }
    };
    await Promise.all(Array.from({ length: 100 }, add));
    const final = ok(await c.api.call('GET', path));
    // 100 × 1.00
    expect(final).toMatchObject({ totalLineItemQuantity: 100, totalPrice: money(10000), version: 101 });
  });
});

describe('carts and payments', () => {
  it('hold the Payments added, each once', async () => {
    const payment = ok(await c.api.call('POST', '/payments', { amountPlanned: eur(1000) }), 201);
    let cart = await c.cart();
    cart = await c.updated(
      cart,
      { action: 'addPayment', payment: { id: payment['id'] } },
      { action: 'addPayment', payment: { id: payment['id'] } },
    );
    expect(cart['paymentInfo']).toEqual({ payments: [{ typeId: 'payment', id: payment['id'] }] });
    expect(
      ok(await c.api.call('GET', `/carts/${cart['id']}?expand=paymentInfo.payments%5B*%5D`))['paymentInfo']['payments'][0]['obj']['id'],
    ).toBe(payment['id']);
    expectError(await c.update(cart, { action: 'addPayment', payment: { key: 'none' } }), 400, 'ReferencedResourceNotFound');
    cart = await c.updated(cart, { action: 'removePayment', payment: { id: payment['id'] } });
    expect(cart['paymentInfo']).toBeUndefined();
  });
});

describe('carts with Custom Fields', () => {
  it('take Custom Fields on the Cart and its lines, a line of other fields being another line', async () => {
    ok(
      await c.api.call('POST', '/types', {
        key: 'notes',
        name: { en: 'Notes' },
        resourceTypeIds: ['order', 'line-item'],
        fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
      }),
      201,
    );
    await c.product('tee', [{ value: eur(100) }]);
    const gift = { type: { key: 'notes' }, fields: { note: 'gift' } };
    let cart = await c.cart({ custom: gift, lineItems: [{ sku: 'tee', custom: gift }, { sku: 'tee' }] });
    expect(cart['custom']['fields']).toEqual({ note: 'gift' });
    expect((cart['lineItems'] as Json[]).map((l) => l['custom']?.fields)).toEqual([{ note: 'gift' }, undefined]);
    cart = await c.updated(
      cart,
      { action: 'addLineItem', sku: 'tee', custom: gift },
      { action: 'setCustomField', name: 'note', value: 'changed' },
      { action: 'setLineItemCustomField', lineItemId: (cart['lineItems'] as Json[])[0]!['id'], name: 'note', value: 'wrapped' },
    );
    expect(cart['custom']['fields']).toEqual({ note: 'changed' });
    expect((cart['lineItems'] as Json[]).map((l) => [l['quantity'], l['custom']?.fields])).toEqual([
      [2, { note: 'wrapped' }],
      [1, undefined],
    ]);
    expectError(await c.update(cart, { action: 'setCustomField', name: 'other', value: 'x' }), 400, 'InvalidField');
    const type = ok(await c.api.call('GET', '/types/key=notes'));
    const inUse = expectError(await c.api.call('DELETE', `/types/key=notes?version=${type['version']}`), 400, 'ReferenceExists');
    expect(inUse['referencedBy']).toBe('cart');
    cart = await c.updated(cart, { action: 'setCustomType' });
    expect(cart['custom']).toBeUndefined();
    expectError(await c.update(cart, { action: 'setLocale', locale: 'fr' }), 400, 'InvalidField');
    // The line item still uses the Type: still in use, the Type stays.
    const lineInUse = expectError(await c.api.call('DELETE', `/types/key=notes?version=${type['version']}`), 400, 'ReferenceExists');
    expect(lineInUse['referencedBy']).toBe('cart');
    expect(ok(await c.api.call('GET', '/types/key=notes'))).toEqual(type);
  });

  it('keep a Type a custom line item uses from being deleted, on the Cart and then on its Order', async () => {
    const note = { name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } };
    const draft = { key: 'wrap', name: { en: 'Wrap' }, resourceTypeIds: ['custom-line-item'], fieldDefinitions: [note] };
    const type = ok(await c.api.call('POST', '/types', draft), 201);
    const wrapping = {
      name: { en: 'Wrapping' },
      money: eur(300),
      slug: 'wrapping',
      taxCategory: { key: 'standard' },
      custom: { type: { key: 'wrap' }, fields: { note: 'red' } },
    };
    const cart = await c.cart({ customLineItems: [wrapping], shippingAddress: BERLIN });
    const refused = expectError(await c.api.call('DELETE', '/types/key=wrap?version=1'), 400, 'ReferenceExists');
    expect(refused).toMatchObject({ referencedBy: 'cart', message: 'Can not delete a type while it is referenced by at least one cart.' });
    ok(await c.api.call('POST', '/orders', { cart: { typeId: 'cart', id: cart['id'] }, version: cart['version'] }), 201);
    const ordered = ok(await c.api.call('GET', `/carts/${cart['id'] as string}`));
    ok(await c.api.call('DELETE', `/carts/${cart['id'] as string}?version=${ordered['version'] as number}`));
    expect(expectError(await c.api.call('DELETE', '/types/key=wrap?version=1'), 400, 'ReferenceExists')['referencedBy']).toBe('order');
    expect(ok(await c.api.call('GET', '/types/key=wrap'))).toEqual(type);
  });
});
