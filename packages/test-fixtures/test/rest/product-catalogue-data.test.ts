import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectUnchanged, snapshot } from './helpers.js';
import { productApi, type ProductApi } from './product-fixtures.js';

let p: ProductApi;

beforeEach(async () => {
  p = await productApi();
});

describe('localized catalogue texts', () => {
  const cases = [
    ['setDescription', 'description', 'SetLocalizedDescriptionChange'],
    ['setMetaTitle', 'metaTitle', 'SetMetaTitleChange'],
    ['setMetaDescription', 'metaDescription', 'SetMetaDescriptionChange'],
    ['setMetaKeywords', 'metaKeywords', 'SetMetaKeywordsChange'],
  ] as const;

  for (const [action, field, type] of cases) {
    it(`${action} sets ${field} in the staged data (both with staged false) and removes it when left out`, async () => {
      const product = await p.create(1, { publish: true });
      const set = await p.updated(product, [{ action, [field]: { en: 'Text' } }]);
      expect(set.masterData.staged[field]).toEqual({ en: 'Text' });
      expect(set.masterData.current).not.toHaveProperty(field);
      expect(set.masterData.hasStagedChanges).toBe(true);
      expect(await p.lastChanges(product.id)).toEqual([{ change: action, type, nextValue: { en: 'Text' }, catalogData: 'staged' }]);
      const both = await p.updated(set, [{ action, [field]: { en: 'Both' }, staged: false }]);
      expect(both.masterData.current[field]).toEqual({ en: 'Both' });
      expect(both.masterData.hasStagedChanges).toBe(false);
      const removed = await p.updated(both, [{ action, staged: false }]);
      expect(removed.masterData.staged).not.toHaveProperty(field);
      expect(removed.masterData.current).not.toHaveProperty(field);
    });
  }

  it('setSearchKeywords replaces the search keywords, recorded as SetSearchKeywordsChange', async () => {
    const product = await p.create(1);
    const keywords = { en: [{ text: 'tee' }, { text: 'shirt', suggestTokenizer: { type: 'whitespace' } }] };
    const set = await p.updated(product, [{ action: 'setSearchKeywords', searchKeywords: keywords }]);
    expect(set.masterData.staged['searchKeywords']).toEqual(keywords);
    expect(set.masterData.current['searchKeywords']).toEqual({});
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'setSearchKeywords', type: 'SetSearchKeywordsChange', previousValue: {}, nextValue: keywords, catalogData: 'staged' },
    ]);
  });

  it('refuses a malformed value (not a LocalizedString) and changes nothing', async () => {
    const product = await p.create(1);
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'setMetaTitle', metaTitle: 'plain' }]), 400, 'InvalidJsonInput');
    expectError(await p.update(product, [{ action: 'setSearchKeywords' }]), 400, 'InvalidJsonInput');
    await expectUnchanged(p.api, before);
  });
});

describe('images', () => {
  const image = (n: number) => ({ url: `https://img.example/${n}.png`, dimensions: { w: 100, h: 80 }, label: `Image ${n}` });

  it('addExternalImage appends an image to a variant and removeImage removes it by URL, each with its Change', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }] });
    const added = await p.updated(product, [
      { action: 'addExternalImage', sku: 'two', image: image(1) },
      { action: 'addExternalImage', variantId: 2, image: image(2) },
    ]);
    expect(added.masterData.staged['variants'][0].images).toEqual([image(1), image(2)]);
    expect(added.masterData.current['variants'][0].images).toEqual([]);
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'addExternalImage',
        type: 'AddExternalImageChange',
        previousValue: [],
        nextValue: [image(1), image(2)],
        catalogData: 'staged',
        variant: 'two',
      },
    ]);
    const removed = await p.updated(added, [{ action: 'removeImage', sku: 'two', imageUrl: image(1).url }]);
    expect(removed.masterData.staged['variants'][0].images).toEqual([image(2)]);
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'removeImage',
        type: 'RemoveImageChange',
        previousValue: [image(1), image(2)],
        nextValue: [image(2)],
        catalogData: 'staged',
        variant: 'two',
      },
    ]);
  });

  it('removeImage refuses a URL the variant does not have, and changes nothing', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', images: [image(1)] } });
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'removeImage', variantId: 1, imageUrl: image(2).url }]), 400, 'InvalidOperation');
    expectError(await p.update(product, [{ action: 'addExternalImage', variantId: 1, image: { url: 'x' } }]), 400, 'InvalidJsonInput');
    await expectUnchanged(p.api, before);
  });
});
