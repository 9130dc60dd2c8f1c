import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

export type CustomerGroup = Schemas['CustomerGroup'];
type CustomerGroupReference = Schemas['CustomerGroupReference'];

/** 400 DuplicateField naming `field` when another Customer Group has this name (the live rule). */
function assertNameFree(ctx: WriteContext, name: string, exceptId: string | undefined, field: string): void {
  for (const other of ctx.state.collection<CustomerGroup>('customer-group').values()) {
    if (other.id !== exceptId && other.name === name) throw errors.duplicateField(field, name);
  }
}

/**
 * A Customer Group reference for a Customer or a Price: the group must exist (400
 * ReferencedResourceNotFound).
 *
 * @example
 * customer.customerGroup = customerGroupReference(ctx, draft.customerGroup, 'customerGroup');
 */
export function customerGroupReference(ctx: WriteContext, identifier: ResourceIdentifier, field: string): CustomerGroupReference {
  return { typeId: 'customer-group', id: ctx.resolveIdentifier<CustomerGroup>('customer-group', identifier, field).id };
}

/** What of a Customer references a Customer Group (customers import this module). */
type GroupedCustomer = StoredResource & { customerGroup?: { id: string } };

/** What of a Product references a Customer Group: the Prices of its variants, current and staged (products import this module). */
interface PricedVariant {
  prices?: { customerGroup?: { id: string } }[];
}
type PricedData = { masterVariant: PricedVariant; variants: PricedVariant[] };
type PricedProduct = StoredResource & { masterData: { current: PricedData; staged: PricedData } };

function hasGroupPrice(product: PricedProduct, groupId: string): boolean {
  const { current, staged } = product.masterData;
  const variants = [current.masterVariant, ...current.variants, staged.masterVariant, ...staged.variants];
  return variants.some((variant) => variant.prices?.some((price) => price.customerGroup?.id === groupId));
}

/**
 * Customer Groups (https://docs.commercetools.com/api/projects/customerGroups): a group's prices
 * are the ones its customers' carts select. Names are unique in the project (400 DuplicateField);
 * a group a Customer belongs to or a Price is for cannot be deleted (400 ReferenceExists). Only the Custom Field
 * actions send Messages, as live.
 */
export const customerGroupType: ResourceType<CustomerGroup, Schemas['CustomerGroupDraft'], Schemas['CustomerGroupUpdateAction']> = {
  typeId: 'customer-group',
  path: 'customer-groups',
  scopes: { view: [...viewScopes('customer_groups'), ...viewScopes('customers')], manage: ['manage_customer_groups', 'manage_customers'] },
  schemas: { resource: 'CustomerGroup', draft: 'CustomerGroupDraft', updateAction: 'CustomerGroupUpdateAction' },
  create(draft, ctx) {
    assertNameFree(ctx, draft.groupName, undefined, 'groupName');
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.groupName,
      ...customMemberFrom(ctx, draft, 'customer-group'),
    };
  },
  actions: {
    changeName(group, { name }, ctx) {
      assertNameFree(ctx, name, group.id, 'name');
      group.name = name;
    },
    setKey: optionalSetter('key'),
    ...customFieldActions<CustomerGroup>('customer-group', 'CustomerGroup'),
  },
  beforeDelete(group, ctx) {
    const customers = ctx.state.collection<GroupedCustomer>('customer').values();
    if ([...customers].some((customer) => customer.customerGroup?.id === group.id)) {
      throw errors.referenceExists('Can not delete a customer-group while it is referenced by at least one customer.', 'customer');
    }
    const products = ctx.state.collection<PricedProduct>('product').values();
    if ([...products].some((product) => hasGroupPrice(product, group.id))) {
      throw errors.referenceExists('Can not delete a customer-group while it is referenced by at least one product price.', 'product');
    }
  },
};
