/**
 * Code written as the live documentation writes it compiles: a request member that has a default
 * and is not required may be left out (`publish` of a ProductDraft, `staged` of a Product update
 * action, `active` of a Store's Product Selection setting), and `where`, `expand` and `sort` take
 * one string or a list, as the official SDK does. Answers keep their required members.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Product, RestClient, Store, components } from '../src/index.js';
declare const rest: RestClient;

describe('a request member with a default', () => {
  it('may be left out: a ProductDraft without publish', () => {
    const body: components['schemas']['ProductDraft'] = {
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: 'Shirt' },
      slug: { en: 'shirt' },
    };
    void rest.POST('/products', { body });
    void rest.POST('/products', { body: { productType: { typeId: 'product-type', id: 'x' }, name: { en: 'T' }, slug: { en: 't' } } });
    expectTypeOf<components['schemas']['ProductDraft']['publish']>().toEqualTypeOf<boolean | undefined>();
  });

  it('may be left out: Product update actions without staged, a Store setting without active', () => {
    void rest.POST('/products/{ID}', {
      params: { path: { ID: 'x' } },
      body: {
        version: 1,
        actions: [
          { action: 'changeName', name: { en: 'Shirt' } },
          { action: 'setSku', variantId: 1, sku: 'shirt-1' },
          { action: 'publish' },
        ],
      },
    });
    void rest.POST('/stores/key={key}', {
      params: { path: { key: 'berlin' } },
      body: { version: 1, actions: [{ action: 'addProductSelection', productSelection: { key: 'summer' } }] },
    });
  });

  it('is still checked when given', () => {
    void rest.POST('/products/{ID}', {
      params: { path: { ID: 'x' } },
      // @ts-expect-error staged is a boolean
      body: { version: 1, actions: [{ action: 'changeName', name: { en: 'Shirt' }, staged: 'yes' }] },
    });
  });
});

describe('an answer', () => {
  it('keeps its required members required', () => {
    expectTypeOf<Product['version']>().toEqualTypeOf<number>();
    expectTypeOf<Product['masterData']['published']>().toEqualTypeOf<boolean>();
    expectTypeOf<Product['masterData']['staged']>().toEqualTypeOf<components['schemas']['ProductData']>();
    expectTypeOf<NonNullable<Store['productSelections']>[number]['active']>().toEqualTypeOf<boolean>();
  });

  it('is typed required at the call', async () => {
    const { data } = await rest.POST('/products', {
      body: { productType: { typeId: 'product-type', key: 'shirt' }, name: { en: 'Shirt' }, slug: { en: 'shirt' } },
    });
    if (data) expectTypeOf(data.masterData.published).toEqualTypeOf<boolean>();
  });
});

describe('where, expand and sort', () => {
  it('take one string', () => {
    void rest.GET('/products', { params: { query: { where: 'key="a"' } } });
    void rest.GET('/products', { params: { query: { where: 'key = :key', var: { key: 'a' }, sort: 'id asc', expand: 'productType' } } });
    void rest.GET('/products/{ID}', { params: { path: { ID: 'x' }, query: { expand: 'productType' } } });
  });

  it('take a list of strings', () => {
    void rest.GET('/products', { params: { query: { where: ['a', 'b'] } } });
    void rest.GET('/products', { params: { query: { where: ['a', 'b'], sort: ['name.en asc', 'id asc'], expand: ['productType'] } } });
  });

  it('take nothing else', () => {
    // @ts-expect-error a predicate is a string
    void rest.GET('/products', { params: { query: { where: 1 } } });
    // @ts-expect-error a sort is a string or a list of strings
    void rest.GET('/products', { params: { query: { sort: [1] } } });
  });
});
