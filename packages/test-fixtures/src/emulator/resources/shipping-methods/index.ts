import { isDeepStrictEqual } from 'node:util';
import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import { cartPredicate } from '../kit/cart-predicates/index.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import { taxCategoryReference } from '../tax-categories/index.js';
import { assertCurrencyFree, rateFrom, zoneRatesFrom, zoneReference, type ZoneRate } from './rates.js';

export type ShippingMethod = Schemas['ShippingMethod'];

const methods = (ctx: WriteContext) => ctx.state.collection<ShippingMethod>('shipping-method').values();

/**
 * A Shipping Method's cart predicate, checked when written: 400 SyntaxError or SemanticError
 * naming the position when it does not compile (compiled once; the cache keeps it for matching).
 *
 * @example
 * method.predicate = checkedPredicate('totalPrice >= "50.00 EUR"', 'predicate');
 */
function checkedPredicate(source: string, field: string): string {
  cartPredicate(source, field);
  return source;
}

/** 400 DuplicateField when another Shipping Method has this name (decision: the reference names no error). */
function assertNameFree(ctx: WriteContext, name: string, exceptId: string | undefined): void {
  for (const other of methods(ctx)) if (other.id !== exceptId && other.name === name) throw errors.duplicateField('name', name);
}

/** 400 InvalidOperation when another Shipping Method is the default (only one can be, as live; the error is a decision). */
function assertNoOtherDefault(ctx: WriteContext, exceptId: string | undefined): void {
  for (const other of methods(ctx)) {
    if (other.id !== exceptId && other.isDefault)
      throw errors.invalidOperation(`The Shipping Method '${other.id}' is the default; only one Shipping Method can be the default.`);
  }
}

/** The method's ZoneRate of the Zone an action names (400 InvalidOperation when it has none). */
function zoneRateOf(method: ShippingMethod, ctx: WriteContext, identifier: ResourceIdentifier): ZoneRate {
  const zone = zoneReference(ctx, identifier, 'zone');
  const zoneRate = method.zoneRates.find((candidate) => candidate.zone.id === zone.id);
  if (!zoneRate) throw errors.invalidOperation(`The Shipping Method has no rates for the Zone '${zone.id}': add it with addZone first.`);
  return zoneRate;
}

/**
 * Shipping Methods (https://docs.commercetools.com/api/projects/shippingMethods): rates per Zone
 * and currency, with a Tax Category. Decisions where the reference names no error: a taken name
 * is 400 DuplicateField, a second default 400 InvalidOperation. The `predicate` is a cart
 * predicate checked when written, evaluated by ./predicate.ts. Stores and the carrier are not emulated
 * (501). No Messages and no Change History, as live.
 */
export const shippingMethodType: ResourceType<ShippingMethod, Schemas['ShippingMethodDraft'], Schemas['ShippingMethodUpdateAction']> = {
  typeId: 'shipping-method',
  path: 'shipping-methods',
  scopes: {
    view: [...viewScopes('shipping_methods'), ...viewScopes('orders'), 'manage_my_orders'],
    manage: ['manage_shipping_methods', 'manage_orders'],
  },
  schemas: { resource: 'ShippingMethod', draft: 'ShippingMethodDraft', updateAction: 'ShippingMethodUpdateAction' },
  create(draft, ctx) {
    assertNameFree(ctx, draft.name, undefined);
    if (draft.isDefault) assertNoOtherDefault(ctx, undefined);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.localizedName !== undefined ? { localizedName: draft.localizedName } : {}),
      ...(draft.localizedDescription !== undefined ? { localizedDescription: draft.localizedDescription } : {}),
      taxCategory: taxCategoryReference(ctx, draft.taxCategory, 'taxCategory'),
      zoneRates: zoneRatesFrom(ctx, draft.zoneRates),
      active: draft.active ?? true,
      isDefault: draft.isDefault,
      ...(draft.predicate !== undefined ? { predicate: checkedPredicate(draft.predicate, 'predicate') } : {}),
      ...customMemberFrom(ctx, draft, 'shipping-method'),
      stores: [],
    };
  },
  actions: {
    addZone(method, action, ctx) {
      const zone = zoneReference(ctx, action.zone, 'zone');
      if (method.zoneRates.some((zoneRate) => zoneRate.zone.id === zone.id)) throw errors.duplicateField('zone', zone);
      method.zoneRates.push({ zone, shippingRates: [] });
    },
    removeZone(method, action, ctx) {
      const zoneRate = zoneRateOf(method, ctx, action.zone);
      method.zoneRates = method.zoneRates.filter((candidate) => candidate !== zoneRate);
    },
    addShippingRate(method, action, ctx) {
      const zoneRate = zoneRateOf(method, ctx, action.zone);
      const rate = rateFrom(action.shippingRate, 'shippingRate');
      assertCurrencyFree(zoneRate.shippingRates, rate, 'shippingRate');
      zoneRate.shippingRates.push(rate);
    },
    removeShippingRate(method, action, ctx) {
      const zoneRate = zoneRateOf(method, ctx, action.zone);
      const rate = rateFrom(action.shippingRate, 'shippingRate');
      const index = zoneRate.shippingRates.findIndex((candidate) => isDeepStrictEqual(candidate, rate));
      if (index < 0) throw errors.invalidOperation(`The Zone '${zoneRate.zone.id}' of the Shipping Method has no such shipping rate.`);
      zoneRate.shippingRates.splice(index, 1);
    },
    changeName(method, { name }, ctx) {
      assertNameFree(ctx, name, method.id);
      method.name = name;
    },
    changeIsDefault(method, { isDefault }, ctx) {
      if (isDefault) assertNoOtherDefault(ctx, method.id);
      method.isDefault = isDefault;
    },
    changeActive(method, { active }) {
      method.active = active;
    },
    changeTaxCategory(method, action, ctx) {
      method.taxCategory = taxCategoryReference(ctx, action.taxCategory, 'taxCategory');
    },
    setPredicate(method, { predicate }) {
      if (predicate === undefined || predicate === null) delete method.predicate;
      else method.predicate = checkedPredicate(predicate, 'predicate');
    },
    setKey: optionalSetter('key'),
    setLocalizedName: optionalSetter('localizedName'),
    setLocalizedDescription: optionalSetter('localizedDescription'),
    ...customFieldActions<ShippingMethod>('shipping-method'),
  },
};
