import { viewScopes } from '../auth/principal.js';
import { errors } from '../http/errors.js';
import type { StoredResource } from '../store/collection.js';
import type { ResourceType } from './resource-type.js';

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
 * Attribute names are unique within a Product Type (a second one is 400 DuplicateField). The
 * live defaults fill what the draft leaves out: level Variant, constraint None, input hint
 * SingleLine, searchable.
 */
function attributesFrom(drafts: readonly AttributeDefinitionDraft[] | undefined): AttributeDefinition[] {
  const seen = new Set<string>();
  return (drafts ?? []).map((draft, index) => {
    if (seen.has(draft.name)) throw errors.duplicateField(`attributes[${index}].name`, draft.name);
    seen.add(draft.name);
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
  });
}

/**
 * Product Types: the attribute schemas of Products. Created, queried, read and deleted; the
 * schema defines no update actions, so there is no update endpoint. A Product Type that a
 * Product still uses cannot be deleted (400 ReferenceExists).
 */
export const productTypeType: ResourceType<ProductType> = {
  typeId: 'product-type',
  path: 'product-types',
  scopes: { view: viewScopes('products'), manage: ['manage_products'] },
  schemas: { resource: 'ProductType', draft: 'ProductTypeDraft' },
  create: (draft) => ({
    ...(draft['key'] !== undefined ? { key: draft['key'] as string } : {}),
    name: draft['name'] as string,
    description: draft['description'] as string,
    attributes: attributesFrom(draft['attributes'] as AttributeDefinitionDraft[] | undefined),
  }),
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
