import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import type { Attribute } from '../products/data.js';
import { rewriteAttributes, someAttribute } from './attributes.js';
import type { ActionHandlers, ResourceType, Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';
import { setOptional } from '../kit/set-optional.js';

export type AttributeDefinition = Schemas['AttributeDefinition'];
export type ProductType = Schemas['ProductType'];
type AttributeDefinitionDraft = Schemas['AttributeDefinitionDraft'];

/**
 * An attribute definition from its draft, with the live defaults for what the draft leaves out:
 * level Variant, constraint None, input hint SingleLine, searchable.
 */
function attributeFrom(draft: AttributeDefinitionDraft): AttributeDefinition {
  return {
    name: draft.name,
    label: draft.label,
    type: draft.type,
    isRequired: draft.isRequired ?? false,
    level: draft.level ?? 'Variant',
    attributeConstraint: draft.attributeConstraint ?? 'None',
    ...(draft.inputTip !== undefined ? { inputTip: draft.inputTip } : {}),
    inputHint: draft.inputHint ?? 'SingleLine',
    isSearchable: draft.isSearchable ?? true,
  };
}

/** Attribute names are unique within a Product Type (a second one is 400 DuplicateField). */
function attributesFrom(ctx: WriteContext, drafts: readonly AttributeDefinitionDraft[] | undefined): AttributeDefinition[] {
  const seen = new Set<string>();
  return (drafts ?? []).map((draft, index) => {
    if (seen.has(draft.name)) throw errors.duplicateField(`attributes[${index}].name`, draft.name);
    seen.add(draft.name);
    assertSameTypeElsewhere(ctx, undefined, draft.name, draft.type);
    return attributeFrom(draft);
  });
}

type AttributeType = Schemas['AttributeType'];

/** Two attribute types are the same without their enum values, which may differ between Product Types. */
function sameType(a: AttributeType | undefined, b: AttributeType | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.name === b.name && a.referenceTypeId === b.referenceTypeId && (a.name !== 'set' || sameType(a.elementType, b.elementType));
}

/**
 * An attribute name used by several Product Types has the same type in each: another type's
 * definition of that name with a different type is 400 AttributeDefinitionTypeConflict
 * (https://github.com/commercetools/commercetools-api-reference/blob/main/api-specs/api/types/error/AttributeDefinitionTypeConflictError.raml).
 */
function assertSameTypeElsewhere(ctx: WriteContext, productTypeId: string | undefined, name: string, type: AttributeType): void {
  for (const other of ctx.state.collection<ProductType>('product-type').values()) {
    if (other.id === productTypeId) continue;
    const definition = other.attributes.find((attribute) => attribute.name === name);
    if (definition && !sameType(definition.type, type)) throw errors.attributeDefinitionTypeConflict(name, other);
  }
}

/** The attribute definition of this name; 400 AttributeNameDoesNotExist when the Product Type has none. */
export function definitionOf(productType: ProductType, name: string): AttributeDefinition {
  const found = productType.attributes.find((attribute) => attribute.name === name);
  if (!found) throw errors.attributeNameDoesNotExist(name, productType.name);
  return found;
}

/** An action that changes one member of the attribute definition it names by `attributeName`. */
function definitionChange<A extends { attributeName: string }>(
  change: (definition: AttributeDefinition, action: A) => void,
): (productType: ProductType, action: A) => void {
  return (productType, action) => change(definitionOf(productType, action.attributeName), action);
}

/** Constraint changes the live service allows (to `None` only, and not from CombinationUnique). */
const CONSTRAINT_CHANGES: Record<AttributeDefinition['attributeConstraint'], readonly string[]> = {
  None: ['None'],
  Unique: ['None'],
  SameForAll: ['None'],
  CombinationUnique: [],
};

/** The `enum` or `lenum` type of a definition (or of its set); another type is 400 InvalidOperation. */
function enumTypeOf(definition: AttributeDefinition, kinds: readonly ('enum' | 'lenum')[]): AttributeType {
  const type = definition.type.name === 'set' ? definition.type.elementType : definition.type;
  if (type === undefined || !kinds.some((kind) => kind === type.name))
    throw errors.invalidOperation(`The attribute '${definition.name}' is not of type ${kinds.join(' or ')} or a set of it.`);
  return type;
}

/**
 * An attribute value without the enum values of `keys`: an enum value with one of them is gone
 * (undefined), a set loses them and is gone when nothing is left.
 */
function withoutEnumKeys(attribute: Attribute, keys: ReadonlySet<string>): Attribute | undefined {
  const removed = (value: unknown) => keys.has((value as { key: string }).key);
  if (!Array.isArray(attribute.value)) return removed(attribute.value) ? undefined : attribute;
  const kept = attribute.value.filter((value) => !removed(value));
  if (kept.length === attribute.value.length) return attribute;
  return kept.length === 0 ? undefined : { ...attribute, value: kept };
}

/**
 * `addPlainEnumValue` / `addLocalizedEnumValue`: appends a value to an attribute of `kind` (`enum`,
 * `lenum`) or a set of it; another type is 400 InvalidOperation, a key it has already 400
 * DuplicateEnumValues.
 */
function addEnumValue(kind: 'enum' | 'lenum') {
  return definitionChange((definition, { value }: { attributeName: string; value: Schemas['AttributeEnumValue'] }) => {
    const type = enumTypeOf(definition, [kind]);
    const values = type.values ?? [];
    if (values.some((existing) => existing.key === value.key)) throw errors.duplicateEnumValues([value.key]);
    type.values = [...values, structuredClone(value)];
  });
}

/**
 * The Product Type update actions the emulator models
 * (https://docs.commercetools.com/api/projects/productTypes#update-actions).
 */
const productTypeActions: ActionHandlers<ProductType, Schemas['ProductTypeUpdateAction']> = {
  changeName(productType, { name }) {
    productType.name = name;
  },
  changeDescription(productType, { description }) {
    productType.description = description;
  },
  setKey(productType, { key }) {
    setOptional(productType, 'key', key);
  },
  addAttributeDefinition(productType, { attribute }, ctx) {
    if (productType.attributes.some((existing) => existing.name === attribute.name))
      throw errors.attributeDefinitionAlreadyExists(attribute.name, productType);
    assertSameTypeElsewhere(ctx, productType.id, attribute.name, attribute.type);
    productType.attributes.push(attributeFrom(structuredClone(attribute)));
  },
  removeAttributeDefinition(productType, action, ctx) {
    const definition = definitionOf(productType, action.name);
    productType.attributes = productType.attributes.filter((attribute) => attribute !== definition);
    // The values go from the Products of this type only if the whole write commits.
    ctx.onCommit(() => rewriteAttributes(ctx, productType.id, action, (list) => list.filter((a) => a.name !== definition.name)));
  },
  changeAttributeName(productType, action, ctx) {
    const { attributeName, newAttributeName } = action;
    const definition = definitionOf(productType, attributeName);
    if (productType.attributes.some((existing) => existing.name === newAttributeName))
      throw errors.attributeDefinitionAlreadyExists(newAttributeName, productType);
    assertSameTypeElsewhere(ctx, productType.id, newAttributeName, definition.type);
    definition.name = newAttributeName;
    ctx.onCommit(() =>
      rewriteAttributes(ctx, productType.id, action, (list) =>
        list.map((a) => (a.name === attributeName ? { ...a, name: newAttributeName } : a)),
      ),
    );
  },
  removeEnumValues(productType, action, ctx) {
    const definition = definitionOf(productType, action.attributeName);
    const type = enumTypeOf(definition, ['enum', 'lenum']);
    const keys = new Set(action.keys);
    const uses = (attribute: Attribute) => attribute.name === definition.name && withoutEnumKeys(attribute, keys) !== attribute;
    if (definition.isRequired && someAttribute(ctx, productType.id, uses)) throw errors.enumValueIsUsed(action.keys, definition.name);
    type.values = (type.values ?? []).filter((value) => !keys.has(value.key));
    ctx.onCommit(() =>
      rewriteAttributes(ctx, productType.id, action, (list) =>
        list.flatMap((a) => (a.name === definition.name ? (withoutEnumKeys(a, keys) ?? []) : [a])),
      ),
    );
  },
  changeLabel: definitionChange((definition, { label }) => {
    definition.label = label;
  }),
  setInputTip: definitionChange((definition, { inputTip }) => {
    setOptional(definition, 'inputTip', inputTip);
  }),
  changeAttributeConstraint: definitionChange((definition, { newValue }) => {
    if (!CONSTRAINT_CHANGES[definition.attributeConstraint].includes(newValue))
      throw errors.invalidOperation(
        `Changing the attribute constraint of '${definition.name}' from ${definition.attributeConstraint} to ${newValue} is not supported.`,
      );
    definition.attributeConstraint = newValue;
  }),
  changeIsSearchable: definitionChange((definition, { isSearchable }) => {
    definition.isSearchable = isSearchable;
  }),
  changeInputHint: definitionChange((definition, { newValue }) => {
    definition.inputHint = newValue;
  }),
  addPlainEnumValue: addEnumValue('enum'),
  addLocalizedEnumValue: addEnumValue('lenum'),
  changeAttributeOrderByName(productType, { attributeNames: names }) {
    const current = productType.attributes.map((attribute) => attribute.name);
    if (names.length !== current.length || new Set(names).size !== names.length || !names.every((name) => current.includes(name)))
      throw errors.invalidOperation('attributeNames must name every attribute definition of the Product Type exactly once.');
    productType.attributes = names.map((name) => productType.attributes.find((attribute) => attribute.name === name)!);
  },
};

/**
 * Product Types: the attribute schemas of Products, with their update actions. A Product Type that
 * a Product still uses cannot be deleted (400 ReferenceExists).
 */
export const productTypeType: ResourceType<ProductType, Schemas['ProductTypeDraft'], Schemas['ProductTypeUpdateAction']> = {
  typeId: 'product-type',
  path: 'product-types',
  scopes: { view: viewScopes('products'), manage: ['manage_products'] },
  schemas: { resource: 'ProductType', draft: 'ProductTypeDraft', updateAction: 'ProductTypeUpdateAction' },
  create: (draft, ctx) => ({
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    description: draft.description,
    attributes: attributesFrom(ctx, draft.attributes),
  }),
  actions: productTypeActions,
  beforeDelete(productType, ctx) {
    for (const product of ctx.state.collection<StoredResource & { productType: { id: string } }>('product').values()) {
      if (product.productType.id === productType.id) {
        throw errors.referenceExists(
          `Can not delete a product-type while it is referenced by at least one product (id '${product.id}').`,
          'product',
        );
      }
    }
  },
};
