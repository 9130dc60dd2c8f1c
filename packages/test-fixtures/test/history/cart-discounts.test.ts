import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/** Cart Discounts have Change History Records labelled by their localized name, their Changes named after the live actions. */
describe('Change History of Cart Discounts', () => {
  it('records a Cart Discount: creation, its value, predicate, target, stacking and rename, deletion', async () => {
    const api = await createHistoryApi();
    const discount = (
      await api.call('POST', '/cart-discounts', {
        key: 'ten',
        name: { en: 'Ten' },
        value: { type: 'relative', permyriad: 1000 },
        cartPredicate: '1 = 1',
        target: { type: 'lineItems', predicate: 'sku = "a"' },
        sortOrder: '0.5',
      })
    ).body;
    const updated = await api.call('POST', '/cart-discounts/key=ten', {
      version: 1,
      actions: [
        { action: 'changeValue', value: { type: 'relative', permyriad: 2000 } },
        { action: 'changeCartPredicate', cartPredicate: 'customerGroup.id = "g1"' },
        { action: 'changeTarget', target: { type: 'shipping' } },
        { action: 'changeStackingMode', stackingMode: 'StopAfterThisDiscount' },
        { action: 'changeRequiresDiscountCode', requiresDiscountCode: true },
        { action: 'changeName', name: { en: 'Twenty' } },
      ],
    });
    expect(updated.status).toBe(200);
    expect((await api.call('DELETE', '/cart-discounts/key=ten?version=2')).status).toBe(200);
    const records = (await api.history(`/cart-discount/${discount.id}`)).body;
    expect(summary(records)).toEqual([
      'cart-discount v2->v2 ResourceDeleted []',
      'cart-discount v1->v2 ResourceUpdated [changeValue,changeCartPredicate,changeTarget,changeStackingMode,changeRequiresDiscountCode,changeName]',
      'cart-discount v0->v1 ResourceCreated []',
    ]);
    expect(records.results[1]!.changes).toEqual(
      expect.arrayContaining([
        { change: 'changeName', type: 'ChangeNameChange', previousValue: { en: 'Ten' }, nextValue: { en: 'Twenty' } },
        {
          change: 'changeValue',
          type: 'ChangeValueChange',
          previousValue: { type: 'relative', permyriad: 1000 },
          nextValue: { type: 'relative', permyriad: 2000 },
        },
        { change: 'changeCartPredicate', type: 'ChangeCartPredicateChange', previousValue: '1 = 1', nextValue: 'customerGroup.id = "g1"' },
        {
          change: 'changeTarget',
          type: 'ChangeTargetChange',
          previousValue: { type: 'lineItems', predicate: 'sku = "a"' },
          nextValue: { type: 'shipping' },
        },
        { change: 'changeStackingMode', type: 'ChangeStackingModeChange', previousValue: 'Stacking', nextValue: 'StopAfterThisDiscount' },
        { change: 'changeRequiresDiscountCode', type: 'ChangeRequiresDiscountCodeChange', previousValue: false, nextValue: true },
      ]),
    );
    expect(records.results[1]!.changes).toHaveLength(6);
    expect(records.results[1]!.label).toEqual({ type: 'LocalizedLabel', value: { en: 'Twenty' } });
  });
});
