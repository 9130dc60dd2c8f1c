/**
 * Resolvers of the object types over the stored REST representations: a Product Selection,
 * Store or Product in the store is the source object of its GraphQL type. Every reference has
 * its `*Ref` form (the REST reference) and its resolved form (the referenced resource, null when
 * it no longer exists), and the resolved form needs the scope of its resource.
 */
import { viewScopes } from '../auth/principal.js';
import type { Product } from '../resources/products/data.js';
import { READ_SCOPES } from '../resources/product-projections/index.js';
import type { ProductSelection } from '../resources/product-selections/index.js';
import { membershipOf, variantsOfAssignment } from '../resources/product-selections/membership.js';
import type { Image } from '../resources/products/data.js';
import type { Price } from '../resources/kit/prices.js';
import type { Store } from '../resources/stores/index.js';
import type { Initiator } from '../resources/kit/write-context.js';
import { holds, need, type GraphqlContext } from './context.js';
import { pageOfArray, type PageArgs } from './paging.js';
import { allLocales, inLocale, type LocaleArgs, type Resolver, type ResolverMap } from './resolver-types.js';

interface Ref {
  typeId: string;
  id: string;
}

const SELECTION_VIEW = viewScopes('product_selections');
const STORE_VIEW = viewScopes('stores');
const PRODUCT_FULL_VIEW = viewScopes('products');

/**
 * A Product as the caller may see it: any of the projection read scopes (store-restricted ones in
 * a Store); a caller with only `view_published_products` sees published Products only.
 */
export function readableProduct(ctx: GraphqlContext, product: Product | undefined, storeKey?: string): Product | null {
  if (!product) return null;
  need(ctx, READ_SCOPES, storeKey);
  if (!product.masterData.published && !holds(ctx, PRODUCT_FULL_VIEW, storeKey)) return null;
  return product;
}

/** The resolved form of a Product reference. */
export const productOf = (ctx: GraphqlContext, ref: Ref): Product | null =>
  readableProduct(ctx, ctx.emulator.state.collection<Product>('product').get(ref.id));

/** The resolved form of a Product Selection reference. */
export function selectionOf(ctx: GraphqlContext, ref: Ref): ProductSelection | null {
  need(ctx, SELECTION_VIEW);
  return ctx.emulator.state.collection<ProductSelection>('product-selection').get(ref.id) ?? null;
}

/** createdBy / lastModifiedBy: the stored initiator in the GraphQL Initiator shape. */
const initiator = (value: unknown): Record<string, unknown> | null => {
  if (value === undefined || value === null) return null;
  const stored = value as Initiator & { attributedTo?: unknown };
  return {
    isPlatformClient: stored.clientId !== undefined ? false : null,
    user: null,
    externalUserId: stored.externalUserId ?? null,
    customerRef: stored.customer ?? null,
    anonymousId: stored.anonymousId ?? null,
    clientId: stored.clientId ?? null,
    attributedTo: stored.attributedTo ?? null,
  };
};

/** createdBy and lastModifiedBy of any source that stores them. */
export const modifiedBy = {
  createdBy: ((source: Record<string, unknown>) => initiator(source['createdBy'])) as Resolver<Record<string, unknown>>,
  lastModifiedBy: ((source: Record<string, unknown>) => initiator(source['lastModifiedBy'])) as Resolver<Record<string, unknown>>,
};

/** `name(locale, acceptLanguage)` and `nameAllLocales` over a localized string of the source. */
export const named = (pick: (source: never) => Record<string, string> | undefined) => ({
  name: (source: never, args: LocaleArgs) => inLocale(pick(source), args),
  nameAllLocales: (source: never) => allLocales(pick(source)),
});

/** A localized string field `<name>(locale, acceptLanguage)` and its `<name>AllLocales`, both read from the source's `<name>`. */
export const localizedField = (name: string) => ({
  [name]: (source: Record<string, Record<string, string> | undefined>, args: LocaleArgs) => inLocale(source[name], args),
  [`${name}AllLocales`]: (source: Record<string, Record<string, string> | undefined>) => allLocales(source[name]),
});

/** The localized name and slug of Product data or a projection. */
const namedWithSlug = {
  ...named((d: { name: Record<string, string> }) => d.name),
  slug: (d: { slug: Record<string, string> }, args: LocaleArgs) => inLocale(d.slug, args),
  slugAllLocales: (d: { slug: Record<string, string> }) => allLocales(d.slug),
};

interface CustomFieldsSource {
  type: Ref;
  fields: Record<string, unknown>;
}

export const objectResolvers: ResolverMap = {
  CustomFieldsType: {
    typeRef: (custom: CustomFieldsSource) => custom.type,
    customFieldsRaw: (custom: CustomFieldsSource, args: { includeNames?: string[] | null; excludeNames?: string[] | null }) =>
      Object.entries(custom.fields)
        .filter(([name]) => (args.includeNames ?? [name]).includes(name) && !(args.excludeNames ?? []).includes(name))
        .map(([name, value]) => ({ name, value })),
  },
  ProductSelection: {
    ...named((s: ProductSelection) => s.name),
    productRefs: (selection: ProductSelection, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      const items = [...membershipOf(ctx.emulator.state).productsOf(selection.id)].map(([id, assignment]) => ({
        product: { typeId: 'product', id },
        ...variantsOfAssignment(assignment),
      }));
      return pageOfArray(items, args, 'AssignedProductReference');
    },
    ...modifiedBy,
  },
  ProductSelectionSetting: {
    productSelectionRef: (s: { productSelection: Ref }) => s.productSelection,
    productSelection: (s: { productSelection: Ref }, _args: unknown, ctx: GraphqlContext) => selectionOf(ctx, s.productSelection),
  },
  ProductAssignment: {
    productRef: (s: { product: Ref }) => s.product,
    product: (s: { product: Ref }, _args: unknown, ctx: GraphqlContext) => productOf(ctx, s.product),
    productSelectionRef: (s: { productSelection: Ref }) => s.productSelection,
    productSelection: (s: { productSelection: Ref }, _args: unknown, ctx: GraphqlContext) => selectionOf(ctx, s.productSelection),
  },
  ProductOfSelection: {
    productRef: (s: { product: Ref }) => s.product,
    product: (s: { product: Ref }, _args: unknown, ctx: GraphqlContext) => productOf(ctx, s.product),
  },
  SelectionOfProduct: {
    productSelectionRef: (s: { productSelection: Ref }) => s.productSelection,
    productSelection: (s: { productSelection: Ref }, _args: unknown, ctx: GraphqlContext) => selectionOf(ctx, s.productSelection),
  },
  Product: {
    skus: (product: Product) => {
      const { current } = product.masterData;
      return [current.masterVariant, ...current.variants].flatMap((v) => (v.sku === undefined ? [] : [v.sku]));
    },
    productSelectionRefs: (product: Product, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      const items = [...membershipOf(ctx.emulator.state).selectionsOf(product.id)].map(([id, assignment]) => ({
        productSelection: { typeId: 'product-selection', id },
        ...variantsOfAssignment(assignment),
        createdAt: assignment.createdAt,
      }));
      return pageOfArray(items, args, 'AssignedProductSelection');
    },
    ...modifiedBy,
  },
  ProductPrice: {
    channelRef: (p: Price) => p.channel ?? null,
  },
  Image: {
    dimensions: (image: Image) => ({ width: image.dimensions.w, height: image.dimensions.h }),
  },
  ProductData: namedWithSlug,
  ProductProjectionMessagePayload: {
    ...namedWithSlug,
    productTypeRef: (p: { productType: Ref }) => p.productType,
  },
  Store: {
    ...named((s: Store) => s.name),
    distributionChannelsRef: (s: Store) => s.distributionChannels,
    supplyChannelsRef: (s: Store) => s.supplyChannels,
    ...modifiedBy,
  },
  InitialProductSelectionDraftImpl: {
    ...named((s: { name: Record<string, string> }) => s.name),
  },
};

/** Scopes a Store read needs (Query.store). */
export { STORE_VIEW, SELECTION_VIEW };
