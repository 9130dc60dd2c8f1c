import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, expectUnchanged, messagesOf, ok, snapshot, update, type Api, type Json } from './helpers.js';

/**
 * The two modes of a Product Selection and their per-variant actions, as the live API reference
 * has them: `Individual` (addProduct with a variantSelection, setVariantSelection) and
 * `IndividualExclusion` (excludeProduct with a variantExclusion, setVariantExclusion); removeProduct
 * in both; an action of the other mode refused.
 */

const ref = (id: string) => ({ typeId: 'product', id });

async function createShirt(api: Api, key: string): Promise<string> {
  const product = ok(
    await api.call('POST', '/products', {
      key,
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: key },
      slug: { en: key },
      masterVariant: { sku: `${key}-s` },
      variants: [{ sku: `${key}-m` }, { sku: `${key}-l` }],
      publish: true,
    }),
    201,
  );
  return product.id as string;
}

async function createSelection(api: Api, key: string, mode?: string): Promise<Json> {
  return ok(await api.call('POST', '/product-selections', { key, name: { en: key }, ...(mode ? { mode } : {}) }), 201) as Json;
}

describe('Product Selection modes', () => {
  let api: Api;
  let shirt: string;
  beforeEach(async () => {
    api = await createApi();
    ok(await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' }), 201);
    shirt = await createShirt(api, 'shirt');
  });

  describe('mode at creation', () => {
    it('defaults to Individual and takes IndividualExclusion', async () => {
      expect((await createSelection(api, 'plain'))['mode']).toBe('Individual');
      expect((await createSelection(api, 'recall', 'IndividualExclusion'))['mode']).toBe('IndividualExclusion');
    });

    it('accepts the deprecated draft type, and refuses it next to a mode naming the other mode', async () => {
      const typed = ok(await api.call('POST', '/product-selections', { key: 'tt', name: { en: 't' }, type: 'individualExclusion' }), 201);
      expect(typed.mode).toBe('IndividualExclusion');
      const before = await snapshot(api);
      expectError(
        await api.call('POST', '/product-selections', { name: { en: 'x' }, type: 'individual', mode: 'IndividualExclusion' }),
        400,
        'InvalidInput',
      );
      expectError(await api.call('POST', '/product-selections', { name: { en: 'x' }, mode: 'Everything' }), 400, 'InvalidJsonInput');
      await expectUnchanged(api, before);
    });

    it('carries the mode in ProductSelectionCreated, with the matching type (individualExclusion)', async () => {
      const selection = await createSelection(api, 'recall', 'IndividualExclusion');
      const [created] = await messagesOf(api, selection['id'] as string);
      expect(created!['productSelection']).toEqual({ ...selection, type: 'individualExclusion' });
    });
  });

  describe('Individual', () => {
    let selection: Json;
    beforeEach(async () => {
      selection = await createSelection(api, 'summer');
    });

    it('adds a Product with a variant selection, shown on both membership queries and in the message', async () => {
      const variantSelection = { type: 'includeOnly', skus: ['shirt-s', 'shirt-m'] };
      const updated = ok(
        await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt), variantSelection }]),
      );
      expect(updated.productCount).toBe(1);
      expect(ok(await api.call('GET', '/product-selections/key=summer/products')).results).toEqual([
        { product: ref(shirt), variantSelection },
      ]);
      const selections = ok(await api.call('GET', `/products/${shirt}/product-selections`)).results as Json[];
      expect(selections).toEqual([
        { productSelection: { typeId: 'product-selection', id: selection['id'] }, variantSelection, createdAt: expect.any(String) },
      ]);
      const added = (await messagesOf(api, selection['id'] as string)).at(-1)!;
      expect(added).toMatchObject({
        type: 'ProductSelectionProductAdded',
        product: ref(shirt),
        variantSelection,
        sequenceNumber: 2,
        resourceVersion: 2,
      });
    });

    it('adds without a variant selection: every variant, and no variantSelection member', async () => {
      ok(await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt) }]));
      expect(ok(await api.call('GET', '/product-selections/key=summer/products')).results).toEqual([{ product: ref(shirt) }]);
      expect((await messagesOf(api, selection['id'] as string)).at(-1)).not.toHaveProperty('variantSelection');
    });

    it('refuses adding a present Product: InvalidOperation with the same variants, ProductPresentWithDifferentVariantSelection with others', async () => {
      const only = { type: 'includeOnly', skus: ['shirt-s'] };
      ok(await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt), variantSelection: only }]));
      const before = await snapshot(api);
      expectError(
        await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt), variantSelection: only }]),
        400,
        'InvalidOperation',
      );
      const different = expectError(
        await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt) }]),
        400,
        'ProductPresentWithDifferentVariantSelection',
      );
      expect(different).toMatchObject({ product: ref(shirt), existingVariantSelection: only });
      await expectUnchanged(api, before);
    });

    it('sets and unsets the variant selection, with old and new values in the message; the same one changes nothing', async () => {
      ok(await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt) }]));
      const except = { type: 'includeAllExcept', skus: ['shirt-l'] };
      const set = ok(
        await update(api, '/product-selections/key=summer', [
          { action: 'setVariantSelection', product: ref(shirt), variantSelection: except },
        ]),
      );
      expect(set.version).toBe(3);
      expect(ok(await api.call('GET', '/product-selections/key=summer/products')).results).toEqual([
        { product: ref(shirt), variantSelection: except },
      ]);
      const same = ok(
        await update(api, '/product-selections/key=summer', [
          { action: 'setVariantSelection', product: ref(shirt), variantSelection: except },
        ]),
      );
      expect(same.version).toBe(3);
      ok(
        await update(api, '/product-selections/key=summer', [
          { action: 'setVariantSelection', product: { typeId: 'product', key: 'shirt' } },
        ]),
      );
      expect(ok(await api.call('GET', '/product-selections/key=summer/products')).results).toEqual([{ product: ref(shirt) }]);
      const changes = (await messagesOf(api, selection['id'] as string)).filter(
        (m) => m['type'] === 'ProductSelectionVariantSelectionChanged',
      );
      expect(
        changes.map(({ oldVariantSelection, newVariantSelection, sequenceNumber }) => ({
          oldVariantSelection,
          newVariantSelection,
          sequenceNumber,
        })),
      ).toEqual([
        { oldVariantSelection: undefined, newVariantSelection: except, sequenceNumber: 3 },
        { oldVariantSelection: except, newVariantSelection: undefined, sequenceNumber: 4 },
      ]);
    });

    it('refuses a variant selection for a Product not in the selection with ProductAssignmentMissing', async () => {
      const before = await snapshot(api);
      const missing = expectError(
        await update(api, '/product-selections/key=summer', [
          { action: 'setVariantSelection', product: ref(shirt), variantSelection: { type: 'includeOnly', skus: ['shirt-s'] } },
        ]),
        400,
        'ProductAssignmentMissing',
      );
      expect(missing).toEqual({
        code: 'ProductAssignmentMissing',
        message: 'A Product Variant Selection can only be set for a Product that has previously been added to the Product Selection.',
        product: ref(shirt),
      });
      await expectUnchanged(api, before);
    });

    it('refuses the actions of the other mode, and changes nothing', async () => {
      ok(await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt) }]));
      const before = await snapshot(api);
      const exclude = expectError(
        await update(api, '/product-selections/key=summer', [{ action: 'excludeProduct', product: ref(shirt) }]),
        400,
        'InvalidOperation',
      );
      expect(exclude.message).toBe("The update action 'excludeProduct' is not allowed for a Product Selection with mode 'Individual'.");
      expectError(
        await update(api, '/product-selections/key=summer', [
          { action: 'setVariantExclusion', product: ref(shirt), variantExclusion: { skus: ['shirt-s'] } },
        ]),
        400,
        'ProductAssignmentMissing',
      );
      await expectUnchanged(api, before);
    });

    it('refuses SKUs the Product does not have, an empty list and the removed inclusion type', async () => {
      const before = await snapshot(api);
      const add = (variantSelection: unknown) =>
        update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: ref(shirt), variantSelection }]);
      const unknown = expectError(await add({ type: 'includeOnly', skus: ['shirt-s', 'other'] }), 400, 'InvalidInput');
      expect(unknown.message).toContain("'other'");
      expectError(await add({ type: 'includeOnly', skus: [] }), 400, 'InvalidJsonInput');
      expectError(await add({ type: 'inclusion', skus: ['shirt-s'] }), 400, 'InvalidJsonInput');
      await expectUnchanged(api, before);
    });

    it('removeVariant removes the SKU from the variant selections that name it, as a background change', async () => {
      await createSelection(api, 'winter');
      await createSelection(api, 'spring');
      const assign = (key: string, variantSelection: Json) =>
        update(api, `/product-selections/key=${key}`, [{ action: 'addProduct', product: ref(shirt), variantSelection }]);
      ok(await assign('summer', { type: 'includeOnly', skus: ['shirt-s', 'shirt-l'] }));
      ok(await assign('winter', { type: 'includeAllExcept', skus: ['shirt-l'] }));
      ok(await assign('spring', { type: 'includeOnly', skus: ['shirt-l'] }));
      const before = ok(await api.call('GET', '/product-selections/key=summer'));
      const product = ok(await api.call('GET', `/products/${shirt}`));
      ok(
        await api.call('POST', `/products/${shirt}`, { version: product.version, actions: [{ action: 'removeVariant', sku: 'shirt-l' }] }),
      );

      expect(ok(await api.call('GET', '/product-selections/key=summer/products')).results).toEqual([
        { product: ref(shirt), variantSelection: { type: 'includeOnly', skus: ['shirt-s'] } },
      ]);
      // includeAllExcept without SKUs is every variant; includeOnly without SKUs holds none of the Product.
      expect(ok(await api.call('GET', '/product-selections/key=winter/products')).results).toEqual([{ product: ref(shirt) }]);
      expect(ok(await api.call('GET', '/product-selections/key=spring/products')).results).toEqual([]);
      expect(ok(await api.call('GET', '/product-selections/key=spring')).productCount).toBe(0);
      const after = ok(await api.call('GET', '/product-selections/key=summer'));
      expect(after).toMatchObject({ version: before.version + 1, lastModifiedBy: before.lastModifiedBy });
    });
  });

  describe('IndividualExclusion', () => {
    let selection: Json;
    beforeEach(async () => {
      selection = await createSelection(api, 'recall', 'IndividualExclusion');
    });

    it('excludes a Product, whole or by variant, shown on the membership queries and in ProductSelectionProductExcluded', async () => {
      const other = await createShirt(api, 'other');
      const variantExclusion = { skus: ['shirt-m'] };
      const updated = ok(
        await update(api, '/product-selections/key=recall', [
          { action: 'excludeProduct', product: ref(shirt), variantExclusion },
          { action: 'excludeProduct', product: ref(other) },
        ]),
      );
      expect(updated.productCount).toBe(2);
      expect(ok(await api.call('GET', '/product-selections/key=recall/products')).results).toEqual([
        { product: ref(shirt), variantExclusion },
        { product: ref(other) },
      ]);
      expect(ok(await api.call('GET', `/products/${shirt}/product-selections`)).results[0]).toMatchObject({ variantExclusion });
      const excluded = (await messagesOf(api, selection['id'] as string)).slice(1);
      expect(
        excluded.map(({ type, product, variantExclusion: v, sequenceNumber }) => ({ type, product, variantExclusion: v, sequenceNumber })),
      ).toEqual([
        { type: 'ProductSelectionProductExcluded', product: ref(shirt), variantExclusion, sequenceNumber: 2 },
        { type: 'ProductSelectionProductExcluded', product: ref(other), variantExclusion: undefined, sequenceNumber: 3 },
      ]);
    });

    it('sets and unsets the variant exclusion with ProductSelectionVariantExclusionChanged', async () => {
      ok(await update(api, '/product-selections/key=recall', [{ action: 'excludeProduct', product: ref(shirt) }]));
      ok(
        await update(api, '/product-selections/key=recall', [
          { action: 'setVariantExclusion', product: ref(shirt), variantExclusion: { skus: ['shirt-l'] } },
        ]),
      );
      ok(await update(api, '/product-selections/key=recall', [{ action: 'setVariantExclusion', product: ref(shirt) }]));
      const changes = (await messagesOf(api, selection['id'] as string)).filter(
        (m) => m['type'] === 'ProductSelectionVariantExclusionChanged',
      );
      expect(changes.map(({ oldVariantExclusion, newVariantExclusion }) => ({ oldVariantExclusion, newVariantExclusion }))).toEqual([
        { oldVariantExclusion: undefined, newVariantExclusion: { skus: ['shirt-l'] } },
        { oldVariantExclusion: { skus: ['shirt-l'] }, newVariantExclusion: undefined },
      ]);
      expect(ok(await api.call('GET', '/product-selections/key=recall/products')).results).toEqual([{ product: ref(shirt) }]);
    });

    it('refuses excluding again: InvalidOperation with the same variants, ProductPresentWithDifferentVariantSelection with others', async () => {
      ok(await update(api, '/product-selections/key=recall', [{ action: 'excludeProduct', product: ref(shirt) }]));
      const before = await snapshot(api);
      expectError(
        await update(api, '/product-selections/key=recall', [{ action: 'excludeProduct', product: ref(shirt) }]),
        400,
        'InvalidOperation',
      );
      const different = expectError(
        await update(api, '/product-selections/key=recall', [
          { action: 'excludeProduct', product: ref(shirt), variantExclusion: { skus: ['shirt-s'] } },
        ]),
        400,
        'ProductPresentWithDifferentVariantSelection',
      );
      expect(different).not.toHaveProperty('existingVariantSelection');
      await expectUnchanged(api, before);
    });

    it('refuses the actions of the other mode and a variant exclusion for a Product not excluded', async () => {
      const before = await snapshot(api);
      const add = expectError(
        await update(api, '/product-selections/key=recall', [{ action: 'addProduct', product: ref(shirt) }]),
        400,
        'InvalidOperation',
      );
      expect(add.message).toBe("The update action 'addProduct' is not allowed for a Product Selection with mode 'IndividualExclusion'.");
      expectError(
        await update(api, '/product-selections/key=recall', [{ action: 'setVariantSelection', product: ref(shirt) }]),
        400,
        'ProductAssignmentMissing',
      );
      const missing = expectError(
        await update(api, '/product-selections/key=recall', [
          { action: 'setVariantExclusion', product: ref(shirt), variantExclusion: { skus: ['shirt-s'] } },
        ]),
        400,
        'ProductAssignmentMissing',
      );
      expect(missing.message).toBe(
        'A Variant Exclusion can only be set for a Product that has previously been added to the Product Selection of type Individual Exclusion.',
      );
      await expectUnchanged(api, before);
    });

    it('ends an exclusion with removeProduct', async () => {
      ok(await update(api, '/product-selections/key=recall', [{ action: 'excludeProduct', product: ref(shirt) }]));
      const removed = ok(await update(api, '/product-selections/key=recall', [{ action: 'removeProduct', product: ref(shirt) }]));
      expect(removed.productCount).toBe(0);
      expect(ok(await api.call('GET', '/product-selections/key=recall/products')).results).toEqual([]);
      expect((await messagesOf(api, selection['id'] as string)).at(-1)).toMatchObject({
        type: 'ProductSelectionProductRemoved',
        product: ref(shirt),
      });
    });
  });
});
