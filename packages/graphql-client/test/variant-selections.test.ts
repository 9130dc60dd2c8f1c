import { expect, it } from 'vitest';
import {
  CreateProductSelectionDocument,
  GetProductDocument,
  GetProductSelectionProductsDocument,
  QueryMessagesDocument,
  UpdateProductSelectionDocument,
  type UpdateProductSelectionMutationVariables,
} from '../src/index.js';
import { ok, seedProducts, setUp } from './helpers.js';

/**
 * Both Product Selection modes through the typed documents against the emulator: the mode on the
 * draft, the per-variant actions, the variant selection and exclusion on the assignments, and the
 * new message payloads narrowed by `__typename`; every result checked against the SDL.
 */
it('runs both modes and the per-variant actions through the typed documents', async () => {
  const setup = await setUp('graphql-variants');
  const { client } = setup;
  await seedProducts(setup);
  const create = async (key: string, mode: 'Individual' | 'IndividualExclusion') =>
    ok(
      CreateProductSelectionDocument,
      await client.request(CreateProductSelectionDocument, { draft: { key, name: [{ locale: 'en', value: key }], mode } }),
    ).createProductSelection!;
  expect((await create('summer', 'Individual')).mode).toBe('Individual');
  expect((await create('recall', 'IndividualExclusion')).mode).toBe('IndividualExclusion');

  const update = async (key: string, version: number, actions: UpdateProductSelectionMutationVariables['actions']) =>
    ok(UpdateProductSelectionDocument, await client.request(UpdateProductSelectionDocument, { key, version, actions }))
      .updateProductSelection!;
  await update('summer', 1, [{ addProduct: { product: { key: 'inside' }, variantSelection: { includeOnly: ['sku-inside'] } } }]);
  await update('summer', 2, [
    { setVariantSelection: { product: { key: 'inside' }, variantSelection: { includeAllExcept: ['sku-inside'] } } },
  ]);
  await update('recall', 1, [{ excludeProduct: { product: { key: 'outside' }, variantExclusion: { skus: ['sku-outside'] } } }]);
  await update('recall', 2, [{ setVariantExclusion: { product: { key: 'outside' } } }]);

  const summer = ok(GetProductSelectionProductsDocument, await client.request(GetProductSelectionProductsDocument, { key: 'summer' }));
  const [held] = summer.productSelection!.productRefs.results;
  expect(held!.variantSelection).toEqual({
    __typename: 'ProductVariantSelectionIncludeAllExcept',
    type: 'includeAllExcept',
    skus: ['sku-inside'],
  });
  const outside = ok(GetProductDocument, await client.request(GetProductDocument, { key: 'outside' }));
  expect(
    outside.product!.productSelectionRefs.results.map((r) => [r.productSelection?.key, r.productSelection?.mode, r.variantExclusion]),
  ).toEqual([['recall', 'IndividualExclusion', null]]);

  const messages = ok(
    QueryMessagesDocument,
    await client.request(QueryMessagesDocument, { sort: ['createdAt asc', 'sequenceNumber asc'] }),
  );
  const seen: unknown[] = [];
  for (const { payload } of messages.messages.results) {
    if (payload.__typename === 'ProductSelectionProductAdded') seen.push(['added', payload.variantSelection?.skus]);
    if (payload.__typename === 'ProductSelectionVariantSelectionChanged')
      seen.push(['selection', payload.oldVariantSelection?.type, payload.newVariantSelection?.type]);
    if (payload.__typename === 'ProductSelectionProductExcluded') seen.push(['excluded', payload.variantExclusion?.skus]);
    if (payload.__typename === 'ProductSelectionVariantExclusionChanged')
      seen.push(['exclusion', payload.oldVariantExclusion?.skus, payload.newVariantExclusion]);
    if (payload.__typename === 'ProductSelectionCreated')
      seen.push(['created', payload.productSelection.mode, payload.productSelection.type]);
  }
  expect(seen).toEqual([
    ['created', 'Individual', 'individual'],
    ['created', 'IndividualExclusion', 'individualExclusion'],
    ['added', ['sku-inside']],
    ['selection', 'includeOnly', 'includeAllExcept'],
    ['excluded', ['sku-outside']],
    ['exclusion', ['sku-outside'], null],
  ]);
});
