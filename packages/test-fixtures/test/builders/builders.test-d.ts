import { describe, expectTypeOf, it } from 'vitest';
import type { Product, ProductSelection, ProductSelectionDraft, Store, StoreDraft } from '../../src/generated/commerce.js';
import {
  product,
  productResourceIdentifier,
  productSelection,
  productSelectionAddProductAction,
  productSelectionDraft,
  store,
  storeDraft,
  toGraphqlInput,
  type LocalizedStringItem,
} from '../../src/builders/index.js';

describe('builder types', () => {
  it('build() returns the generated type', () => {
    expectTypeOf(productSelectionDraft().build()).toEqualTypeOf<ProductSelectionDraft>();
    expectTypeOf(productSelection().build()).toEqualTypeOf<ProductSelection>();
    expectTypeOf(storeDraft().build()).toEqualTypeOf<StoreDraft>();
    expectTypeOf(store().build()).toEqualTypeOf<Store>();
    expectTypeOf(product().build()).toEqualTypeOf<Product>();
  });

  it('has one setter per member, typed by the member', () => {
    expectTypeOf(productSelectionDraft().key).parameter(0).toEqualTypeOf<string | undefined>();
    expectTypeOf(productSelectionDraft().name).parameter(0).toEqualTypeOf<ProductSelectionDraft['name']>();
    productSelectionDraft().key('x').name({ en: 'Summer' }).build();
    storeDraft().productSelections([{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }]);
    productResourceIdentifier().key('shirt');
    productResourceIdentifier().id('abc');
  });

  it('refuses wrong value types and unknown members', () => {
    // @ts-expect-error a key is a string
    productSelectionDraft().key(42);
    // @ts-expect-error a name is a LocalizedString, not a string
    productSelectionDraft().name('Summer');
    // @ts-expect-error values of a LocalizedString are strings
    productSelectionDraft().name({ en: 1 });
    // @ts-expect-error no such member
    productSelectionDraft().colour('red');
    // @ts-expect-error `active` is required in a Store draft's settings
    storeDraft().productSelections([{ productSelection: { key: 'summer' } }]);
    // @ts-expect-error typeId of a Product Selection reference is a literal
    store().productSelections([{ productSelection: { typeId: 'nope', id: 'x' }, active: true }]);
    // @ts-expect-error mode is the literal 'Individual'
    productSelection().mode('Manual');
    // @ts-expect-error with() takes members of the type only
    productSelectionDraft().with({ colour: 'red' });
  });

  it('types the GraphQL forms', () => {
    const input = productSelectionDraft().buildGraphql();
    expectTypeOf(input.name).toEqualTypeOf<LocalizedStringItem[]>();
    expectTypeOf(input.key).toEqualTypeOf<string | undefined>();

    const output = productSelection().buildGraphql();
    expectTypeOf(output.nameAllLocales).toEqualTypeOf<LocalizedStringItem[]>();
    expectTypeOf(output.name).toEqualTypeOf<string | null>();
    expectTypeOf(output.productCount).toEqualTypeOf<number>();

    const s = store().buildGraphql();
    expectTypeOf(s.nameAllLocales).toEqualTypeOf<LocalizedStringItem[] | null>();
    expectTypeOf(s.productSelections[0]!.productSelectionRef).toEqualTypeOf<{ typeId: string; id: string }>();
    expectTypeOf(s.productSelections[0]!.active).toEqualTypeOf<boolean>();

    expectTypeOf(product().buildGraphql().masterData.current.slugAllLocales).toEqualTypeOf<LocalizedStringItem[]>();
    expectTypeOf(productSelectionAddProductAction().buildGraphql()).toHaveProperty('addProduct');
    expectTypeOf(toGraphqlInput('StoreDraft', { key: 'berlin', name: { en: 'Berlin' } }).name).toEqualTypeOf<
      LocalizedStringItem[] | undefined
    >();
    // @ts-expect-error the value must be of the named schema
    toGraphqlInput('StoreDraft', { name: { en: 'Berlin' } });
  });
});
