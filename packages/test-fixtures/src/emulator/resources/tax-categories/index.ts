import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import type { StoredResource } from '../../store/collection.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

/** A rate as stored and answered, and its draft: the shapes of the Commerce schema. */
export type TaxRate = Schemas['TaxRate'];
type TaxRateDraft = Schemas['TaxRateDraft'];
export type TaxCategory = Schemas['TaxCategory'];

/** Amounts are fractions: a sum is equal within rounding. */
const sameAmount = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * A rate from its draft, with a new id. `amount` or `subRates` is needed; with both, `amount` is
 * the sum of the subrates (400 InvalidOperation otherwise); an empty `state` counts as none.
 */
function rateFrom(draft: TaxRateDraft, field: string): TaxRate {
  const sum = draft.subRates?.reduce((total, sub) => total + sub.amount, 0);
  if (draft.amount === undefined && sum === undefined) {
    throw errors.invalidOperation(`${field}: a tax rate needs either 'amount' or 'subRates'.`);
  }
  if (draft.amount !== undefined && sum !== undefined && !sameAmount(draft.amount, sum)) {
    throw errors.invalidOperation(`${field}: 'amount' ${draft.amount} is not the sum ${sum} of the 'subRates' amounts.`);
  }
  return {
    id: newId(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    amount: draft.amount ?? sum!,
    includedInPrice: draft.includedInPrice,
    country: draft.country,
    ...(draft.state !== undefined && draft.state !== '' ? { state: draft.state } : {}),
    ...(draft.subRates !== undefined ? { subRates: structuredClone(draft.subRates) } : {}),
  };
}

/** 400 DuplicateField when `rate` repeats the country and state, or the key, of one of `others`. */
function assertRateFree(rate: TaxRate, others: readonly TaxRate[], field: string): void {
  if (others.some((other) => other.country === rate.country && other.state === rate.state)) {
    throw rate.state === undefined
      ? errors.duplicateField(`${field}.country`, rate.country)
      : errors.duplicateField(`${field}.state`, rate.state);
  }
  if (rate.key !== undefined && others.some((other) => other.key === rate.key)) throw errors.duplicateField(`${field}.key`, rate.key);
}

/** 400 InvalidOperation when another Tax Category has this name (the live rule). */
function assertNameFree(ctx: WriteContext, name: string, exceptId: string | undefined): void {
  for (const other of ctx.state.collection<TaxCategory>('tax-category').values()) {
    if (other.id !== exceptId && other.name === name)
      throw errors.invalidOperation(`A Tax Category with the name '${name}' already exists.`);
  }
}

/** The index of the rate an action names by `taxRateId` or `taxRateKey` (400 InvalidOperation when none). */
function rateIndex(taxCategory: TaxCategory, { taxRateId: id, taxRateKey: key }: { taxRateId?: string; taxRateKey?: string }): number {
  if (id === undefined && key === undefined) throw errors.invalidOperation("Either 'taxRateId' or 'taxRateKey' is required.");
  const index = taxCategory.rates.findIndex((rate) => (id !== undefined ? rate.id === id : rate.key === key));
  if (index < 0) {
    throw errors.invalidOperation(`The Tax Category has no tax rate with ${id !== undefined ? `id '${id}'` : `key '${key}'`}.`);
  }
  return index;
}

/**
 * A Tax Category reference for a Product: the Tax Category must exist (400
 * ReferencedResourceNotFound).
 */
export function taxCategoryReference(
  ctx: WriteContext,
  identifier: ResourceIdentifier,
  field: string,
): { typeId: 'tax-category'; id: string } {
  return { typeId: 'tax-category', id: ctx.resolveIdentifier<TaxCategory>('tax-category', identifier, field).id };
}

/** What of a Product or a Shipping Method references a Tax Category (they import this module). */
type Taxed = StoredResource & { taxCategory?: { id: string } };

/** The resource types whose resources reference a Tax Category, with the name a ReferenceExists message gives them. */
const TAXED_TYPES = [
  ['product', 'product'],
  ['shipping-method', 'shipping method'],
] as const;

/**
 * Tax Categories (https://docs.commercetools.com/api/projects/taxCategories): tax rates per
 * country and state. Names are unique in the project; each rate gets a generated id; a Tax
 * Category that a Product or a Shipping Method references cannot be deleted (400
 * ReferenceExists).
 */
export const taxCategoryType: ResourceType<TaxCategory, Schemas['TaxCategoryDraft'], Schemas['TaxCategoryUpdateAction']> = {
  typeId: 'tax-category',
  path: 'tax-categories',
  scopes: { view: [...viewScopes('tax_categories'), ...viewScopes('products')], manage: ['manage_tax_categories', 'manage_products'] },
  schemas: { resource: 'TaxCategory', draft: 'TaxCategoryDraft', updateAction: 'TaxCategoryUpdateAction' },
  create(draft, ctx) {
    const { name } = draft;
    assertNameFree(ctx, name, undefined);
    const rates: TaxRate[] = [];
    (draft.rates ?? []).forEach((rateDraft, index) => {
      const rate = rateFrom(rateDraft, `rates[${index}]`);
      assertRateFree(rate, rates, `rates[${index}]`);
      rates.push(rate);
    });
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      rates,
    };
  },
  actions: {
    changeName(taxCategory, { name }, ctx) {
      assertNameFree(ctx, name, taxCategory.id);
      taxCategory.name = name;
    },
    setDescription(taxCategory, action) {
      setOptional(taxCategory, 'description', action.description);
    },
    setKey(taxCategory, action) {
      setOptional(taxCategory, 'key', action.key);
    },
    addTaxRate(taxCategory, action) {
      const rate = rateFrom(action.taxRate, 'taxRate');
      assertRateFree(rate, taxCategory.rates, 'taxRate');
      taxCategory.rates.push(rate);
    },
    replaceTaxRate(taxCategory, action) {
      const index = rateIndex(taxCategory, action);
      const rate = rateFrom(action.taxRate, 'taxRate');
      assertRateFree(
        rate,
        taxCategory.rates.filter((_, at) => at !== index),
        'taxRate',
      );
      taxCategory.rates[index] = rate;
    },
    removeTaxRate(taxCategory, action) {
      taxCategory.rates.splice(rateIndex(taxCategory, action), 1);
    },
  },
  beforeDelete(taxCategory, ctx) {
    for (const [typeId, name] of TAXED_TYPES) {
      const resources = ctx.state.collection<Taxed>(typeId).values();
      if ([...resources].some((resource) => resource.taxCategory?.id === taxCategory.id)) {
        throw errors.referenceExists(`Can not delete a tax-category while it is referenced by at least one ${name}.`, typeId);
      }
    }
  },
};
