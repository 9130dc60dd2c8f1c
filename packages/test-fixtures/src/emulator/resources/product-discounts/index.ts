import { errors } from '../../http/errors.js';
import { parseCartPredicate, productPredicate, type CartPredicateNode, type Term } from '../kit/cart-predicates/index.js';
import { moneyFrom } from '../kit/money.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter, setOptional } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';
import { sortKey, type ProductDiscount } from './apply.js';

type ValueDraft = Schemas['ProductDiscountValueDraft'];

/** At most this many Product Discounts are active (https://docs.commercetools.com/api/projects/productDiscounts). */
export const MAX_ACTIVE_PRODUCT_DISCOUNTS = 500;

/** A decimal strictly between 0 and 1, as a string (`"0.5"`). */
const SORT_ORDER = /^0\.[0-9]*[1-9][0-9]*$/;

/** 400 InvalidField unless `sortOrder` is a decimal in (0, 1); 400 DuplicateField when another Product Discount has the same number. */
function assertSortOrder(ctx: WriteContext, sortOrder: string, ownId: string | undefined): void {
  if (!SORT_ORDER.test(sortOrder))
    throw errors.invalidField('sortOrder', sortOrder, `The sortOrder '${sortOrder}' is not a decimal between 0 and 1 (like "0.5").`);
  const key = sortKey(sortOrder);
  for (const other of ctx.state.collection<ProductDiscount>('product-discount').values()) {
    if (other.id !== ownId && sortKey(other.sortOrder) === key) throw errors.duplicateField('sortOrder', sortOrder);
  }
}

/** 400 MaxResourceLimitExceeded when `MAX_ACTIVE_PRODUCT_DISCOUNTS` others are active already. */
function assertActiveLimit(ctx: WriteContext, ownId: string | undefined): void {
  let active = 0;
  for (const other of ctx.state.collection<ProductDiscount>('product-discount').values())
    if (other.id !== ownId && other.isActive) active++;
  if (active >= MAX_ACTIVE_PRODUCT_DISCOUNTS) {
    throw errors.maxResourceLimitExceeded(MAX_ACTIVE_PRODUCT_DISCOUNTS, 'active resources of type product-discount', 'product-discount');
  }
}

/** 400 InvalidField when `validFrom` is after `validUntil` (decision). */
function assertValidity(validFrom: string | undefined, validUntil: string | undefined): void {
  if (validFrom !== undefined && validUntil !== undefined && Date.parse(validFrom) > Date.parse(validUntil))
    throw errors.invalidField('validUntil', validUntil, 'The value for validUntil must not be before validFrom.');
}

/** The value of a draft: absolute money as cent-precision money, one per currency (400 InvalidOperation otherwise). */
function valueFrom(draft: ValueDraft, field: string): ProductDiscount['value'] {
  if (draft.type === 'relative') return { type: 'relative', permyriad: draft.permyriad };
  if (draft.type === 'external') return { type: 'external' };
  if (draft.money.length === 0) throw errors.invalidOperation('An absolute Product Discount needs money in at least one currency.');
  const money = draft.money.map((amount, index) => moneyFrom(amount, `${field}.money[${index}]`));
  const currencies = new Set(money.map((amount) => amount.currencyCode));
  if (currencies.size !== money.length) throw errors.invalidOperation('An absolute Product Discount has one amount per currency.');
  return { type: 'absolute', money };
}

/** The field paths that name a resource by id, and its typeId (for `references`). */
const REFERENCING_FIELDS: Readonly<Record<string, string>> = {
  'product.id': 'product',
  'productType.id': 'product-type',
  'categories.id': 'category',
  'categoriesWithAncestors.id': 'category',
  'taxCategory.id': 'tax-category',
  'channel.id': 'channel',
  'price.channel.id': 'channel',
  'customerGroup.id': 'customer-group',
  'price.customerGroup.id': 'customer-group',
};

/**
 * The predicate checked (400 SyntaxError with the position, 400 SemanticError) and the resources
 * it names by id, each once, in the order written.
 */
function referencesOf(predicate: string): ProductDiscount['references'] {
  productPredicate(predicate, 'predicate');
  const found = new Map<string, { typeId: string; id: string }>();
  const note = (term: Term, values: readonly Term[]) => {
    const typeId = term.kind === 'field' ? REFERENCING_FIELDS[term.path] : undefined;
    if (typeId === undefined) return;
    for (const value of values) {
      if (value.kind === 'literal' && typeof value.value === 'string') found.set(`${typeId}/${value.value}`, { typeId, id: value.value });
    }
  };
  const walk = (node: CartPredicateNode): void => {
    if (node.type === 'and' || node.type === 'or') node.items.forEach(walk);
    else if (node.type === 'not') walk(node.inner);
    else if (node.type === 'compare') {
      note(node.left, [node.right]);
      note(node.right, [node.left]);
    } else if (node.type === 'in' || node.type === 'contains') note(node.term, node.values);
  };
  walk(parseCartPredicate(predicate, 'predicate'));
  return [...found.values()] as ProductDiscount['references'];
}

/**
 * Product Discounts (https://docs.commercetools.com/api/projects/productDiscounts): the rules
 * checked on write (sortOrder, the active limit, the predicate); what they do to Prices is
 * apply.ts's, run by module.ts after each write.
 */
export const productDiscountType: ResourceType<ProductDiscount, Schemas['ProductDiscountDraft'], Schemas['ProductDiscountUpdateAction']> = {
  typeId: 'product-discount',
  path: 'product-discounts',
  scopes: {
    view: ['view_product_discounts', 'view_products', 'manage_product_discounts', 'manage_products'],
    manage: ['manage_product_discounts', 'manage_products'],
  },
  schemas: { resource: 'ProductDiscount', draft: 'ProductDiscountDraft', updateAction: 'ProductDiscountUpdateAction' },
  create(draft, ctx) {
    assertSortOrder(ctx, draft.sortOrder, undefined);
    assertValidity(draft.validFrom, draft.validUntil);
    const value = valueFrom(draft.value, 'value');
    const references = referencesOf(draft.predicate);
    if (draft.isActive) assertActiveLimit(ctx, undefined);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: structuredClone(draft.name),
      ...(draft.description !== undefined ? { description: structuredClone(draft.description) } : {}),
      value,
      predicate: draft.predicate,
      sortOrder: draft.sortOrder,
      isActive: draft.isActive,
      references,
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    };
  },
  actions: {
    changeValue(discount, action) {
      discount.value = valueFrom(action.value, 'value');
    },
    changePredicate(discount, { predicate }) {
      discount.references = referencesOf(predicate);
      discount.predicate = predicate;
    },
    changeIsActive(discount, { isActive }, ctx) {
      if (isActive && !discount.isActive) assertActiveLimit(ctx, discount.id);
      discount.isActive = isActive;
    },
    changeSortOrder(discount, { sortOrder }, ctx) {
      assertSortOrder(ctx, sortOrder, discount.id);
      discount.sortOrder = sortOrder;
    },
    changeName(discount, { name }) {
      discount.name = structuredClone(name);
    },
    setDescription: optionalSetter('description'),
    setKey: optionalSetter('key'),
    setValidFrom(discount, { validFrom }) {
      assertValidity(validFrom, discount.validUntil);
      setOptional(discount, 'validFrom', validFrom);
    },
    setValidUntil(discount, { validUntil }) {
      assertValidity(discount.validFrom, validUntil);
      setOptional(discount, 'validUntil', validUntil);
    },
    setValidFromAndUntil(discount, { validFrom, validUntil }) {
      assertValidity(validFrom, validUntil);
      setOptional(discount, 'validFrom', validFrom);
      setOptional(discount, 'validUntil', validUntil);
    },
  },
};
