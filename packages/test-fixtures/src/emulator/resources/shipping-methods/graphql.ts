import { need, type GraphqlContext } from '../../graphql/context.js';
import {
  localizedMembers as localizedMembersOf,
  onlyMember,
  plainActions,
  withoutNulls,
  type ActionConverters,
  type IdentifierInput,
  type LocalizedInput,
  type Nullable,
} from '../../graphql/inputs.js';
import { localizedField, modifiedBy } from '../../graphql/objects.js';
import { mergeResolvers, readScopes, standardFields } from '../../graphql/standard-fields.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import type { Zone } from '../zones/index.js';
import { zoneType } from '../zones/index.js';
import { shippingMethodType, type ShippingMethod } from './index.js';
import { matchingShippingMethods } from './matching.js';
import type { ShippingRate, ZoneRate } from './rates.js';

type Money = { currencyCode: string; centAmount: number };
/** `ShippingRatePriceTierDraft`: one member set, named after the REST tier's `type`. */
type TierInput = Nullable<{
  CartValue: { minimumCentAmount: number; price: Money };
  CartClassification: { value: string; price: Money };
  CartScore: Nullable<{ score: number; price: Money; priceFunction: { function: string; currencyCode: string } }>;
}>;
export type RateInput = { price: Money; freeAbove?: Money | null; tiers?: readonly TierInput[] | null };
type ZoneRateInput = { zone: IdentifierInput; shippingRates?: readonly RateInput[] | null };
type LocalizedMembers = { localizedName?: LocalizedInput | null; localizedDescription?: LocalizedInput | null };
/** `ShippingMethodDraft`: the REST draft's members, localized strings as locale items. */
type DraftInput = LocalizedMembers &
  Nullable<{ name: string; description: string; predicate: string; key: string; carrier: string; active: boolean }> & {
    isDefault: boolean;
    taxCategory: IdentifierInput;
    zoneRates?: readonly ZoneRateInput[] | null;
    stores?: readonly IdentifierInput[] | null;
  };
type RateActionInput = { zone: IdentifierInput; shippingRate: RateInput };
/** `ShippingMethodUpdateAction`: one member set, named after the action. */
type ActionInput = Nullable<{
  addStore: { store: IdentifierInput };
  addShippingRate: RateActionInput;
  addZone: { zone: IdentifierInput };
  changeActive: { active: boolean };
  changeIsDefault: { isDefault: boolean };
  changeName: { name: string };
  changeTaxCategory: { taxCategory: IdentifierInput };
  removeStore: { store: IdentifierInput };
  removeShippingRate: RateActionInput;
  removeZone: { zone: IdentifierInput };
  setCarrier: { carrier?: string | null };
  setDescription: { description?: string | null };
  setKey: { key?: string | null };
  setLocalizedDescription: Pick<LocalizedMembers, 'localizedDescription'>;
  setLocalizedName: Pick<LocalizedMembers, 'localizedName'>;
  setPredicate: { predicate?: string | null };
  setStores: { stores: readonly IdentifierInput[] };
}>;

/** `{ CartValue: { minimumCentAmount, price } }` → REST `{ type: 'CartValue', minimumCentAmount, price }`. */
function tierDraft(tier: TierInput, field: string): object {
  const { name, input } = onlyMember(tier, field, 'tier type');
  return { type: name, ...withoutNulls(input) };
}

export function rateDraft(rate: RateInput, field: string): object {
  const { tiers, ...rest } = withoutNulls(rate);
  return { ...rest, tiers: (tiers ?? []).map((tier, index) => tierDraft(tier, `${field}.tiers[${index}]`)) };
}

function zoneRateDraft(zoneRate: ZoneRateInput, field: string): object {
  const rates = zoneRate.shippingRates ?? [];
  return { zone: withoutNulls(zoneRate.zone), shippingRates: rates.map((rate, i) => rateDraft(rate, `${field}.shippingRates[${i}]`)) };
}

/** The localized members given (null or absent stays absent: unset). */
const localizedMembers = localizedMembersOf(['localizedName', 'localizedDescription']);

/** GraphQL `ShippingMethodDraft` → REST ShippingMethodDraft; members REST does not emulate pass on, for its NotEmulated. */
function shippingMethodDraft(draft: DraftInput): object {
  const { localizedName: _name, localizedDescription: _description, zoneRates, ...plain } = draft;
  return {
    ...withoutNulls(plain),
    ...localizedMembers(draft, 'draft'),
    zoneRates: (zoneRates ?? []).map((zoneRate, index) => zoneRateDraft(zoneRate, `draft.zoneRates[${index}]`)),
  };
}

const rateAction = (a: RateActionInput, field: string) => ({
  zone: withoutNulls(a.zone),
  shippingRate: rateDraft(a.shippingRate, `${field}.shippingRate`),
});

const actions: ActionConverters<ActionInput> = {
  ...plainActions<ActionInput>([
    'addStore',
    'addZone',
    'changeActive',
    'changeIsDefault',
    'changeName',
    'changeTaxCategory',
    'removeStore',
    'removeZone',
    'setCarrier',
    'setDescription',
    'setKey',
    'setPredicate',
    'setStores',
  ]),
  addShippingRate: rateAction,
  removeShippingRate: rateAction,
  setLocalizedDescription: localizedMembers,
  setLocalizedName: localizedMembers,
};

/** Shipping Methods in GraphQL: the standard fields, the methods matching a location, and their rates' Zones. */
export const shippingMethodResolvers: ResolverMap = mergeResolvers(
  standardFields<DraftInput, ActionInput>({
    typeId: 'shipping-method',
    typeName: 'ShippingMethod',
    one: 'shippingMethod',
    many: 'shippingMethods',
    draft: shippingMethodDraft,
    actions,
  }),
  {
    Query: {
      shippingMethodsByLocation: (
        _: unknown,
        args: { country: string; state?: string | null; currency?: string | null },
        ctx: GraphqlContext,
      ) => {
        need(ctx, readScopes(shippingMethodType));
        const { country, state, currency } = args;
        return matchingShippingMethods(ctx.emulator.state, {
          country,
          ...(state != null && state !== '' ? { state } : {}),
          ...(currency != null ? { currency } : {}),
        });
      },
    },
    ShippingMethod: {
      ...localizedField('localizedName'),
      ...localizedField('localizedDescription'),
      taxCategoryRef: (method: ShippingMethod) => method.taxCategory,
      storesRef: (method: ShippingMethod) => method.stores,
      ...modifiedBy,
    },
    ZoneRate: {
      zoneRef: (zoneRate: ZoneRate) => zoneRate.zone,
      zone: (zoneRate: ZoneRate, _: unknown, ctx: GraphqlContext) => {
        need(ctx, readScopes(zoneType));
        return ctx.emulator.state.collection<Zone>('zone').get(zoneRate.zone.id) ?? null;
      },
    },
    ShippingRate: {
      // The only stored tier type; named for the interface ShippingRatePriceTier.
      tiers: (rate: ShippingRate) => (rate.tiers ?? []).map((tier) => ({ ...tier, __typename: 'ShippingRateCartValuePriceTier' })),
    },
  },
);
