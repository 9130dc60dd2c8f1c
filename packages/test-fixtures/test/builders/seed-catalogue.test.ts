import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCatalogue, seedCatalogue, type SeededCatalogue } from '../../src/builders/index.js';
import { checkedFetch } from '../../src/contract/checked-fetch.js';
import { openSession, UnexpectedAnswerError } from '../../src/contract/target.js';
import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

/** What does not depend on the ids the emulator generates. */
const shape = (catalogue: SeededCatalogue) => ({
  productTypes: catalogue.productTypes.map((type) => [type.key, type.name]),
  products: catalogue.products.map((product) => [
    product.key,
    product.name,
    product.skus,
    catalogue.productTypes.findIndex((t) => t.id === product.productTypeId),
  ]),
  selections: catalogue.selections.map((selection) => [
    selection.key,
    selection.productIds.map((id) => catalogue.products.findIndex((p) => p.id === id)),
    selection.customFields,
  ]),
  stores: catalogue.stores.map((store) => [store.key, store.productSelections.map((setting) => [setting.key, setting.active])]),
});

describe('seedCatalogue', () => {
  let emulator: Emulator;
  let catalogue: SeededCatalogue;
  const checked = () => checkedFetch(emulator);
  let fetchChecked: ReturnType<typeof checked>;

  beforeAll(async () => {
    emulator = createEmulator({ projectKey: 'seed-project' });
    fetchChecked = checked();
    catalogue = await seedCatalogue(emulator, { seed: 42, fetch: fetchChecked });
  });

  it('creates the default amounts through the HTTP API, every answer valid against the schemas', () => {
    expect(catalogue.productTypes).toHaveLength(2);
    expect(catalogue.products).toHaveLength(12);
    expect(catalogue.selections).toHaveLength(3);
    expect(catalogue.stores).toHaveLength(2);
    expect(catalogue.types).toHaveLength(2);
    const operations = new Set(fetchChecked.checks.map((check) => check.operation));
    expect([...operations].sort()).toEqual(
      [
        'createCategory',
        'createChannel',
        'createCustomerGroup',
        'createProduct',
        'createProductSelection',
        'createProductType',
        'createShippingMethod',
        'createStore',
        'createTaxCategory',
        'createType',
        'createZone',
        'requestToken',
        'updateProductSelectionById',
      ].sort(),
    );
  });

  it('is deterministic with the seed: names, keys, SKUs and assignments', async () => {
    const again = await seedCatalogue(createEmulator({ projectKey: 'seed-project' }), { seed: 42 });
    expect(shape(again)).toEqual(shape(catalogue));
    const other = await seedCatalogue(createEmulator({ projectKey: 'seed-project' }), { seed: 43 });
    expect(shape(other)).not.toEqual(shape(catalogue));
  });

  it('creates a distribution and a supply Channel, prices every variant in EUR (also on the distribution Channel) and USD, and gives each Store the Channels', async () => {
    const session = openSession(emulator);
    expect(catalogue.channels.map((channel) => channel.roles)).toEqual([['ProductDistribution'], ['InventorySupply']]);
    const [web, warehouse] = catalogue.channels;
    const product = catalogue.products[0]!;
    const projection = await session.expect<{
      masterVariant: {
        prices: {
          value: { centAmount: number; currencyCode: string; fractionDigits: number };
          channel?: { id: string };
          customerGroup?: { id: string };
        }[];
      };
    }>(200, 'GET', `/product-projections/${product.id}`);
    const prices = projection.masterVariant.prices;
    expect(
      prices.map((price) => [
        price.value.centAmount,
        price.value.currencyCode,
        price.value.fractionDigits,
        price.channel?.id,
        price.customerGroup?.id,
      ]),
    ).toEqual([
      [product.centAmounts[0], 'EUR', 2, undefined, undefined],
      [product.centAmounts[0], 'EUR', 2, web!.id, undefined],
      [product.centAmounts[0], 'USD', 2, undefined, undefined],
      [product.centAmounts[0]! - 500, 'EUR', 2, undefined, catalogue.customerGroups[0]!.id],
    ]);
    const store = await session.expect<{ countries: unknown[]; distributionChannels: { id: string }[]; supplyChannels: { id: string }[] }>(
      200,
      'GET',
      `/stores/${catalogue.stores[0]!.id}`,
    );
    expect(store.countries).toEqual([{ code: 'DE' }, { code: 'US' }]);
    expect(store.distributionChannels.map((ref) => ref.id)).toEqual([web!.id]);
    expect(store.supplyChannels.map((ref) => ref.id)).toEqual([warehouse!.id]);
  });

  it('creates a Category tree and a Tax Category, and puts every Product in a child Category, taxed by it', async () => {
    const session = openSession(emulator);
    const [root, ...children] = catalogue.categories;
    expect(catalogue.categories.map((category) => [category.key, category.parentId])).toEqual([
      ['category-clothing', undefined],
      ['category-tops', root!.id],
      ['category-bottoms', root!.id],
    ]);
    const child = await session.expect<{ ancestors: { id: string }[] }>(200, 'GET', `/categories/${children[0]!.id}`);
    expect(child.ancestors.map((ancestor) => ancestor.id)).toEqual([root!.id]);
    const tax = await session.expect<{ rates: { country: string; amount: number }[] }>(
      200,
      'GET',
      `/tax-categories/${catalogue.taxCategory.id}`,
    );
    expect(tax.rates).toMatchObject([
      { country: 'DE', amount: 0.19, includedInPrice: true },
      { country: 'US', amount: 0.07, includedInPrice: false },
    ]);
    expect(new Set(catalogue.products.map((product) => product.categoryId))).toEqual(new Set(children.map((category) => category.id)));
    for (const product of catalogue.products) {
      const projection = await session.expect<{
        categories: { id: string }[];
        categoryOrderHints: Record<string, string>;
        taxCategory: { id: string };
      }>(200, 'GET', `/product-projections/${product.id}`);
      expect(projection.categories.map((category) => category.id)).toEqual([product.categoryId]);
      expect(Object.keys(projection.categoryOrderHints)).toEqual([product.categoryId]);
      expect(projection.taxCategory.id).toBe(catalogue.taxCategory.id);
    }
  });

  it('gives Product Selections and Stores typed Custom Fields, a Type for each', async () => {
    const session = openSession(emulator);
    expect(catalogue.types.map((type) => [type.resourceTypeId, type.fields])).toEqual([
      ['product-selection', ['season', 'priority']],
      ['store', ['region', 'opensAt']],
    ]);
    const [selectionType, storeType] = catalogue.types;
    for (const seeded of catalogue.selections) {
      const selection = await session.expect<{ custom: unknown }>(200, 'GET', `/product-selections/${seeded.id}`);
      expect(selection.custom).toEqual({ type: { typeId: 'type', id: selectionType!.id }, fields: seeded.customFields });
    }
    const store = await session.expect<{ custom: unknown }>(200, 'GET', `/stores/${catalogue.stores[0]!.id}`);
    expect(store.custom).toEqual({ type: { typeId: 'type', id: storeType!.id }, fields: catalogue.stores[0]!.customFields });
    const summer = await session.expect<{ count: number }>(
      200,
      'GET',
      `/product-selections?where=${encodeURIComponent('custom(fields(season = "summer"))')}&withTotal=false`,
    );
    expect(summer.count).toBe(catalogue.selections.filter((selection) => selection.customFields.season === 'summer').length);
  });

  it('publishes every Product with its variants and unique SKUs', async () => {
    const session = openSession(emulator);
    const skus = catalogue.products.flatMap((product) => product.skus);
    expect(new Set(skus).size).toBe(skus.length);
    for (const product of catalogue.products) {
      expect(product.skus).toHaveLength(3);
      const projection = await session.expect<{
        masterVariant: { sku: string };
        variants: { sku: string; attributes: unknown[] }[];
        published: boolean;
      }>(200, 'GET', `/product-projections/${product.id}`);
      expect([projection.masterVariant.sku, ...projection.variants.map((variant) => variant.sku)]).toEqual(product.skus);
      // Enum values sent by key are answered as { key, label }.
      const enumValue = { key: expect.any(String), label: expect.any(String) };
      expect(projection.variants[0]?.attributes).toEqual([
        { name: 'color', value: enumValue },
        { name: 'size', value: enumValue },
      ]);
    }
  });

  it('fills the selections with Products; the last Product is in none', async () => {
    const session = openSession(emulator);
    for (const selection of catalogue.selections) {
      expect(selection.productIds.length).toBeGreaterThan(0);
      const stored = await session.expect<{ productCount: number; version: number }>(200, 'GET', `/product-selections/${selection.id}`);
      expect(stored).toMatchObject({ productCount: selection.productIds.length, version: selection.version });
    }
    const last = catalogue.products.at(-1)!;
    expect(catalogue.selections.some((selection) => selection.productIds.includes(last.id))).toBe(false);
    const held = new Set(catalogue.selections.flatMap((selection) => selection.productIds));
    expect(held.size).toBe(catalogue.products.length - 1);
  });

  it('assigns selections to Stores, some active: a Store serves what its active selections hold and refuses the rest', async () => {
    const session = openSession(emulator);
    const flags = catalogue.stores.flatMap((store) => store.productSelections.map((setting) => setting.active));
    expect(flags).toContain(true);
    expect(flags).toContain(false);
    for (const store of catalogue.stores) {
      const stored = await session.expect<{ productSelections: { productSelection: { id: string }; active: boolean }[] }>(
        200,
        'GET',
        `/stores/key=${store.key}`,
      );
      expect(stored.productSelections.map((setting) => ({ id: setting.productSelection.id, active: setting.active }))).toEqual(
        store.productSelections.map(({ id, active }) => ({ id, active })),
      );
      const active = catalogue.selections.find(
        (selection) => selection.id === store.productSelections.find((setting) => setting.active)?.id,
      )!;
      const available = await session.call('GET', `/in-store/key=${store.key}/product-projections/${active.productIds[0]}`);
      expect(available.status).toBe(200);
      const outside = await session.call('GET', `/in-store/key=${store.key}/product-projections/${catalogue.products.at(-1)!.id}`);
      expect(outside.status).toBe(404);
    }
  });

  it('sells to two markets, DE in EUR and US in USD, each with its tax rate and a Zone holding its country', async () => {
    const session = openSession(emulator);
    expect(catalogue.markets).toEqual([
      { country: 'DE', currency: 'EUR', taxRate: { name: 'Standard DE', amount: 0.19, includedInPrice: true } },
      { country: 'US', currency: 'USD', taxRate: { name: 'Sales tax US', amount: 0.07, includedInPrice: false } },
    ]);
    expect(catalogue.zones.map((zone) => [zone.key, zone.country])).toEqual([
      ['zone-de', 'DE'],
      ['zone-us', 'US'],
    ]);
    for (const zone of catalogue.zones) {
      const stored = await session.expect<{ locations: unknown[]; version: number }>(200, 'GET', `/zones/key=${zone.key}`);
      expect(stored).toMatchObject({ locations: [{ country: zone.country }], version: zone.version });
    }
  });

  it('prices and taxes a cart in each market', async () => {
    const session = openSession(emulator);
    const product = catalogue.products[0]!;
    expect(product.centAmounts[0]).toBe(6999); // seed 42
    const taxed = async (country: string, currency: string) => {
      const cart = await session.expect<{
        totalPrice: { centAmount: number };
        taxedPrice: { totalNet: { centAmount: number }; totalGross: { centAmount: number }; totalTax: { centAmount: number } };
      }>(201, 'POST', '/carts', {
        currency,
        country,
        lineItems: [{ sku: product.skus[0], quantity: 2 }],
        shippingAddress: { country },
      });
      const { totalNet, totalGross, totalTax } = cart.taxedPrice;
      return [cart.totalPrice.centAmount, totalNet.centAmount, totalTax.centAmount, totalGross.centAmount];
    };
    // DE, 19 % included: 2 x 69.99 = 139.98 gross; net 13998 / 1.19 = 11763.03 -> 11763; tax 13998 - 11763 = 2235.
    expect(await taxed('DE', 'EUR')).toEqual([13998, 11763, 2235, 13998]);
    // US, 7 % added: 2 x 69.99 = 139.98 net; tax 13998 x 0.07 = 979.86 -> 980; gross 13998 + 980 = 14978.
    expect(await taxed('US', 'USD')).toEqual([13998, 13998, 980, 14978]);
  });

  it('ships to each market: standard (the default, free from a cart value) and express, a rate in the market currency', async () => {
    const session = openSession(emulator);
    const [de, us] = catalogue.zones;
    expect(
      catalogue.shippingMethods.map((method) => [
        method.key,
        method.name,
        method.isDefault,
        method.rates.map((rate) => Object.values(rate)),
      ]),
    ).toEqual([
      [
        'shipping-standard',
        'Standard shipping',
        true,
        [
          ['DE', de!.id, 'EUR', 499, 5000],
          ['US', us!.id, 'USD', 599, 7500],
        ],
      ],
      [
        'shipping-express',
        'Express shipping',
        false,
        [
          ['DE', de!.id, 'EUR', 999],
          ['US', us!.id, 'USD', 1499],
        ],
      ],
    ]);
    for (const market of catalogue.markets) {
      const matching = await session.expect<{
        results: {
          key: string;
          taxCategory: { id: string };
          zoneRates: { shippingRates: { price: { centAmount: number }; isMatching: boolean }[] }[];
        }[];
      }>(200, 'GET', `/shipping-methods/matching-location?country=${market.country}&currency=${market.currency}`);
      // The default first, each with its market's rate flagged.
      expect(matching.results.map((method) => method.key)).toEqual(['shipping-standard', 'shipping-express']);
      for (const method of matching.results) {
        expect(method.taxCategory.id).toBe(catalogue.taxCategory.id);
        const seeded = catalogue.shippingMethods.find((one) => one.key === method.key)!;
        const flagged = method.zoneRates.flatMap((zoneRate) => zoneRate.shippingRates).filter((rate) => rate.isMatching);
        expect(flagged.map((rate) => rate.price.centAmount)).toEqual([
          seeded.rates.find((rate) => rate.country === market.country)!.centAmount,
        ]);
      }
    }
  });

  it('ships a cart of seeded Products: standard free from its threshold, express never', async () => {
    const session = openSession(emulator);
    const [standard, express] = catalogue.shippingMethods;
    const [sneaker, , shirt] = catalogue.products;
    expect([sneaker!.centAmounts[0], shirt!.centAmounts[0]]).toEqual([6999, 4299]); // seed 42
    type Money = { centAmount: number };
    const shipped = async (country: string, currency: string, sku: string, methodId: string) => {
      const cart = await session.expect<{ id: string; version: number }>(201, 'POST', '/carts', {
        currency,
        country,
        lineItems: [{ sku }],
        shippingAddress: { country },
      });
      const updated = await session.expect<{
        shippingInfo: { price: Money };
        totalPrice: Money;
        taxedPrice: { totalNet: Money; totalTax: Money; totalGross: Money };
      }>(200, 'POST', `/carts/${cart.id}`, {
        version: cart.version,
        actions: [{ action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: methodId } }],
      });
      const { totalNet, totalTax, totalGross } = updated.taxedPrice;
      return [updated.shippingInfo.price, updated.totalPrice, totalNet, totalTax, totalGross].map((money) => money.centAmount);
    };
    // DE, 69.99 reaches standard's 50.00: free; 19 % included: net 6999 / 1.19 = 5881.51 -> 5882, tax 1117.
    expect(await shipped('DE', 'EUR', sneaker!.skus[0]!, standard!.id)).toEqual([0, 6999, 5882, 1117, 6999]);
    // DE, 42.99 is under 50.00: 4.99; total 47.98. Net 4299 / 1.19 = 3612.61 -> 3613 (tax 686) and
    // 499 / 1.19 = 419.33 -> 419 (tax 80): net 4032, tax 766.
    expect(await shipped('DE', 'EUR', shirt!.skus[0]!, standard!.id)).toEqual([499, 4798, 4032, 766, 4798]);
    // DE, express is 9.99 whatever the value: 69.99 + 9.99 = 79.98; net 5882 and 99900 / 119 =
    // 839.496 -> 839 (tax 160): net 6721, tax 1277.
    expect(await shipped('DE', 'EUR', sneaker!.skus[0]!, express!.id)).toEqual([999, 7998, 6721, 1277, 7998]);
    // US, 42.99 USD is under 75.00: 5.99; 7 % added: 4299 x 0.07 = 300.93 -> 301, 599 x 0.07 = 41.93 -> 42;
    // total (net) 4898, tax 343, gross 5241.
    expect(await shipped('US', 'USD', shirt!.skus[0]!, standard!.id)).toEqual([599, 4898, 4898, 343, 5241]);
  });

  it('creates the Customer Groups gold and wholesale', async () => {
    const session = openSession(emulator);
    expect(catalogue.customerGroups.map((group) => [group.key, group.name])).toEqual([
      ['customer-group-gold', 'Gold'],
      ['customer-group-wholesale', 'Wholesale'],
    ]);
    for (const group of catalogue.customerGroups) {
      const stored = await session.expect<{ name: string; version: number }>(200, 'GET', `/customer-groups/${group.id}`);
      expect(stored).toMatchObject({ name: group.name, version: group.version });
    }
  });

  it('prices the master variants 5.00 EUR cheaper for the gold Customer Group, in its carts', async () => {
    const session = openSession(emulator);
    const [gold, wholesale] = catalogue.customerGroups;
    const product = catalogue.products[0]!;
    expect(product.groupPrices).toEqual([{ sku: product.skus[0], customerGroupId: gold!.id, currency: 'EUR', centAmount: 6499 }]);
    expect(catalogue.products.every((one) => one.groupPrices.length === 1 && one.groupPrices[0]!.sku === one.skus[0])).toBe(true);
    const unitPrice = async (groupId: string) => {
      const cart = await session.expect<{ lineItems: { price: { value: { centAmount: number } } }[] }>(201, 'POST', '/carts', {
        currency: 'EUR',
        country: 'DE',
        customerGroup: { typeId: 'customer-group', id: groupId },
        lineItems: [{ sku: product.skus[0] }],
      });
      return cart.lineItems[0]!.price.value.centAmount;
    };
    // 69.99 - 5.00 = 64.99 for gold; wholesale has no group price, so the base price 69.99.
    expect(await unitPrice(gold!.id)).toBe(6499);
    expect(await unitPrice(wholesale!.id)).toBe(6999);
  });

  it('leaves the checkout set-up out with checkout: false', async () => {
    const target = createEmulator({ projectKey: 'seed-project' });
    const plain = await seedCatalogue(target, { seed: 42, checkout: false });
    expect(shape(plain)).toEqual(shape(catalogue));
    expect(plain.zones).toEqual([]);
    expect(plain.customerGroups).toEqual([]);
    expect(plain.shippingMethods).toEqual([]);
    expect(plain.products.flatMap((product) => product.groupPrices)).toEqual([]);
    expect((await openSession(target).expect<{ count: number }>(200, 'GET', '/zones?withTotal=false')).count).toBe(0);
  });

  it('opens the Stores at 08:00, 09:00 and 10:00, in turn', async () => {
    const three = await seedCatalogue(createEmulator({ projectKey: 'seed-project' }), { seed: 5, products: 2, selections: 1, stores: 3 });
    expect(three.stores.map((store) => store.customFields.opensAt)).toEqual(['08:00:00', '09:00:00', '10:00:00']);
  });

  it('honours the amounts, a key prefix, and refuses bad amounts', async () => {
    const small = await seedCatalogue(createEmulator({ projectKey: 'seed-project' }), {
      seed: 7,
      productTypes: 1,
      products: 3,
      selections: 1,
      stores: 1,
      variantsPerProduct: 1,
      keyPrefix: 'run-1-',
    });
    expect(small.products).toHaveLength(3);
    expect(small.products.every((product) => product.key.startsWith('run-1-') && product.skus[0]!.startsWith('RUN-1-'))).toBe(true);
    expect(small.stores[0]!.productSelections).toEqual([{ id: small.selections[0]!.id, key: small.selections[0]!.key, active: true }]);
    await expect(seedCatalogue(emulator, { products: -1 })).rejects.toThrow(RangeError);
  });

  it('reports a refused request with its status and error, e.g. a key taken by an earlier run', async () => {
    const error = await seedCatalogue(emulator, { seed: 42 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as UnexpectedAnswerError).message).toMatch(/^POST \/channels answered 400 \(DuplicateField: /);
    expect((error as UnexpectedAnswerError).message).not.toContain(emulator.credentials.clientSecret);
  });

  it('deleteCatalogue removes everything it created', async () => {
    const target = createEmulator({ projectKey: 'seed-project' });
    const created = await seedCatalogue(target, { seed: 3, products: 4 });
    await deleteCatalogue(target, created);
    await deleteCatalogue(target, created); // already gone: nothing to do
    const session = openSession(target);
    for (const path of [
      '/stores',
      '/product-selections',
      '/products',
      '/product-types',
      '/types',
      '/categories',
      '/tax-categories',
      '/channels',
      '/zones',
      '/customer-groups',
      '/shipping-methods',
    ]) {
      expect((await session.expect<{ count: number }>(200, 'GET', `${path}?withTotal=false`)).count, path).toBe(0);
    }
  });

  describe('against a deployment given by URLs and credentials', () => {
    let server: RunningEmulator;
    beforeAll(async () => {
      server = await startEmulator({ projectKey: 'seed-over-http' });
    });
    afterAll(() => server.close());

    it('goes over real HTTP with the global fetch', async () => {
      const target = {
        apiUrl: server.urls.api,
        authUrl: server.urls.auth,
        projectKey: 'seed-over-http',
        clientId: server.emulator.credentials.clientId,
        clientSecret: server.emulator.credentials.clientSecret,
      };
      const overHttp = await seedCatalogue(target, { seed: 42 });
      expect(shape(overHttp)).toEqual(shape(catalogue));
    });
  });
});
