import type { EmulatorContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { createResource, type Caller } from '../kit/operations.js';
import type { Schemas } from '../kit/resource-type.js';
import type { StoredResource } from '../../store/collection.js';
import { cartTypeIn, type Cart } from './owner.js';

type CartDraft = Schemas['CartDraft'];

/** What a replica is made from: a Cart, or an Order (which carries the same members). */
type Source = Partial<Cart> & StoredResource;

/** A reference `{ typeId, id }` of the source as a ResourceIdentifier by id (dropping an expanded `obj`). */
function identifierOf(reference: { typeId: string; id: string } | undefined): { typeId: string; id: string } | undefined {
  return reference === undefined ? undefined : { typeId: reference.typeId, id: reference.id };
}

/** CustomFields as the CustomFieldsDraft that makes them again. */
function customDraftOf(custom: Cart['custom']): Schemas['CustomFieldsDraft'] | undefined {
  if (!custom) return undefined;
  return { type: { typeId: 'type', id: custom.type.id }, fields: structuredClone(custom.fields ?? {}) } as Schemas['CustomFieldsDraft'];
}

/** Copies the members of `from` that are set into `to`. */
function copyDefined<T extends object>(to: T, from: Partial<T>): T {
  for (const [name, value] of Object.entries(from)) if (value !== undefined) (to as Record<string, unknown>)[name] = value;
  return to;
}

/**
 * The CartDraft of a replica (https://docs.commercetools.com/api/projects/carts#replicate-cart):
 * the source's customer or anonymous session, Store, addresses, settings, Custom Fields, shipping
 * method and Line Items (product, variant, quantity, channels, Custom Fields), with no key and no
 * payments; Line Items of a Product or variant deleted since are left out. Prices, taxes and
 * shipping are the create's, computed anew.
 */
function replicaDraftOf(context: EmulatorContext, source: Source): CartDraft {
  const products = context.state.collection('product');
  const lineItems = (source.lineItems ?? []).filter((line) => {
    const product = products.get(line.productId) as
      { masterData?: { current?: { masterVariant?: { id: number }; variants?: { id: number }[] } } } | undefined;
    const current = product?.masterData?.current;
    return current !== undefined && [current.masterVariant, ...(current.variants ?? [])].some((variant) => variant?.id === line.variant.id);
  });
  const draft: CartDraft = { currency: source.totalPrice!.currencyCode };
  return copyDefined(draft, {
    customerId: source.customerId,
    customerEmail: source.customerEmail,
    anonymousId: source.anonymousId,
    store: source.store === undefined ? undefined : { typeId: 'store', key: source.store.key },
    lineItems: lineItems.map((line) =>
      copyDefined({ productId: line.productId, variantId: line.variant.id, quantity: line.quantity } as Schemas['LineItemDraft'], {
        distributionChannel: identifierOf(line.distributionChannel) as Schemas['LineItemDraft']['distributionChannel'],
        supplyChannel: identifierOf(line.supplyChannel) as Schemas['LineItemDraft']['supplyChannel'],
        custom: customDraftOf(line.custom),
      }),
    ),
    taxMode: source.taxMode,
    taxRoundingMode: source.taxRoundingMode,
    taxCalculationMode: source.taxCalculationMode,
    priceRoundingMode: source.priceRoundingMode,
    billingAddress: source.billingAddress as CartDraft['billingAddress'],
    shippingAddress: source.shippingAddress as CartDraft['shippingAddress'],
    shippingMethod: identifierOf(source.shippingInfo?.shippingMethod) as CartDraft['shippingMethod'],
    country: source.country,
    locale: source.locale,
    origin: source.origin,
    deleteDaysAfterLastModification: source.deleteDaysAfterLastModification,
    custom: customDraftOf(source.custom),
  });
}

/** Who may replicate what, for the `/me` form: the source must be the token's (404 otherwise), and the replica is the token's. */
export interface ReplicaOwner {
  owns(source: Source): boolean;
  owner: { customerId: string } | { anonymousId: string };
}

/**
 * Creates a new `Active` Cart from a Cart or an Order (`reference`). The project form: a source
 * that does not exist is 400 ReferencedResourceNotFound; with `mine` (the `/me` form) one that is not
 * the token's is 404 as well, and the replica belongs to the token's customer or session. An
 * Order before Orders are emulated is 501. `storeKey`: the source must be of that Store (404
 * otherwise, as on every in-store path).
 *
 * @example
 * const replica = replicateCart(context, caller, { typeId: 'cart', id: cart.id });
 */
export function replicateCart(
  context: EmulatorContext,
  caller: Caller,
  reference: Schemas['CartOrOrderReference'],
  mine?: ReplicaOwner,
  storeKey?: string,
  key?: string,
): Cart {
  const source = context.state.collection<Source>(reference.typeId).get(reference.id);
  if (!source || (mine !== undefined && !mine.owns(source))) {
    if (mine !== undefined) throw errors.notFoundById(reference.id);
    throw errors.referencedResourceNotFound(reference.typeId, { id: reference.id });
  }
  if (storeKey !== undefined && source.store?.key !== storeKey) throw errors.notFoundById(reference.id);
  const draft = replicaDraftOf(context, source);
  if (mine !== undefined) {
    delete draft.customerId;
    delete draft.anonymousId;
    Object.assign(draft, mine.owner);
  }
  if (key !== undefined) draft.key = key;
  return createResource(context, cartTypeIn(context), draft, caller);
}
