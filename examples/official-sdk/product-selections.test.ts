/**
 * The official SDK (`@commercetools/ts-client` + `@commercetools/platform-sdk`), unchanged, against
 * the emulator in-process: its own request builders for every Product Selection action, both
 * modes, the membership queries and the in-store endpoints, and its typed messages.
 */
import {
  createApiBuilderFromCtpClient,
  type ProductSelectionUpdateAction,
  type ProductVariantSelection,
} from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { createEmulator } from '@commerce-kit/test-fixtures';
import { describe, expect, it } from 'vitest';

const projectKey = 'official-sdk';

function officialClient() {
  const emulator = createEmulator({ projectKey });
  const { api, auth } = emulator.urls();
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({ host: auth, projectKey, credentials: emulator.credentials, httpClient: emulator.fetch })
    .withHttpMiddleware({ host: api, httpClient: emulator.fetch })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

/** The status and first error code the SDK throws for a refused request. */
async function refusal(request: { execute(): Promise<unknown> }): Promise<{ statusCode: number; code: string | undefined }> {
  try {
    await request.execute();
  } catch (error) {
    const e = error as { statusCode?: number; code?: number; body?: { errors?: { code: string }[] } };
    return { statusCode: e.statusCode ?? e.code ?? 0, code: e.body?.errors?.[0]?.code };
  }
  throw new Error('the request was not refused');
}

describe('the official SDK against the emulator: Product Selections', () => {
  it('runs every Product Selection action of both modes with its own request builders', async () => {
    const ct = officialClient();
    await ct
      .productTypes()
      .post({ body: { key: 'shirt', name: 'Shirt', description: 'A shirt' } })
      .execute();
    const { body: shirt } = await ct
      .products()
      .post({
        body: {
          key: 'shirt',
          productType: { typeId: 'product-type', key: 'shirt' },
          name: { en: 'Shirt' },
          slug: { en: 'shirt' },
          masterVariant: { sku: 'shirt-s' },
          variants: [{ sku: 'shirt-m' }, { sku: 'shirt-l' }],
          publish: true,
        },
      })
      .execute();
    const product = { typeId: 'product' as const, id: shirt.id };
    await ct
      .types()
      .post({
        body: {
          key: 'selection-fields',
          name: { en: 'Selection fields' },
          resourceTypeIds: ['product-selection'],
          fieldDefinitions: [{ name: 'season', label: { en: 'Season' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute();

    // Individual (the default mode): addProduct with a variant selection, setVariantSelection, removeProduct, changeName, setKey,
    // and the custom fields of any selection: setCustomType, setCustomField.
    const { body: summer } = await ct
      .productSelections()
      .post({ body: { key: 'summer', name: { en: 'Summer' } } })
      .execute();
    expect(summer.mode).toBe('Individual');
    const onlySmall: ProductVariantSelection = { type: 'includeOnly', skus: ['shirt-s'] };
    const individualActions: ProductSelectionUpdateAction[][] = [
      [{ action: 'addProduct', product, variantSelection: onlySmall }],
      [{ action: 'setVariantSelection', product, variantSelection: { type: 'includeAllExcept', skus: ['shirt-l'] } }],
      [{ action: 'changeName', name: { en: 'Summer 26' } }],
      [{ action: 'setKey', key: 'summer-26' }],
      [{ action: 'setCustomType', type: { typeId: 'type', key: 'selection-fields' }, fields: { season: 'summer' } }],
      [{ action: 'setCustomField', name: 'season', value: 'autumn' }],
    ];
    let version = summer.version;
    for (const actions of individualActions) {
      version = (await ct.productSelections().withId({ ID: summer.id }).post({ body: { version, actions } }).execute()).body.version;
    }
    const { body: customized } = await ct.productSelections().withKey({ key: 'summer-26' }).get().execute();
    expect(customized.custom?.fields).toEqual({ season: 'autumn' });
    const { body: products } = await ct.productSelections().withKey({ key: 'summer-26' }).products().get().execute();
    expect(products.results).toEqual([{ product, variantSelection: { type: 'includeAllExcept', skus: ['shirt-l'] } }]);

    // IndividualExclusion: excludeProduct with a variant exclusion, setVariantExclusion.
    const { body: recall } = await ct
      .productSelections()
      .post({ body: { key: 'recall', name: { en: 'Recall' }, mode: 'IndividualExclusion' } })
      .execute();
    expect(recall.mode).toBe('IndividualExclusion');
    const excluded = await ct
      .productSelections()
      .withKey({ key: 'recall' })
      .post({
        body: {
          version: recall.version,
          actions: [
            { action: 'excludeProduct', product, variantExclusion: { skus: ['shirt-m'] } },
            { action: 'setVariantExclusion', product, variantExclusion: { skus: ['shirt-m', 'shirt-s'] } },
          ],
        },
      })
      .execute();
    expect(excluded.body.productCount).toBe(1);

    // The Product's selections, a Store with both active, its assignments and its projection.
    const { body: ofProduct } = await ct.products().withId({ ID: shirt.id }).productSelections().get().execute();
    expect(ofProduct.results.map((a) => [a.productSelection.id, a.variantSelection, a.variantExclusion])).toEqual([
      [summer.id, { type: 'includeAllExcept', skus: ['shirt-l'] }, undefined],
      [recall.id, undefined, { skus: ['shirt-m', 'shirt-s'] }],
    ]);
    await ct
      .stores()
      .post({
        body: {
          key: 'berlin',
          productSelections: [
            { productSelection: { typeId: 'product-selection', key: 'summer-26' }, active: true },
            { productSelection: { typeId: 'product-selection', key: 'recall' }, active: true },
          ],
        },
      })
      .execute();
    const berlin = ct.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });
    const { body: assignments } = await berlin.productSelectionAssignments().get().execute();
    expect(assignments.results).toHaveLength(2);
    await expect(berlin.productProjections().withId({ ID: shirt.id }).get().execute()).rejects.toMatchObject({ statusCode: 404 });
    await ct
      .productSelections()
      .withKey({ key: 'recall' })
      .post({
        body: {
          version: excluded.body.version,
          actions: [{ action: 'setVariantExclusion', product, variantExclusion: { skus: ['shirt-s'] } }],
        },
      })
      .execute();
    const { body: projection } = await berlin.productProjections().withKey({ key: 'shirt' }).get().execute();
    expect([projection.masterVariant, ...projection.variants].map((v) => v.sku)).toEqual(['shirt-m']);

    // removeProduct in both modes, then the actions of the other mode refused.
    const { body: current } = await ct.productSelections().withId({ ID: summer.id }).get().execute();
    const removed = await ct
      .productSelections()
      .withId({ ID: summer.id })
      .post({ body: { version: current.version, actions: [{ action: 'removeProduct', product }] } })
      .execute();
    expect(removed.body.productCount).toBe(0);
    const { body: recallNow } = await ct.productSelections().withKey({ key: 'recall' }).get().execute();
    await ct
      .productSelections()
      .withKey({ key: 'recall' })
      .post({ body: { version: recallNow.version, actions: [{ action: 'removeProduct', product }] } })
      .execute();
    expect(
      await refusal(
        ct
          .productSelections()
          .withKey({ key: 'recall' })
          .post({ body: { version: recallNow.version + 1, actions: [{ action: 'addProduct', product }] } }),
      ),
    ).toEqual({
      statusCode: 400,
      code: 'InvalidOperation',
    });
    expect(
      await refusal(
        ct
          .productSelections()
          .withId({ ID: summer.id })
          .post({
            body: {
              version: removed.body.version,
              actions: [{ action: 'setVariantExclusion', product, variantExclusion: { skus: ['shirt-s'] } }],
            },
          }),
      ),
    ).toEqual({ statusCode: 400, code: 'ProductAssignmentMissing' });

    // The typed messages, sequenced per selection.
    const { body: messages } = await ct
      .messages()
      .get({ queryArgs: { where: `resource(id = "${recall.id}")`, sort: 'sequenceNumber asc' } })
      .execute();
    expect(messages.results.map((m) => [m.type, m.sequenceNumber])).toEqual([
      ['ProductSelectionCreated', 1],
      ['ProductSelectionProductExcluded', 2],
      ['ProductSelectionVariantExclusionChanged', 3],
      ['ProductSelectionVariantExclusionChanged', 4],
      ['ProductSelectionProductRemoved', 5],
    ]);
    const created = messages.results[0]!;
    if (created.type !== 'ProductSelectionCreated') throw new Error('expected ProductSelectionCreated');
    expect(created.productSelection.mode).toBe('IndividualExclusion');

    // Query and delete with the SDK too.
    const { body: page } = await ct
      .productSelections()
      .get({ queryArgs: { where: 'mode = "IndividualExclusion"' } })
      .execute();
    expect(page.results.map((s) => s.key)).toEqual(['recall']);
    expect(
      await refusal(
        ct
          .productSelections()
          .withId({ ID: summer.id })
          .delete({ queryArgs: { version: removed.body.version } }),
      ),
    ).toEqual({
      statusCode: 400,
      code: 'ReferenceExists',
    });
    const { body: spare } = await ct
      .productSelections()
      .post({ body: { name: { en: 'Spare' } } })
      .execute();
    const { body: deleted } = await ct
      .productSelections()
      .withId({ ID: spare.id })
      .delete({ queryArgs: { version: spare.version } })
      .execute();
    expect(deleted.id).toBe(spare.id);
  });
});
