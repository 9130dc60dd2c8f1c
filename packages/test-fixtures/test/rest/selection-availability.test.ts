import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, createStore, ok, update, type Api, type Json } from './helpers.js';

/**
 * Availability in a Store per variant, for every combination of modes, active flags and variant
 * lists, through the in-store Product Projection. The rule (the Commerce schema, `Store.productSelections`,
 * after the live reference): no settings, every variant; none active, every variant when all
 * selections exclude and none otherwise; else a variant must be let in by an active `Individual`
 * selection (when there is one) and excluded by no active `IndividualExclusion` one.
 */

const SKUS = ['a', 'b', 'c'] as const;

/** How one selection holds the Product: not at all, whole, or with a variant list. */
interface Holding {
  mode: 'Individual' | 'IndividualExclusion';
  name: string;
  action?: Record<string, unknown>;
}

const HOLDINGS: Holding[] = [
  { mode: 'Individual', name: 'individual-without' },
  { mode: 'Individual', name: 'individual-all', action: { action: 'addProduct' } },
  {
    mode: 'Individual',
    name: 'individual-only-a',
    action: { action: 'addProduct', variantSelection: { type: 'includeOnly', skus: ['a'] } },
  },
  {
    mode: 'Individual',
    name: 'individual-except-a',
    action: { action: 'addProduct', variantSelection: { type: 'includeAllExcept', skus: ['a'] } },
  },
  { mode: 'IndividualExclusion', name: 'exclusion-without' },
  { mode: 'IndividualExclusion', name: 'exclusion-all', action: { action: 'excludeProduct' } },
  { mode: 'IndividualExclusion', name: 'exclusion-of-b', action: { action: 'excludeProduct', variantExclusion: { skus: ['b'] } } },
];

interface Setting {
  holding: Holding;
  active: boolean;
}

/** The same rule as sets: included ∖ excluded, with the two cases of no active selection. */
function expected(settings: readonly Setting[]): string[] {
  if (settings.length === 0) return [...SKUS];
  const active = settings.filter((s) => s.active);
  if (active.length === 0) return settings.every((s) => s.holding.mode === 'IndividualExclusion') ? [...SKUS] : [];
  const held = (s: Setting): Set<string> => {
    const action = s.holding.action;
    if (!action) return new Set();
    const list = (action['variantSelection'] ?? action['variantExclusion']) as { type?: string; skus: string[] } | undefined;
    if (!list) return new Set(SKUS);
    return new Set(list.type === 'includeAllExcept' ? SKUS.filter((sku) => !list.skus.includes(sku)) : list.skus);
  };
  const inclusions = active.filter((s) => s.holding.mode === 'Individual');
  const included = inclusions.length === 0 ? new Set<string>(SKUS) : new Set(inclusions.flatMap((s) => [...held(s)]));
  const excluded = new Set(active.filter((s) => s.holding.mode === 'IndividualExclusion').flatMap((s) => [...held(s)]));
  return SKUS.filter((sku) => included.has(sku) && !excluded.has(sku));
}

const describeSettings = (settings: readonly Setting[]) =>
  settings.length === 0 ? 'no selections' : settings.map((s) => `${s.holding.name} (${s.active ? 'active' : 'inactive'})`).join(' + ');

/** Every list of zero, one or two settings over distinct holdings, each active or not. */
function allSettings(): Setting[][] {
  const singles = HOLDINGS.flatMap((holding) => [true, false].map((active) => ({ holding, active })));
  const pairs: Setting[][] = [];
  singles.forEach((first, i) => singles.slice(i + 1).forEach((second) => first.holding !== second.holding && pairs.push([first, second])));
  return [[], ...singles.map((s) => [s]), ...pairs];
}

describe('availability of variants in a Store', () => {
  let api: Api;
  let productId: string;
  const selectionIds = new Map<string, string>();

  beforeAll(async () => {
    api = await createApi();
    ok(await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' }), 201);
    const product = ok(
      await api.call('POST', '/products', {
        key: 'shirt',
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: 'Shirt' },
        slug: { en: 'shirt' },
        masterVariant: { sku: 'a' },
        variants: [{ sku: 'b' }, { sku: 'c' }],
        publish: true,
      }),
      201,
    );
    productId = product.id as string;
    for (const holding of HOLDINGS) {
      const selection = ok(
        await api.call('POST', '/product-selections', { key: holding.name, name: { en: holding.name }, mode: holding.mode }),
        201,
      );
      selectionIds.set(holding.name, selection.id as string);
      if (holding.action)
        ok(
          await update(api, `/product-selections/${selection.id as string}`, [
            { ...holding.action, product: { typeId: 'product', id: productId } },
          ]),
        );
    }
    await createStore(api, 'store');
  });

  /** The SKUs of the in-store projection, master first; [] for a 404. */
  async function offered(settings: readonly Setting[]): Promise<string[]> {
    const productSelections = settings.map((s) => ({
      productSelection: { typeId: 'product-selection', id: selectionIds.get(s.holding.name)! },
      active: s.active,
    }));
    ok(await update(api, '/stores/key=store', [{ action: 'setProductSelections', productSelections }]));
    const answer = await api.call('GET', `/in-store/key=store/product-projections/${productId}`);
    if (answer.status === 404) return [];
    const projection = ok(answer) as Json;
    return [projection['masterVariant'], ...(projection['variants'] as Json[])].map((v: Json) => v['sku'] as string);
  }

  const row = (names: [string, boolean][], skus: string[]) => ({
    settings: names.map(([name, active]) => ({ holding: HOLDINGS.find((h) => h.name === name)!, active })),
    skus,
  });

  it.each([
    row([], ['a', 'b', 'c']),
    row([['individual-all', false]], []),
    row([['exclusion-all', false]], ['a', 'b', 'c']),
    row(
      [
        ['exclusion-all', false],
        ['individual-all', false],
      ],
      [],
    ),
    row([['individual-all', true]], ['a', 'b', 'c']),
    row([['individual-without', true]], []),
    row([['individual-only-a', true]], ['a']),
    row([['individual-except-a', true]], ['b', 'c']),
    row(
      [
        ['individual-only-a', true],
        ['individual-except-a', true],
      ],
      ['a', 'b', 'c'],
    ),
    row(
      [
        ['individual-only-a', true],
        ['individual-all', false],
      ],
      ['a'],
    ),
    row([['exclusion-without', true]], ['a', 'b', 'c']),
    row([['exclusion-all', true]], []),
    row([['exclusion-of-b', true]], ['a', 'c']),
    row(
      [
        ['exclusion-of-b', true],
        ['exclusion-without', true],
      ],
      ['a', 'c'],
    ),
    row(
      [
        ['individual-all', true],
        ['exclusion-of-b', true],
      ],
      ['a', 'c'],
    ),
    row(
      [
        ['individual-except-a', true],
        ['exclusion-of-b', true],
      ],
      ['c'],
    ),
    row(
      [
        ['individual-only-a', true],
        ['exclusion-all', true],
      ],
      [],
    ),
    row(
      [
        ['individual-without', true],
        ['exclusion-without', true],
      ],
      [],
    ),
    row(
      [
        ['individual-only-a', false],
        ['exclusion-of-b', true],
      ],
      ['a', 'c'],
    ),
  ])('offers $skus with the settings of row %#', async ({ settings, skus }) => {
    expect(await offered(settings), describeSettings(settings)).toEqual(skus);
    expect(expected(settings)).toEqual(skus);
  });

  it('offers, for every combination of up to two selections, the variants the rule gives', async () => {
    const combinations = allSettings();
    expect(combinations.length).toBe(1 + 14 + 84);
    for (const settings of combinations) expect(await offered(settings), describeSettings(settings)).toEqual(expected(settings));
  });

  it('makes the first offered variant the master when the master variant is not offered', async () => {
    const settings = [{ holding: HOLDINGS.find((h) => h.name === 'individual-except-a')!, active: true }];
    await offered(settings);
    const projection = ok(await api.call('GET', '/in-store/key=store/product-projections/key=shirt')) as Json;
    expect(projection['masterVariant']).toMatchObject({ id: 2, sku: 'b' });
    expect((projection['variants'] as Json[]).map((v) => v['id'])).toEqual([3]);
  });

  it('lists the active selections of both modes in the in-store assignments, with their variant lists', async () => {
    const pick = (name: string, active: boolean) => ({ holding: HOLDINGS.find((h) => h.name === name)!, active });
    await offered([pick('individual-only-a', true), pick('exclusion-of-b', true), pick('individual-all', false)]);
    const page = ok(await api.call('GET', '/in-store/key=store/product-selection-assignments')) as Json;
    expect(page['results']).toEqual([
      {
        product: { typeId: 'product', id: productId },
        productSelection: { typeId: 'product-selection', id: selectionIds.get('individual-only-a') },
        variantSelection: { type: 'includeOnly', skus: ['a'] },
      },
      {
        product: { typeId: 'product', id: productId },
        productSelection: { typeId: 'product-selection', id: selectionIds.get('exclusion-of-b') },
        variantExclusion: { skus: ['b'] },
      },
    ]);
  });
});
