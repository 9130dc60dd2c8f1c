import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { stripAttribute } from './attributes.js';
import type { ActionHandlers, ResourceType, Schemas } from '../kit/resource-type.js';
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
function attributesFrom(drafts: readonly AttributeDefinitionDraft[] | undefined): AttributeDefinition[] {
  const seen = new Set<string>();
  return (drafts ?? []).map((draft, index) => {
    if (seen.has(draft.name)) throw errors.duplicateField(`attributes[${index}].name`, draft.name);
    seen.add(draft.name);
    return attributeFrom(draft);
  });
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

/**
 * `addPlainEnumValue` / `addLocalizedEnumValue`: appends a value to an attribute of `kind` (`enum`,
 * `lenum`) or a set of it; another type is 400 InvalidOperation, a key it has already 400
 * DuplicateEnumValues.
 */
function addEnumValue(kind: 'enum' | 'lenum') {
  return definitionChange((definition, { value }: { attributeName: string; value: Schemas['AttributeEnumValue'] }) => {
    const type = definition.type.name === 'set' ? definition.type.elementType : definition.type;
    if (type?.name !== kind) throw errors.invalidOperation(`The attribute '${definition.name}' is not of type ${kind} or set of ${kind}.`);
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
  addAttributeDefinition(productType, { attribute }) {
    if (productType.attributes.some((existing) => existing.name === attribute.name))
      throw errors.attributeDefinitionAlreadyExists(attribute.name, productType);
    productType.attributes.push(attributeFrom(structuredClone(attribute)));
  },
  removeAttributeDefinition(productType, { name }, ctx) {
    const definition = definitionOf(productType, name);
    productType.attributes = productType.attributes.filter((attribute) => attribute !== definition);
    // The values go from the Products of this type only if the whole write commits.
    ctx.onCommit(() => stripAttribute(ctx, productType.id, definition.name));
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
  create: (draft) => ({
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    description: draft.description,
    attributes: attributesFrom(draft.attributes),
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
