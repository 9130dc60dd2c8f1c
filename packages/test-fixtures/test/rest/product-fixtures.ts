import { expect } from 'vitest';
import { createHistoryApi, type HistoryApi } from '../history/helpers.js';
import { ok, type ApiAnswer, type Json } from './helpers.js';

/**
 * Shared set-up of the Product update tests: an emulator with its Change History, a Product Type
 * whose attributes cover every constraint, Products made through the API, update calls, and the
 * Changes of a Product's newest Change History Record.
 */

const label = (name: string) => ({ en: name });

/** The attributes of the `shirt` type: one per constraint, and a few types. */
export const SHIRT_ATTRIBUTES = [
  {
    name: 'color',
    label: label('Color'),
    type: {
      name: 'enum',
      values: [
        { key: 'red', label: 'Red' },
        { key: 'blue', label: 'Blue' },
      ],
    },
    attributeConstraint: 'CombinationUnique',
  },
  { name: 'size', label: label('Size'), type: { name: 'text' }, attributeConstraint: 'CombinationUnique' },
  { name: 'ean', label: label('EAN'), type: { name: 'text' }, attributeConstraint: 'Unique' },
  { name: 'brand', label: label('Brand'), type: { name: 'text' }, attributeConstraint: 'SameForAll' },
  { name: 'weight', label: label('Weight'), type: { name: 'number' } },
  { name: 'care', label: label('Care'), type: { name: 'ltext' } },
  { name: 'msrp', label: label('MSRP'), type: { name: 'money' } },
  { name: 'tags', label: label('Tags'), type: { name: 'set', elementType: { name: 'text' } } },
];

export interface Product {
  id: string;
  version: number;
  key?: string;
  masterData: { published: boolean; hasStagedChanges: boolean; current: Json; staged: Json };
  [field: string]: unknown;
}

export interface ProductApi {
  api: HistoryApi;
  /** Creates a Product of the `shirt` type; `extra` adds to or overrides the draft. */
  create(n: number, extra?: Json): Promise<Product>;
  /** Sends update actions at the Product's version. */
  update(product: Pick<Product, 'id' | 'version'>, actions: Json[]): Promise<ApiAnswer<Product>>;
  /** Sends update actions and expects 200. */
  updated(product: Pick<Product, 'id' | 'version'>, actions: Json[]): Promise<Product>;
  /** The stored Product. */
  get(id: string): Promise<Product>;
  /** The Changes of the Product's newest Change History Record. */
  lastChanges(id: string): Promise<Json[]>;
}

export async function productApi(): Promise<ProductApi> {
  const api = await createHistoryApi();
  ok(await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt', attributes: SHIRT_ATTRIBUTES }), 201);
  const update = (product: Pick<Product, 'id' | 'version'>, actions: Json[]) =>
    api.call<Product>('POST', `/products/${product.id}`, { version: product.version, actions });
  return {
    api,
    async create(n, extra = {}) {
      const draft = {
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: `Shirt ${n}` },
        slug: { en: `shirt-${n}` },
        masterVariant: { sku: `sku-${n}-1` },
        ...extra,
      };
      return ok(await api.call<Product>('POST', '/products', draft), 201);
    },
    update,
    async updated(product, actions) {
      return ok(await update(product, actions));
    },
    async get(id) {
      return ok(await api.call<Product>('GET', `/products/${id}`));
    },
    async lastChanges(id) {
      const page = ok(await api.history(`/product/${id}?limit=1`));
      expect(page.results.length).toBe(1);
      return page.results[0]!.changes;
    },
  };
}

/** Every variant of one data set, master first. */
export function variantsOf(data: Json): Json[] {
  return [data['masterVariant'], ...(data['variants'] as Json[])];
}
