import { describe, expectTypeOf, it } from 'vitest';
import type { StoreDraft, ProductSelectionSettingDraft } from '../src/generated/commerce.js';

describe('generated commerce types in test-fixtures', () => {
  it('requires active on a Store draft setting', () => {
    const setting: ProductSelectionSettingDraft = { productSelection: { typeId: 'product-selection', key: 'summer' }, active: true };
    const draft: StoreDraft = { key: 'berlin', productSelections: [setting] };
    expectTypeOf(draft.productSelections).toEqualTypeOf<ProductSelectionSettingDraft[] | undefined>();
    // @ts-expect-error `active` is required in a Store draft's settings
    const missing: ProductSelectionSettingDraft = { productSelection: { typeId: 'product-selection', key: 'summer' } };
    void missing;
  });
});
