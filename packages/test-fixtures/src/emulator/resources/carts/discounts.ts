import type { EmulatorState } from '../../state.js';
import { bySortOrderDescending, isForStore, isValidAt, type CartDiscount } from '../cart-discounts/index.js';
import type { Collection, StoredResource } from '../../store/collection.js';
import { cartPredicate, compileItemPredicate, type CompiledItemPredicate } from '../kit/cart-predicates/index.js';
import type { CentPrecisionMoney } from '../kit/money.js';
import { centMoney, divideRounded, safeCents, type RoundingMode } from '../kit/taxes.js';
import type { Cart, CustomLineItem, LineItem } from './shapes.js';

// Cart Discounts applied to a Cart, exactly, in integer cents
// (https://docs.commercetools.com/api/pricing-and-discounts-overview#cart-discounts): the matching
// discounts in descending sortOrder, each on the prices the previous ones left, rounded after each
// step; StopAfterThisDiscount ends the list once it applied.

type Money = { centAmount: number; currencyCode: string };

/** A Cart Discount's value as stored (https://docs.commercetools.com/api/projects/cartDiscounts#cartdiscountvalue). */
export type DiscountValue =
  | { type: 'relative'; permyriad: number }
  | { type: 'absolute'; money: Money[]; applicationMode?: ApplicationMode }
  | { type: 'fixed'; money: Money[]; applicationMode?: ApplicationMode }
  | { type: 'giftLineItem'; product: { id: string }; variantId: number };
type ApplicationMode = 'ProportionateDistribution' | 'EvenDistribution' | 'IndividualApplication';

/** A Cart Discount's target as stored (https://docs.commercetools.com/api/projects/cartDiscounts#cartdiscounttarget). */
export type DiscountTarget =
  | { type: 'lineItems' | 'customLineItems'; predicate: string }
  | { type: 'shipping' }
  | { type: 'totalPrice' }
  | {
      type: 'multiBuyLineItems' | 'multiBuyCustomLineItems';
      predicate: string;
      triggerQuantity: number;
      discountedQuantity: number;
      maxOccurrence?: number;
      selectionMode: 'Cheapest' | 'MostExpensive';
    }
  | { type: 'pattern' };

type CartDiscountRecord = CartDiscount & StoredResource;

/** Why a Cart Discount did or did not change the Cart, for the Discount Codes' states. */
export type DiscountOutcome =
  /** It applied (MatchesCart). */
  | 'Applied'
  /** A higher-ranked discount with StopAfterThisDiscount applied first (ApplicationStoppedByPreviousDiscount). */
  | 'StoppedByPreviousDiscount'
  /** Its cart predicate does not match, or its target selects nothing it can lower (DoesNotMatchCart). */
  | 'DoesNotMatchCart'
  /** It is not active (NotActive). */
  | 'NotActive'
  /** The emulator's clock is outside its validity window (NotValid). */
  | 'NotValid'
  /** It is for other Stores than the Cart's (DoesNotMatchCart). */
  | 'NotInStore';

/** A discount ready to apply: its predicates compiled once. */
export interface Prepared {
  readonly ref: { typeId: 'cart-discount' | 'direct-discount'; id: string };
  readonly value: DiscountValue;
  readonly target: DiscountTarget | undefined;
  readonly record?: CartDiscountRecord;
  readonly stop: boolean;
  readonly matchesCart: (cart: Cart, state: EmulatorState) => boolean;
  readonly item?: CompiledItemPredicate<LineItem | CustomLineItem>;
}

/** Compiles a stored predicate; one the resource let in but the engine cannot read matches nothing. */
function safely<T>(compile: () => T): T | undefined {
  try {
    return compile();
  } catch {
    return undefined;
  }
}

function prepare(
  ref: Prepared['ref'],
  value: DiscountValue,
  target: DiscountTarget | undefined,
  source: string,
  record?: CartDiscountRecord,
): Prepared {
  const cartTest = safely(() => cartPredicate(source, 'cartPredicate'));
  const itemScope = target?.type === 'customLineItems' || target?.type === 'multiBuyCustomLineItems' ? 'customLineItem' : 'lineItem';
  const item =
    target && 'predicate' in target
      ? safely(
          () => compileItemPredicate(itemScope, target.predicate, 'target.predicate') as CompiledItemPredicate<LineItem | CustomLineItem>,
        )
      : undefined;
  return {
    ref,
    value,
    target,
    ...(record ? { record } : {}),
    stop: record?.stackingMode === 'StopAfterThisDiscount',
    matchesCart: cartTest ? (cart, state) => cartTest.matches(cart, state) : () => false,
    ...(item ? { item } : {}),
  };
}

/** The project's Cart Discounts, prepared and in descending sortOrder, per write of the collection. */
const preparedCache = new WeakMap<Collection<CartDiscountRecord>, { generation: number; list: readonly Prepared[] }>();

/** The project's Cart Discounts in the order they apply; sorted and compiled again only after a write to them. */
export function projectDiscounts(state: EmulatorState): readonly Prepared[] {
  const collection = state.collection<CartDiscountRecord>('cart-discount');
  const cached = preparedCache.get(collection);
  if (cached?.generation === collection.generation) return cached.list;
  const list = [...collection.values()]
    .sort(bySortOrderDescending)
    .map((record) =>
      prepare(
        { typeId: 'cart-discount', id: record.id },
        record.value as unknown as DiscountValue,
        record.target as DiscountTarget | undefined,
        record.cartPredicate,
        record,
      ),
    );
  preparedCache.set(collection, { generation: collection.generation, list });
  return list;
}

/** A Cart's Direct Discounts in their list order (they replace the project's Cart Discounts). */
function directDiscounts(cart: Cart): Prepared[] {
  return (cart.directDiscounts ?? []).map((direct) =>
    prepare(
      { typeId: 'direct-discount', id: direct.id },
      direct.value as unknown as DiscountValue,
      direct.target as unknown as DiscountTarget | undefined,
      '1 = 1',
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The units of an item: groups of units with the same unit price and the same discounts.

interface Portion {
  ref: Prepared['ref'];
  /** Cents off one unit. */
  cents: number;
}

interface Group {
  quantity: number;
  /** The unit price in cents after the portions. */
  unit: number;
  portions: Portion[];
}

/** A discountable item: a Line Item, a Custom Line Item or the shipping, as unit groups. */
export interface PricedItem {
  readonly kind: 'line' | 'customLine' | 'shipping';
  readonly item?: LineItem | CustomLineItem;
  groups: Group[];
}

const take = (group: Group, quantity: number): Group => ({ quantity, unit: group.unit, portions: [...group.portions] });

/** Lowers a group's unit price by `cents` for a discount (nothing for 0). */
function lower(group: Group, ref: Prepared['ref'], cents: number): boolean {
  if (cents <= 0) return false;
  group.unit -= cents;
  group.portions.push({ ref, cents });
  return true;
}

/** Replaces `groups[at]` by its first `quantity` units lowered by `first` cents and the rest by `rest`. */
function splitLower(groups: Group[], at: number, quantity: number, ref: Prepared['ref'], first: number, rest: number): boolean {
  const group = groups[at]!;
  if (quantity <= 0 || quantity >= group.quantity || first === rest) return lower(group, ref, quantity <= 0 ? rest : first);
  const head = take(group, quantity);
  const tail = take(group, group.quantity - quantity);
  const changed = [lower(head, ref, first), lower(tail, ref, rest)].some(Boolean);
  groups.splice(at, 1, head, tail);
  return changed;
}

/** The cents of a money value list in a currency, when it has one. */
function moneyIn(money: readonly Money[], currencyCode: string): number | undefined {
  return money.find((entry) => entry.currencyCode === currencyCode)?.centAmount;
}

/** What one discount takes off one unit priced `unit` (relative, individually applied absolute, fixed). */
function unitCut(value: DiscountValue, unit: number, currencyCode: string, rounding: RoundingMode): number {
  switch (value.type) {
    case 'relative':
      return safeCents(divideRounded(BigInt(unit) * BigInt(value.permyriad), 10000n, rounding));
    case 'absolute': {
      const cents = moneyIn(value.money, currencyCode);
      return cents === undefined ? 0 : Math.min(cents, unit);
    }
    case 'fixed': {
      const cents = moneyIn(value.money, currencyCode);
      return cents === undefined || unit <= cents ? 0 : unit - cents;
    }
    default:
      return 0;
  }
}

/** Applies a per-unit value to every unit of the groups; true when a price went down. */
function applyPerUnit(items: readonly PricedItem[], prepared: Prepared, currencyCode: string, rounding: RoundingMode): boolean {
  let changed = false;
  for (const item of items)
    for (const group of item.groups)
      if (lower(group, prepared.ref, unitCut(prepared.value, group.unit, currencyCode, rounding))) changed = true;
  return changed;
}

/**
 * Shares `amount` cents over weights: each the floor of its exact share, the cents left one each
 * to the largest remainders (the earlier on a tie). `counts[i]` units share weight `weights[i]` each.
 */
function largestRemainder(amount: bigint, weights: readonly bigint[], counts: readonly number[]): { base: bigint[]; extra: number[] } {
  const total = weights.reduce((sum, weight, i) => sum + weight * BigInt(counts[i]!), 0n);
  const base = weights.map((weight) => (total === 0n ? 0n : (amount * weight) / total));
  let left = amount - base.reduce((sum, share, i) => sum + share * BigInt(counts[i]!), 0n);
  const order = weights.map((weight, index) => ({ index, remainder: total === 0n ? 0n : (amount * weight) % total }));
  order.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const extra = weights.map(() => 0);
  for (const { index } of order) {
    if (left <= 0n) break;
    const units = BigInt(counts[index]!);
    const given = left < units ? left : units;
    extra[index] = Number(given);
    left -= given;
  }
  return { base, extra };
}

/**
 * An absolute amount over the matching units: `ProportionateDistribution` in proportion to their
 * unit prices, `EvenDistribution` in equal shares per item then per unit (the cent left over to
 * the first units). No unit goes below 0; all of it when the amount reaches their total.
 */
function applyDistributed(items: readonly PricedItem[], prepared: Prepared, amount: number, even: boolean): boolean {
  const slots = items.flatMap((item) => item.groups.map((group) => ({ item, group })));
  const total = slots.reduce((sum, { group }) => sum + BigInt(group.unit) * BigInt(group.quantity), 0n);
  if (total === 0n) return false;
  if (!even) {
    if (BigInt(amount) >= total) return applyWhole(slots, prepared);
    const { base, extra } = largestRemainder(
      BigInt(amount),
      slots.map(({ group }) => BigInt(group.unit)),
      slots.map(({ group }) => group.quantity),
    );
    return splitEach(slots, prepared, (i) => [extra[i]!, Number(base[i]! + 1n), Number(base[i]!)]);
  }
  // Equal shares per item, then per unit of the item.
  const perItem = largestRemainder(
    BigInt(amount),
    items.map(() => 1n),
    items.map(() => 1),
  );
  const cuts = new Map<Group, [number, number, number]>();
  items.forEach((item, i) => {
    const share = perItem.base[i]! + BigInt(perItem.extra[i]!);
    const units = item.groups.reduce((sum, group) => sum + group.quantity, 0);
    const perUnit = largestRemainder(share, [1n], [units]);
    let extraUnits = perUnit.extra[0]!;
    for (const group of item.groups) {
      const first = Math.min(extraUnits, group.quantity);
      extraUnits -= first;
      const base = Number(perUnit.base[0]!);
      cuts.set(group, [first, Math.min(base + 1, group.unit), Math.min(base, group.unit)]);
    }
  });
  return splitEach(slots, prepared, (i) => cuts.get(slots[i]!.group)!);
}

/** Every matching unit discounted to 0. */
function applyWhole(slots: readonly { group: Group }[], prepared: Prepared): boolean {
  let changed = false;
  for (const { group } of slots) if (lower(group, prepared.ref, group.unit)) changed = true;
  return changed;
}

/** Lowers each slot's group: its first `n` units by `first` cents, the others by `rest`. */
function splitEach(
  slots: readonly { item: PricedItem; group: Group }[],
  prepared: Prepared,
  cut: (index: number) => [n: number, first: number, rest: number],
): boolean {
  let changed = false;
  slots.forEach(({ item, group }, i) => {
    const [n, first, rest] = cut(i);
    if (splitLower(item.groups, item.groups.indexOf(group), n, prepared.ref, first, rest)) changed = true;
  });
  return changed;
}

/**
 * A multi-buy target: of the matching units (all items together), every `triggerQuantity` gives
 * `discountedQuantity` discounted units, at most `maxOccurrence` times; the cheapest (or most
 * expensive) units are the discounted ones, the earlier item first on equal prices.
 */
function applyMultiBuy(
  items: readonly PricedItem[],
  prepared: Prepared,
  target: Extract<DiscountTarget, { triggerQuantity: number }>,
  currencyCode: string,
  rounding: RoundingMode,
): boolean {
  const slots = items.flatMap((item) => item.groups.map((group) => ({ item, group })));
  const units = slots.reduce((sum, { group }) => sum + group.quantity, 0);
  let occurrences = Math.floor(units / target.triggerQuantity);
  if (target.maxOccurrence !== undefined) occurrences = Math.min(occurrences, target.maxOccurrence);
  let selected = occurrences * target.discountedQuantity;
  const direction = target.selectionMode === 'Cheapest' ? 1 : -1;
  const ordered = slots.map((slot, index) => ({ ...slot, index }));
  ordered.sort((a, b) => (a.group.unit === b.group.unit ? a.index - b.index : (a.group.unit - b.group.unit) * direction));
  let changed = false;
  for (const { item, group } of ordered) {
    if (selected <= 0) break;
    const count = Math.min(selected, group.quantity);
    selected -= count;
    const cut = unitCut(prepared.value, group.unit, currencyCode, rounding);
    if (splitLower(item.groups, item.groups.indexOf(group), count, prepared.ref, cut, 0)) changed = true;
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------

/** The items a line target selects: the matching Line Items (never those in ExternalTotal price mode) or Custom Line Items. */
function targetItems(
  state: EmulatorState,
  cart: Cart,
  prepared: Prepared,
  lines: readonly PricedItem[],
  custom: readonly PricedItem[],
): PricedItem[] {
  const predicate = prepared.item;
  if (!predicate) return [];
  const customTarget = prepared.target?.type === 'customLineItems' || prepared.target?.type === 'multiBuyCustomLineItems';
  return (customTarget ? custom : lines).filter(
    (priced) => (priced.item as LineItem).priceMode !== 'ExternalTotal' && predicate.matches(priced.item!, cart, state),
  );
}

/** The result of applying the discounts to a Cart's items: what {@link writeDiscounts} and the totals use. */
export interface DiscountResult {
  readonly lines: readonly PricedItem[];
  readonly customLines: readonly PricedItem[];
  /** The discounts on the shipping, in the order they apply, and those on the total. */
  readonly shipping: readonly Prepared[];
  readonly total: readonly Prepared[];
  /** Per Cart Discount considered, how it fared. */
  readonly outcomes: Map<string, DiscountOutcome>;
  /** Whether any discount applied. */
  readonly applied: boolean;
}

export interface ApplyOptions {
  /** The unit price a Line Item starts from: its Product-discounted price, or `price.value` (BestDeal). */
  readonly lineStart: (line: LineItem) => number;
  /** Whether Cart Discounts (and Direct Discounts) apply at all. */
  readonly withCartDiscounts: boolean;
  /** Whether a Discount Code on the Cart brings a Cart Discount that requires one. */
  readonly bringsCode: (cartDiscountId: string) => boolean;
}

/** Whether a stored discount is one for this Cart now; its outcome when not. */
export function eligibility(prepared: Prepared, cart: Cart, now: string, options: ApplyOptions): DiscountOutcome | 'Eligible' | 'Skip' {
  const record = prepared.record;
  if (!record) return 'Eligible';
  if (record.requiresDiscountCode && !options.bringsCode(record.id)) return 'Skip';
  if (!record.isActive) return 'NotActive';
  if (!isValidAt(record, now)) return 'NotValid';
  if (!isForStore(record, cart.store?.key)) return 'NotInStore';
  return 'Eligible';
}

/**
 * Applies the Cart Discounts (or the Cart's Direct Discounts) to its items, on the Cart as priced
 * without them (its totals are those of the starting prices): the eligible discounts in order,
 * each predicate evaluated on that Cart. Items only; the shipping and total discounts are returned
 * in order for {@link applyShippingDiscounts} and {@link applyTotalDiscounts}.
 */
export function applyItemDiscounts(state: EmulatorState, cart: Cart, options: ApplyOptions): DiscountResult {
  const currencyCode = cart.totalPrice.currencyCode;
  const rounding = cart.priceRoundingMode;
  const lines: PricedItem[] = cart.lineItems.map((line) => ({
    kind: 'line',
    item: line,
    groups: [{ quantity: line.quantity, unit: options.lineStart(line), portions: [] }],
  }));
  const customLines: PricedItem[] = cart.customLineItems.map((line) => ({
    kind: 'customLine',
    item: line,
    groups: [{ quantity: line.quantity, unit: line.money.centAmount, portions: [] }],
  }));
  const outcomes = new Map<string, DiscountOutcome>();
  const shipping: Prepared[] = [];
  const total: Prepared[] = [];
  let applied = false;
  if (!options.withCartDiscounts) return { lines, customLines, shipping, total, outcomes, applied };
  const direct = (cart.directDiscounts ?? []).length > 0;
  const list = direct ? directDiscounts(cart) : projectDiscounts(state);
  const now = new Date(state.clock.now()).toISOString();
  let stopped = false;
  for (const prepared of list) {
    const eligible = eligibility(prepared, cart, now, options);
    if (eligible === 'Skip') continue;
    const id = prepared.ref.id;
    if (eligible !== 'Eligible') {
      outcomes.set(id, eligible);
      continue;
    }
    if (stopped) {
      outcomes.set(id, 'StoppedByPreviousDiscount');
      continue;
    }
    if (!prepared.matchesCart(cart, state)) {
      outcomes.set(id, 'DoesNotMatchCart');
      continue;
    }
    const done = applyOne(state, cart, prepared, { lines, customLines, shipping, total }, currencyCode, rounding);
    outcomes.set(id, done ? 'Applied' : 'DoesNotMatchCart');
    if (done) {
      applied = true;
      if (prepared.stop) stopped = true;
    }
  }
  return { lines, customLines, shipping, total, outcomes, applied };
}

/** Applies one matching discount to its target; whether it applied. */
function applyOne(
  state: EmulatorState,
  cart: Cart,
  prepared: Prepared,
  into: { lines: PricedItem[]; customLines: PricedItem[]; shipping: Prepared[]; total: Prepared[] },
  currencyCode: string,
  rounding: RoundingMode,
): boolean {
  const { target, value } = prepared;
  if (value.type === 'giftLineItem') return applyGift(into.lines, prepared, value);
  if (!target || target.type === 'pattern') return false;
  if ((value.type === 'absolute' || value.type === 'fixed') && moneyIn(value.money, currencyCode) === undefined) return false;
  if (target.type === 'shipping') {
    // Decision: a shipping discount applies whenever the Cart has a shipping method.
    if (!cart.shippingInfo) return false;
    into.shipping.push(prepared);
    return true;
  }
  if (target.type === 'totalPrice') {
    into.total.push(prepared);
    return true;
  }
  const items = targetItems(state, cart, prepared, into.lines, into.customLines);
  if (items.length === 0) return false;
  if (target.type === 'multiBuyLineItems' || target.type === 'multiBuyCustomLineItems')
    return applyMultiBuy(items, prepared, target, currencyCode, rounding);
  if (value.type === 'absolute' && (value.applicationMode ?? 'ProportionateDistribution') !== 'IndividualApplication')
    return applyDistributed(items, prepared, moneyIn(value.money, currencyCode)!, value.applicationMode === 'EvenDistribution');
  return applyPerUnit(items, prepared, currencyCode, rounding);
}

/** Whether a Line Item is the gift of a giftLineItem value: a GiftLineItem line of its variant. */
export function isGiftOf(line: LineItem, value: Extract<DiscountValue, { type: 'giftLineItem' }>): boolean {
  return line.lineItemMode === 'GiftLineItem' && line.productId === value.product.id && line.variant.id === value.variantId;
}

/** A gift: one unit of its gift line discounted to 0 (decision: further units added by hand are paid). */
function applyGift(lines: readonly PricedItem[], prepared: Prepared, value: Extract<DiscountValue, { type: 'giftLineItem' }>): boolean {
  const gift = lines.find((priced) => isGiftOf(priced.item as LineItem, value));
  const group = gift?.groups[0];
  if (!gift || !group) return false;
  return splitLower(gift.groups, 0, 1, prepared.ref, group.unit, 0);
}

/** Groups of equal price and discounts merged, the most discounted first (decision). */
function normalized(groups: readonly Group[]): Group[] {
  const merged: Group[] = [];
  const same = (a: Group, b: Group) =>
    a.unit === b.unit &&
    a.portions.length === b.portions.length &&
    a.portions.every((portion, i) => portion.ref.id === b.portions[i]!.ref.id && portion.cents === b.portions[i]!.cents);
  for (const group of groups) {
    const found = merged.find((candidate) => same(candidate, group));
    if (found) found.quantity += group.quantity;
    else merged.push(take(group, group.quantity));
  }
  return merged.sort((a, b) => a.unit - b.unit);
}

type Reference = NonNullable<LineItem['discountedPrice']>['includedDiscounts'][number]['discount'];
/** The reference a portion names its discount by (`cart-discount` or `direct-discount`). */
const referenceOf = (portion: Portion): Reference => ({ ...portion.ref }) as unknown as Reference;

/** A discounted unit price as the Cart answers it. */
function discountedPriceOf(group: Group, money: (cents: number) => CentPrecisionMoney): NonNullable<LineItem['discountedPrice']> {
  return {
    value: money(group.unit),
    includedDiscounts: group.portions.map((portion) => ({ discount: referenceOf(portion), discountedAmount: money(portion.cents) })),
  };
}

/** The unit groups of an item for its taxes (UnitPriceLevel): quantity and discounted unit price. */
export interface UnitPriceGroups {
  readonly unitPrices: { unitCentAmount: number; quantity: number }[];
}

/**
 * Writes the discounted prices onto the items: each line's `discountedPricePerQuantity` (all its
 * units once any is discounted), the deprecated `discountedPrice` when all units share one price,
 * and `totalPrice` (the sum of the units). Returns each item's unit groups for the taxes.
 */
export function writeItemDiscounts(cart: Cart, result: DiscountResult): Map<LineItem | CustomLineItem, UnitPriceGroups> {
  const { currencyCode, fractionDigits } = cart.totalPrice;
  const money = (cents: number) => centMoney(cents, currencyCode, fractionDigits);
  const units = new Map<LineItem | CustomLineItem, UnitPriceGroups>();
  for (const priced of [...result.lines, ...result.customLines]) {
    const item = priced.item!;
    const groups = normalized(priced.groups);
    const discounted = groups.some((group) => group.portions.length > 0);
    item.discountedPricePerQuantity = discounted
      ? groups.map((group) => ({ quantity: group.quantity, discountedPrice: discountedPriceOf(group, money) }))
      : [];
    if (priced.kind === 'line') {
      const line = item as LineItem;
      if (discounted && groups.length === 1) line.discountedPrice = discountedPriceOf(groups[0]!, money);
      else delete line.discountedPrice;
    }
    if ((item as LineItem).priceMode !== 'ExternalTotal')
      item.totalPrice = money(safeCents(groups.reduce((sum, group) => sum + BigInt(group.unit) * BigInt(group.quantity), 0n)));
    units.set(item, { unitPrices: groups.map((group) => ({ unitCentAmount: group.unit, quantity: group.quantity })) });
  }
  return units;
}

/**
 * Applies the shipping discounts to the shipping price (already priced on the discounted items):
 * sets or clears `shippingInfo.discountedPrice`; the shipping's value for the totals.
 */
export function applyShippingDiscounts(cart: Cart, discounts: readonly Prepared[]): number {
  const info = cart.shippingInfo;
  if (!info) return 0;
  const group: Group = { quantity: 1, unit: info.price.centAmount, portions: [] };
  for (const prepared of discounts)
    lower(group, prepared.ref, unitCut(prepared.value, group.unit, cart.totalPrice.currencyCode, cart.priceRoundingMode));
  if (group.portions.length > 0) {
    const { currencyCode, fractionDigits } = info.price;
    info.discountedPrice = discountedPriceOf(group, (cents) => centMoney(cents, currencyCode, fractionDigits));
  } else delete info.discountedPrice;
  return group.unit;
}

/**
 * Applies the `totalPrice` discounts to the Cart's total (items and shipping, discounted) and sets
 * or clears `discountOnTotalPrice`; the total's amount taken off. Taxes follow in {@link discountTaxedTotals}.
 */
export function applyTotalDiscounts(cart: Cart, discounts: readonly Prepared[], totalCents: number): number {
  const { currencyCode, fractionDigits } = cart.totalPrice;
  const money = (cents: number) => centMoney(cents, currencyCode, fractionDigits);
  const group: Group = { quantity: 1, unit: totalCents, portions: [] };
  for (const prepared of discounts) lower(group, prepared.ref, unitCut(prepared.value, group.unit, currencyCode, cart.priceRoundingMode));
  const taken = totalCents - group.unit;
  if (group.portions.length === 0) {
    delete cart.discountOnTotalPrice;
    return 0;
  }
  cart.discountOnTotalPrice = {
    discountedAmount: money(taken),
    includedDiscounts: group.portions.map((portion) => ({ discount: referenceOf(portion), discountedAmount: money(portion.cents) })),
  };
  return taken;
}

type TaxedPrice = NonNullable<Cart['taxedPrice']>;

/** A taxed price less `taken / total` of it: net and gross each by that fraction, rounded; the portions scaled to the tax left. */
function scaledTaxedPrice(taxed: TaxedPrice, taken: number, total: number, rounding: RoundingMode): [TaxedPrice, number, number] {
  const cut = (cents: number) => safeCents(divideRounded(BigInt(cents) * BigInt(taken), BigInt(total), rounding));
  const netCut = cut(taxed.totalNet.centAmount);
  const grossCut = cut(taxed.totalGross.centAmount);
  const net = taxed.totalNet.centAmount - netCut;
  const gross = taxed.totalGross.centAmount - grossCut;
  const tax = gross - net;
  const portions = taxed.taxPortions.map((portion) => ({
    ...portion,
    amount: { ...portion.amount, centAmount: portion.amount.centAmount - cut(portion.amount.centAmount) },
  }));
  // The portions sum to the tax: the difference of the roundings goes to the largest one.
  const difference = tax - portions.reduce((sum, portion) => sum + portion.amount.centAmount, 0);
  const largest = portions.reduce<(typeof portions)[number] | undefined>(
    (best, portion) => (!best || portion.amount.centAmount > best.amount.centAmount ? portion : best),
    undefined,
  );
  if (largest) largest.amount.centAmount += difference;
  return [
    {
      ...taxed,
      totalNet: { ...taxed.totalNet, centAmount: net },
      totalGross: { ...taxed.totalGross, centAmount: gross },
      taxPortions: portions,
      totalTax: { ...taxed.totalNet, centAmount: tax },
    },
    netCut,
    grossCut,
  ];
}

/**
 * The same share of the total discount off `taxedPrice` and `taxedShippingPrice`
 * (https://docs.commercetools.com/api/projects/cartDiscounts#cartdiscounttotalpricetarget), with
 * `discountedNetAmount` and `discountedGrossAmount`.
 */
export function discountTaxedTotals(cart: Cart, taken: number, totalBefore: number): void {
  const discount = cart.discountOnTotalPrice;
  if (!discount || taken === 0 || totalBefore === 0) return;
  if (cart.taxedPrice) {
    const [taxed, netCut, grossCut] = scaledTaxedPrice(cart.taxedPrice, taken, totalBefore, cart.taxRoundingMode);
    cart.taxedPrice = taxed;
    const { currencyCode, fractionDigits } = cart.totalPrice;
    discount.discountedNetAmount = centMoney(netCut, currencyCode, fractionDigits);
    discount.discountedGrossAmount = centMoney(grossCut, currencyCode, fractionDigits);
  }
  if (cart.taxedShippingPrice)
    cart.taxedShippingPrice = scaledTaxedPrice(cart.taxedShippingPrice, taken, totalBefore, cart.taxRoundingMode)[0];
}
