import { beforeEach, describe, expect, it } from 'vitest';
import { configureMessages, messagesOf, ok, updateMessagesOf } from './helpers.js';
import { productApi, type ProductApi } from './product-fixtures.js';

let p: ProductApi;

beforeEach(async () => {
  p = await productApi();
  await configureMessages(p.api, { enabled: true });
});

const eur = (centAmount: number, extra: Record<string, unknown> = {}) => ({ value: { currencyCode: 'EUR', centAmount }, ...extra });
const image = { url: 'https://img.example/1.png', dimensions: { w: 1, h: 1 } };

describe('messages of Product update actions', () => {
  it('variant, price and image actions each emit their live message with the staged flag', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100, { key: 'base' })] } });
    const [base] = product.masterData.staged['masterVariant'].prices;
    const updated = await p.updated(product, [
      { action: 'addVariant', sku: 'two', staged: false },
      { action: 'addPrice', variantId: 2, price: eur(5), staged: false },
      { action: 'changePrice', priceId: base.id, price: eur(150, { key: 'base' }) },
      { action: 'setPriceKey', priceId: base.id, key: 'list' },
      { action: 'addExternalImage', sku: 'two', image },
      { action: 'setPrices', sku: 'one', prices: [eur(7)] },
      { action: 'removeVariant', sku: 'two' },
    ]);
    const messages = await updateMessagesOf(p.api, product.id);
    expect(messages.map((m) => [m['type'], m['resourceVersion'], m['staged']])).toEqual([
      ['ProductVariantAdded', updated.version, false],
      ['ProductPriceAdded', updated.version, false],
      ['ProductPriceChanged', updated.version, true],
      ['ProductPriceKeySet', updated.version, true],
      ['ProductImageAdded', updated.version, true],
      ['ProductPricesSet', updated.version, true],
      ['ProductVariantDeleted', updated.version, true],
    ]);
    const [added, priceAdded, changed, keySet, imageAdded, pricesSet, deleted] = messages;
    expect(added!['variant']).toMatchObject({ id: 2, sku: 'two', prices: [] });
    expect(priceAdded).toMatchObject({ variantId: 2, price: { value: { centAmount: 5 } } });
    expect(changed).toMatchObject({ variantId: 1, oldPrice: base, newPrice: { id: base.id, value: { centAmount: 150 } } });
    expect(keySet).toMatchObject({ variantId: 1, priceId: base.id, oldKey: 'base', key: 'list' });
    expect(imageAdded).toMatchObject({ variantId: 2, image });
    expect(pricesSet).toMatchObject({ variantId: 1, prices: [{ value: { centAmount: 7 } }] });
    expect(deleted).toMatchObject({ variant: { id: 2, sku: 'two', images: [image] }, removedImageUrls: [] });
  });

  it('publish, unpublish, changeSlug, removePrice and revertStagedChanges emit theirs', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100)] } });
    const [price] = product.masterData.staged['masterVariant'].prices;
    const published = await p.updated(product, [{ action: 'publish', scope: 'All' }]);
    const slugged = await p.updated(published, [
      { action: 'changeSlug', slug: { en: 'new-slug' } },
      { action: 'removePrice', priceId: price.id },
      { action: 'revertStagedChanges' },
      { action: 'unpublish' },
    ]);
    const messages = await updateMessagesOf(p.api, product.id);
    expect(messages.map((m) => m['type'])).toEqual([
      'ProductPublished',
      'ProductSlugChanged',
      'ProductPriceRemoved',
      'ProductRevertedStagedChanges',
      'ProductUnpublished',
    ]);
    expect(messages[0]).toMatchObject({
      resourceVersion: published.version,
      scope: 'All',
      removedImageUrls: [],
      productProjection: { id: product.id, version: published.version, published: true, slug: { en: 'shirt-1' } },
    });
    expect(messages[1]).toMatchObject({ slug: { en: 'new-slug' }, oldSlug: { en: 'shirt-1' }, resourceVersion: slugged.version });
    expect(messages[2]).toMatchObject({ variantId: 1, price, staged: true });
  });

  it('creating a Product emits ProductCreated with its staged projection, deleting it ProductDeleted', async () => {
    const product = await p.create(1, { publish: true });
    ok(await p.api.call('DELETE', `/products/${product.id}?version=${product.version}`));
    const [created, deleted, ...rest] = await messagesOf(p.api, product.id);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      type: 'ProductCreated',
      resourceVersion: 1,
      productProjection: { id: product.id, version: 1, published: true, slug: { en: 'shirt-1' } },
    });
    expect(deleted).toMatchObject({
      type: 'ProductDeleted',
      resourceVersion: product.version,
      removedImageUrls: [],
      currentProjection: { id: product.id, version: product.version, slug: { en: 'shirt-1' } },
    });
  });

  it('ProductDeleted of a Product never published has no currentProjection', async () => {
    const product = await p.create(1);
    ok(await p.api.call('DELETE', `/products/${product.id}?version=${product.version}`));
    const deleted = (await messagesOf(p.api, product.id)).find((m) => m['type'] === 'ProductDeleted');
    expect(deleted).toMatchObject({ removedImageUrls: [] });
    expect(deleted).not.toHaveProperty('currentProjection');
  });

  it('a refused request emits nothing', async () => {
    const product = await p.create(1);
    const answer = await p.update(product, [
      { action: 'addVariant', sku: 'two' },
      { action: 'removeVariant', id: 1 },
    ]);
    expect(answer.status).toBe(400);
    expect(await updateMessagesOf(p.api, product.id)).toEqual([]);
  });
});
