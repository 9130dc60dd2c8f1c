import { ApiError, errors } from '../../http/errors.js';
import { cartPredicate } from '../kit/cart-predicates/index.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';
import { isForStore, isValidAt, type CartDiscount } from '../cart-discounts/index.js';
import { discountCodeByCode, type DiscountCode } from '../discount-codes/index.js';
import type { DiscountOutcome } from './discounts.js';
import type { Cart, CartUpdateAction } from './shapes.js';

type DiscountCodeState = Schemas['DiscountCodeState'];
type DiscountCodeInfo = Schemas['DiscountCodeInfo'];

/** The most Discount Codes a Cart holds (https://docs.commercetools.com/api/limits#carts). */
export const MAX_CODES_PER_CART = 10;

/** The states an Order can be created with (https://docs.commercetools.com/api/projects/carts#discountcodestate). */
const ORDERABLE: ReadonlySet<DiscountCodeState> = new Set(['MatchesCart', 'ApplicationStoppedByGroupBestDeal']);

/** The Cart Discounts of a code that exist and apply in the Cart's Store. */
function discountsOf(ctx: WriteContext, cart: Cart, code: DiscountCode): CartDiscount[] {
  const collection = ctx.state.collection<CartDiscount>('cart-discount');
  return code.cartDiscounts.flatMap(({ id }) => {
    const discount = collection.get(id);
    return discount && isForStore(discount, cart.store?.key) ? [discount] : [];
  });
}

/** Whether a cart predicate (none: always) matches the Cart. */
const matches = (ctx: WriteContext, cart: Cart, source: string | undefined) =>
  source === undefined || cartPredicate(source, 'cartPredicate').matches(cart, ctx.state);

/** Whether Orders used up a code's applications, for the Cart's Customer too (none for an anonymous Cart). */
function usedUp(code: DiscountCode, cart: Cart): boolean {
  if (code.maxApplications !== undefined && (code.applicationCount ?? 0) >= code.maxApplications) return true;
  if (code.maxApplicationsPerCustomer === undefined || cart.customerId === undefined) return false;
  return (code.applicationsByCustomer?.[cart.customerId] ?? 0) >= code.maxApplicationsPerCustomer;
}

/**
 * The state of a Discount Code on a Cart before the discounts are applied, with the Cart
 * Discounts it brings (its active, valid ones whose predicates match, when the code matches):
 * the checks in the order `DiscountCodeState` describes in the schema.
 */
export function codeStateOf(
  ctx: WriteContext,
  cart: Cart,
  code: DiscountCode | undefined,
): { state: DiscountCodeState; brings: CartDiscount[] } {
  const none = (state: DiscountCodeState) => ({ state, brings: [] });
  if (!code) return none('NotActive');
  const active = discountsOf(ctx, cart, code).filter((discount) => discount.isActive);
  if (!code.isActive || active.length === 0) return none('NotActive');
  const valid = active.filter((discount) => isValidAt(discount, ctx.now));
  if (!isValidAt(code, ctx.now) || valid.length === 0) return none('NotValid');
  if (usedUp(code, cart)) return none('MaxApplicationReached');
  const matching = matches(ctx, cart, code.cartPredicate) ? valid.filter((discount) => matches(ctx, cart, discount.cartPredicate)) : [];
  return matching.length === 0 ? none('DoesNotMatchCart') : { state: 'MatchesCart', brings: matching };
}

/**
 * The Cart Discounts the Discount Codes on a Cart bring, for the discounts engine: a Set filled on
 * its first question, so that the codes' predicates see the Cart as the engine prices it before
 * the Cart Discounts (https://docs.commercetools.com/api/projects/predicates#cart-predicates). Filling
 * it writes each code's state before the discounts; `settle` completes them from the engine's report.
 */
export class CodeDiscounts extends Set<string> {
  private filled = false;
  /** The Cart Discounts each code brings, by code id (those of codes that match the Cart). */
  private readonly byCode = new Map<string, readonly string[]>();

  constructor(
    private readonly ctx: WriteContext,
    private readonly cart: Cart,
  ) {
    super();
  }

  /** Computes the states of the codes on the Cart as it is now and the discounts they bring (once). */
  fill(): void {
    if (this.filled) return;
    this.filled = true;
    const collection = this.ctx.state.collection<DiscountCode>('discount-code');
    for (const info of this.cart.discountCodes) {
      const { state, brings } = codeStateOf(this.ctx, this.cart, collection.get(info.discountCode.id));
      info.state = state;
      this.byCode.set(
        info.discountCode.id,
        brings.map((discount) => discount.id),
      );
      for (const discount of brings) super.add(discount.id);
    }
  }

  override has(id: string): boolean {
    this.fill();
    return super.has(id);
  }

  /**
   * Completes the codes' states from the engine's report once the discounts were applied: a
   * matching code none of whose Cart Discounts applied, one at least stopped by a
   * `StopAfterThisDiscount` one ranked higher, is `ApplicationStoppedByPreviousDiscount`.
   */
  settle(outcomes: ReadonlyMap<string, DiscountOutcome>): void {
    this.fill();
    for (const info of this.cart.discountCodes) {
      if (info.state !== 'MatchesCart') continue;
      const fared = (this.byCode.get(info.discountCode.id) ?? []).map((id) => outcomes.get(id));
      if (!fared.includes('Applied') && fared.includes('StoppedByPreviousDiscount')) info.state = 'ApplicationStoppedByPreviousDiscount';
    }
  }
}

/** 400 DiscountCodeNonApplicable for a code, with the members the live error gives. */
function nonApplicable(message: string, members: Record<string, unknown>): ApiError {
  return new ApiError(400, [{ code: 'DiscountCodeNonApplicable', message, ...members }]);
}

/**
 * The Discount Code `code` names, if it can be added to the Cart: it exists (`DoesNotExist`), is
 * inside its validity window (`TimeRangeNonApplicable`), is active and brings at least one active,
 * valid Cart Discount of the Cart's Store (400 DiscountCodeNonApplicable otherwise); on a Frozen Cart,
 * one that does not match it (https://docs.commercetools.com/api/projects/carts#add-discountcode).
 */
function addableCode(ctx: WriteContext, cart: Cart, code: string): DiscountCode {
  const found = discountCodeByCode(ctx, code);
  if (!found) throw nonApplicable(`The discount code '${code}' was not found.`, { discountCode: code, reason: 'DoesNotExist' });
  const cannot = `The discountCode ${found.id} cannot be applied to the cart.`;
  if (!isValidAt(found, ctx.now)) {
    throw nonApplicable(cannot, {
      discountCode: code,
      discountCodeId: found.id,
      reason: 'TimeRangeNonApplicable',
      ...(found.validFrom !== undefined ? { validFrom: found.validFrom } : {}),
      ...(found.validUntil !== undefined ? { validUntil: found.validUntil } : {}),
      validityCheckTime: ctx.now,
    });
  }
  const { state } = codeStateOf(ctx, cart, found);
  if (state === 'NotActive' || state === 'NotValid') throw nonApplicable(cannot, { discountCode: code, discountCodeId: found.id });
  // A Frozen Cart's prices stay: only a code that does not match it may be added (decision on the error).
  if (cart.cartState === 'Frozen' && state !== 'DoesNotMatchCart') {
    throw errors.invalidOperation(`The Cart '${cart.id}' is Frozen: only a Discount Code that does not match it can be added.`);
  }
  return found;
}

/**
 * `addDiscountCode` and `removeDiscountCode` (https://docs.commercetools.com/api/projects/carts#add-discountcode),
 * spread into the Cart's handlers; the Cart's recalculation sets the states after them.
 */
export const discountCodeActions: Pick<ActionHandlers<Cart, CartUpdateAction>, 'addDiscountCode' | 'removeDiscountCode'> = {
  addDiscountCode(cart, { code }, ctx) {
    if (cart.directDiscounts.length > 0) {
      throw errors.invalidOperation('The Cart has Direct Discounts: Discount Codes and Direct Discounts cannot be combined.');
    }
    const found = addableCode(ctx, cart, code);
    // A code the Cart holds already stays once (decision).
    if (cart.discountCodes.some((info) => info.discountCode.id === found.id)) return;
    if (cart.discountCodes.length >= MAX_CODES_PER_CART) {
      throw errors.invalidOperation(`A Cart can hold at most ${MAX_CODES_PER_CART} Discount Codes.`);
    }
    const info: DiscountCodeInfo = { discountCode: { typeId: 'discount-code', id: found.id }, state: 'MatchesCart' };
    cart.discountCodes.push(info);
  },
  removeDiscountCode(cart, { discountCode }) {
    const index = cart.discountCodes.findIndex((info) => info.discountCode.id === discountCode.id);
    if (index < 0) throw errors.invalidOperation(`The Cart does not hold the Discount Code '${discountCode.id}'.`);
    cart.discountCodes.splice(index, 1);
  },
};

/** The states that follow from the predicates and the discounts applied: the Cart's last recalculation's verdict. */
const PRICED: ReadonlySet<DiscountCodeState> = new Set([
  'MatchesCart',
  'DoesNotMatchCart',
  'ApplicationStoppedByPreviousDiscount',
  'ApplicationStoppedByGroupBestDeal',
]);

/**
 * The Discount Codes of an Order from the Cart, with their states computed at its creation (the
 * clock may have left a validity window since the Cart's last change): 400
 * DiscountCodeNonApplicable unless each is `MatchesCart` or `ApplicationStoppedByGroupBestDeal`.
 * Once the Order is stored, each `MatchesCart` code counts one application (never taken back),
 * for the Cart's Customer too; applications change `applicationVersion`, not the code's `version`.
 *
 * @example
 * order.discountCodes = orderDiscountCodes(ctx, cart);
 */
export function orderDiscountCodes(ctx: WriteContext, cart: Cart): DiscountCodeInfo[] {
  const collection = ctx.state.collection<DiscountCode>('discount-code');
  const infos = cart.discountCodes.map((info): DiscountCodeInfo => {
    // Activity, validity and applications are checked again; the predicates' verdict stays the recalculation's.
    const { state } = codeStateOf(ctx, cart, collection.get(info.discountCode.id));
    return { discountCode: { ...info.discountCode }, state: PRICED.has(state) && PRICED.has(info.state) ? info.state : state };
  });
  const blocked = infos.find((info) => !ORDERABLE.has(info.state));
  if (blocked) {
    const { id } = blocked.discountCode;
    throw nonApplicable(`The discountCode ${id} cannot be applied to the cart.`, { discountCodeId: id });
  }
  const applied = infos.filter((info) => info.state === 'MatchesCart').map((info) => info.discountCode.id);
  const { customerId } = cart;
  ctx.onCommit(() => {
    for (const id of applied) {
      const code = collection.get(id);
      if (!code) continue;
      const byCustomer = { ...code.applicationsByCustomer };
      if (customerId !== undefined) byCustomer[customerId] = (byCustomer[customerId] ?? 0) + 1;
      collection.replace({
        ...code,
        applicationCount: (code.applicationCount ?? 0) + 1,
        applicationVersion: (code.applicationVersion ?? 0) + 1,
        ...(customerId !== undefined ? { applicationsByCustomer: byCustomer } : {}),
      });
    }
  });
  return infos;
}
