import { describe, expectTypeOf, it } from 'vitest';
import type { CreateProductSelectionDraft, ProductSelection } from '../src/generated/commerce.js';

describe('generated commerce GraphQL types', () => {
  it('takes localized names as locale/value items in drafts', () => {
    const draft: CreateProductSelectionDraft = { key: 'summer', name: [{ locale: 'en', value: 'Summer' }] };
    void draft;
    // @ts-expect-error GraphQL drafts take a list of items, not a locale map
    const wrong: CreateProductSelectionDraft = { name: { en: 'Summer' } };
    void wrong;
  });

  it('exposes nameAllLocales and productCount', () => {
    expectTypeOf<ProductSelection['productCount']>().toEqualTypeOf<number>();
  });
});
