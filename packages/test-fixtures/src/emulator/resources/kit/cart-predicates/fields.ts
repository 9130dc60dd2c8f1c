import { errors } from '../../../http/errors.js';
import { isPlainObject } from '../../../query/values.js';
import type { EmulatorState } from '../../../state.js';
import type { StoredResource } from '../../../store/collection.js';
import type { Cart, CustomLineItem, LineItem } from '../../carts/shapes.js';
import type { Product, ProductData, ProductVariant } from '../../products/data.js';
import type { Schemas } from '../resource-type.js';

/** What the value of a term is, as far as the compiler knows: `dynamic` for Custom Fields and Attributes. */
export type Kind = 'string' | 'number' | 'money' | 'boolean' | 'set' | 'dynamic';

/** Money at evaluation time: cents in one currency. */
export interface Cents {
  readonly centAmount: number;
  readonly currencyCode: string;
}

/** What one evaluation sees: the Cart (none for a product predicate), the project's data, and the Cart's Customer looked up once. */
export interface EvaluationContext {
  readonly state: EmulatorState;
  readonly cart?: Cart;
  customer(): Schemas['Customer'] | undefined;
}

/** The Price a product predicate is evaluated against: as stored on a variant, or a Price to match. */
export interface PricePoint {
  readonly value: Cents;
  readonly key?: string;
  readonly country?: string;
  readonly customerGroup?: { readonly typeId: string; readonly id: string };
  readonly channel?: { readonly typeId: string; readonly id: string };
}

/** What a product predicate sees: one Price of one variant of one data set (current or staged) of a Product. */
export interface ProductPriceItem {
  readonly product: Pick<Product, 'id' | 'key' | 'productType' | 'taxCategory' | 'masterData'>;
  readonly data: Pick<ProductData, 'categories'>;
  readonly variant: Pick<ProductVariant, 'id' | 'key' | 'sku' | 'attributes'>;
  readonly price: PricePoint;
}

export type Getter<I> = (item: I, ctx: EvaluationContext) => unknown;

export interface FieldDef<I> {
  readonly kind: Kind;
  readonly get: Getter<I>;
}

/**
 * Where a predicate is evaluated: the Cart, or one of its Line Items or Custom Line Items (inside
 * the item functions); or a Price of a Product (the product predicates of Product Discounts).
 */
export type Scope = 'cart' | 'lineItem' | 'customLineItem' | 'product';
export type ItemOf<S extends Scope> = S extends 'cart'
  ? Cart
  : S extends 'lineItem'
    ? LineItem
    : S extends 'customLineItem'
      ? CustomLineItem
      : ProductPriceItem;

type Reference = { typeId: string; id: string } | undefined;

/** The `key` of a referenced resource, undefined when it has none (or is gone). */
function keyOf(state: EmulatorState, reference: Reference): string | undefined {
  return reference ? state.collection<StoredResource & { key?: string }>(reference.typeId).get(reference.id)?.key : undefined;
}

/** Descends into a Custom Field or Attribute value by the rest of a dotted path (`money.centAmount`, `label.en`). */
function descend(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (!isPlainObject(current) || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/** `custom.<name>[.path]` of a resource with Custom Fields. */
function customField<I>(custom: (item: I, ctx: EvaluationContext) => { fields?: Record<string, unknown> } | undefined, segments: string[]) {
  const [name, ...rest] = segments;
  return (item: I, ctx: EvaluationContext) => {
    const fields = custom(item, ctx)?.fields;
    return fields && name !== undefined && Object.prototype.hasOwnProperty.call(fields, name) ? descend(fields[name], rest) : undefined;
  };
}

/** The string fields of an Address a predicate can name (`shippingAddress.country`). */
const ADDRESS_FIELDS = new Set([
  'key',
  'title',
  'salutation',
  'firstName',
  'lastName',
  'streetName',
  'streetNumber',
  'additionalStreetInfo',
  'postalCode',
  'city',
  'region',
  'state',
  'country',
  'company',
  'department',
  'building',
  'apartment',
  'pOBox',
  'phone',
  'mobile',
  'email',
  'fax',
  'additionalAddressInfo',
  'externalId',
]);

/** The string fields of the Cart's Customer a predicate can name (`customer.email`). */
const CUSTOMER_FIELDS = new Set([
  'id',
  'key',
  'email',
  'firstName',
  'lastName',
  'middleName',
  'title',
  'salutation',
  'customerNumber',
  'externalId',
  'companyName',
  'vatId',
]);

const money = (value: unknown): Cents | undefined => (isPlainObject(value) ? (value as unknown as Cents) : undefined);

const CART_FIELDS: Readonly<Record<string, FieldDef<Cart>>> = {
  totalPrice: { kind: 'money', get: (cart) => cart.totalPrice },
  'taxedPrice.totalNet': { kind: 'money', get: (cart) => cart.taxedPrice?.totalNet },
  'taxedPrice.totalGross': { kind: 'money', get: (cart) => cart.taxedPrice?.totalGross },
  'taxedPrice.totalTax': { kind: 'money', get: (cart) => cart.taxedPrice?.totalTax },
  currency: { kind: 'string', get: (cart) => cart.totalPrice.currencyCode },
  country: { kind: 'string', get: (cart) => cart.country },
  locale: { kind: 'string', get: (cart) => cart.locale },
  'customerGroup.id': { kind: 'string', get: (cart) => cart.customerGroup?.id },
  'customerGroup.key': { kind: 'string', get: (cart, ctx) => keyOf(ctx.state, cart.customerGroup) },
  'customer.isEmailVerified': { kind: 'boolean', get: (_cart, ctx) => ctx.customer()?.isEmailVerified },
  'customer.customerGroup.id': { kind: 'string', get: (_cart, ctx) => ctx.customer()?.customerGroup?.id },
  'customer.customerGroup.key': { kind: 'string', get: (_cart, ctx) => keyOf(ctx.state, ctx.customer()?.customerGroup) },
  'shippingInfo.shippingMethodName': { kind: 'string', get: (cart) => cart.shippingInfo?.shippingMethodName },
  'shippingInfo.price': { kind: 'money', get: (cart) => money(cart.shippingInfo?.price) },
  'shippingInfo.shippingMethod.id': { kind: 'string', get: (cart) => cart.shippingInfo?.shippingMethod?.id },
  'shippingInfo.shippingMethod.key': { kind: 'string', get: (cart, ctx) => keyOf(ctx.state, cart.shippingInfo?.shippingMethod) },
};

const LINE_ITEM_FIELDS: Readonly<Record<string, FieldDef<LineItem>>> = {
  sku: { kind: 'string', get: (line) => line.variant.sku },
  productId: { kind: 'string', get: (line) => line.productId },
  'product.id': { kind: 'string', get: (line) => line.productId },
  'product.key': { kind: 'string', get: (line) => line.productKey },
  'productType.id': { kind: 'string', get: (line) => line.productType.id },
  'productType.key': { kind: 'string', get: (line, ctx) => keyOf(ctx.state, line.productType) },
  'variant.id': { kind: 'number', get: (line) => line.variant.id },
  'variant.key': { kind: 'string', get: (line) => line.variant.key },
  quantity: { kind: 'number', get: (line) => line.quantity },
  price: { kind: 'money', get: (line) => line.price.value },
  totalPrice: { kind: 'money', get: (line) => line.totalPrice },
  lineItemMode: { kind: 'string', get: (line) => line.lineItemMode },
  priceMode: { kind: 'string', get: (line) => line.priceMode },
  'supplyChannel.id': { kind: 'string', get: (line) => line.supplyChannel?.id },
  'supplyChannel.key': { kind: 'string', get: (line, ctx) => keyOf(ctx.state, line.supplyChannel) },
  'distributionChannel.id': { kind: 'string', get: (line) => line.distributionChannel?.id },
  'distributionChannel.key': { kind: 'string', get: (line, ctx) => keyOf(ctx.state, line.distributionChannel) },
  'categories.id': { kind: 'set', get: (line, ctx) => categoriesOf(line, ctx, false).map((category) => category.id) },
  'categories.key': { kind: 'set', get: (line, ctx) => keysOf(categoriesOf(line, ctx, false)) },
  'categoriesWithAncestors.id': { kind: 'set', get: (line, ctx) => categoriesOf(line, ctx, true).map((category) => category.id) },
  'categoriesWithAncestors.key': { kind: 'set', get: (line, ctx) => keysOf(categoriesOf(line, ctx, true)) },
};

const CUSTOM_LINE_ITEM_FIELDS: Readonly<Record<string, FieldDef<CustomLineItem>>> = {
  slug: { kind: 'string', get: (line) => line.slug },
  key: { kind: 'string', get: (line) => line.key },
  quantity: { kind: 'number', get: (line) => line.quantity },
  money: { kind: 'money', get: (line) => line.money },
  totalPrice: { kind: 'money', get: (line) => line.totalPrice },
  priceMode: { kind: 'string', get: (line) => line.priceMode },
  'taxCategory.id': { kind: 'string', get: (line) => line.taxCategory?.id },
  'taxCategory.key': { kind: 'string', get: (line, ctx) => keyOf(ctx.state, line.taxCategory) },
};

const idOf = (reference: { id: string } | undefined) => reference?.id;

/**
 * The fields of a product predicate (https://docs.commercetools.com/api/projects/predicates#productdiscount-predicates).
 * The Price's fields are read with and without the `price.` prefix (`price.currency`, `currency`).
 */
const PRICE_FIELDS: Readonly<Record<string, FieldDef<ProductPriceItem>>> = {
  price: { kind: 'money', get: (item) => item.price.value },
  centAmount: { kind: 'number', get: (item) => item.price.value.centAmount },
  currency: { kind: 'string', get: (item) => item.price.value.currencyCode },
  currencyCode: { kind: 'string', get: (item) => item.price.value.currencyCode },
  key: { kind: 'string', get: (item) => item.price.key },
  country: { kind: 'string', get: (item) => item.price.country },
  'customerGroup.id': { kind: 'string', get: (item) => idOf(item.price.customerGroup) },
  'customerGroup.key': { kind: 'string', get: (item, ctx) => keyOf(ctx.state, item.price.customerGroup) },
  'channel.id': { kind: 'string', get: (item) => idOf(item.price.channel) },
  'channel.key': { kind: 'string', get: (item, ctx) => keyOf(ctx.state, item.price.channel) },
};

const PRODUCT_FIELDS: Readonly<Record<string, FieldDef<ProductPriceItem>>> = {
  ...PRICE_FIELDS,
  ...Object.fromEntries(Object.entries(PRICE_FIELDS).flatMap(([name, def]) => (name === 'price' ? [] : [[`price.${name}`, def]]))),
  'product.id': { kind: 'string', get: (item) => item.product.id },
  'product.key': { kind: 'string', get: (item) => item.product.key },
  'productType.id': { kind: 'string', get: (item) => item.product.productType.id },
  'productType.key': { kind: 'string', get: (item, ctx) => keyOf(ctx.state, item.product.productType) },
  'taxCategory.id': { kind: 'string', get: (item) => idOf(item.product.taxCategory) },
  'taxCategory.key': { kind: 'string', get: (item, ctx) => keyOf(ctx.state, item.product.taxCategory) },
  published: { kind: 'boolean', get: (item) => item.product.masterData.published },
  'variant.id': { kind: 'number', get: (item) => item.variant.id },
  variantId: { kind: 'number', get: (item) => item.variant.id },
  'variant.key': { kind: 'string', get: (item) => item.variant.key },
  sku: { kind: 'string', get: (item) => item.variant.sku },
  'categories.id': { kind: 'set', get: (item, ctx) => categoriesIn(item.data, ctx, false).map((category) => category.id) },
  'categories.key': { kind: 'set', get: (item, ctx) => keysOf(categoriesIn(item.data, ctx, false)) },
  'categoriesWithAncestors.id': { kind: 'set', get: (item, ctx) => categoriesIn(item.data, ctx, true).map((category) => category.id) },
  'categoriesWithAncestors.key': { kind: 'set', get: (item, ctx) => keysOf(categoriesIn(item.data, ctx, true)) },
};

type Category = Schemas['Category'];

/** The Categories of a Line Item's Product (its current data), with their ancestors when asked; each once. */
function categoriesOf(line: LineItem, ctx: EvaluationContext, withAncestors: boolean): Category[] {
  const product = ctx.state.collection<Schemas['Product']>('product').get(line.productId);
  return product ? categoriesIn(product.masterData.current, ctx, withAncestors) : [];
}

/** The Categories of one data set of a Product, with their ancestors when asked; each once. */
function categoriesIn(data: Pick<ProductData, 'categories'>, ctx: EvaluationContext, withAncestors: boolean): Category[] {
  const categories = ctx.state.collection<Category>('category');
  const seen = new Map<string, Category>();
  for (const reference of data.categories) {
    const category = categories.get(reference.id);
    if (!category) continue;
    seen.set(category.id, category);
    if (!withAncestors) continue;
    for (const ancestor of category.ancestors) {
      const found = categories.get(ancestor.id);
      if (found) seen.set(found.id, found);
    }
  }
  return [...seen.values()];
}

const keysOf = (categories: readonly Category[]) => categories.flatMap((category) => (category.key !== undefined ? [category.key] : []));

/** The value of an Attribute of a variant by name, then by the rest of the path (`money.centAmount`, `color.key`). */
function attribute<I>(variantOf: (item: I) => { attributes?: Schemas['Attribute'][] }, segments: string[]): Getter<I> {
  const [name, ...rest] = segments;
  return (item) => {
    const found = variantOf(item).attributes?.find((candidate) => candidate.name === name);
    return found === undefined ? undefined : descend(found.value, rest);
  };
}

/** The field a dotted path names in a scope, or 400 SemanticError naming it and its position. */
export function fieldOf<S extends Scope>(scope: S, path: string, pos: number): FieldDef<ItemOf<S>> {
  const found = lookup(scope, path);
  if (!found)
    throw errors.semanticError(
      `The field '${path}' at position ${pos} is not a ${SCOPE_NAMES[scope]} predicate field the emulator evaluates.`,
    );
  return found as FieldDef<ItemOf<S>>;
}

const SCOPE_NAMES: Readonly<Record<Scope, string>> = {
  cart: 'Cart',
  lineItem: 'Line Item',
  customLineItem: 'Custom Line Item',
  product: 'Product Discount',
};

function lookup(scope: Scope, path: string): FieldDef<never> | undefined {
  const segments = path.split('.');
  if (segments.some((segment) => segment === '')) return undefined;
  const [head, ...rest] = segments;
  switch (scope) {
    case 'cart': {
      if (Object.prototype.hasOwnProperty.call(CART_FIELDS, path)) return CART_FIELDS[path];
      if (head === 'custom' && rest.length > 0) return { kind: 'dynamic', get: customField<Cart>((cart) => cart.custom, rest) };
      if ((head === 'shippingAddress' || head === 'billingAddress') && rest.length === 1 && ADDRESS_FIELDS.has(rest[0]!)) {
        return { kind: 'string', get: (cart: Cart) => cart[head]?.[rest[0] as 'country'] };
      }
      if (head === 'customer' && rest.length === 1 && CUSTOMER_FIELDS.has(rest[0]!)) {
        return { kind: 'string', get: (_cart: Cart, ctx: EvaluationContext) => ctx.customer()?.[rest[0] as 'email'] };
      }
      if (head === 'customer' && rest[0] === 'custom' && rest.length > 1) {
        return { kind: 'dynamic', get: customField<Cart>((_cart, ctx) => ctx.customer()?.custom, rest.slice(1)) };
      }
      return undefined;
    }
    case 'lineItem': {
      if (Object.prototype.hasOwnProperty.call(LINE_ITEM_FIELDS, path)) return LINE_ITEM_FIELDS[path];
      if (head === 'attributes' && rest.length > 0) return { kind: 'dynamic', get: attribute((line: LineItem) => line.variant, rest) };
      if (head === 'custom' && rest.length > 0) return { kind: 'dynamic', get: customField<LineItem>((line) => line.custom, rest) };
      return undefined;
    }
    case 'customLineItem': {
      if (Object.prototype.hasOwnProperty.call(CUSTOM_LINE_ITEM_FIELDS, path)) return CUSTOM_LINE_ITEM_FIELDS[path];
      if (head === 'name' && rest.length === 1) return { kind: 'string', get: (line: CustomLineItem) => line.name[rest[0]!] };
      if (head === 'custom' && rest.length > 0) return { kind: 'dynamic', get: customField<CustomLineItem>((line) => line.custom, rest) };
      return undefined;
    }
    case 'product': {
      if (Object.prototype.hasOwnProperty.call(PRODUCT_FIELDS, path)) return PRODUCT_FIELDS[path];
      if (head === 'attributes' && rest.length > 0)
        return { kind: 'dynamic', get: attribute((item: ProductPriceItem) => item.variant, rest) };
      return undefined;
    }
  }
}
