import { requireScope, type Principal } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { StoredResource } from '../../store/collection.js';
import { channelReference } from '../channels/index.js';
import { compileItemPredicate, parseCartPredicate, type CartPredicateNode } from '../kit/cart-predicates/index.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import { moneyFrom } from '../kit/money.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter, setOptional } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';
import { variantsOf, type Product } from '../products/data.js';

export type CartDiscount = Schemas['CartDiscount'];
export type CartDiscountValue = Schemas['CartDiscountValue'];
export type CartDiscountTarget = Schemas['CartDiscountTarget'];
type CartDiscountValueDraft = Schemas['CartDiscountValueDraft'];
type StoreKeyReference = Schemas['StoreKeyReference'];
type StoreIdentifier = Schemas['StoreResourceIdentifier'];
/** The scopes of Cart Discount predicates: the Cart, and the items a target names. */
type Scope = 'cart' | 'lineItem' | 'customLineItem';

/** The live limits of active Cart Discounts without a Discount Code (https://docs.commercetools.com/api/limits#cart-discounts). */
export const MAX_CART_DISCOUNTS = 100;
export const MAX_CART_DISCOUNTS_PER_STORE = 100;

/**
 * Orders Cart Discounts as they apply: the higher `sortOrder` first. Sort orders are `0.` and
 * digits without a trailing zero, so comparing the digits as strings compares the numbers.
 */
export function bySortOrderDescending(a: { sortOrder: string }, b: { sortOrder: string }): number {
  return a.sortOrder < b.sortOrder ? 1 : a.sortOrder > b.sortOrder ? -1 : 0;
}

/**
 * Every Cart Discount of the project, the one that applies first first (descending `sortOrder`),
 * whether active, valid or not: the cart discount engine and Discount Codes filter.
 *
 * @example
 * const applicable = cartDiscountsOf(state).filter((d) => d.isActive && isValidAt(d, now));
 */
export function cartDiscountsOf(state: EmulatorState): CartDiscount[] {
  return [...state.collection<CartDiscount>('cart-discount').values()].sort(bySortOrderDescending);
}

/** Whether `at` (an ISO date-time) is within the validity window of a discount (bounds included). */
export function isValidAt(discount: { validFrom?: string; validUntil?: string }, at: string): boolean {
  const time = Date.parse(at);
  if (discount.validFrom !== undefined && time < Date.parse(discount.validFrom)) return false;
  return discount.validUntil === undefined || time <= Date.parse(discount.validUntil);
}

/** Whether a Cart Discount is for Carts of this Store (one without Stores is for every Cart). */
export function isForStore(discount: Pick<CartDiscount, 'stores'>, storeKey: string | undefined): boolean {
  return discount.stores.length === 0 || (storeKey !== undefined && discount.stores.some((store) => store.key === storeKey));
}

/** Whether a Cart Discount belongs to a Store's in-store paths: its `stores` name the Store (decision: one for all Stores does not). */
export function isInStore(discount: Pick<CartDiscount, 'stores'>, storeKey: string): boolean {
  return discount.stores.some((store) => store.key === storeKey);
}

/** A draft created in a Store: the Store of the path added to its `stores` (live). */
export function draftInStore(draft: object, storeKey: string): object {
  const { stores } = draft as { stores?: unknown };
  return { ...draft, stores: [...(Array.isArray(stores) ? stores : []), { typeId: 'store', key: storeKey }] };
}

/**
 * On in-store paths, updating or deleting a Cart Discount needs the manage scope for each of its
 * Stores (403 otherwise), except an update that only removes Stores (live,
 * https://docs.commercetools.com/api/projects/cartDiscounts).
 */
export function assertStoresWritable(
  principal: Principal,
  projectKey: string,
  discount: Pick<CartDiscount, 'stores'>,
  body?: unknown,
): void {
  const actions = (body as { actions?: unknown } | undefined)?.actions;
  const onlyRemoves =
    Array.isArray(actions) && actions.length > 0 && actions.every((action) => (action as { action?: unknown }).action === 'removeStore');
  if (onlyRemoves) return;
  for (const store of discount.stores) requireScope(principal, projectKey, cartDiscountType.scopes.manage, store.key);
}

/** The reference type of the resources an `<path>.id` field of a predicate names. */
const REFERENCED_BY_FIELD: Record<string, string> = {
  'customerGroup.id': 'customer-group',
  'customer.customerGroup.id': 'customer-group',
  'customer.id': 'customer',
  'shippingInfo.shippingMethod.id': 'shipping-method',
  'product.id': 'product',
  'productType.id': 'product-type',
  'supplyChannel.id': 'channel',
  'distributionChannel.id': 'channel',
  'categories.id': 'category',
  'categoriesWithAncestors.id': 'category',
  'taxCategory.id': 'tax-category',
};

/** The References a predicate's `….id` comparisons name, into `into` (by `typeId/id`). */
function collectReferences(node: CartPredicateNode, into: Map<string, { typeId: string; id: string }>): void {
  const add = (path: string, values: readonly unknown[]) => {
    const typeId = REFERENCED_BY_FIELD[path];
    if (typeId === undefined) return;
    for (const id of values) if (typeof id === 'string') into.set(`${typeId}/${id}`, { typeId, id });
  };
  switch (node.type) {
    case 'and':
    case 'or':
      for (const item of node.items) collectReferences(item, into);
      return;
    case 'not':
      collectReferences(node.inner, into);
      return;
    case 'term':
      if (node.term.kind === 'call') collectReferences(node.term.inner, into);
      return;
    case 'compare':
      for (const [term, other] of [
        [node.left, node.right],
        [node.right, node.left],
      ] as const) {
        if (term.kind === 'call') collectReferences(term.inner, into);
        if (term.kind === 'field' && other.kind === 'literal') add(term.path, [other.value]);
      }
      return;
    case 'in':
    case 'contains':
      if (node.term.kind === 'field')
        add(
          node.term.path,
          node.values.map((value) => value.value),
        );
      return;
    default:
      return;
  }
}

/** The predicates of a Cart Discount with their scope and draft field: the cart predicate, and the target's. */
function predicatesOf(cartPredicate: string, target: CartDiscountTarget | undefined, prefix: string): [Scope, string, string][] {
  const predicates: [Scope, string, string][] = [['cart', cartPredicate, 'cartPredicate']];
  if (target && 'predicate' in target) {
    const scope: Scope = target.type === 'lineItems' || target.type === 'multiBuyLineItems' ? 'lineItem' : 'customLineItem';
    predicates.push([scope, target.predicate, `${prefix}target.predicate`]);
  }
  return predicates;
}

/**
 * Compiles the cart predicate and the target's predicate (400 SyntaxError or SemanticError naming
 * the position, before anything is stored) and answers the References they name by id.
 */
function compiledReferences(cartPredicate: string, target: CartDiscountTarget | undefined): Schemas['Reference'][] {
  const references = new Map<string, { typeId: string; id: string }>();
  for (const [scope, source, field] of predicatesOf(cartPredicate, target, '')) {
    compileItemPredicate(scope, source, field);
    collectReferences(parseCartPredicate(source, field), references);
  }
  return [...references.values()] as Schemas['Reference'][];
}

/** 400 DuplicateField when another Cart Discount has this sort order (the live rule). */
function assertSortOrderFree(ctx: WriteContext, sortOrder: string, exceptId: string | undefined): void {
  for (const other of ctx.state.collection<CartDiscount>('cart-discount').values()) {
    if (other.id !== exceptId && other.sortOrder === sortOrder) throw errors.duplicateField('sortOrder', sortOrder);
  }
}

/** Money of an absolute or fixed value: at least one amount, each currency once (400 InvalidOperation, live). */
function moneyListFrom(money: readonly Schemas['Money'][], field: string): Schemas['CentPrecisionMoney'][] {
  if (money.length === 0) throw errors.invalidOperation(`${field} must hold at least one amount.`);
  const currencies = new Set<string>();
  return money.map((amount, index) => {
    if (currencies.has(amount.currencyCode)) throw errors.invalidOperation(`${field} holds the currency '${amount.currencyCode}' twice.`);
    currencies.add(amount.currencyCode);
    return moneyFrom(amount, `${field}.${index}`);
  });
}

/** The stored value of a value draft: money checked, a gift's Product, variant and Channels resolved. */
function valueFrom(ctx: WriteContext, draft: CartDiscountValueDraft, field: string): CartDiscountValue {
  switch (draft.type) {
    case 'relative':
      return { ...draft };
    case 'absolute':
    case 'fixed':
      return { ...draft, money: moneyListFrom(draft.money, `${field}.money`) };
    case 'giftLineItem': {
      const product = ctx.resolveIdentifier<Product>('product', draft.product, `${field}.product`);
      if (!variantsOf(product).some((variant) => variant.id === draft.variantId))
        throw errors.invalidInput(`${field}.variantId: the Product '${product.id}' has no variant ${draft.variantId}.`);
      return {
        type: 'giftLineItem',
        product: { typeId: 'product', id: product.id },
        variantId: draft.variantId,
        ...(draft.supplyChannel
          ? { supplyChannel: channelReference(ctx, draft.supplyChannel, `${field}.supplyChannel`, 'InventorySupply') }
          : {}),
        ...(draft.distributionChannel
          ? { distributionChannel: channelReference(ctx, draft.distributionChannel, `${field}.distributionChannel`, 'ProductDistribution') }
          : {}),
      };
    }
  }
}

/**
 * The rules joining a value and a target: a gift has no target and every other value one
 * (decision: 400 InvalidInput); an absolute amount cannot discount a multi-buy target, a relative
 * value with an `applicationMode` needs a pattern target (400 InvalidOperation, live); a multi-buy
 * target discounts at most the units that trigger it (400 InvalidInput).
 */
function assertValueFitsTarget(
  value: Pick<CartDiscountValue, 'type'> & { applicationMode?: string },
  target: CartDiscountTarget | undefined,
): void {
  if (value.type === 'giftLineItem') {
    if (target !== undefined) throw errors.invalidInput('A Cart Discount with a giftLineItem value has no target.');
    return;
  }
  if (target === undefined) throw errors.invalidInput(`A Cart Discount with a ${value.type} value needs a target.`);
  const multiBuy = target.type === 'multiBuyLineItems' || target.type === 'multiBuyCustomLineItems';
  if (value.type === 'absolute' && multiBuy) throw errors.invalidOperation(`An absolute value cannot discount a ${target.type} target.`);
  if (value.type === 'relative' && value.applicationMode !== undefined)
    throw errors.invalidOperation('A relative value with an applicationMode needs a pattern target.');
  if (multiBuy && target.discountedQuantity > target.triggerQuantity)
    throw errors.invalidInput(
      `target.discountedQuantity (${target.discountedQuantity}) may not exceed target.triggerQuantity (${target.triggerQuantity}).`,
    );
}

/** Store Key References of Store identifiers: each Store must exist (400 ReferencedResourceNotFound), each once. */
function storesFrom(ctx: WriteContext, identifiers: readonly StoreIdentifier[], field: string): StoreKeyReference[] {
  const keys = new Set<string>();
  for (const [index, identifier] of identifiers.entries()) {
    keys.add(ctx.resolveIdentifier<Schemas['Store']>('store', identifier, `${field}.${index}`).key);
  }
  return [...keys].map((key) => ({ typeId: 'store', key }));
}

/** Whether a Cart Discount counts toward the limits: active and needing no Discount Code. */
const countsTowardLimits = (discount: Pick<CartDiscount, 'isActive' | 'requiresDiscountCode'>) =>
  discount.isActive && !discount.requiresDiscountCode;

/**
 * The live limits, checked for a Cart Discount as it would be stored: at most 100 that count
 * without Stores (400 MaxCartDiscountsReached) and 100 per Store (400 StoreCartDiscountsLimitReached
 * naming the Stores at their limit).
 */
function assertWithinLimits(ctx: WriteContext, discount: Pick<CartDiscount, 'id' | 'isActive' | 'requiresDiscountCode' | 'stores'>): void {
  if (!countsTowardLimits(discount)) return;
  const others = [...ctx.state.collection<CartDiscount>('cart-discount').values()].filter(
    (other) => other.id !== discount.id && countsTowardLimits(other),
  );
  if (discount.stores.length === 0) {
    if (others.filter((other) => other.stores.length === 0).length >= MAX_CART_DISCOUNTS)
      throw errors.maxCartDiscountsReached(MAX_CART_DISCOUNTS);
    return;
  }
  const full = discount.stores.filter(
    (store) => others.filter((other) => other.stores.some((s) => s.key === store.key)).length >= MAX_CART_DISCOUNTS_PER_STORE,
  );
  if (full.length > 0) throw errors.storeCartDiscountsLimitReached(full);
}

/** Discount Codes (their own resource) name the Cart Discounts they unlock. */
type DiscountCodeLike = StoredResource & { cartDiscounts?: { id: string }[] };

function isNamedByDiscountCode(ctx: WriteContext, cartDiscountId: string): boolean {
  return [...ctx.state.collection<DiscountCodeLike>('discount-code').values()].some((code) =>
    code.cartDiscounts?.some((reference) => reference.id === cartDiscountId),
  );
}

/** Checks run after every write of a request's actions, on the Cart Discount as it would be stored. */
function assertConsistent(ctx: WriteContext, discount: CartDiscount): void {
  assertWithinLimits(ctx, discount);
}

/**
 * Cart Discounts (https://docs.commercetools.com/api/projects/cartDiscounts): what is discounted
 * (`target`) by how much (`value`) on the Carts their `cartPredicate` matches, in descending
 * `sortOrder`. Predicates are compiled when written, so a Cart Discount stored always compiles.
 * Applying them to Carts is the carts' (resources/carts).
 */
export const cartDiscountType: ResourceType<CartDiscount, Schemas['CartDiscountDraft'], Schemas['CartDiscountUpdateAction']> = {
  typeId: 'cart-discount',
  path: 'cart-discounts',
  scopes: {
    view: ['view_cart_discounts', 'view_orders', 'manage_cart_discounts', 'manage_orders'],
    manage: ['manage_cart_discounts', 'manage_orders'],
  },
  schemas: { resource: 'CartDiscount', draft: 'CartDiscountDraft', updateAction: 'CartDiscountUpdateAction' },
  create(draft, ctx) {
    const value = valueFrom(ctx, draft.value, 'value');
    assertValueFitsTarget(draft.value, draft.target);
    const references = compiledReferences(draft.cartPredicate, draft.target);
    assertSortOrderFree(ctx, draft.sortOrder, undefined);
    const discount: Omit<CartDiscount, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'> = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      value,
      cartPredicate: draft.cartPredicate,
      ...(draft.target !== undefined ? { target: draft.target } : {}),
      sortOrder: draft.sortOrder,
      stores: storesFrom(ctx, draft.stores ?? [], 'stores'),
      isActive: draft.isActive ?? true,
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
      requiresDiscountCode: draft.requiresDiscountCode ?? false,
      references,
      stackingMode: draft.stackingMode ?? 'Stacking',
      ...customMemberFrom(ctx, draft, 'cart-discount'),
      recurringOrderScope: { type: 'NonRecurringOrdersOnly' },
    };
    assertWithinLimits(ctx, { id: '', ...discount });
    return discount;
  },
  actions: {
    changeValue(discount, { value }, ctx) {
      if (value.type === 'giftLineItem' || discount.value.type === 'giftLineItem')
        throw errors.invalidInput('changeValue cannot set or replace a giftLineItem value.');
      assertValueFitsTarget(value, discount.target);
      discount.value = valueFrom(ctx, value, 'value');
    },
    changeTarget(discount, { target }) {
      assertValueFitsTarget(discount.value, target);
      discount.references = compiledReferences(discount.cartPredicate, target);
      discount.target = target;
    },
    changeCartPredicate(discount, { cartPredicate }) {
      discount.references = compiledReferences(cartPredicate, discount.target);
      discount.cartPredicate = cartPredicate;
    },
    changeIsActive(discount, { isActive }, ctx) {
      discount.isActive = isActive;
      assertConsistent(ctx, discount);
    },
    changeSortOrder(discount, { sortOrder }, ctx) {
      assertSortOrderFree(ctx, sortOrder, discount.id);
      discount.sortOrder = sortOrder;
    },
    changeRequiresDiscountCode(discount, { requiresDiscountCode }, ctx) {
      if (!requiresDiscountCode && isNamedByDiscountCode(ctx, discount.id))
        throw errors.invalidOperation('A Cart Discount a Discount Code names must require a Discount Code.');
      discount.requiresDiscountCode = requiresDiscountCode;
      assertConsistent(ctx, discount);
    },
    changeStackingMode(discount, { stackingMode }) {
      discount.stackingMode = stackingMode;
    },
    changeName(discount, { name }) {
      discount.name = name;
    },
    setDescription: optionalSetter('description'),
    setKey: optionalSetter('key'),
    setValidFrom: optionalSetter('validFrom'),
    setValidUntil: optionalSetter('validUntil'),
    setValidFromAndUntil(discount, { validFrom, validUntil }) {
      setOptional(discount, 'validFrom', validFrom);
      setOptional(discount, 'validUntil', validUntil);
    },
    setStores(discount, { stores }, ctx) {
      discount.stores = storesFrom(ctx, stores ?? [], 'stores');
      assertConsistent(ctx, discount);
      ctx.emit('CartDiscountStoresSet', { stores: structuredClone(discount.stores) });
    },
    addStore(discount, { store }, ctx) {
      const [added] = storesFrom(ctx, [store], 'store');
      if (discount.stores.some((s) => s.key === added!.key)) return;
      discount.stores.push(added!);
      assertConsistent(ctx, discount);
      ctx.emit('CartDiscountStoreAdded', { store: added });
    },
    removeStore(discount, { store }, ctx) {
      const [removed] = storesFrom(ctx, [store], 'store');
      const index = discount.stores.findIndex((s) => s.key === removed!.key);
      if (index < 0) throw errors.invalidOperation(`The Cart Discount is not in the Store '${removed!.key}'.`);
      discount.stores.splice(index, 1);
      assertConsistent(ctx, discount);
      ctx.emit('CartDiscountStoreRemoved', { store: removed });
    },
    ...customFieldActions<CartDiscount>('cart-discount'),
  },
  beforeDelete(discount, ctx) {
    if (isNamedByDiscountCode(ctx, discount.id))
      throw errors.referenceExists('Can not delete a cart-discount while it is referenced by at least one discount-code.', 'discount-code');
  },
  createdMessages: (discount) => [{ type: 'CartDiscountCreated', payload: { cartDiscount: structuredClone(discount) } }],
  deletedMessages: () => [{ type: 'CartDiscountDeleted', payload: {} }],
};
