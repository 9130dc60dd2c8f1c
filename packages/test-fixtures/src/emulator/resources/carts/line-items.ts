import { isDeepStrictEqual } from 'node:util';
import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { channelReference } from '../channels/index.js';
import { customFieldsFrom } from '../kit/custom-fields.js';
import { moneyFrom, type CentPrecisionMoney, type MoneyDraft } from '../kit/money.js';
import type { WriteContext } from '../kit/write-context.js';
import { availableVariants } from '../product-selections/availability.js';
import { allVariants, type Product } from '../products/data.js';
import type { Store } from '../stores/index.js';
import { linePrice } from './pricing.js';
import type { Cart, LineItem, LineItemDraft } from './shapes.js';
import { assertCartQuantityLimits, inventoryModeOf, setLineInventoryMode } from './stock-limits.js';
import { externalRate } from './taxes.js';
import { variantFor, type VariantOfProduct } from './variants.js';

/**
 * 400 InvalidInput when the Cart belongs to a Store that does not offer the variant (its Product
 * Selections), or whose distribution Channels do not include the line's.
 */
function assertAvailableInStore(
  ctx: WriteContext,
  cart: Cart,
  { product, data, variant }: VariantOfProduct,
  channel?: { id: string },
): void {
  if (!cart.store) return;
  const store = ctx.state.collection<Store>('store').getByKey(cart.store.key);
  if (!store) return;
  if (!availableVariants(ctx.state, store, product.id, data).some((offered) => offered.id === variant.id)) {
    throw errors.invalidInput(`The variant ${variant.id} of product '${product.id}' is not available in the store '${store.key}'.`);
  }
  const channels = store.distributionChannels.map((c) => c.id);
  if (channel && channels.length > 0 && !channels.includes(channel.id)) {
    throw errors.invalidInput(`The distribution channel '${channel.id}' is not one of the store '${store.key}'s distribution channels.`);
  }
}

/** The external prices a draft or an action may give a line (setLineItemPrice, setLineItemTotalPrice and the line's draft). */
export interface ExternalPrices {
  externalPrice?: MoneyDraft;
  externalTotalPrice?: { price: MoneyDraft; totalPrice: MoneyDraft };
}

/** Money in the Cart's currency (400 InvalidOperation otherwise). */
function cartMoney(cart: Cart, draft: MoneyDraft, field: string): CentPrecisionMoney {
  const money = moneyFrom(draft, field);
  if (money.currencyCode !== cart.totalPrice.currencyCode) {
    throw errors.invalidOperation(`${field}: the currency ${money.currencyCode} is not the Cart's ${cart.totalPrice.currencyCode}.`);
  }
  return money;
}

/**
 * Sets an external price on a line, when one is given: `externalPrice` makes it `ExternalPrice`
 * (unit price set, total computed), `externalTotalPrice` `ExternalTotal` (both set as given);
 * both at once are 400 InvalidOperation. Says whether one was set.
 */
export function setExternalPrice(
  cart: Cart,
  line: LineItem,
  { externalPrice, externalTotalPrice }: ExternalPrices,
  field: string,
): boolean {
  if (externalPrice && externalTotalPrice) {
    throw errors.invalidOperation(`${field}: 'externalPrice' and 'externalTotalPrice' cannot be given together.`);
  }
  if (externalPrice) {
    line.price = { id: newId(), value: cartMoney(cart, externalPrice, `${field}.externalPrice`) };
    line.priceMode = 'ExternalPrice';
    return true;
  }
  if (externalTotalPrice) {
    line.price = { id: newId(), value: cartMoney(cart, externalTotalPrice.price, `${field}.externalTotalPrice.price`) };
    line.totalPrice = cartMoney(cart, externalTotalPrice.totalPrice, `${field}.externalTotalPrice.totalPrice`);
    line.priceMode = 'ExternalTotal';
    return true;
  }
  return false;
}

const sameChannel = (a: { id: string } | undefined, b: { id: string } | undefined) => a?.id === b?.id;

/** What a new line keeps of its Product: ids, names and the variant, as they are now. */
export function productSnapshot({ product, data, variant }: VariantOfProduct) {
  return {
    productId: product.id,
    ...(product.key !== undefined ? { productKey: product.key } : {}),
    name: structuredClone(data.name),
    productSlug: structuredClone(data.slug),
    productType: structuredClone(product.productType),
    variant: structuredClone(variant),
  };
}

/**
 * Adds a Line Item from its draft (`field` names it in errors): the variant snapshot and its
 * selected price; a line of the same variant with the same mode, Custom Fields and Channels gets
 * the quantity added instead (https://docs.commercetools.com/api/projects/carts#add-lineitem).
 */
export function addLineItem(ctx: WriteContext, cart: Cart, draft: LineItemDraft, field: string): void {
  const found = variantFor(ctx.state, draft, field);
  const { product, variant } = found;
  const quantity = draft.quantity ?? 1;
  const distributionChannel =
    draft.distributionChannel && channelReference(ctx, draft.distributionChannel, `${field}.distributionChannel`, 'ProductDistribution');
  assertAvailableInStore(ctx, cart, found, distributionChannel);
  const supplyChannel = draft.supplyChannel && channelReference(ctx, draft.supplyChannel, `${field}.supplyChannel`, 'InventorySupply');
  const custom = customFieldsFrom(ctx, draft.custom, 'line-item', `${field}.custom.type`);
  const taxRate = draft.externalTaxRate && externalRate(cart, draft.externalTaxRate, `${field}.externalTaxRate`);
  const inventoryMode = inventoryModeOf(draft.inventoryMode, `${field}.inventoryMode`);
  if (quantity === 0) return;
  // A line with an external price is always a line of its own.
  const external = draft.externalPrice !== undefined || draft.externalTotalPrice !== undefined;
  const existing =
    !external &&
    cart.lineItems.find(
      (line) =>
        line.productId === product.id &&
        line.variant.id === variant.id &&
        line.lineItemMode === 'Standard' &&
        line.priceMode === 'Platform' &&
        sameChannel(line.distributionChannel, distributionChannel) &&
        sameChannel(line.supplyChannel, supplyChannel) &&
        (line.inventoryMode ?? cart.inventoryMode) === (inventoryMode ?? cart.inventoryMode) &&
        isDeepStrictEqual(line.custom, custom),
    );
  if (existing) {
    changeQuantity(ctx, cart, existing, existing.quantity + quantity);
    if (taxRate) existing.taxRate = taxRate;
    return;
  }
  if (draft.key !== undefined && cart.lineItems.some((line) => line.key === draft.key))
    throw errors.duplicateField(`${field}.key`, draft.key);
  const price = external ? undefined : linePrice(cart, product.id, variant, { quantity, distributionChannel }, ctx.state.clock.now());
  const line: LineItem = {
    id: newId(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    ...productSnapshot(found),
    price: price ?? { id: '', value: cart.totalPrice },
    quantity,
    totalPrice: price?.value ?? cart.totalPrice,
    discountedPricePerQuantity: [],
    taxedPricePortions: [],
    state: [],
    perMethodTaxRate: [],
    priceMode: 'Platform',
    lineItemMode: 'Standard',
    ...(distributionChannel ? { distributionChannel } : {}),
    ...(supplyChannel ? { supplyChannel } : {}),
    ...(custom ? { custom } : {}),
    ...(taxRate ? { taxRate } : {}),
    addedAt: draft.addedAt ?? ctx.now,
    lastModifiedAt: ctx.now,
  };
  setExternalPrice(cart, line, draft, field);
  setLineInventoryMode(cart, line, inventoryMode);
  assertCartQuantityLimits(ctx.state, line);
  cart.lineItems.push(line);
}

/** The Line Item an action names by `lineItemId` or `lineItemKey` (400 InvalidOperation when neither or none). */
export function lineItemOf(cart: Cart, { lineItemId: id, lineItemKey: key }: { lineItemId?: string; lineItemKey?: string }): LineItem {
  if (id === undefined && key === undefined) throw errors.invalidOperation("Either 'lineItemId' or 'lineItemKey' is required.");
  const line = cart.lineItems.find((item) => (id !== undefined ? item.id === id : item.key === key));
  if (!line) throw errors.invalidOperation(`The Cart has no Line Item with ${id !== undefined ? `id '${id}'` : `key '${key}'`}.`);
  return line;
}

/** The variant of a line as its Product now has it (the snapshot when the Product or variant is gone). */
function currentVariant(ctx: WriteContext, line: LineItem): { product?: Product; variant: LineItem['variant'] } {
  const product = ctx.state.collection<Product>('product').get(line.productId);
  const variant = product && allVariants(product.masterData.current).find((v) => v.id === line.variant.id);
  return variant ? { product, variant } : { variant: line.variant };
}

/** Selects a line's price again (the variant's current Prices, for the Cart's inputs and the line's quantity). */
export function repriceLine(ctx: WriteContext, cart: Cart, line: LineItem): void {
  // A Frozen Cart keeps its prices (https://docs.commercetools.com/api/carts-orders-overview#freeze-a-cart).
  if (line.priceMode !== 'Platform' || cart.cartState === 'Frozen') return;
  line.price = linePrice(cart, line.productId, currentVariant(ctx, line).variant, line, ctx.state.clock.now());
}

/** Selects the price of every line again (setCountry, setCustomerId, setCustomerGroup, recalculate). */
export function repriceLines(ctx: WriteContext, cart: Cart): void {
  for (const line of cart.lineItems) repriceLine(ctx, cart, line);
}

/** Refreshes the snapshot of a line from its Product (recalculate with `updateProductData`). */
export function refreshProductData(ctx: WriteContext, line: LineItem): void {
  const { product, variant } = currentVariant(ctx, line);
  if (!product) return;
  const data = product.masterData.current;
  line.name = structuredClone(data.name);
  line.productSlug = structuredClone(data.slug);
  line.productType = structuredClone(product.productType);
  line.variant = structuredClone(variant);
  if (product.key !== undefined) line.productKey = product.key;
  else delete line.productKey;
}

/**
 * Sets a line's quantity (0 removes it), within its Inventory Entry's cart limits, selecting its
 * price again for the new quantity; `prices` (changeLineItemQuantity's) set an external price
 * instead, and without them an `ExternalTotal` line goes back to `Platform`.
 */
export function changeQuantity(ctx: WriteContext, cart: Cart, line: LineItem, quantity: number, prices: ExternalPrices = {}): void {
  if (quantity === 0) {
    cart.lineItems = cart.lineItems.filter((item) => item.id !== line.id);
    return;
  }
  line.quantity = quantity;
  line.lastModifiedAt = ctx.now;
  assertCartQuantityLimits(ctx.state, line);
  if (setExternalPrice(cart, line, prices, 'action')) return;
  if (line.priceMode === 'ExternalTotal') line.priceMode = 'Platform';
  repriceLine(ctx, cart, line);
}
