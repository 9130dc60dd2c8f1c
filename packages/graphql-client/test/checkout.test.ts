import { describe, expect, it } from 'vitest';
import {
  CreateCartDocument,
  CreateOrderFromCartDocument,
  GetOrderDocument,
  ShippingMethodsByCartDocument,
  UpdateCartDocument,
  UpdateOrderDocument,
} from '../src/index.js';
import { ok, setUp } from './helpers.js';

/** The checkout documents of the package, typed, against the in-process emulator: the cents REST reads. */
describe('the checkout documents', () => {
  it('a Cart with lines, address and Shipping Method becomes an Order, to the cent', async () => {
    const { client, rest } = await setUp('graphql-checkout');
    const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
    await rest('POST', '/tax-categories', {
      key: 'vat',
      name: 'VAT',
      rates: [{ name: 'DE VAT', amount: 0.19, includedInPrice: true, country: 'DE' }],
    });
    await rest('POST', '/product-types', { key: 'thing', name: 'Thing', description: 'A thing' });
    await rest('POST', '/products', {
      key: 'mug',
      productType: { key: 'thing' },
      taxCategory: { key: 'vat' },
      name: { en: 'Mug' },
      slug: { en: 'mug' },
      masterVariant: { sku: 'mug', prices: [{ value: eur(1250) }] },
      publish: true,
    });
    await rest('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
    await rest('POST', '/shipping-methods', {
      key: 'parcel',
      name: 'Parcel',
      taxCategory: { key: 'vat' },
      isDefault: true,
      zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(395) }] }],
    });

    const created = ok(
      CreateCartDocument,
      await client.request(CreateCartDocument, {
        draft: {
          currency: 'EUR',
          country: 'DE',
          lineItems: [{ sku: 'mug', quantity: 3 }],
          shippingAddress: { country: 'DE', city: 'Berlin' },
        },
      }),
    ).createCart!;
    const methods = ok(
      ShippingMethodsByCartDocument,
      await client.request(ShippingMethodsByCartDocument, { id: created.id }),
    ).shippingMethodsByCart;
    expect(methods.map((m) => m.key)).toEqual(['parcel']);
    const shipped = ok(
      UpdateCartDocument,
      await client.request(UpdateCartDocument, {
        id: created.id,
        version: created.version,
        actions: [{ setShippingMethod: { shippingMethod: { key: 'parcel' } } }],
      }),
    ).updateCart!;
    // DE VAT 19 % included. Mugs 12.50 × 3 = 37.50: net 37.50 / 1.19 = 31.5126… → 31.51, tax 5.99.
    // Parcel 3.95: net 3.95 / 1.19 = 3.3193… → 3.32, tax 0.63. Total 41.45 gross, 34.83 net, 6.62 tax.
    expect(shipped.totalPrice.centAmount).toBe(4145);
    expect(shipped.taxedPrice).toMatchObject({
      totalNet: { centAmount: 3483 },
      totalGross: { centAmount: 4145 },
      totalTax: { centAmount: 662 },
    });

    const order = ok(
      CreateOrderFromCartDocument,
      await client.request(CreateOrderFromCartDocument, {
        draft: { cart: { id: created.id }, version: shipped.version, orderNumber: 'M-1' },
      }),
    ).createOrderFromCart!;
    expect(order).toMatchObject({ orderNumber: 'M-1', orderState: 'Open', totalPrice: { centAmount: 4145 } });
    const restOrder = await rest<{ totalPrice: unknown; taxedPrice: { totalNet: unknown } }>('GET', '/orders/order-number=M-1');
    expect(order.totalPrice).toEqual(restOrder.body.totalPrice);
    expect(order.taxedPrice?.totalNet).toEqual(restOrder.body.taxedPrice.totalNet);
    const confirmed = ok(
      UpdateOrderDocument,
      await client.request(UpdateOrderDocument, {
        orderNumber: 'M-1',
        version: order.version,
        actions: [{ changeOrderState: { orderState: 'Confirmed' } }],
      }),
    ).updateOrder!;
    expect(confirmed.orderState).toBe('Confirmed');
    expect(ok(GetOrderDocument, await client.request(GetOrderDocument, { orderNumber: 'M-1' })).order?.id).toBe(order.id);
  });
});
