import { errors } from '../../http/errors.js';
import { isPlainObject } from '../../query/values.js';
import type { ProjectSettings } from '../../state.js';
import { commerceContract } from '../../validation/contract.js';
import { assertValid } from '../../validation/request-errors.js';
import type { Schemas } from '../kit/resource-type.js';
import type { RoundingMode } from '../kit/taxes.js';

/** A new Cart's rounding modes when the project sets none (the live default). */
const DEFAULT_ROUNDING_MODE: RoundingMode = 'HalfEven';
const DEFAULT_CART_DAYS = 90;
/** The schema of each kind of shipping rate input type, by `type`. */
const INPUT_TYPE_SCHEMAS = new Map([
  ['CartValue', 'CartValueType'],
  ['CartClassification', 'CartClassificationType'],
  ['CartScore', 'CartScoreType'],
]);

/** What carts and shipping read of the project: its Carts settings with their defaults filled in. */
export interface CartSettings {
  deleteDaysAfterLastModification: number;
  countryTaxRateFallbackEnabled: boolean;
  priceRoundingMode: RoundingMode;
  taxRoundingMode: RoundingMode;
  /** Absent: Shipping Method tiers by cart value only. */
  shippingRateInputType?: Schemas['ShippingRateInputType'];
}

/** The project's effective Carts settings, e.g. `cartSettingsOf(context.state)`. */
export function cartSettingsOf(state: { readonly project: ProjectSettings }): CartSettings {
  const { carts, shippingRateInputType } = state.project;
  return {
    deleteDaysAfterLastModification: carts.deleteDaysAfterLastModification,
    countryTaxRateFallbackEnabled: carts.countryTaxRateFallbackEnabled,
    priceRoundingMode: carts.priceRoundingMode ?? DEFAULT_ROUNDING_MODE,
    taxRoundingMode: carts.taxRoundingMode ?? DEFAULT_ROUNDING_MODE,
    ...(shippingRateInputType ? { shippingRateInputType: structuredClone(shippingRateInputType) } : {}),
  };
}

/** How Product and Cart Discounts combine in the project's Carts (https://docs.commercetools.com/api/projects/project#discountcombinationmode). */
export function discountCombinationModeOf(state: { readonly project: ProjectSettings }): 'Stacking' | 'BestDeal' {
  return state.project.discountCombinationMode ?? 'Stacking';
}

type Action<Name extends Schemas['ProjectUpdateAction']['action']> = Extract<Schemas['ProjectUpdateAction'], { action: Name }>;

/** The action checked against its schema (400 InvalidJsonInput naming the member otherwise). */
function checked<Name extends Schemas['ProjectUpdateAction']['action']>(schema: string, action: unknown, index: number): Action<Name> {
  assertValid(commerceContract(), schema, action, `/actions/${index}`);
  return action as Action<Name>;
}

/** The project update actions of the Carts settings and the shipping rate input type. */
export const cartSettingsActions = {
  changeCountryTaxRateFallbackEnabled(project: ProjectSettings, action: unknown, index: number): void {
    const { countryTaxRateFallbackEnabled } = checked<'changeCountryTaxRateFallbackEnabled'>(
      'ProjectChangeCountryTaxRateFallbackEnabledAction',
      action,
      index,
    );
    project.carts.countryTaxRateFallbackEnabled = countryTaxRateFallbackEnabled;
  },

  changeCartsConfiguration(project: ProjectSettings, action: unknown, index: number): void {
    const { cartsConfiguration } = checked<'changeCartsConfiguration'>('ProjectChangeCartsConfigurationAction', action, index);
    // The fallback has an action of its own; the live service ignores it here.
    project.carts.deleteDaysAfterLastModification = cartsConfiguration.deleteDaysAfterLastModification ?? DEFAULT_CART_DAYS;
    if (cartsConfiguration.priceRoundingMode !== undefined) project.carts.priceRoundingMode = cartsConfiguration.priceRoundingMode;
    if (cartsConfiguration.taxRoundingMode !== undefined) project.carts.taxRoundingMode = cartsConfiguration.taxRoundingMode;
  },

  changePriceRoundingMode(project: ProjectSettings, action: unknown, index: number): void {
    project.carts.priceRoundingMode = checked<'changePriceRoundingMode'>(
      'ProjectChangePriceRoundingModeAction',
      action,
      index,
    ).priceRoundingMode;
  },

  changeTaxRoundingMode(project: ProjectSettings, action: unknown, index: number): void {
    project.carts.taxRoundingMode = checked<'changeTaxRoundingMode'>('ProjectChangeTaxRoundingModeAction', action, index).taxRoundingMode;
  },

  setDiscountsConfiguration(project: ProjectSettings, action: unknown, index: number): void {
    const { discountsConfiguration } = checked<'setDiscountsConfiguration'>('ProjectSetDiscountsConfigurationAction', action, index);
    project.discountCombinationMode = discountsConfiguration.discountCombinationMode ?? 'Stacking';
  },

  setShippingRateInputType(project: ProjectSettings, action: unknown, index: number): void {
    // The branch of the given `type` first, so that an error names its member (not another branch's `type`).
    const given = isPlainObject(action) ? action['shippingRateInputType'] : undefined;
    const branch = isPlainObject(given) && typeof given['type'] === 'string' ? INPUT_TYPE_SCHEMAS.get(given['type']) : undefined;
    if (branch) assertValid(commerceContract(), branch, given, `/actions/${index}/shippingRateInputType`);
    const { shippingRateInputType } = checked<'setShippingRateInputType'>('ProjectSetShippingRateInputTypeAction', action, index);
    if (!shippingRateInputType) {
      delete project.shippingRateInputType;
      return;
    }
    if (shippingRateInputType.type === 'CartClassification') {
      const keys = shippingRateInputType.values.map((value) => value.key);
      const duplicates = [...new Set(keys.filter((key, at) => keys.indexOf(key) !== at))];
      if (duplicates.length > 0) throw errors.duplicateEnumValues(duplicates);
      project.shippingRateInputType = {
        type: 'CartClassification',
        values: shippingRateInputType.values.map(({ key, label }) => ({ key, label: { ...label } })),
      };
    } else project.shippingRateInputType = { type: shippingRateInputType.type };
  },
};
