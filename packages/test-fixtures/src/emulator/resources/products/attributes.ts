import { isDeepStrictEqual } from 'node:util';
import { ApiError, errors } from '../../http/errors.js';
import type { Attribute, Product, ProductData, ProductVariant } from './data.js';
import { allVariants } from './data.js';
import { changeData, changeVariant } from './staging.js';
import { definitionOf, type ProductType } from '../product-types/index.js';
import { moneyFrom, type MoneyDraft } from '../kit/money.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';

/**
 * Variant attributes checked against the Product Type, as the live service does on creating a
 * Product and on every attribute change (https://docs.commercetools.com/api/projects/productTypes):
 * a name the type does not define is 400 AttributeNameDoesNotExist; a value that does not fit the
 * type is 400 InvalidField naming the attribute; a required attribute missing in a variant is 400
 * RequiredField; `Unique` values differ between variants (400 DuplicateAttributeValue),
 * `CombinationUnique` ones differ as a set when a variant has any (400 DuplicateAttributeValues), `SameForAll` ones are
 * equal in every variant (400 InvalidOperation, decision: the reference names no code). Values are
 * stored as the service answers them: an enum value given by key becomes `{ key, label }`, money
 * becomes centPrecision money.
 */

type AttributeType = Schemas['AttributeType'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Enough of a Money draft for {@link moneyFrom} to check the rest (an attribute value is any JSON). */
const isMoneyDraft = (value: unknown): value is MoneyDraft =>
  isObject(value) && typeof value['centAmount'] === 'number' && typeof value['currencyCode'] === 'string';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;

/** The value as stored, or undefined when it does not fit the type. */
function normalized(type: AttributeType, value: unknown, field: string): unknown {
  switch (type.name) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'text':
      return typeof value === 'string' ? value : undefined;
    case 'ltext':
      return isObject(value) && Object.values(value).every((v) => typeof v === 'string') ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? value : undefined;
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && value.includes('T') ? value : undefined;
    case 'enum':
    case 'lenum': {
      const key = isObject(value) ? value['key'] : value;
      const found = type.values?.find((v) => v.key === key);
      return found ? { key: found.key, label: structuredClone(found.label) } : undefined;
    }
    case 'money':
      return isMoneyDraft(value) ? moneyFrom(value, field) : undefined;
    case 'reference':
      return isObject(value) && value['typeId'] === type.referenceTypeId && typeof value['id'] === 'string'
        ? { typeId: value['typeId'], id: value['id'] }
        : undefined;
    case 'set': {
      if (!Array.isArray(value) || !type.elementType) return undefined;
      const items = value.map((item) => normalized(type.elementType!, item, field));
      return items.every((item) => item !== undefined) ? items : undefined;
    }
    default:
      return undefined;
  }
}

/** One attribute value checked against its definition, as stored. */
function checkedValue(productType: ProductType, attribute: Attribute): unknown {
  const definition = definitionOf(productType, attribute.name);
  let value: unknown;
  try {
    value = normalized(definition.type, attribute.value, attribute.name);
  } catch (error) {
    if (error instanceof ApiError) value = undefined;
    else throw error;
  }
  if (value === undefined) throw errors.invalidField(attribute.name, attribute.value);
  return value;
}

const valueOf = (variant: ProductVariant, name: string) => variant.attributes.find((a) => a.name === name)?.value;

function assertConstraints(productType: ProductType, variants: readonly ProductVariant[]): void {
  for (const definition of productType.attributes) {
    const { name } = definition;
    if (definition.isRequired) for (const variant of variants) if (valueOf(variant, name) === undefined) throw errors.requiredField(name);
    if (definition.attributeConstraint === 'Unique') {
      variants.forEach((variant, index) => {
        const value = valueOf(variant, name);
        if (value !== undefined && variants.slice(0, index).some((v) => isDeepStrictEqual(valueOf(v, name), value))) {
          throw new ApiError(400, [
            {
              code: 'DuplicateAttributeValue',
              message: "Attribute can't have the same value in a different variant.",
              attribute: { name, value },
            },
          ]);
        }
      });
    }
    if (definition.attributeConstraint === 'SameForAll') {
      const first = valueOf(variants[0]!, name);
      if (variants.some((v) => !isDeepStrictEqual(valueOf(v, name), first)))
        throw errors.invalidOperation(`The attribute '${name}' has the constraint SameForAll: every variant must have the same value.`);
    }
  }
  const combination = productType.attributes.filter((d) => d.attributeConstraint === 'CombinationUnique').map((d) => d.name);
  if (combination.length === 0) return;
  const combinationOf = (variant: ProductVariant) =>
    combination.flatMap((name) => (valueOf(variant, name) === undefined ? [] : [{ name, value: valueOf(variant, name) }]));
  variants.forEach((variant, index) => {
    const attributes = combinationOf(variant);
    if (attributes.length > 0 && variants.slice(0, index).some((v) => isDeepStrictEqual(combinationOf(v), attributes))) {
      throw new ApiError(400, [
        { code: 'DuplicateAttributeValues', message: 'The set of attributes must be unique across all variants.', attributes },
      ]);
    }
  });
}

/**
 * Checks every variant attribute of one data set against the Product's type and stores each
 * value in its answered form; throws the live error of the first rule broken.
 */
export function assertVariantAttributes(
  ctx: WriteContext,
  product: Pick<Product, 'productType'>,
  data: Pick<ProductData, 'masterVariant' | 'variants'>,
): void {
  const productType = ctx.state.collection<ProductType>('product-type').get(product.productType.id);
  if (!productType) return;
  const variants = allVariants(data);
  for (const variant of variants) for (const attribute of variant.attributes) attribute.value = checkedValue(productType, attribute);
  assertConstraints(productType, variants);
}

/** Sets (or, without `value`, removes) one attribute of a variant's attribute list. */
function setAttributeOf(variant: ProductVariant, name: string, value: unknown): void {
  const rest = variant.attributes.filter((a) => a.name !== name);
  const at = variant.attributes.findIndex((a) => a.name === name);
  if (value === undefined) variant.attributes = rest;
  else if (at < 0) variant.attributes.push({ name, value: structuredClone(value) });
  else variant.attributes[at] = { name, value: structuredClone(value) };
}

/** 400 AttributeNameDoesNotExist when the Product's type does not define `name` (also when removing it). */
function assertDefined(ctx: WriteContext, product: Product, name: string): void {
  const productType = ctx.state.collection<ProductType>('product-type').get(product.productType.id);
  if (productType) definitionOf(productType, name);
}

export const attributeActions: ActionHandlers<Product, Schemas['ProductUpdateAction']> = {
  setAttribute(product, action, ctx) {
    const { name, value } = action;
    assertDefined(ctx, product, name);
    changeVariant(product, action, (variant, data) => {
      setAttributeOf(variant, name, value);
      assertVariantAttributes(ctx, product, data);
    });
  },
  setAttributeInAllVariants(product, { name, value, staged }, ctx) {
    assertDefined(ctx, product, name);
    changeData(product, staged, (data) => {
      for (const variant of allVariants(data)) setAttributeOf(variant, name, value);
      assertVariantAttributes(ctx, product, data);
    });
  },
};
