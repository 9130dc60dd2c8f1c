import { describe, expect, it } from 'vitest';
import { tokenWithScope } from '../rest/helpers.js';
import { createHistoryApi, summary } from './helpers.js';

/**
 * A deleted Product leaves the Product Selections that held it: each gets a new version, and that
 * version has its Record (a Record per version), like a removeProduct. It is a background change,
 * so neither the selection's lastModifiedBy nor the Record names the client that deleted the Product.
 */
describe('deleting a Product held by Product Selections', () => {
  it('gives each selection a new version, recorded as removeProduct + setProductCount made by the platform', async () => {
    const api = await createHistoryApi();
    expect((await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' })).status).toBe(201);
    const product = (
      await api.call('POST', '/products', {
        key: 'tee',
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: 'Tee' },
        slug: { en: 'tee' },
      })
    ).body;
    const other = (
      await api.call('POST', '/products', {
        key: 'cap',
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: 'Cap' },
        slug: { en: 'cap' },
      })
    ).body;
    for (const key of ['summer', 'winter']) {
      expect((await api.call('POST', '/product-selections', { key, name: { en: key } })).status).toBe(201);
      const actions = [
        { action: 'addProduct', product: { id: product.id } },
        { action: 'addProduct', product: { id: other.id } },
      ];
      expect((await api.call('POST', `/product-selections/key=${key}`, { version: 1, actions })).status).toBe(200);
    }
    const untouched = (await api.call('POST', '/product-selections', { key: 'spring', name: { en: 'spring' } })).body;

    const deleter = api.as(await tokenWithScope(api, `manage_products:${api.project}`));
    expect((await deleter('DELETE', `/products/${product.id}?version=${product.version}`)).status).toBe(200);

    for (const key of ['summer', 'winter']) {
      const selection = (await api.call('GET', `/product-selections/key=${key}`)).body;
      expect(selection).toMatchObject({ version: 3, productCount: 1, lastModifiedBy: { clientId: api.emulator.credentials.clientId } });
      const records = (await api.history(`/product-selection/${selection.id}`)).body;
      expect(summary(records)).toEqual([
        'product-selection v2->v3 ResourceUpdated [removeProduct,setProductCount]',
        'product-selection v1->v2 ResourceUpdated [addProduct,addProduct,setProductCount]',
        'product-selection v0->v1 ResourceCreated []',
      ]);
      const [removal] = records.results;
      expect(removal!.changes).toEqual([
        { change: 'removeProduct', type: 'RemoveProductChange', previousValue: { typeId: 'product', id: product.id } },
        { change: 'setProductCount', type: 'SetProductCountChange', previousValue: 2, nextValue: 1 },
      ]);
      expect(removal!.modifiedBy).toEqual({ type: 'user', isPlatformClient: true });
      // The remaining product is still in the selection.
      const held = (await api.call('GET', `/product-selections/key=${key}/products`)).body;
      expect(held.results).toEqual([{ product: { typeId: 'product', id: other.id } }]);
    }
    // Labels: a Product's is a ProductLabel (slug and name), a Product Type's a StringLabel (its name).
    const deleted = (await api.history(`/product/${product.id}`)).body.results[0]!;
    expect(deleted.type).toBe('ResourceDeleted');
    expect(deleted.label).toEqual({ type: 'ProductLabel', slug: { en: 'tee' }, name: { en: 'Tee' } });
    expect((await api.history('/product-type')).body.results[0]!.label).toEqual({ type: 'StringLabel', value: 'Shirt' });
    // A selection that did not hold the product is not touched.
    expect((await api.call('GET', `/product-selections/${untouched.id}`)).body.version).toBe(1);
    expect(summary((await api.history(`/product-selection/${untouched.id}`)).body)).toEqual([
      'product-selection v0->v1 ResourceCreated []',
    ]);
  });
});
