/**
 * A realistic catalogue in one call, created through the real HTTP API of an emulator or of any
 * deployment: Channels (a distribution and a supply Channel), Types for the Custom Fields of
 * Product Selections and Stores, a Category tree, a Tax Category, Product Types with enum
 * attributes, published Products with priced variants and SKUs in the Categories and taxed by the
 * Tax Category, Product Selections filled with Products, and Stores with Selections assigned, some
 * active, and the Channels; Selections and Stores carry typed Custom Fields. With it, what a
 * checkout needs (seed-checkout.ts): markets with their tax rates, Zones, Shipping Methods and Customer Groups.
 */
import type {
  AttributeDefinitionDraft,
  Category,
  Channel,
  FieldDefinition,
  Product,
  ProductSelection,
  ProductType,
  Store,
  TaxCategory,
  Type,
} from '../generated/commerce.js';
import {
  categoryDraft,
  channelDraft,
  productDraft,
  productSelectionDraft,
  productTypeDraft,
  storeDraft,
  taxCategoryDraft,
  typeDraft,
} from '../generated/builders.js';
import { openSession, UnexpectedAnswerError, type ApiSession, type FetchLike, type TargetLike } from '../contract/target.js';
import { createRandom, mixSeed, type Random } from './random.js';
import {
  MARKETS,
  marketTaxRates,
  seedCustomerGroups,
  seedShippingMethods,
  seedZones,
  type CheckoutSeeding,
  type SeededCustomerGroup,
  type SeededMarket,
  type SeededShippingMethod,
  type SeededZone,
} from './seed-checkout.js';

export type { SeededCustomerGroup, SeededMarket, SeededShippingMethod, SeededZone } from './seed-checkout.js';

/** How much to create. */
export interface SeedCatalogueOptions {
  /** Seed of every name, key, SKU and assignment. Default 1. */
  seed?: number;
  /** Default 2. */
  productTypes?: number;
  /** Default 12. */
  products?: number;
  /** Default 3. */
  selections?: number;
  /** Default 2. */
  stores?: number;
  /** Variants per Product, the master variant included. Default 3. */
  variantsPerProduct?: number;
  /**
   * Prepended to every key, slug and SKU (upper-cased for SKUs), so that runs against a shared
   * project do not collide, e.g. `ck-1700000000-`. Default none.
   */
  keyPrefix?: string;
  /**
   * Seed what a checkout needs besides the catalogue: a Zone per market, Shipping Methods and Customer Groups. Default true. `false` leaves them out: fewer requests, and a shared
   * project whose Zones already hold DE or US (a location can be in one Zone only) can be seeded.
   */
  checkout?: boolean;
  /** Transport instead of the target's own, e.g. `checkedFetch(target)` to check every answer against the schemas. */
  fetch?: FetchLike;
}

/** A Channel as seeded: `web` distributes (prices), `warehouse` supplies (inventory). */
export interface SeededChannel {
  id: string;
  key: string;
  version: number;
  roles: ('ProductDistribution' | 'InventorySupply')[];
}

/** A Category as seeded: the root `clothing` and its children `tops` and `bottoms`. */
export interface SeededCategory {
  id: string;
  key: string;
  version: number;
  /** The parent's id; absent for the root. */
  parentId?: string;
}

/** The Tax Category as seeded: `standard`, a rate per market (DE 19 % included in the price, US 7 % added to it). */
export interface SeededTaxCategory {
  id: string;
  key: string;
  version: number;
}

/** A Type as seeded: one for the Custom Fields of Product Selections, one for those of Stores. */
export interface SeededType {
  id: string;
  key: string;
  version: number;
  resourceTypeId: 'product-selection' | 'store';
  /** The names of its field definitions. */
  fields: string[];
}

/** A Product Type as seeded. */
export interface SeededProductType {
  id: string;
  key: string;
  version: number;
  name: string;
}

/** A Product as seeded (published). */
export interface SeededProduct {
  id: string;
  key: string;
  version: number;
  productTypeId: string;
  name: string;
  slug: string;
  /** The SKUs of its variants, master first. */
  skus: string[];
  /**
   * The price of every variant in EUR cents: one without a Channel, the same on the distribution
   * Channel; and the same amount in USD (without a Channel).
   */
  centAmounts: number[];
  /**
   * Its Customer Group prices: the master variant 5.00 EUR cheaper for `customer-group-gold`
   * (none with `checkout: false`).
   */
  groupPrices: { sku: string; customerGroupId: string; currency: string; centAmount: number }[];
  /** The Category the Product is in (a child of the root, alternating), with an order hint there. */
  categoryId: string;
}

/** A Product Selection as seeded, with the Products it holds. */
export interface SeededSelection {
  id: string;
  key: string;
  version: number;
  name: string;
  productIds: string[];
  /** Its Custom Fields (Type `selection` of {@link SeededCatalogue.types}): `season` and `priority`. */
  customFields: { season: Season; priority: number };
}

/** A Store as seeded, with its Product Selections and their activation. */
export interface SeededStore {
  id: string;
  key: string;
  version: number;
  name: string;
  productSelections: { id: string; key: string; active: boolean }[];
  /** Its Custom Fields (Type `store` of {@link SeededCatalogue.types}): `region` and `opensAt`. */
  customFields: { region: Record<string, string>; opensAt: string };
}

/** What {@link seedCatalogue} created, in creation order. */
export interface SeededCatalogue {
  seed: number;
  channels: SeededChannel[];
  categories: SeededCategory[];
  /** The Tax Category of every Product and Shipping Method. */
  taxCategory: SeededTaxCategory;
  /** The countries sold to, each with its currency and tax rate; every Store has them all. */
  markets: SeededMarket[];
  /** A Zone per market (none with `checkout: false`). */
  zones: SeededZone[];
  /** `gold` and `wholesale` (none with `checkout: false`). */
  customerGroups: SeededCustomerGroup[];
  /** `standard` (the default) and `express`, a rate per market (none with `checkout: false`). */
  shippingMethods: SeededShippingMethod[];
  types: SeededType[];
  productTypes: SeededProductType[];
  products: SeededProduct[];
  selections: SeededSelection[];
  stores: SeededStore[];
}

/** How much cheaper the gold Customer Group gets a master variant, in EUR cents. */
const GOLD_DISCOUNT = 500;
const COLORS = ['black', 'white', 'navy', 'red', 'olive', 'sand'] as const;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
type Season = (typeof SEASONS)[number];
const REGIONS = ['Berlin', 'Hamburg', 'Munich', 'Cologne'] as const;

/** The field definitions of the two seeded Types, by the resource type they customize. */
const CUSTOM_FIELDS: Record<SeededType['resourceTypeId'], FieldDefinition[]> = {
  'product-selection': [
    {
      name: 'season',
      label: { en: 'Season' },
      required: true,
      type: { name: 'Enum', values: SEASONS.map((key) => ({ key, label: title(key) })) },
    },
    { name: 'priority', label: { en: 'Priority' }, required: false, type: { name: 'Number' } },
  ],
  store: [
    { name: 'region', label: { en: 'Region' }, required: false, type: { name: 'LocalizedString' }, inputHint: 'SingleLine' },
    { name: 'opensAt', label: { en: 'Opens at' }, required: false, type: { name: 'Time' } },
  ],
};

function attributeDefinitions(): AttributeDefinitionDraft[] {
  return [
    {
      name: 'color',
      label: { en: 'Color' },
      type: { name: 'enum', values: COLORS.map((key) => ({ key, label: title(key) })) },
      isRequired: false,
    },
    { name: 'size', label: { en: 'Size' }, type: { name: 'enum', values: SIZES.map((key) => ({ key, label: key })) }, isRequired: false },
  ];
}

/** Keys unique within one catalogue: a repeated key gets `-2`, `-3`, ... */
function uniqueKeys(prefix: string): (base: string) => string {
  const used = new Set<string>();
  return (base) => {
    let key = `${prefix}${base}`;
    for (let n = 2; used.has(key); n++) key = `${prefix}${base}-${n}`;
    used.add(key);
    return key;
  };
}

/** `count` distinct indexes of `0..size-1`, in ascending order. */
function sample(random: Random, size: number, count: number): number[] {
  const indexes = Array.from({ length: size }, (_, i) => i);
  for (let i = indexes.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, Math.max(0, Math.min(count, size))).sort((a, b) => a - b);
}

const positive = (name: string, value: number | undefined, fallback: number, minimum = 0) => {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < minimum)
    throw new RangeError(`seedCatalogue: ${name} must be an integer of at least ${minimum}, got ${n}`);
  return n;
};

/**
 * Seeds a catalogue through the HTTP API (token, a distribution and a supply Channel, a Type for
 * the Custom Fields of Product Selections (`season` Enum, `priority` Number) and one for Stores
 * (`region` LocalizedString, `opensAt` Time), a Category tree `clothing` > `tops`, `bottoms`, a Tax
 * Category `standard` with a rate per market (DE, US), a Zone per market, Shipping Methods, Customer Groups, Product Types, published Products with variants, SKUs and EUR and USD prices (the EUR one
 * also on the distribution Channel), each in a child Category and taxed by the Tax Category,
 * Product Selections filled with Products and with Custom Fields, Stores with Selections assigned,
 * the countries DE and US, the two Channels and Custom Fields) and returns what it created.
 * The same seed gives the same names, keys, SKUs and assignments.
 *
 * Assignments: Products are spread over the Selections; the last Product is in no Selection, so a
 * Store with an active Selection refuses it. Store `i` gets up to two Selections starting at
 * `i mod selections`, the first active and the second inactive.
 *
 * @throws {UnexpectedAnswerError} when the API refuses a request (e.g. a key taken from an earlier run: use `keyPrefix`).
 * @example
 * const emulator = createEmulator();
 * const catalogue = await seedCatalogue(emulator, { seed: 42, products: 6, selections: 2, stores: 1 });
 * catalogue.stores[0]?.productSelections; // [{ id, key, active: true }, { id, key, active: false }]
 */
export async function seedCatalogue(target: TargetLike, options: SeedCatalogueOptions = {}): Promise<SeededCatalogue> {
  const seed = options.seed ?? 1;
  const counts = {
    productTypes: positive('productTypes', options.productTypes, 2, 1),
    products: positive('products', options.products, 12),
    selections: positive('selections', options.selections, 3),
    stores: positive('stores', options.stores, 2),
    variants: positive('variantsPerProduct', options.variantsPerProduct, 3, 1),
  };
  const prefix = options.keyPrefix ?? '';
  const random = createRandom(mixSeed(seed, 'seedCatalogue'));
  const session: ApiSession = openSession(target, options.fetch);
  const keyOf = uniqueKeys(prefix);
  const checkout: CheckoutSeeding | undefined =
    options.checkout === false ? undefined : { session, keyOf, prefix, random: createRandom(mixSeed(seed, 'seedCatalogue checkout')) };
  const catalogue: Omit<SeededCatalogue, 'taxCategory'> = {
    seed,
    markets: MARKETS.map((market) => structuredClone(market)),
    zones: [],
    customerGroups: [],
    shippingMethods: [],
    channels: [],
    types: [],
    categories: [],
    productTypes: [],
    products: [],
    selections: [],
    stores: [],
  };

  for (const [name, role] of [
    ['web', 'ProductDistribution'],
    ['warehouse', 'InventorySupply'],
  ] as const) {
    const draft = channelDraft({ seed: random.seed() }).roles([role]).name({ en: name }).build();
    const created = await session.expect<Channel>(201, 'POST', '/channels', { ...draft, key: keyOf(`channel-${name}`) });
    catalogue.channels.push({ id: created.id, key: created.key, version: created.version, roles: [role] });
  }
  const [web, warehouse] = catalogue.channels as [SeededChannel, SeededChannel];

  for (const [name, resourceTypeId] of [
    ['selection', 'product-selection'],
    ['store', 'store'],
  ] as const) {
    const fieldDefinitions = CUSTOM_FIELDS[resourceTypeId];
    const draft = typeDraft({ seed: random.seed() })
      .name({ en: `${title(name)} fields` })
      .resourceTypeIds([resourceTypeId])
      .fieldDefinitions(fieldDefinitions)
      .build();
    const created = await session.expect<Type>(201, 'POST', '/types', { ...draft, key: keyOf(`type-${name}`) });
    catalogue.types.push({
      id: created.id,
      key: created.key,
      version: created.version,
      resourceTypeId,
      fields: fieldDefinitions.map((d) => d.name),
    });
  }
  const [selectionType, storeType] = catalogue.types as [SeededType, SeededType];
  // Their own seeds, so the names, keys and SKUs of what follows stay those of earlier versions.
  const treeRandom = createRandom(mixSeed(seed, 'seedCatalogue categories'));
  for (const [name, parent] of [
    ['clothing', undefined],
    ['tops', 0],
    ['bottoms', 0],
  ] as const) {
    const key = keyOf(`category-${name}`);
    const parentId = parent === undefined ? undefined : catalogue.categories[parent]!.id;
    const draft = categoryDraft({ seed: treeRandom.seed() })
      .key(key)
      .name({ en: title(name) })
      .slug({ en: key })
      .orderHint(`0.${catalogue.categories.length + 1}`)
      .build();
    const created = await session.expect<Category>(201, 'POST', '/categories', {
      ...draft,
      ...(parentId !== undefined ? { parent: { typeId: 'category', id: parentId } } : {}),
    });
    catalogue.categories.push({ id: created.id, key, version: created.version, ...(parentId !== undefined ? { parentId } : {}) });
  }
  const children = catalogue.categories.slice(1);
  const taxDraft = taxCategoryDraft({ seed: treeRandom.seed() })
    .key(keyOf('tax-standard'))
    .name(`${prefix}Standard`)
    .rates(marketTaxRates())
    .build();
  const tax = await session.expect<TaxCategory>(201, 'POST', '/tax-categories', taxDraft);
  const taxCategory: SeededTaxCategory = { id: tax.id, key: tax.key ?? '', version: tax.version };
  if (checkout) {
    catalogue.zones = await seedZones(checkout);
    catalogue.shippingMethods = await seedShippingMethods(checkout, catalogue.zones, taxCategory.id);
    catalogue.customerGroups = await seedCustomerGroups(checkout);
  }

  for (let i = 0; i < counts.productTypes; i++) {
    const draft = productTypeDraft({ seed: random.seed() }).attributes(attributeDefinitions()).build();
    const created = await session.expect<ProductType>(201, 'POST', '/product-types', {
      ...draft,
      key: keyOf(draft.key ?? `product-type-${i + 1}`),
    });
    catalogue.productTypes.push({ id: created.id, key: created.key ?? '', version: created.version, name: created.name });
  }

  const goldGroup = catalogue.customerGroups[0];
  const gold = goldGroup && { typeId: 'customer-group' as const, id: goldGroup.id };
  for (let i = 0; i < counts.products; i++) {
    const type = catalogue.productTypes[i % catalogue.productTypes.length]!;
    const builder = productDraft({ seed: random.seed() });
    const key = keyOf(builder.build().key ?? `product-${i + 1}`);
    const colors = sample(random, COLORS.length, counts.variants).map((index) => COLORS[index]!);
    const size = random.pick(SIZES);
    const centAmounts = Array.from({ length: counts.variants }, () => random.int(5, 99) * 100 + 99);
    const groupPrices: SeededProduct['groupPrices'] = [];
    const variants = Array.from({ length: counts.variants }, (_, v) => {
      const color = colors[v % colors.length]!;
      const variantSize = v < colors.length ? size : SIZES[v % SIZES.length]!;
      const value = { centAmount: centAmounts[v]!, currencyCode: 'EUR' };
      // The same amount in USD, for the carts of the US market.
      const usd = { value: { centAmount: centAmounts[v]!, currencyCode: 'USD' } };
      const sku = `${key}-${color}-${variantSize}-${v + 1}`.toUpperCase();
      // The master variant is 5.00 EUR cheaper for the gold Customer Group.
      const group = v === 0 ? gold : undefined;
      const groupPrice = group && { value: { centAmount: centAmounts[v]! - GOLD_DISCOUNT, currencyCode: 'EUR' }, customerGroup: group };
      if (groupPrice) groupPrices.push({ sku, customerGroupId: group.id, currency: 'EUR', centAmount: groupPrice.value.centAmount });
      return {
        prices: [{ value }, { value, channel: { typeId: 'channel' as const, id: web.id } }, usd, ...(groupPrice ? [groupPrice] : [])],
        sku,
        key: `${key}-${v + 1}`,
        attributes: [
          { name: 'color', value: color },
          { name: 'size', value: variantSize },
        ],
      };
    });
    const [masterVariant, ...others] = variants;
    const category = children[i % children.length]!;
    const draft = builder
      .key(key)
      .productType({ typeId: 'product-type', id: type.id })
      .categories([{ typeId: 'category', id: category.id }])
      // Increasing with i, fixed width, never ending in 0 (the reference's pattern for order hints).
      .categoryOrderHints({ [category.id]: `0.${String(i + 1).padStart(6, '0')}1` })
      .taxCategory({ typeId: 'tax-category', id: taxCategory.id })
      .slug({ en: key })
      .publish(true)
      .masterVariant(masterVariant)
      .variants(others)
      .build();
    const created = await session.expect<Product>(201, 'POST', '/products', draft);
    catalogue.products.push({
      id: created.id,
      key,
      version: created.version,
      productTypeId: type.id,
      name: draft.name['en'] ?? Object.values(draft.name)[0] ?? key,
      slug: key,
      skus: variants.map((variant) => variant.sku),
      centAmounts,
      groupPrices,
      categoryId: category.id,
    });
  }

  // Every Product but the last is spread over the Selections (each Selection gets its share and a
  // few more picked at random, so some Products are in several Selections).
  const assignable = catalogue.products.slice(0, Math.max(0, catalogue.products.length - 1));
  for (let i = 0; i < counts.selections; i++) {
    const customFields = { season: random.pick(SEASONS), priority: i + 1 };
    const draft = productSelectionDraft({ seed: random.seed() })
      .custom({ type: { typeId: 'type', id: selectionType.id }, fields: customFields })
      .build();
    const key = keyOf(draft.key ?? `selection-${i + 1}`);
    const created = await session.expect<ProductSelection>(201, 'POST', '/product-selections', { ...draft, key });
    const share = assignable.filter((_, index) => index % counts.selections === i);
    const extra = sample(random, assignable.length, Math.min(2, assignable.length)).map((index) => assignable[index]!);
    const products = [...new Map([...share, ...extra].map((product) => [product.id, product])).values()];
    let version = created.version;
    if (products.length > 0) {
      const filled = await session.expect<ProductSelection>(200, 'POST', `/product-selections/${created.id}`, {
        version,
        actions: products.map((product) => ({ action: 'addProduct', product: { typeId: 'product', id: product.id } })),
      });
      version = filled.version;
    }
    catalogue.selections.push({
      id: created.id,
      key,
      version,
      name: draft.name['en'] ?? key,
      productIds: products.map((product) => product.id),
      customFields,
    });
  }

  for (let i = 0; i < counts.stores; i++) {
    const picked =
      catalogue.selections.length === 0 ? [] : [...new Set([i % catalogue.selections.length, (i + 1) % catalogue.selections.length])];
    const settings = picked.map((index, position) => ({ selection: catalogue.selections[index]!, active: position === 0 }));
    const customFields = { region: { en: REGIONS[i % REGIONS.length]! }, opensAt: `${String(8 + (i % 3)).padStart(2, '0')}:00:00` };
    const draft = storeDraft({ seed: random.seed() })
      .custom({ type: { typeId: 'type', id: storeType.id }, fields: customFields })
      .languages(['en'])
      .countries(MARKETS.map(({ country }) => ({ code: country })))
      .distributionChannels([{ typeId: 'channel', id: web.id }])
      .supplyChannels([{ typeId: 'channel', id: warehouse.id }])
      .productSelections(
        settings.map(({ selection, active }) => ({ productSelection: { typeId: 'product-selection', id: selection.id }, active })),
      )
      .build();
    const key = keyOf(draft.key);
    const created = await session.expect<Store>(201, 'POST', '/stores', { ...draft, key });
    catalogue.stores.push({
      id: created.id,
      key,
      version: created.version,
      name: draft.name?.['en'] ?? key,
      productSelections: settings.map(({ selection, active }) => ({ id: selection.id, key: selection.key, active })),
      customFields,
    });
  }
  return { ...catalogue, taxCategory };
}

/**
 * Deletes what {@link seedCatalogue} created (Stores, then Selections, Products, Product Types,
 * Types, Categories, Shipping Methods, Zones, Customer Groups, the Tax Category and Channels), each at its current version; what is already gone is skipped. For runs against a
 * shared project that must clean up after themselves.
 *
 * @example
 * afterAll(() => deleteCatalogue(target, catalogue));
 */
export async function deleteCatalogue(target: TargetLike, catalogue: SeededCatalogue, options: { fetch?: FetchLike } = {}): Promise<void> {
  const session = openSession(target, options.fetch);
  const remove = async (path: string) => {
    const current = await session.call<{ version: number }>('GET', path);
    if (current.status === 404) return;
    if (current.status !== 200) throw new UnexpectedAnswerError(`GET ${path}`, current.status, current.body);
    await session.expect([200, 404], 'DELETE', `${path}?version=${current.body.version}`);
  };
  for (const store of catalogue.stores) await remove(`/stores/${store.id}`);
  for (const selection of catalogue.selections) await remove(`/product-selections/${selection.id}`);
  for (const product of catalogue.products) await remove(`/products/${product.id}`);
  for (const type of catalogue.productTypes) await remove(`/product-types/${type.id}`);
  // Children first: deleting a parent would delete them too.
  for (const category of [...catalogue.categories].reverse()) await remove(`/categories/${category.id}`);
  for (const method of catalogue.shippingMethods) await remove(`/shipping-methods/${method.id}`);
  for (const zone of catalogue.zones) await remove(`/zones/${zone.id}`);
  for (const group of catalogue.customerGroups) await remove(`/customer-groups/${group.id}`);
  await remove(`/tax-categories/${catalogue.taxCategory.id}`);
  for (const type of catalogue.types) await remove(`/types/${type.id}`);
  for (const channel of catalogue.channels) await remove(`/channels/${channel.id}`);
}
