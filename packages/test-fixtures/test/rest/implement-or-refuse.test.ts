import { beforeAll, describe, expect, it } from 'vitest';
import commerceDocument from '../../src/generated/commerce.openapi.json' with { type: 'json' };
import { passwordToken } from '../helpers/tokens.js';
import { createApi, expectError, type Api } from './helpers.js';

/**
 * Implement or refuse, proved over the whole schema: every member of every draft and update-action
 * schema of the Commerce schema either round-trips (it is in the answer as sent, or as the live service
 * shows it) or, listed as `x-not-emulated`, is refused with 501 NotEmulated naming it; every live
 * update action listed as `x-not-emulated-actions` is refused too. A member added to the schema
 * without an example here fails the completeness checks.
 */

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
  readOnly?: boolean;
  discriminator?: { mapping?: Record<string, string> };
  'x-not-emulated'?: string[];
  'x-not-emulated-actions'?: string[];
}

const document = commerceDocument as unknown as {
  paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: Schema } } } }>>;
  components: { schemas: Record<string, Schema> };
};
const nameOf = (ref: string) => ref.split('/').pop()!;
const schemaOf = (name: string) => document.components.schemas[name]!;
const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(schemaOf(nameOf(schema.$ref))) : schema);

/** The members of an object schema (through `allOf`): modeled ones and the not-emulated ones. */
function membersOf(name: string): { modeled: string[]; notEmulated: string[] } {
  const modeled = new Set<string>();
  const notEmulated = new Set<string>();
  const walk = (schema: Schema) => {
    const resolved = resolve(schema);
    for (const member of Object.keys(resolved.properties ?? {})) modeled.add(member);
    for (const member of resolved['x-not-emulated'] ?? []) notEmulated.add(member);
    for (const part of resolved.allOf ?? []) walk(part);
  };
  walk(schemaOf(name));
  return { modeled: [...modeled], notEmulated: [...notEmulated] };
}

/** The draft schemas of the create endpoints (`POST /<resources>` with a `...Draft` body). */
const draftEndpoints = Object.entries(document.paths).flatMap(([path, item]) => {
  const ref = item['post']?.requestBody?.content['application/json'].schema.$ref;
  return ref && nameOf(ref).endsWith('Draft') ? [{ path, schema: nameOf(ref) }] : [];
});

/** Update-action unions and their actions (schema names by action). */
const actionUnions = Object.keys(document.components.schemas)
  .filter((name) => name.endsWith('UpdateAction') && schemaOf(name).discriminator)
  .map((union) => ({ union, actions: schemaOf(union).discriminator!.mapping! }));

type Json = Record<string, unknown>;

/** A full draft per schema (every modeled member), and what the answer shows for members that do not come back as sent. */
interface DraftCase {
  body: (refs: Refs) => Json;
  /** Members whose answer differs from the draft: the expected answer fields. Write-only members map to `undefined`. */
  shown?: (refs: Refs, answer: Json) => Json;
  /** Where the created resource is in the answer (sign-up answers `{ customer }`). */
  unwrap?: (answer: Json) => Json;
  /** Sent with the token of a signed-up customer (a My endpoint), not the emulator's own client's. */
  asCustomer?: boolean;
  /** What each create needs made first (an Order needs its Cart). */
  prepare?: (api: Api, refs: Refs) => Promise<Partial<Refs>>;
  /** The path to send it to, where the endpoint's has parameters (a merge names its customer). */
  path?: (refs: Refs) => string;
  /** The status of the answer, when not 201 (a merge answers the merged Cart with 200). */
  status?: number;
}

interface Refs {
  orderStateId?: string;
  productStateId: string;
  paymentStateId: string;
  productTypeId: string;
  selectionId: string;
  channelId: string;
  categoryId: string;
  taxCategoryId: string;
  storeKey: string;
  productId: string;
  customTypeId: string;
  customerId: string;
  /** The Cart an Order is made from (see {@link DraftCase.prepare}). */
  cart?: { id: string; version: number };
  /** A Cart of that customer (a replica's source). */
  cartId: string;
  /** A Cart of the anonymous session `walk-visitor` (a merge's). */
  anonymousCartId: string;
  /** A Cart of the anonymous session `walk-sign-up` (a sign-up's). */
  signUpCartId: string;
  /** A Cart Discount that requires a Discount Code (see {@link codeCartDiscount}). */
  cartDiscountId?: string;
  n: number;
}

/** A Cart ready to order (a line, a shipping address), of the customer when given. */
async function orderableCart(api: Api, customerId?: string): Promise<{ id: string; version: number }> {
  const cart = await api.call('POST', '/carts', {
    currency: 'EUR',
    lineItems: [{ sku: 'walk-sku' }],
    shippingAddress: { country: 'DE' },
    ...(customerId !== undefined ? { customerId } : {}),
  });
  return { id: cart.body.id, version: cart.body.version };
}

let codeDiscounts = 0;
/** A new Cart Discount that requires a Discount Code (sort orders are unique). */
async function codeCartDiscount(api: Api): Promise<string> {
  const discount = await api.call('POST', '/cart-discounts', {
    name: { en: 'Code' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: '1 = 1' },
    sortOrder: `0.08${String(++codeDiscounts).padStart(4, '0')}`,
    requiresDiscountCode: true,
  });
  return discount.body.id as string;
}

/** Custom Fields of the Type every customizable draft uses, as sent and as answered. */
const custom = { type: { key: 'walk' }, fields: { note: 'n' } };
const customShown = ({ customTypeId }: Refs) => ({ custom: { type: { typeId: 'type', id: customTypeId }, fields: { note: 'n' } } });

/** The required members of the actions whose optional members are checked (the others need none). */
const ACTION_BASES: Record<string, (refs: Refs) => Json> = {
  addProduct: ({ productId }) => ({ product: { id: productId } }),
  addCustomLineItem: () => ({ name: { en: 'Fee' }, money: { currencyCode: 'EUR', centAmount: 1 }, slug: 'fee' }),
  changeLineItemQuantity: () => ({ lineItemId: 'none', quantity: 1 }),
  setCustomShippingMethod: () => ({ shippingMethodName: 'x', shippingRate: { price: { currencyCode: 'EUR', centAmount: 1 } } }),
  setDeliveryItems: () => ({ deliveryKey: 'none', items: [] }),
  addParcelToDelivery: () => ({ deliveryKey: 'none' }),
};

const address = {
  key: 'home',
  country: 'DE',
  title: 'Dr',
  salutation: 'Dear',
  firstName: 'Ada',
  lastName: 'L',
  streetName: 'Main',
  streetNumber: '1',
  additionalStreetInfo: 'back',
  postalCode: '10115',
  city: 'Berlin',
  region: 'BE',
  state: 'Berlin',
  company: 'Acme',
  department: 'IT',
  building: 'B',
  apartment: '2',
  pOBox: '9',
  phone: '1',
  mobile: '2',
  email: 'a@example.com',
  fax: '3',
  additionalAddressInfo: 'x',
  externalId: 'e',
};

/** Every member of an AssetDraft that the emulator models. */
const asset = {
  key: 'logo',
  name: { en: 'Logo' },
  description: { en: 'The logo' },
  tags: ['brand'],
  sources: [{ uri: 'https://a.example/logo.png', key: 'main', dimensions: { w: 1, h: 2 }, contentType: 'image/png' }],
};

const DRAFTS: Record<string, DraftCase> = {
  // `type` is the deprecated name of `mode`: accepted, answered as `mode`.
  ProductSelectionDraft: {
    body: ({ n }) => ({ key: `ps-${n}`, name: { en: 'PS' }, mode: 'IndividualExclusion', type: 'individualExclusion', custom }),
    shown: (refs) => ({ type: undefined, ...customShown(refs) }),
  },
  StoreDraft: {
    body: ({ n, selectionId, channelId }) => ({
      key: `store-${n}`,
      name: { en: 'S' },
      languages: ['en'],
      countries: [{ code: 'DE' }],
      distributionChannels: [{ id: channelId }],
      supplyChannels: [{ id: channelId }],
      productSelections: [{ productSelection: { id: selectionId }, active: true }],
      custom,
    }),
    shown: ({ selectionId, channelId, ...refs }) => ({
      ...customShown({ selectionId, channelId, ...refs }),
      distributionChannels: [{ typeId: 'channel', id: channelId }],
      supplyChannels: [{ typeId: 'channel', id: channelId }],
      productSelections: [{ productSelection: { typeId: 'product-selection', id: selectionId }, active: true }],
    }),
  },
  ChannelDraft: {
    body: ({ n }) => ({
      key: `channel-${n}`,
      roles: ['Primary'],
      name: { en: 'C' },
      description: { en: 'D' },
      address,
      geoLocation: { type: 'Point', coordinates: [1, 2] },
      custom,
    }),
    shown: (refs, answer) => ({ address: { ...address, id: (answer['address'] as Json)['id'] }, ...customShown(refs) }),
  },
  CategoryDraft: {
    body: ({ n, categoryId }) => ({
      key: `category-${n}`,
      name: { en: 'C' },
      slug: { en: `category-${n}` },
      description: { en: 'D' },
      parent: { id: categoryId },
      orderHint: '0.5',
      externalId: 'e',
      metaTitle: { en: 'MT' },
      metaDescription: { en: 'MD' },
      metaKeywords: { en: 'MK' },
      custom,
      assets: [asset],
    }),
    // An Asset gets a generated id.
    shown: (refs, answer) => ({
      parent: { typeId: 'category', id: refs.categoryId },
      ...customShown(refs),
      assets: [{ ...asset, id: ((answer['assets'] as Json[])[0] as Json)['id'] }],
    }),
  },
  // Line Items are answered with their price and totals; addresses as sent.
  CartDraft: {
    body: ({ n, storeKey, customerId }) => ({
      currency: 'EUR',
      key: `cart-${n}`,
      customerId,
      customerEmail: 'c@example.com',
      customerGroup: { key: 'walk-cart' },
      anonymousId: `anon-${n}`,
      store: { key: storeKey },
      lineItems: [{ sku: 'walk-sku', quantity: 2 }],
      customLineItems: [
        { name: { en: 'Fee' }, money: { currencyCode: 'EUR', centAmount: 100 }, slug: 'fee', taxCategory: { key: 'walk' } },
      ],
      taxMode: 'External',
      externalTaxRateForShippingMethod: { name: 'LU', amount: 0.17, country: 'LU' },
      priceRoundingMode: 'HalfUp',
      taxRoundingMode: 'HalfDown',
      taxCalculationMode: 'UnitPriceLevel',
      inventoryMode: 'None',
      billingAddress: { country: 'DE', city: 'Berlin' },
      shippingAddress: { country: 'LU', city: 'Luxembourg' },
      shippingMethod: { key: 'walk-cart' },
      country: 'DE',
      locale: 'en',
      origin: 'Merchant',
      deleteDaysAfterLastModification: 30,
      custom,
      purchaseOrderNumber: 'po-1',
    }),
    // `currency` is the currency of the totals.
    shown: ({ storeKey, ...refs }) => ({
      ...customShown({ storeKey, ...refs }),
      currency: undefined,
      totalPrice: { currencyCode: 'EUR' },
      store: { typeId: 'store', key: storeKey },
      customerGroup: { typeId: 'customer-group' },
      // The Shipping Method and its external rate are in `shippingInfo`.
      shippingMethod: undefined,
      externalTaxRateForShippingMethod: undefined,
      shippingInfo: { shippingMethodName: 'walk-cart', taxRate: { name: 'LU', amount: 0.17 } },
      lineItems: [{ variant: { sku: 'walk-sku' }, quantity: 2 }],
      customLineItems: [{ name: { en: 'Fee' }, slug: 'fee', taxCategory: { typeId: 'tax-category', id: refs.taxCategoryId } }],
    }),
  },
  // The Order's own version and Custom Fields; `cart` as a Reference.
  // The Order's workflow State: an OrderState, answered as a Reference.
  OrderFromCartDraft: {
    prepare: async (api) => {
      const existing = await api.call('GET', '/states/key=walk-order');
      const state = existing.status === 200 ? existing : await api.call('POST', '/states', { key: 'walk-order', type: 'OrderState' });
      return { cart: await orderableCart(api), orderStateId: state.body.id as string };
    },
    body: ({ n, cart }) => ({
      cart: { typeId: 'cart', id: cart?.id },
      version: cart?.version,
      orderNumber: `order-${n}`,
      purchaseOrderNumber: 'po-2',
      orderState: 'Confirmed',
      paymentState: 'Paid',
      shipmentState: 'Ready',
      state: { typeId: 'state', key: 'walk-order' },
      custom,
    }),
    shown: (refs) => ({ version: undefined, state: { typeId: 'state', id: refs.orderStateId }, ...customShown(refs) }),
  },
  // The caller's own Cart by `id` and `version`: the answer is the Order (its own id and version).
  MyOrderFromCartDraft: {
    asCustomer: true,
    prepare: async (api, { customerId }) => ({ cart: await orderableCart(api, customerId) }),
    body: ({ cart }) => ({ id: cart?.id, version: cart?.version }),
    shown: (refs) => ({ id: undefined, version: undefined, cart: { typeId: 'cart', id: refs.cart?.id } }),
  },
  // The members of a CartDraft of the same name, for the token's customer.
  MyCartDraft: {
    body: ({ storeKey }) => ({
      currency: 'EUR',
      customerEmail: 'c@example.com',
      store: { key: storeKey },
      lineItems: [{ sku: 'walk-sku', quantity: 2 }],
      taxMode: 'External',
      inventoryMode: 'None',
      billingAddress: { country: 'DE', city: 'Berlin' },
      shippingAddress: { country: 'LU', city: 'Luxembourg' },
      shippingMethod: { key: 'walk-cart' },
      country: 'DE',
      locale: 'en',
      deleteDaysAfterLastModification: 30,
      custom,
    }),
    shown: (refs) => ({
      ...customShown(refs),
      currency: undefined,
      totalPrice: { currencyCode: 'EUR' },
      customerId: refs.customerId,
      store: { typeId: 'store', key: refs.storeKey },
      // The Shipping Method is in `shippingInfo`.
      shippingMethod: undefined,
      shippingInfo: { shippingMethodName: 'walk-cart' },
      lineItems: [{ variant: { sku: 'walk-sku' }, quantity: 2 }],
    }),
    asCustomer: true,
  },
  // A replica is a new Cart: the reference is not part of it.
  ReplicaCartDraft: {
    body: ({ n, cartId }) => ({ reference: { typeId: 'cart', id: cartId }, key: `replica-${n}` }),
    shown: () => ({ reference: undefined }),
  },
  ReplicaMyCartDraft: {
    body: ({ cartId }) => ({ reference: { typeId: 'cart', id: cartId } }),
    shown: (refs) => ({ reference: undefined, customerId: refs.customerId }),
    asCustomer: true,
  },
  // The answer is the customer's active Cart: here the anonymous one, made the customer's.
  MergeCartDraft: {
    body: ({ anonymousCartId }) => ({
      anonymousCart: { typeId: 'cart', id: anonymousCartId },
      mergeMode: 'UseAsNewActiveCustomerCart',
      updateProductData: true,
      anonymousId: 'walk-visitor',
    }),
    shown: (refs) => ({ anonymousCart: undefined, mergeMode: undefined, updateProductData: undefined, id: refs.anonymousCartId }),
    path: ({ customerId }) => `/carts/customer-id=${customerId}/merge`,
    status: 200,
  },
  TaxCategoryDraft: {
    body: ({ n }) => ({
      key: `tax-${n}`,
      name: `tax-${n}`,
      description: 'D',
      rates: [
        { name: 'R', amount: 0.19, includedInPrice: true, country: 'US', state: 'NY', subRates: [{ name: 's', amount: 0.19 }], key: 'rr' },
      ],
    }),
    shown: (_, answer) => ({
      rates: [
        {
          name: 'R',
          amount: 0.19,
          includedInPrice: true,
          country: 'US',
          state: 'NY',
          key: 'rr',
          id: (answer['rates'] as Json[])[0]!['id'],
        },
      ],
    }),
  },
  ProductTypeDraft: {
    body: ({ n }) => ({
      key: `type-${n}`,
      name: 'T',
      description: 'D',
      attributes: [
        {
          name: 'a',
          label: { en: 'A' },
          type: { name: 'text' },
          isRequired: true,
          level: 'Variant',
          attributeConstraint: 'Unique',
          inputTip: { en: 'tip' },
          inputHint: 'MultiLine',
          isSearchable: false,
        },
      ],
    }),
  },
  ProductDraft: {
    body: ({ n, productTypeId, channelId, categoryId, taxCategoryId }) => {
      const variant = {
        sku: `sku-${n}`,
        key: 'v1',
        attributes: [{ name: 'a', value: 'x' }],
        prices: [
          {
            key: 'p1',
            value: { centAmount: 100, currencyCode: 'EUR' },
            country: 'DE',
            channel: { id: channelId },
            validFrom: '2026-01-01T00:00:00.000Z',
            validUntil: '2027-01-01T00:00:00.000Z',
          },
        ],
        images: [{ url: 'https://example.com/i.png', dimensions: { w: 1, h: 2 }, label: 'l' }],
      };
      return {
        productType: { id: productTypeId },
        categories: [{ id: categoryId }],
        categoryOrderHints: { [categoryId]: '0.4' },
        taxCategory: { id: taxCategoryId },
        state: { typeId: 'state', key: 'walk-product' },
        key: `product-${n}`,
        name: { en: 'P' },
        slug: { en: `p-${n}` },
        description: { en: 'D' },
        metaTitle: { en: 'MT' },
        metaDescription: { en: 'MD' },
        metaKeywords: { en: 'MK' },
        searchKeywords: { en: [{ text: 'k' }] },
        priceMode: 'Embedded',
        masterVariant: variant,
        variants: [{ ...variant, sku: `sku-${n}-2`, key: 'v2' }],
        publish: true,
      };
    },
    shown: ({ productTypeId, channelId, categoryId, taxCategoryId, productStateId }, answer) => {
      const staged = (answer['masterData'] as { staged: Json }).staged;
      const price = ((staged['masterVariant'] as Json)['prices'] as Json[])[0]!;
      expect(price).toMatchObject({
        value: { type: 'centPrecision', centAmount: 100, currencyCode: 'EUR', fractionDigits: 2 },
        channel: { typeId: 'channel', id: channelId },
      });
      return {
        productType: { typeId: 'product-type', id: productTypeId },
        taxCategory: { typeId: 'tax-category', id: taxCategoryId },
        state: { typeId: 'state', id: productStateId },
        masterData: {
          published: true,
          staged: {
            name: { en: 'P' },
            categories: [{ typeId: 'category', id: categoryId }],
            categoryOrderHints: { [categoryId]: '0.4' },
            description: { en: 'D' },
            metaTitle: { en: 'MT' },
            metaDescription: { en: 'MD' },
            metaKeywords: { en: 'MK' },
            searchKeywords: { en: [{ text: 'k' }] },
            masterVariant: {
              key: 'v1',
              attributes: [{ name: 'a', value: 'x' }],
              images: [{ url: 'https://example.com/i.png', dimensions: { w: 1, h: 2 }, label: 'l' }],
            },
          },
        },
        categories: undefined,
        categoryOrderHints: undefined,
        name: undefined,
        slug: undefined,
        description: undefined,
        metaTitle: undefined,
        metaDescription: undefined,
        metaKeywords: undefined,
        searchKeywords: undefined,
        masterVariant: undefined,
        variants: undefined,
        publish: undefined,
      };
    },
  },
  CustomerDraft: {
    body: ({ n, storeKey, signUpCartId }) => ({
      email: `c${n}@example.com`,
      password: 'secret',
      key: `customer-${n}`,
      customerNumber: `no-${n}`,
      externalId: 'e',
      firstName: 'A',
      lastName: 'L',
      middleName: 'M',
      title: 'Dr',
      salutation: 'Dear',
      dateOfBirth: '1990-01-01',
      companyName: 'Acme',
      vatId: 'V',
      addresses: [address],
      defaultShippingAddress: 0,
      shippingAddresses: [0],
      defaultBillingAddress: 0,
      billingAddresses: [0],
      isEmailVerified: true,
      locale: 'en',
      authenticationMode: 'Password',
      stores: [{ key: storeKey }],
      customerGroup: { key: 'walk-cart' },
      custom,
      anonymousCart: { typeId: 'cart', id: signUpCartId },
      anonymousId: 'walk-sign-up',
    }),
    unwrap: (answer) => answer['customer'] as Json,
    shown: (refs, customer) => {
      const { storeKey } = refs;
      const id = (customer['addresses'] as Json[])[0]!['id'];
      return {
        ...customShown(refs),
        customerGroup: { typeId: 'customer-group' },
        password: undefined,
        anonymousCart: undefined,
        anonymousId: undefined,
        addresses: [{ ...address, id }],
        defaultShippingAddress: undefined,
        shippingAddresses: undefined,
        defaultBillingAddress: undefined,
        billingAddresses: undefined,
        defaultShippingAddressId: id,
        shippingAddressIds: [id],
        defaultBillingAddressId: id,
        billingAddressIds: [id],
        stores: [{ typeId: 'store', key: storeKey }],
      };
    },
  },
  // The members of a CustomerDraft of the same name; `stores` on the global endpoint as sent.
  MyCustomerDraft: {
    body: ({ n, storeKey }) => ({
      email: `me${n}@example.com`,
      password: 'secret',
      firstName: 'A',
      lastName: 'L',
      middleName: 'M',
      title: 'Dr',
      salutation: 'Dear',
      dateOfBirth: '1990-01-01',
      companyName: 'Acme',
      vatId: 'V',
      addresses: [address],
      defaultShippingAddress: 0,
      defaultBillingAddress: 0,
      locale: 'en',
      stores: [{ key: storeKey }],
    }),
    unwrap: (answer) => answer['customer'] as Json,
    shown: ({ storeKey }, customer) => {
      const id = (customer['addresses'] as Json[])[0]!['id'];
      return {
        password: undefined,
        addresses: [{ ...address, id }],
        defaultShippingAddress: undefined,
        defaultBillingAddress: undefined,
        defaultShippingAddressId: id,
        defaultBillingAddressId: id,
        stores: [{ typeId: 'store', key: storeKey }],
      };
    },
  },
  TypeDraft: {
    body: ({ n }) => ({
      key: `type-${n}`,
      name: { en: 'T' },
      description: { en: 'D' },
      resourceTypeIds: ['store'],
      fieldDefinitions: [{ name: `field-${n}`, label: { en: 'F' }, required: true, inputHint: 'MultiLine', type: { name: 'String' } }],
    }),
  },
  PaymentDraft: {
    body: ({ n, customerId }) => ({
      key: `pay-${n}`,
      customer: { typeId: 'customer', id: customerId },
      anonymousId: 'visitor',
      externalId: 'crm',
      interfaceId: `psp-${n}`,
      amountPlanned: { centAmount: 100, currencyCode: 'EUR' },
      paymentMethodInfo: { paymentInterface: 'psp', method: 'CARD', name: { en: 'Card' }, interfaceAccount: 'a', custom },
      paymentStatus: { interfaceCode: '1', interfaceText: 'open', state: { typeId: 'state', key: 'walk-payment' } },
      transactions: [
        {
          type: 'Charge',
          amount: { centAmount: 100, currencyCode: 'EUR' },
          timestamp: '2026-01-01T00:00:00.000Z',
          state: 'Pending',
          interactionId: 'i',
          interfaceId: 't',
          custom,
        },
      ],
      custom,
    }),
    shown: (refs, payment) => ({
      amountPlanned: { type: 'centPrecision', fractionDigits: 2 },
      paymentMethodInfo: { custom: customShown(refs).custom },
      paymentStatus: { state: { typeId: 'state', id: refs.paymentStateId } },
      transactions: [{ id: (payment['transactions'] as Json[])[0]!['id'], state: 'Pending', ...customShown(refs) }],
      ...customShown(refs),
    }),
  },
  // The customer of the token owns it; its one `transaction` is the first of `transactions`.
  MyPaymentDraft: {
    body: () => ({
      amountPlanned: { centAmount: 100, currencyCode: 'EUR' },
      paymentMethodInfo: { paymentInterface: 'psp', method: 'CARD', name: { en: 'Card' }, interfaceAccount: 'a', custom },
      transaction: {
        type: 'Authorization',
        amount: { centAmount: 100, currencyCode: 'EUR' },
        timestamp: '2026-01-01T00:00:00.000Z',
        interactionId: 'i',
        interfaceId: 't',
        custom,
      },
      custom,
    }),
    shown: (refs) => ({
      amountPlanned: { type: 'centPrecision', fractionDigits: 2 },
      paymentMethodInfo: { custom: customShown(refs).custom },
      transaction: undefined,
      transactions: [{ type: 'Authorization', state: 'Initial', interactionId: 'i', interfaceId: 't', ...customShown(refs) }],
      customer: { typeId: 'customer', id: refs.customerId },
      ...customShown(refs),
    }),
    asCustomer: true,
  },
  // A SKU of this draft only: one entry per SKU and supply Channel. The Channel is answered as a Reference.
  InventoryEntryDraft: {
    body: ({ n, channelId }) => ({
      key: `inventory-${n}`,
      sku: `inventory-sku-${n}`,
      supplyChannel: { id: channelId },
      quantityOnStock: 7,
      minCartQuantity: 1,
      maxCartQuantity: 5,
      restockableInDays: 3,
      expectedDelivery: '2030-01-01T00:00:00.000Z',
      custom,
    }),
    shown: (refs) => ({ supplyChannel: { typeId: 'channel', id: refs.channelId }, ...customShown(refs) }),
  },
  // Lines are answered with their ids and the Product's data; the Customer and Store as References.
  ShoppingListDraft: {
    body: ({ n, customerId, storeKey }) => ({
      name: { en: 'List' },
      key: `list-${n}`,
      slug: { en: `list-${n}` },
      description: { en: 'About' },
      customer: { id: customerId },
      anonymousId: 'walk-visitor',
      deleteDaysAfterLastModification: 30,
      lineItems: [{ key: 'line', sku: 'walk-sku', quantity: 2, addedAt: '2026-01-01T00:00:00.000Z', custom }],
      textLineItems: [
        { key: 'text', name: { en: 'T' }, description: { en: 'D' }, quantity: 3, addedAt: '2026-01-01T00:00:00.000Z', custom },
      ],
      store: { key: storeKey },
      custom,
    }),
    shown: (refs) => ({
      customer: { typeId: 'customer', id: refs.customerId },
      store: { typeId: 'store', key: refs.storeKey },
      lineItems: [{ key: 'line', variantId: 1, quantity: 2, published: true, ...customShown(refs) }],
      textLineItems: [{ key: 'text', quantity: 3, ...customShown(refs) }],
      ...customShown(refs),
    }),
  },
  // The list is the customer's of the token.
  MyShoppingListDraft: {
    body: ({ storeKey }) => ({
      name: { en: 'Mine' },
      description: { en: 'About' },
      lineItems: [{ sku: 'walk-sku' }],
      textLineItems: [{ name: { en: 'T' } }],
      deleteDaysAfterLastModification: 30,
      store: { key: storeKey },
      custom,
    }),
    shown: (refs) => ({
      customer: { typeId: 'customer', id: refs.customerId },
      store: { typeId: 'store', key: refs.storeKey },
      lineItems: [{ variantId: 1, quantity: 1 }],
      textLineItems: [{ quantity: 1 }],
      ...customShown(refs),
    }),
    asCustomer: true,
  },
  // An upsert: `version` 0 creates only, and the created object is version 1.
  CustomObjectDraft: {
    body: ({ n }) => ({ container: 'walk', key: `object-${n}`, value: { note: 'x', sizes: [1, 2] }, version: 0 }),
    shown: () => ({ version: undefined }),
  },
  // A sortOrder of this draft only: sortOrders are unique.
  ProductDiscountDraft: {
    body: ({ n }) => ({
      key: `product-discount-${n}`,
      name: { en: 'Sale' },
      description: { en: 'Ten off' },
      value: { type: 'relative', permyriad: 1000 },
      predicate: 'sku = "none"',
      sortOrder: `0.${n}7`,
      isActive: false,
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2030-02-01T00:00:00.000Z',
    }),
  },
  // A Review of the walk Product in a ReviewState made for it; the references are answered as References.
  ReviewDraft: {
    body: ({ n, productId, customerId }) => ({
      key: `review-${n}`,
      uniquenessValue: `review-${n}`,
      locale: 'en',
      authorName: 'A',
      title: 'T',
      text: 'X',
      target: { typeId: 'product', id: productId },
      state: { typeId: 'state', key: 'walk-review' },
      rating: 3,
      customer: { id: customerId },
      custom,
    }),
    shown: (refs) => ({ state: { typeId: 'state' }, customer: { typeId: 'customer', id: refs.customerId }, ...customShown(refs) }),
  },
  // A LineItemState (the `Return` role applies to it) that may go to the built-in `Initial` one, answered as a Reference.
  StateDraft: {
    body: ({ n }) => ({
      key: `state-${n}`,
      type: 'LineItemState',
      name: { en: 'S' },
      description: { en: 'D' },
      initial: false,
      roles: ['Return'],
      transitions: [{ typeId: 'state', key: 'Initial' }],
    }),
    shown: () => ({ transitions: [{ typeId: 'state', id: '00000000-0000-4000-8000-000000000001' }] }),
  },
  // A code of this draft only, for a Cart Discount of its own.
  DiscountCodeDraft: {
    prepare: async (api) => ({ cartDiscountId: await codeCartDiscount(api) }),
    body: ({ n, cartDiscountId }) => ({
      key: `code-${n}`,
      code: `CODE-${n}`,
      name: { en: 'Code' },
      description: { en: 'D' },
      cartDiscounts: [{ typeId: 'cart-discount', id: cartDiscountId }],
      cartPredicate: '1 = 1',
      isActive: true,
      maxApplications: 5,
      maxApplicationsPerCustomer: 1,
      groups: ['walk'],
      validFrom: '2020-01-01T00:00:00.000Z',
      validUntil: '2040-01-01T00:00:00.000Z',
      custom,
    }),
    shown: (refs) => customShown(refs),
  },
  // A location of this draft only: a location is in one Zone only.
  ZoneDraft: {
    body: ({ n }) => ({ key: `zone-${n}`, name: 'Z', description: 'D', locations: [{ country: 'DE', state: `state-${n}` }] }),
  },
  // Money is answered as centPrecision money, Stores as Key References; the sort order is this draft's only.
  CartDiscountDraft: {
    body: ({ n, storeKey }) => ({
      key: `cart-discount-${n}`,
      name: { en: 'CD' },
      description: { en: 'D' },
      value: { type: 'absolute', money: [{ currencyCode: 'EUR', centAmount: 100 }], applicationMode: 'EvenDistribution' },
      cartPredicate: 'totalPrice > "10.00 EUR"',
      target: { type: 'lineItems', predicate: 'sku = "walk-sku"' },
      sortOrder: `0.${n}1`,
      stores: [{ key: storeKey }],
      isActive: false,
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2031-01-01T00:00:00.000Z',
      requiresDiscountCode: true,
      stackingMode: 'StopAfterThisDiscount',
      custom,
    }),
    shown: (refs) => ({
      value: {
        type: 'absolute',
        money: [{ type: 'centPrecision', currencyCode: 'EUR', centAmount: 100, fractionDigits: 2 }],
        applicationMode: 'EvenDistribution',
      },
      stores: [{ typeId: 'store', key: refs.storeKey }],
      ...customShown(refs),
    }),
  },
  // `groupName` is answered as `name`.
  CustomerGroupDraft: {
    body: ({ n }) => ({ key: `group-${n}`, groupName: `group-${n}`, custom }),
    shown: (refs) => ({ groupName: undefined, ...customShown(refs) }),
  },
  // Money is answered as centPrecision money, references as References; `stores` is always empty.
  ShippingMethodDraft: {
    body: ({ n, taxCategoryId }) => ({
      key: `method-${n}`,
      name: `method-${n}`,
      localizedName: { en: 'M' },
      localizedDescription: { en: 'D' },
      taxCategory: { id: taxCategoryId },
      zoneRates: [{ zone: { key: 'walk' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 490 } }] }],
      active: false,
      isDefault: false,
      predicate: 'lineItemCount(1 = 1) > 0 and country = "LU"',
      custom,
    }),
    shown: (refs) => ({
      ...customShown(refs),
      taxCategory: { typeId: 'tax-category', id: refs.taxCategoryId },
      zoneRates: [
        {
          zone: { typeId: 'zone' },
          shippingRates: [{ price: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 490, fractionDigits: 2 } }],
        },
      ],
    }),
  },
  ApiClientDraft: {
    body: ({ n, storeKey }) => ({
      name: `client-${n}`,
      scope: `view_products:test-project view_stores:test-project:${storeKey}`,
      accessTokenValiditySeconds: 3600,
      refreshTokenValiditySeconds: 7200,
    }),
  },
};

describe('implement or refuse, over every draft and update-action schema', () => {
  let api: Api;
  let refs: Refs;
  let counter = 0;
  let customerCall: Api['call'];
  const next = (): Refs => ({ ...refs, n: ++counter });

  beforeAll(async () => {
    api = await createApi();
    const type = await api.call('POST', '/product-types', {
      key: 'walk',
      name: 'W',
      description: 'w',
      attributes: [{ name: 'a', label: { en: 'A' }, type: { name: 'text' } }],
    });
    const customType = await api.call('POST', '/types', {
      key: 'walk',
      name: { en: 'Walk' },
      resourceTypeIds: [
        'product-selection',
        'store',
        'channel',
        'customer',
        'category',
        'payment',
        'payment-method-info',
        'transaction',
        'order',
        'customer-group',
        'shipping-method',
        'inventory-entry',
        'shopping-list',
        'shopping-list-text-line-item',
        'cart-discount',
        'review',
        'discount-code',
      ],
      fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
    });
    const selection = await api.call('POST', '/product-selections', { key: 'walk', name: { en: 'W' } });
    const channel = await api.call('POST', '/channels', { key: 'walk', roles: ['ProductDistribution', 'InventorySupply'] });
    const store = await api.call('POST', '/stores', { key: 'walk' });
    const category = await api.call('POST', '/categories', { key: 'walk', name: { en: 'W' }, slug: { en: 'walk' } });
    const taxCategory = await api.call('POST', '/tax-categories', {
      key: 'walk',
      name: 'W',
      rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
    });
    await api.call('POST', '/customer-groups', { key: 'walk-cart', groupName: 'Walk cart' });
    await api.call('POST', '/zones', { key: 'walk-cart', name: 'walk-cart', locations: [{ country: 'LU' }] });
    await api.call('POST', '/shipping-methods', {
      key: 'walk-cart',
      name: 'walk-cart',
      isDefault: false,
      taxCategory: { key: 'walk' },
      zoneRates: [{ zone: { key: 'walk-cart' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 100 } }] }],
    });
    await api.call('POST', '/zones', { key: 'walk', name: 'Walk' });
    await api.call('POST', '/states', { key: 'walk-review', type: 'ReviewState' });
    await api.call('POST', '/shipping-methods', {
      key: 'walk',
      name: 'Walk',
      taxCategory: { key: 'walk' },
      zoneRates: [{ zone: { key: 'walk' }, shippingRates: [] }],
      isDefault: false,
    });
    await api.call('POST', '/products', {
      productType: { id: type.body.id },
      name: { en: 'Sold' },
      slug: { en: 'walk-sold' },
      taxCategory: { key: 'walk' },
      masterVariant: { sku: 'walk-sku', prices: [{ value: { currencyCode: 'EUR', centAmount: 500 } }] },
      publish: true,
    });
    const product = await api.call('POST', '/products', { productType: { id: type.body.id }, name: { en: 'P' }, slug: { en: 'walk' } });
    const customer = await api.call('POST', '/customers', { email: 'walk@example.com', password: 'secret' });
    customerCall = api.as(await passwordToken(api, api.emulator.credentials, { email: 'walk@example.com', password: 'secret' }));
    const cart = await api.call('POST', '/carts', { currency: 'EUR', customerId: customer.body.customer.id });
    const anonymousCart = await api.call('POST', '/carts', { currency: 'EUR', anonymousId: 'walk-visitor' });
    const signUpCart = await api.call('POST', '/carts', { currency: 'EUR', anonymousId: 'walk-sign-up' });
    const productState = await api.call('POST', '/states', { key: 'walk-product', type: 'ProductState' });
    const paymentState = await api.call('POST', '/states', { key: 'walk-payment', type: 'PaymentState' });
    refs = {
      productStateId: productState.body.id,
      paymentStateId: paymentState.body.id,
      productTypeId: type.body.id,
      selectionId: selection.body.id,
      channelId: channel.body.id,
      categoryId: category.body.id,
      taxCategoryId: taxCategory.body.id,
      storeKey: store.body.key,
      productId: product.body.id,
      customTypeId: customType.body.id,
      customerId: customer.body.customer.id,
      cartId: cart.body.id,
      anonymousCartId: anonymousCart.body.id,
      signUpCartId: signUpCart.body.id,
      n: 0,
    };
  });

  it('has a full example of every draft schema, naming every member the schema models', () => {
    expect(Object.keys(DRAFTS).sort()).toEqual([...new Set(draftEndpoints.map((d) => d.schema))].sort());
    for (const [name, draft] of Object.entries(DRAFTS)) {
      expect(Object.keys(draft.body(next())).sort(), name).toEqual(membersOf(name).modeled.sort());
    }
  });

  for (const { path, schema } of draftEndpoints.filter((d) => !d.path.startsWith('/in-store'))) {
    it(`${schema}: every modeled member round-trips through POST ${path}`, async () => {
      const draftCase = DRAFTS[schema]!;
      const prepared = await draftCase.prepare?.(api, refs);
      const sent = draftCase.body({ ...next(), ...prepared });
      const answer = await (draftCase.asCustomer ? customerCall : api.call)('POST', draftCase.path?.(refs) ?? path, sent);
      expect(answer.status, JSON.stringify(answer.body)).toBe(draftCase.status ?? 201);
      const resource = draftCase.unwrap ? draftCase.unwrap(answer.body) : (answer.body as Json);
      const shown = draftCase.shown?.({ ...refs, ...prepared }, resource) ?? {};
      for (const [member, value] of Object.entries(sent)) {
        if (member in shown) continue;
        expect(resource[member], `${schema}.${member}`).toEqual(value);
      }
      for (const [member, value] of Object.entries(shown)) {
        if (value === undefined) continue;
        expect(resource[member], `${schema}.${member}`).toMatchObject(value as object);
      }
    });

    it(`${schema}: every member listed as not emulated is refused with 501 naming it`, async () => {
      for (const member of membersOf(schema).notEmulated) {
        const prepared = await DRAFTS[schema]!.prepare?.(api, refs);
        const answer = await (DRAFTS[schema]!.asCustomer ? customerCall : api.call)('POST', DRAFTS[schema]!.path?.(refs) ?? path, {
          ...DRAFTS[schema]!.body({ ...next(), ...prepared }),
          [member]: { live: 'value' },
        });
        expect(expectError(answer, 501, 'NotEmulated')['field'], `${schema}.${member}`).toBe(member);
      }
    });
  }

  /** Where the actions of a union go, at which version, and as whom (the emulator's own client unless `call` says otherwise). */
  const targets: Record<string, () => Promise<{ path: string; version: number; call?: Api['call'] }>> = {
    ProductSelectionUpdateAction: async () => ({
      path: `/product-selections/${refs.selectionId}`,
      version: (await api.call('GET', `/product-selections/${refs.selectionId}`)).body.version,
    }),
    StoreUpdateAction: async () => ({ path: '/stores/key=walk', version: (await api.call('GET', '/stores/key=walk')).body.version }),
    ChannelUpdateAction: async () => ({ path: '/channels/key=walk', version: (await api.call('GET', '/channels/key=walk')).body.version }),
    CategoryUpdateAction: async () => ({
      path: '/categories/key=walk',
      version: (await api.call('GET', '/categories/key=walk')).body.version,
    }),
    TaxCategoryUpdateAction: async () => ({
      path: '/tax-categories/key=walk',
      version: (await api.call('GET', '/tax-categories/key=walk')).body.version,
    }),
    TypeUpdateAction: async () => ({ path: '/types/key=walk', version: (await api.call('GET', '/types/key=walk')).body.version }),
    ProductUpdateAction: async () => {
      const product = await api.call('POST', '/products', {
        productType: { id: refs.productTypeId },
        name: { en: 'P' },
        slug: { en: `walk-${++counter}` },
      });
      return { path: `/products/${product.body.id}`, version: product.body.version };
    },
    CartUpdateAction: async () => {
      const cart = await api.call('POST', '/carts', { currency: 'EUR' });
      return { path: `/carts/${cart.body.id}`, version: cart.body.version };
    },
    OrderUpdateAction: async () => {
      const cart = await orderableCart(api);
      const order = await api.call('POST', '/orders', { cart: { id: cart.id }, version: cart.version });
      return { path: `/orders/${order.body.id}`, version: order.body.version };
    },
    MyCartUpdateAction: async () => {
      const cart = await customerCall('POST', '/me/carts', { currency: 'EUR' });
      return { path: `/me/carts/${cart.body.id}`, version: cart.body.version, call: customerCall };
    },
    ProjectUpdateAction: async () => ({ path: '', version: (await api.call('GET', '')).body.version }),
    ProductTypeUpdateAction: async () => ({
      path: `/product-types/${refs.productTypeId}`,
      version: (await api.call('GET', `/product-types/${refs.productTypeId}`)).body.version,
    }),
    CustomerUpdateAction: async () => {
      const signUp = await api.call('POST', '/customers', { email: `walk-${++counter}@example.com`, password: 'secret' });
      return { path: `/customers/${signUp.body.customer.id}`, version: signUp.body.customer.version };
    },
    MyCustomerUpdateAction: async () => {
      const email = `walk-me-${++counter}@example.com`;
      const signUp = await api.call('POST', '/customers', { email, password: 'secret' });
      const call = api.as(await passwordToken(api, api.emulator.credentials, { email, password: 'secret' }));
      return { path: '/me', version: signUp.body.customer.version, call };
    },
    InventoryEntryUpdateAction: async () => {
      const entry = await api.call('POST', '/inventory', { sku: `walk-inventory-${++counter}`, quantityOnStock: 1 });
      return { path: `/inventory/${entry.body.id}`, version: entry.body.version };
    },
    ProductDiscountUpdateAction: async () => {
      const discount = await api.call('POST', '/product-discounts', {
        name: { en: 'Walk' },
        value: { type: 'relative', permyriad: 100 },
        predicate: 'sku = "none"',
        sortOrder: `0.${++counter}3`,
        isActive: false,
      });
      return { path: `/product-discounts/${discount.body.id}`, version: discount.body.version };
    },
    StateUpdateAction: async () => {
      const state = await api.call('POST', '/states', { key: `walk-state-${++counter}`, type: 'OrderState' });
      return { path: `/states/${state.body.id}`, version: state.body.version };
    },
    CartDiscountUpdateAction: async () => {
      const discount = await api.call('POST', '/cart-discounts', {
        name: { en: 'W' },
        value: { type: 'relative', permyriad: 100 },
        cartPredicate: '1 = 1',
        target: { type: 'shipping' },
        sortOrder: `0.9${++counter}1`,
      });
      return { path: `/cart-discounts/${discount.body.id}`, version: discount.body.version };
    },
    ReviewUpdateAction: async () => {
      const review = await api.call('POST', '/reviews', { rating: 1 });
      return { path: `/reviews/${review.body.id}`, version: review.body.version };
    },
    DiscountCodeUpdateAction: async () => {
      const cartDiscounts = [{ typeId: 'cart-discount', id: await codeCartDiscount(api) }];
      const code = await api.call('POST', '/discount-codes', { code: `WALK-${++counter}`, cartDiscounts });
      return { path: `/discount-codes/${code.body.id}`, version: code.body.version };
    },
    ZoneUpdateAction: async () => ({ path: '/zones/key=walk', version: (await api.call('GET', '/zones/key=walk')).body.version }),
    CustomerGroupUpdateAction: async () => ({
      path: '/customer-groups/key=walk-cart',
      version: (await api.call('GET', '/customer-groups/key=walk-cart')).body.version,
    }),
    ShippingMethodUpdateAction: async () => ({
      path: '/shipping-methods/key=walk',
      version: (await api.call('GET', '/shipping-methods/key=walk')).body.version,
    }),
    PaymentUpdateAction: async () => {
      const payment = await api.call('POST', '/payments', { amountPlanned: { centAmount: 1, currencyCode: 'EUR' } });
      return { path: `/payments/${payment.body.id}`, version: payment.body.version };
    },
    ShoppingListUpdateAction: async () => {
      const list = await api.call('POST', '/shopping-lists', { name: { en: 'Walk' } });
      return { path: `/shopping-lists/${list.body.id}`, version: list.body.version };
    },
    MyShoppingListUpdateAction: async () => {
      const list = await customerCall('POST', '/me/shopping-lists', { name: { en: 'Walk' } });
      return { path: `/me/shopping-lists/${list.body.id}`, version: list.body.version, call: customerCall };
    },
    MyPaymentUpdateAction: async () => {
      const payment = await customerCall('POST', '/me/payments', { amountPlanned: { centAmount: 1, currencyCode: 'EUR' } });
      return { path: `/me/payments/${payment.body.id}`, version: payment.body.version, call: customerCall };
    },
  };

  it('knows where to send the actions of every update-action union', () => {
    expect(Object.keys(targets).sort()).toEqual(actionUnions.map((u) => u.union).sort());
  });

  for (const { union, actions } of actionUnions) {
    it(`${union}: every live action listed as not emulated is 501 naming it, and nothing changes`, async () => {
      const target = await targets[union]!();
      for (const action of schemaOf(union)['x-not-emulated-actions'] ?? []) {
        const answer = await (target.call ?? api.call)('POST', target.path, { version: target.version, actions: [{ action }] });
        expect(expectError(answer, 501, 'NotEmulated'), action).toMatchObject({ action, field: 'actions.0.action' });
      }
      const after = await (target.call ?? api.call)('GET', target.path);
      expect(after.body.version).toBe(target.version);
    });

    for (const [action, ref] of Object.entries(actions)) {
      const notEmulated = membersOf(nameOf(ref)).notEmulated;
      if (notEmulated.length === 0) continue;
      it(`${union} ${action}: every member listed as not emulated is 501 naming it`, async () => {
        const target = await targets[union]!();
        for (const member of notEmulated) {
          const answer = await (target.call ?? api.call)('POST', target.path, {
            version: target.version,
            actions: [{ action, ...ACTION_BASES[action]?.(refs), [member]: { live: 'value' } }],
          });
          expect(expectError(answer, 501, 'NotEmulated')['field'], `${action}.${member}`).toBe(`actions.0.${member}`);
        }
      });
    }
  }
});
