import type { GraphqlContext } from '../../graphql/context.js';
import { errors } from '../../http/errors.js';
import {
  localizedString,
  onlyMember,
  plainActions,
  present,
  resourceIdentifier,
  withoutNulls,
  type ActionConverters,
  type IdentifierInput,
  type LocalizedInput,
  type Nullable,
} from '../../graphql/inputs.js';
import { localizedField, modifiedBy } from '../../graphql/objects.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mergeResolvers, standardFields } from '../../graphql/standard-fields.js';
import type { Schemas } from '../kit/resource-type.js';
import type { Store } from '../stores/index.js';
import { draftInStore, isInStore, type CartDiscount, type CartDiscountTarget, type CartDiscountValue } from './index.js';

type MoneyInput = { currencyCode: string; centAmount: number };
/** `CartDiscountValueBaseMoneyInput`: centPrecision money, highPrecision (not emulated), or the deprecated flat members. */
type BaseMoneyInput = Nullable<{
  centPrecision: MoneyInput;
  highPrecision: { currencyCode: string; preciseAmount: number; fractionDigits: number; centAmount?: number | null };
  currencyCode: string;
  centAmount: number;
}>;
type Mode = Schemas['DiscountApplicationMode'];

/** `CartDiscountValueInput`: exactly one member; the `…Cart` ones carry an `applicationMode`. */
type ValueInput = Nullable<{
  relative: { permyriad: number };
  relativeCart: { permyriad: number; applicationMode: Mode };
  absolute: { money: readonly MoneyInput[] };
  absoluteCart: { money: readonly MoneyInput[]; applicationMode: Mode };
  fixed: { money: readonly BaseMoneyInput[] };
  fixedCart: { money: readonly BaseMoneyInput[]; applicationMode: Mode };
  giftLineItem: {
    product: IdentifierInput;
    variantId: number;
    distributionChannel?: IdentifierInput | null;
    supplyChannel?: IdentifierInput | null;
  };
}>;

/** `CartDiscountTargetInput`: exactly one member, named as the REST target's `type`. */
type TargetInput = Nullable<{
  lineItems: { predicate: string };
  customLineItems: { predicate: string };
  shipping: { dummy?: string | null };
  totalPrice: { dummy?: string | null };
  multiBuyLineItems: Record<string, unknown>;
  multiBuyCustomLineItems: Record<string, unknown>;
}>;

type DraftInput = Nullable<
  Pick<
    Schemas['CartDiscountDraft'],
    'cartPredicate' | 'sortOrder' | 'validFrom' | 'validUntil' | 'stackingMode' | 'requiresDiscountCode' | 'isActive' | 'key'
  >
> & {
  value: ValueInput;
  target?: TargetInput | null;
  name: LocalizedInput;
  description?: LocalizedInput | null;
  stores?: readonly IdentifierInput[] | null;
};

/** `CartDiscountUpdateAction`: one member set, named after the REST action. */
type ActionInput = Nullable<{
  setStores: { stores?: readonly IdentifierInput[] | null };
  addStore: { store: IdentifierInput };
  removeStore: { store: IdentifierInput };
  changeCartPredicate: { cartPredicate: string };
  changeIsActive: { isActive: boolean };
  changeName: { name: LocalizedInput };
  changeRequiresDiscountCode: { requiresDiscountCode: boolean };
  changeSortOrder: { sortOrder: string };
  changeStackingMode: { stackingMode: Schemas['StackingMode'] };
  changeTarget: { target: TargetInput };
  changeValue: { value: ValueInput };
  setDescription: { description?: LocalizedInput | null };
  setKey: { key?: string | null };
  setValidFrom: { validFrom?: string | null };
  setValidFromAndUntil: { validFrom?: string | null; validUntil?: string | null };
  setValidUntil: { validUntil?: string | null };
}>;

/** A money input as REST money: centPrecision or the deprecated flat members; highPrecision money is not emulated (501). */
function baseMoney(input: BaseMoneyInput, field: string): object {
  if (input.highPrecision != null) throw errors.notEmulated({ field: `${field}.highPrecision` });
  return input.centPrecision ?? { currencyCode: input.currencyCode, centAmount: input.centAmount };
}

/** `{ relativeCart: { permyriad, applicationMode } }` → REST `{ type: 'relative', permyriad, applicationMode }`. */
function valueDraft(input: ValueInput, field: string): object {
  const { name, input: members } = onlyMember(input, field, 'value');
  const type = name.replace(/Cart$/, '');
  if ('money' in members && (type === 'fixed' || type === 'absolute')) {
    return {
      ...members,
      type,
      money: members.money.map((money, index) =>
        type === 'fixed' ? baseMoney(money as BaseMoneyInput, `${field}.${name}.money.${index}`) : money,
      ),
    };
  }
  if ('product' in members) {
    return present({
      type,
      product: resourceIdentifier(members.product),
      variantId: members.variantId,
      distributionChannel: members.distributionChannel == null ? undefined : resourceIdentifier(members.distributionChannel),
      supplyChannel: members.supplyChannel == null ? undefined : resourceIdentifier(members.supplyChannel),
    });
  }
  return { type, ...withoutNulls(members) };
}

/** `{ multiBuyLineItems: {...} }` → REST `{ type: 'multiBuyLineItems', ... }`; `shipping` and `totalPrice` carry nothing. */
function targetDraft(input: TargetInput, field: string): object {
  const { name, input: members } = onlyMember(input, field, 'target');
  const { dummy: _dummy, ...rest } = withoutNulls(members) as Record<string, unknown>;
  return { type: name, ...rest };
}

/** `DirectDiscountDraft`: a value and a target as a Cart Discount draft takes them. */
export type DirectDiscountInput = { value: ValueInput; target?: TargetInput | null };

/** A Cart's `setDirectDiscounts` draft from GraphQL: value and target as in `createCartDiscount`. */
export function directDiscountDraft(input: DirectDiscountInput, field: string): object {
  const value = valueDraft(input.value, `${field}.value`);
  return input.target == null ? { value } : { value, target: targetDraft(input.target, `${field}.target`) };
}

const stores = (identifiers: readonly IdentifierInput[] | null | undefined) => identifiers?.map(resourceIdentifier);

/** GraphQL `CartDiscountDraft` → REST CartDiscountDraft. */
function cartDiscountDraft(draft: DraftInput): object {
  const { value, target, name, description, stores: storeInputs, ...plain } = draft;
  return present({
    ...withoutNulls(plain),
    value: valueDraft(value, 'draft.value'),
    target: target == null ? undefined : targetDraft(target, 'draft.target'),
    name: localizedString(name, 'draft.name'),
    description: description == null ? undefined : localizedString(description, 'draft.description'),
    stores: stores(storeInputs),
  });
}

const actions: ActionConverters<ActionInput> = {
  ...plainActions<ActionInput>([
    'changeCartPredicate',
    'changeIsActive',
    'changeRequiresDiscountCode',
    'changeSortOrder',
    'changeStackingMode',
    'setKey',
    'setValidFrom',
    'setValidFromAndUntil',
    'setValidUntil',
  ]),
  setStores: (a) => present({ stores: stores(a.stores) }),
  addStore: (a) => ({ store: resourceIdentifier(a.store) }),
  removeStore: (a) => ({ store: resourceIdentifier(a.store) }),
  changeName: (a, field) => ({ name: localizedString(a.name, `${field}.name`) }),
  changeTarget: (a, field) => ({ target: targetDraft(a.target, `${field}.target`) }),
  changeValue: (a, field) => ({ value: valueDraft(a.value, `${field}.value`) }),
  setDescription: (a, field) => (a.description == null ? {} : { description: localizedString(a.description, `${field}.description`) }),
};

/** The GraphQL type of a stored value: the `…CartDiscountValue` types when it has an `applicationMode`. */
function valueTypename(value: CartDiscountValue): string {
  const moded = 'applicationMode' in value && value.applicationMode !== undefined;
  switch (value.type) {
    case 'relative':
      return moded ? 'RelativeCartDiscountValue' : 'RelativeDiscountValue';
    case 'absolute':
      return moded ? 'AbsoluteCartDiscountValue' : 'AbsoluteDiscountValue';
    case 'fixed':
      return moded ? 'FixedPriceCartDiscountValue' : 'FixedPriceDiscountValue';
    case 'giftLineItem':
      return 'GiftLineItemValue';
  }
}

const TARGET_TYPES: Record<CartDiscountTarget['type'], string> = {
  lineItems: 'LineItemsTarget',
  customLineItems: 'CustomLineItemsTarget',
  shipping: 'ShippingTarget',
  totalPrice: 'CartDiscountTotalPriceTarget',
  multiBuyLineItems: 'MultiBuyLineItemsTarget',
  multiBuyCustomLineItems: 'MultiBuyCustomLineItemsTarget',
  pattern: 'CartDiscountPatternTarget',
};

type GiftValue = Extract<CartDiscountValue, { type: 'giftLineItem' }>;

/** `value` and `target` as their GraphQL types, for a Cart Discount and a Cart's Direct Discount alike. */
const valueAndTarget = {
  value: (discount: Pick<CartDiscount, 'value'>) => ({ ...discount.value, __typename: valueTypename(discount.value) }),
  target: (discount: Pick<CartDiscount, 'target'>) =>
    discount.target ? { ...discount.target, __typename: TARGET_TYPES[discount.target.type] } : null,
};

/**
 * Cart Discounts in GraphQL, through the REST operations: `cartDiscount(s)` (and under `inStore`),
 * the create, update and delete mutations with `storeKey` as the live SDL has them.
 */
export const cartDiscountResolvers: ResolverMap = mergeResolvers(
  standardFields<DraftInput, ActionInput>({
    typeId: 'cart-discount',
    typeName: 'CartDiscount',
    one: 'cartDiscount',
    many: 'cartDiscounts',
    draft: cartDiscountDraft,
    actions,
    inStore: { belongsTo: (discount: CartDiscount, storeKey) => isInStore(discount, storeKey), draftIn: draftInStore },
  }),
  {
    CartDiscount: {
      ...localizedField('name'),
      ...localizedField('description'),
      referenceRefs: (discount: CartDiscount) => discount.references,
      storesRef: (discount: CartDiscount) => discount.stores,
      stores: (discount: CartDiscount, _: unknown, ctx: GraphqlContext) =>
        discount.stores.flatMap((store) => ctx.emulator.state.collection<Store>('store').getByKey(store.key) ?? []),
      ...valueAndTarget,
      recurringOrderScope: (discount: CartDiscount) => ({ ...discount.recurringOrderScope, __typename: 'NonRecurringOrdersOnly' }),
      ...modifiedBy,
    },
    DirectDiscount: valueAndTarget,
    GiftLineItemValue: {
      productRef: (value: GiftValue) => value.product,
      distributionChannelRef: (value: GiftValue) => value.distributionChannel ?? null,
      supplyChannelRef: (value: GiftValue) => value.supplyChannel ?? null,
    },
  },
);
