import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { CartDiscount } from '../cart-discounts/index.js';
import { cartPredicate } from '../kit/cart-predicates/index.js';
import { customFieldActions, customFieldsFrom } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter, setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

/**
 * A Discount Code as stored: the schema's shape and what Orders counted, kept out of answers
 * (`applicationCount` is GraphQL's; the per-Customer counts are the emulator's own).
 */
export type DiscountCode = Schemas['DiscountCode'] & {
  applicationCount?: number;
  applicationsByCustomer?: Record<string, number>;
};
type DiscountCodeDraft = Schemas['DiscountCodeDraft'];

/** The Discount Code with this `code`, if any. */
export function discountCodeByCode(ctx: WriteContext, code: string): DiscountCode | undefined {
  return ctx.state.collection<DiscountCode>('discount-code').getByField('code', code);
}

/** A cart predicate checked when written: 400 SyntaxError or SemanticError naming its position. */
function checkedPredicate(source: string | undefined, field: string): string | undefined {
  if (source !== undefined) cartPredicate(source, field);
  return source;
}

/** 400 InvalidOperation unless `validFrom` is earlier than `validUntil` (when both are set). */
function assertWindow({ validFrom, validUntil }: { validFrom?: string; validUntil?: string }): void {
  if (validFrom !== undefined && validUntil !== undefined && Date.parse(validFrom) >= Date.parse(validUntil)) {
    throw errors.invalidOperation(`'validFrom' (${validFrom}) must be earlier than 'validUntil' (${validUntil}).`);
  }
}

/**
 * The Cart Discount references of a draft or `changeCartDiscounts`: each must exist (400
 * ReferencedResourceNotFound) and require a Discount Code (400 InvalidOperation); with the Stores
 * derived from them (their union; none when one of them is for every Store).
 */
function cartDiscountsFrom(ctx: WriteContext, identifiers: readonly ResourceIdentifier[]): Pick<DiscountCode, 'cartDiscounts' | 'stores'> {
  const found = identifiers.map((identifier, index) =>
    ctx.resolveIdentifier<CartDiscount>('cart-discount', identifier, `cartDiscounts[${index}]`),
  );
  const notRequiring = found.find((discount) => !discount.requiresDiscountCode);
  if (notRequiring) {
    throw errors.invalidOperation(
      `The Cart Discount '${notRequiring.id}' does not require a Discount Code: set its 'requiresDiscountCode' first.`,
    );
  }
  const storeKeys = new Set<string>();
  const everyStore = found.some((discount) => discount.stores.length === 0);
  if (!everyStore) for (const discount of found) for (const store of discount.stores) storeKeys.add(store.key);
  return {
    cartDiscounts: [...new Map(found.map((discount) => [discount.id, { typeId: 'cart-discount' as const, id: discount.id }])).values()],
    stores: [...storeKeys].map((key) => ({ typeId: 'store' as const, key })),
  };
}

/** 400 DuplicateField when another Discount Code has this `code`. */
function assertCodeFree(ctx: WriteContext, code: string): void {
  if (discountCodeByCode(ctx, code)) throw errors.duplicateField('code', code);
}

/**
 * Discount Codes (https://docs.commercetools.com/api/projects/discountCodes): a `code` a Cart takes
 * to apply Cart Discounts that require one. The rules are in the schema (discount-codes.yaml); the
 * states on Carts in carts/discount-codes.ts, the counting at Order creation there too.
 */
export const discountCodeType: ResourceType<DiscountCode, DiscountCodeDraft, Schemas['DiscountCodeUpdateAction']> = {
  typeId: 'discount-code',
  path: 'discount-codes',
  scopes: {
    view: [...viewScopes('discount_codes'), ...viewScopes('orders')],
    manage: ['manage_discount_codes', 'manage_orders'],
  },
  schemas: { resource: 'DiscountCode', draft: 'DiscountCodeDraft', updateAction: 'DiscountCodeUpdateAction' },
  create(draft, ctx) {
    assertCodeFree(ctx, draft.code);
    assertWindow(draft);
    const code = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.name !== undefined ? { name: structuredClone(draft.name) } : {}),
      ...(draft.description !== undefined ? { description: structuredClone(draft.description) } : {}),
      code: draft.code,
      ...cartDiscountsFrom(ctx, draft.cartDiscounts),
      ...(draft.cartPredicate !== undefined ? { cartPredicate: checkedPredicate(draft.cartPredicate, 'cartPredicate')! } : {}),
      isActive: draft.isActive ?? true,
      references: [],
      ...(draft.maxApplications !== undefined ? { maxApplications: draft.maxApplications } : {}),
      ...(draft.maxApplicationsPerCustomer !== undefined ? { maxApplicationsPerCustomer: draft.maxApplicationsPerCustomer } : {}),
      groups: [...(draft.groups ?? [])],
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    };
    const custom = customFieldsFrom(ctx, draft.custom, 'discount-code');
    return custom ? { ...code, custom } : code;
  },
  actions: {
    changeCartDiscounts(code, { cartDiscounts }, ctx) {
      Object.assign(code, cartDiscountsFrom(ctx, cartDiscounts));
    },
    changeGroups(code, { groups }) {
      code.groups = [...groups];
    },
    changeIsActive(code, { isActive }) {
      code.isActive = isActive;
    },
    setCartPredicate(code, { cartPredicate: source }) {
      setOptional(code, 'cartPredicate', checkedPredicate(source, 'cartPredicate'));
    },
    setMaxApplications: optionalSetter('maxApplications'),
    setMaxApplicationsPerCustomer: optionalSetter('maxApplicationsPerCustomer'),
    setName: optionalSetter('name'),
    setDescription: optionalSetter('description'),
    setKey(code, { key }, ctx) {
      const oldKey = code.key;
      setOptional(code, 'key', key);
      ctx.emit('DiscountCodeKeySet', { ...(key !== undefined ? { key } : {}), ...(oldKey !== undefined ? { oldKey } : {}) });
    },
    setValidFrom(code, { validFrom }) {
      setOptional(code, 'validFrom', validFrom);
      assertWindow(code);
    },
    setValidUntil(code, { validUntil }) {
      setOptional(code, 'validUntil', validUntil);
      assertWindow(code);
    },
    setValidFromAndUntil(code, { validFrom, validUntil }) {
      setOptional(code, 'validFrom', validFrom);
      setOptional(code, 'validUntil', validUntil);
      assertWindow(code);
    },
    ...customFieldActions<DiscountCode>('discount-code'),
  },
  createdMessages: (code) => [{ type: 'DiscountCodeCreated', payload: { discountCode: presentDiscountCode(code) } }],
  deletedMessages: () => [{ type: 'DiscountCodeDeleted', payload: {} }],
  present: presentDiscountCode,
};

/** A Discount Code as answered: without the application counts. */
function presentDiscountCode(code: DiscountCode): Record<string, unknown> {
  const { applicationCount: _count, applicationsByCustomer: _byCustomer, ...shown } = code;
  return shown;
}
