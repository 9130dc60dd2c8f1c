import { randomInt } from 'node:crypto';
import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { Product, ProductData } from '../products/data.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import { assetActions, assetsFrom } from './assets.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

type LocalizedString = Schemas['LocalizedString'];
type CategoryReference = { typeId: 'category'; id: string };

/** A Category; its `ancestors` go from the root down to the parent. */
export type Category = Schemas['Category'];

const referenceTo = (category: { id: string }): CategoryReference => ({ typeId: 'category', id: category.id });

/** The live default when a draft has no `orderHint`: a random decimal between 0 and 1. */
function randomOrderHint(): string {
  return `0.${String(randomInt(1, 1_000_000_000_000)).padStart(12, '0')}`;
}

/** 400 DuplicateField `slug.<locale>` when another Category has the slug for that locale. */
function assertSlugFree(state: EmulatorState, slug: LocalizedString, exceptId: string | undefined): void {
  const others = [...state.collection<Category>('category').values()].filter((c) => c.id !== exceptId);
  for (const [locale, value] of Object.entries(slug)) {
    if (others.some((c) => c.slug[locale] === value)) throw errors.duplicateField(`slug.${locale}`, value);
  }
}

/** True when `category` lies below the Category `ancestorId`. */
const descendsFrom = (category: Category, ancestorId: string) => category.ancestors.some((a) => a.id === ancestorId);

/** The stored Categories below `id`, at any depth. */
function descendantsOf(state: EmulatorState, id: string): Category[] {
  return [...state.collection<Category>('category').values()].filter((c) => descendsFrom(c, id));
}

/**
 * A Category reference for a Product or a parent: the Category must exist (400
 * ReferencedResourceNotFound).
 */
export function categoryReference(ctx: WriteContext, identifier: ResourceIdentifier, field: string): CategoryReference {
  return referenceTo(ctx.resolveIdentifier<Category>('category', identifier, field));
}

/** The parent and the ancestors (root first, then the parent) of a Category placed below `parent`. */
function placement(parent: Category): Pick<Category, 'parent' | 'ancestors'> {
  return { parent: referenceTo(parent), ancestors: [...parent.ancestors, referenceTo(parent)] };
}

/**
 * After a Category moved, its descendants' ancestors follow: each keeps the path below the moved
 * Category and takes the moved Category's new path above it. A background change of each.
 */
function moveDescendants(ctx: WriteContext, moved: Category): void {
  const categories = ctx.state.collection<Category>('category');
  for (const descendant of descendantsOf(ctx.state, moved.id)) {
    const below = descendant.ancestors.slice(descendant.ancestors.findIndex((a) => a.id === moved.id));
    const updated: Category = {
      ...descendant,
      ancestors: [...moved.ancestors, ...below],
      version: descendant.version + 1,
      lastModifiedAt: ctx.now,
    };
    categories.replace(updated);
    ctx.recordChange('category', 'updated', descendant, updated, [], { background: true });
  }
}

/** Product data without the given Categories (in `categories` and in `categoryOrderHints`). */
function withoutCategories(data: ProductData, ids: ReadonlySet<string>): ProductData {
  const { categoryOrderHints, ...rest } = data;
  const hints = categoryOrderHints && Object.fromEntries(Object.entries(categoryOrderHints).filter(([id]) => !ids.has(id)));
  return { ...rest, categories: data.categories.filter((c) => !ids.has(c.id)), ...(hints ? { categoryOrderHints: hints } : {}) };
}

const holdsAny = (data: ProductData, ids: ReadonlySet<string>) =>
  data.categories.some((c) => ids.has(c.id)) || Object.keys(data.categoryOrderHints ?? {}).some((id) => ids.has(id));

/** Deleted Categories leave every Product that held them, current and staged: a background change of each Product. */
function removeFromProducts(ctx: WriteContext, ids: ReadonlySet<string>): void {
  const products = ctx.state.collection<Product>('product');
  for (const product of [...products.values()]) {
    const { current, staged } = product.masterData;
    if (!holdsAny(current, ids) && !holdsAny(staged, ids)) continue;
    const updated: Product = {
      ...product,
      masterData: { ...product.masterData, current: withoutCategories(current, ids), staged: withoutCategories(staged, ids) },
      version: product.version + 1,
      lastModifiedAt: ctx.now,
    };
    products.replace(updated);
    ctx.recordChange('product', 'updated', product, updated, [], { background: true });
  }
}

/** The localized members of a draft that are copied as given. */
type LocalizedMember = 'description' | 'metaTitle' | 'metaDescription' | 'metaKeywords';

const localized = (draft: Schemas['CategoryDraft'], name: LocalizedMember) => {
  const value = draft[name];
  return value !== undefined ? { [name]: structuredClone(value) } : {};
};

/**
 * Categories (https://docs.commercetools.com/api/projects/categories): the tree that organizes
 * Products. Slugs are unique per locale; `ancestors` follow every move of a Category, for its
 * descendants too. Deleting a Category deletes its descendants and removes them all from the
 * Products that held them, as the live service does (it does not refuse a Category with children).
 */
export const categoryType: ResourceType<Category, Schemas['CategoryDraft'], Schemas['CategoryUpdateAction']> = {
  typeId: 'category',
  path: 'categories',
  scopes: { view: [...viewScopes('categories'), ...viewScopes('products')], manage: ['manage_categories', 'manage_products'] },
  schemas: { resource: 'Category', draft: 'CategoryDraft', updateAction: 'CategoryUpdateAction' },
  create(draft, ctx) {
    const slug = structuredClone(draft.slug);
    assertSlugFree(ctx.state, slug, undefined);
    const parent = draft.parent && ctx.resolveIdentifier<Category>('category', draft.parent, 'parent');
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: structuredClone(draft.name),
      slug,
      ...localized(draft, 'description'),
      ...(parent ? placement(parent) : { ancestors: [] }),
      orderHint: draft.orderHint ?? randomOrderHint(),
      ...(draft.externalId !== undefined ? { externalId: draft.externalId } : {}),
      ...localized(draft, 'metaTitle'),
      ...localized(draft, 'metaDescription'),
      ...localized(draft, 'metaKeywords'),
      ...customMemberFrom(ctx, draft, 'category'),
      ...assetsFrom(draft.assets),
    };
  },
  actions: {
    ...customFieldActions<Category>('category'),
    ...assetActions,
    changeName(category, { name }) {
      category.name = structuredClone(name);
    },
    changeSlug(category, action, ctx) {
      const slug = structuredClone(action.slug);
      assertSlugFree(ctx.state, slug, category.id);
      ctx.emit('CategorySlugChanged', { slug, oldSlug: category.slug });
      category.slug = slug;
    },
    setDescription(category, { description }) {
      setOptional(category, 'description', description);
    },
    changeParent(category, action, ctx) {
      const parent = ctx.resolveIdentifier<Category>('category', action.parent, 'parent');
      if (parent.id === category.id || descendsFrom(parent, category.id)) {
        throw errors.invalidOperation(`The Category '${parent.id}' cannot be the parent of '${category.id}': the tree would have a cycle.`);
      }
      if (category.parent?.id === parent.id) return;
      Object.assign(category, placement(parent));
      // Once per request, after the last move: descendants take the committed path.
      ctx.scratch('category-descendants-follow', () => {
        ctx.onCommit(({ id }) => moveDescendants(ctx, ctx.state.collection<Category>('category').get(id)!));
        return true;
      });
    },
    changeOrderHint(category, { orderHint }) {
      category.orderHint = orderHint;
    },
    setExternalId(category, { externalId }) {
      setOptional(category, 'externalId', externalId);
    },
    setMetaTitle(category, { metaTitle }) {
      setOptional(category, 'metaTitle', metaTitle);
    },
    setMetaDescription(category, { metaDescription }) {
      setOptional(category, 'metaDescription', metaDescription);
    },
    setMetaKeywords(category, { metaKeywords }) {
      setOptional(category, 'metaKeywords', metaKeywords);
    },
    setKey(category, { key }) {
      setOptional(category, 'key', key);
    },
  },
  afterDelete(category, ctx) {
    const categories = ctx.state.collection<Category>('category');
    const descendants = descendantsOf(ctx.state, category.id);
    for (const descendant of descendants) {
      categories.delete(descendant.id);
      ctx.recordChange('category', 'deleted', descendant, undefined, undefined, { background: true });
    }
    removeFromProducts(ctx, new Set([category.id, ...descendants.map((d) => d.id)]));
  },
  createdMessages: (category) => [{ type: 'CategoryCreated', payload: { category: structuredClone(category) } }],
};
