import { errors } from '../../http/errors.js';
import { customFieldActions, customFieldsFrom } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';
import { customerReference } from '../payments/rules.js';
import { shoppingListDaysOf } from '../project/shopping-list-settings.js';
import type { Store } from '../stores/index.js';
import { addLineItem, addTextLineItem, lineActions, type ShoppingList } from './lines.js';

export type { ShoppingList } from './lines.js';

/** A Store key reference from a ResourceIdentifier: the Store must exist (400 ReferencedResourceNotFound). */
function storeReference(ctx: WriteContext, identifier: Schemas['StoreResourceIdentifier'], field: string): Schemas['StoreKeyReference'] {
  return { typeId: 'store', key: ctx.resolveIdentifier<Store>('store', identifier, field).key };
}

/** A slug value is unique per locale across the project's Shopping Lists (400 DuplicateField). */
function assertSlugFree(ctx: WriteContext, slug: Schemas['LocalizedString'] | undefined, exceptId?: string): void {
  if (!slug) return;
  for (const other of ctx.state.collection<ShoppingList>('shopping-list').values()) {
    if (other.id === exceptId || !other.slug) continue;
    const taken = Object.entries(slug).find(([locale, value]) => other.slug![locale] === value);
    if (taken) throw errors.duplicateField(`slug.${taken[0]}`, taken[1]);
  }
}

/** The Shopping List resource (https://docs.commercetools.com/api/projects/shoppingLists). */
export const shoppingListType: ResourceType<ShoppingList, Schemas['ShoppingListDraft'], Schemas['ShoppingListUpdateAction']> = {
  typeId: 'shopping-list',
  path: 'shopping-lists',
  scopes: { view: ['view_shopping_lists', 'manage_shopping_lists'], manage: ['manage_shopping_lists'] },
  schemas: { resource: 'ShoppingList', draft: 'ShoppingListDraft', updateAction: 'ShoppingListUpdateAction' },
  create(draft, ctx) {
    assertSlugFree(ctx, draft.slug);
    const custom = customFieldsFrom(ctx, draft.custom, 'shopping-list', 'custom.type');
    const list = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: structuredClone(draft.name),
      ...(draft.slug !== undefined ? { slug: structuredClone(draft.slug) } : {}),
      ...(draft.description !== undefined ? { description: structuredClone(draft.description) } : {}),
      ...(draft.customer ? { customer: customerReference(ctx, draft.customer, 'customer') } : {}),
      ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
      ...(draft.store ? { store: storeReference(ctx, draft.store, 'store') } : {}),
      lineItems: [],
      textLineItems: [],
      // Every list gets its retention on creation, as Carts do: its own, else the project's.
      deleteDaysAfterLastModification: draft.deleteDaysAfterLastModification ?? shoppingListDaysOf(ctx.state.project),
      ...(custom ? { custom } : {}),
    } as Omit<ShoppingList, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'>;
    (draft.lineItems ?? []).forEach((line, index) => addLineItem(ctx, list as ShoppingList, line, `lineItems[${index}]`));
    (draft.textLineItems ?? []).forEach((line, index) => addTextLineItem(ctx, list as ShoppingList, line, `textLineItems[${index}]`));
    return list;
  },
  actions: {
    ...lineActions,
    ...customFieldActions<ShoppingList>('shopping-list'),
    changeName(list, { name }) {
      list.name = structuredClone(name);
    },
    setSlug(list, { slug }, ctx) {
      assertSlugFree(ctx, slug, list.id);
      setOptional(list, 'slug', slug && structuredClone(slug));
    },
    setDescription(list, { description }) {
      setOptional(list, 'description', description && structuredClone(description));
    },
    setKey(list, { key }) {
      setOptional(list, 'key', key);
    },
    setCustomer(list, { customer }, ctx) {
      setOptional(list, 'customer', customer && customerReference(ctx, customer, 'customer'));
    },
    setAnonymousId(list, { anonymousId }) {
      setOptional(list, 'anonymousId', anonymousId);
    },
    setStore(list, { store }, ctx) {
      setOptional(list, 'store', store && storeReference(ctx, store, 'store'));
    },
    setDeleteDaysAfterLastModification(list, { deleteDaysAfterLastModification: days }, ctx) {
      list.deleteDaysAfterLastModification = days ?? shoppingListDaysOf(ctx.state.project);
    },
  },
};
