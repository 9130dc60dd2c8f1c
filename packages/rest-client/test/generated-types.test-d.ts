import { describe, expectTypeOf, it } from 'vitest';
import type { ProductSelectionDraft, ProductSelectionUpdateAction, components, operations, paths } from '../src/generated/commerce.js';
import type * as full from '@commerce-kit/test-fixtures/generated/commerce.js';

describe('generated commerce types', () => {
  it('accepts a real ProductSelectionDraft and refuses a wrong field', () => {
    const draft: ProductSelectionDraft = { key: 'summer', name: { en: 'Summer', de: 'Sommer' } };
    expectTypeOf(draft.name).toEqualTypeOf<Record<string, string>>();
    // @ts-expect-error `title` is not a field of ProductSelectionDraft
    const wrong: ProductSelectionDraft = { key: 'summer', title: { en: 'Summer' } };
    void wrong;
  });

  it('types update actions as a union discriminated on `action`', () => {
    const add: ProductSelectionUpdateAction = { action: 'addProduct', product: { typeId: 'product', id: 'p-1' } };
    void add;
    // @ts-expect-error changeName needs a localized `name`, not a string
    const bad: ProductSelectionUpdateAction = { action: 'changeName', name: 'Summer' };
    void bad;
  });

  it('has the Product Selection paths', () => {
    type Has<P extends string> = P extends keyof paths ? true : false;
    expectTypeOf<Has<'/product-selections/{ID}'>>().toEqualTypeOf<true>();
    expectTypeOf<Has<'/product-selections/key={key}'>>().toEqualTypeOf<true>();
    expectTypeOf<Has<'/in-store/key={storeKey}/product-projections/{ID}'>>().toEqualTypeOf<true>();
    expectTypeOf<Has<'/product-selection'>>().toEqualTypeOf<false>();
  });

  it('are the types openapi-typescript generates: the repeated type literals written once change no type', () => {
    // test-fixtures' copy of commerce.ts is openapi-typescript's output as is.
    expectTypeOf<paths>().toEqualTypeOf<full.paths>();
    expectTypeOf<operations>().toEqualTypeOf<full.operations>();
    expectTypeOf<components>().toEqualTypeOf<full.components>();
    expectTypeOf<paths['/product-selections/{ID}']['post']>().toEqualTypeOf<full.paths['/product-selections/{ID}']['post']>();
    expectTypeOf<operations['queryProductSelections']['parameters']>().toEqualTypeOf<
      full.operations['queryProductSelections']['parameters']
    >();
    // A difference is caught: another header type is not the same.
    expectTypeOf<operations['getStoreById']['parameters']>().not.toEqualTypeOf<
      full.operations['getStoreById']['parameters'] & { extra: 1 }
    >();
  });
});
