import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { stripAttribute } from './attributes.js';
import type { ResourceType } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';

/** An attribute definition as stored (`isRequired` filled in). */
export interface AttributeDefinition {
  name: string;
  label: Record<string, string>;
  type: Record<string, unknown>;
  isRequired: boolean;
  level: 'Variant' | 'Product';
  attributeConstraint: 'None' | 'Unique' | 'CombinationUnique' | 'SameForAll';
  inputTip?: Record<string, string>;
  inputHint: 'SingleLine' | 'MultiLine';
  isSearchable: boolean;
}

export interface ProductType extends StoredResource {
  name: string;
  description: string;
  attributes: AttributeDefinition[];
}

type AttributeDefinitionDraft = Pick<AttributeDefinition, 'name' | 'label' | 'type' | 'inputTip'> & Partial<AttributeDefinition>;

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

/** The attribute definition an action names by `attributeName` (or `name`); 400 AttributeNameDoesNotExist otherwise. */
function definitionOf(productType: ProductType, name: unknown): AttributeDefinition {
  const found = productType.attributes.find((attribute) => attribute.name === name);
  if (!found) throw errors.attributeNameDoesNotExist(String(name), productType.name);
  return found;
}

type Action = (productType: ProductType, action: Record<string, unknown>, ctx: WriteContext) => void;

/** An action that changes one member of the named attribute definition. */
function definitionChange(change: (definition: AttributeDefinition, action: Record<string, unknown>) => void): Action {
  return (productType, action) => change(definitionOf(productType, action['attributeName']), action);
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
function addEnumValue(kind: 'enum' | 'lenum'): Action {
  return definitionChange((definition, action) => {
    const type = definition.type['name'] === 'set' ? (definition.type['elementType'] as Record<string, unknown>) : definition.type;
    if (type['name'] !== kind)
      throw errors.invalidOperation(`The attribute '${definition.name}' is not of type ${kind} or set of ${kind}.`);
    const value = action['value'] as { key: string };
    const values = (type['values'] as { key: string }[] | undefined) ?? [];
    if (values.some((existing) => existing.key === value.key)) throw errors.duplicateEnumValues([value.key]);
    type['values'] = [...values, structuredClone(value)];
  });
}

/**
 * The Product Type update actions the emulator models
 * (https://docs.commercetools.com/api/projects/productTypes#update-actions).
 */
const productTypeActions: Record<string, Action> = {
  changeName(productType, action) {
    productType.name = action['name'] as string;
  },
  changeDescription(productType, action) {
    productType.description = action['description'] as string;
  },
  setKey(productType, action) {
    const key = action['key'];
    if (typeof key === 'string') productType.key = key;
    else delete productType.key;
  },
  addAttributeDefinition(productType, action) {
    const draft = action['attribute'] as AttributeDefinitionDraft;
    if (productType.attributes.some((attribute) => attribute.name === draft.name))
      throw errors.attributeDefinitionAlreadyExists(draft.name, productType);
    productType.attributes.push(attributeFrom(structuredClone(draft)));
  },
  removeAttributeDefinition(productType, action, ctx) {
    const definition = definitionOf(productType, action['name']);
    productType.attributes = productType.attributes.filter((attribute) => attribute !== definition);
    // The values go from the Products of this type only if the whole write commits.
    ctx.onCommit(() => stripAttribute(ctx, productType.id, definition.name));
  },
  changeLabel: definitionChange((definition, action) => {
    definition.label = action['label'] as Record<string, string>;
  }),
  setInputTip: definitionChange((definition, action) => {
    const inputTip = action['inputTip'] as Record<string, string> | undefined;
    if (inputTip === undefined) delete definition.inputTip;
    else definition.inputTip = inputTip;
  }),
  changeAttributeConstraint: definitionChange((definition, action) => {
    const next = action['newValue'] as AttributeDefinition['attributeConstraint'];
    if (!CONSTRAINT_CHANGES[definition.attributeConstraint].includes(next))
      throw errors.invalidOperation(
        `Changing the attribute constraint of '${definition.name}' from ${definition.attributeConstraint} to ${next} is not supported.`,
      );
    definition.attributeConstraint = next;
  }),
  changeIsSearchable: definitionChange((definition, action) => {
    definition.isSearchable = action['isSearchable'] as boolean;
  }),
  changeInputHint: definitionChange((definition, action) => {
    definition.inputHint = action['newValue'] as AttributeDefinition['inputHint'];
  }),
  addPlainEnumValue: addEnumValue('enum'),
  addLocalizedEnumValue: addEnumValue('lenum'),
  changeAttributeOrderByName(productType, action) {
    const names = action['attributeNames'] as string[];
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
export const productTypeType: ResourceType<ProductType> = {
  typeId: 'product-type',
  path: 'product-types',
  scopes: { view: viewScopes('products'), manage: ['manage_products'] },
  schemas: { resource: 'ProductType', draft: 'ProductTypeDraft', updateAction: 'ProductTypeUpdateAction' },
  create: (draft) => ({
    ...(draft['key'] !== undefined ? { key: draft['key'] as string } : {}),
    name: draft['name'] as string,
    description: draft['description'] as string,
    attributes: attributesFrom(draft['attributes'] as AttributeDefinitionDraft[] | undefined),
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
