import { describe, expect, it } from 'vitest';
import { BERLIN } from '../rest/cart-fixtures.js';
import { orderApi } from '../rest/order-fixtures.js';
import { createHistoryApi, summary } from './helpers.js';

/** Inventory Entries have Change History Records; every quantity action is one ChangeQuantityChange, as live. */
describe('Change History of Inventory Entries', () => {
  it('records quantities as ChangeQuantityChange with both quantities, and the set actions by field', async () => {
    const api = await createHistoryApi();
    const entry = (await api.call('POST', '/inventory', { key: 'cup', sku: 'cup', quantityOnStock: 10 })).body;
    // 10 + 4 = 14 on stock and available.
    const added = await api.call('POST', '/inventory/key=cup', {
      version: 1,
      actions: [
        { action: 'addQuantity', quantity: 4 },
        { action: 'setRestockableInDays', restockableInDays: 2 },
        { action: 'setInventoryLimits', maxCartQuantity: 3 },
      ],
    });
    expect(added.status).toBe(200);
    expect((await api.call('DELETE', '/inventory/key=cup?version=2')).status).toBe(200);
    // Changes named after an action of the request come first (setRestockableInDays); the others in field order.
    const records = (await api.history(`/inventory-entry/${entry.id}`)).body;
    expect(summary(records)).toEqual([
      'inventory-entry v2->v2 ResourceDeleted []',
      'inventory-entry v1->v2 ResourceUpdated [setRestockableInDays,changeQuantity,setMaxCartQuantity]',
      'inventory-entry v0->v1 ResourceCreated []',
    ]);
    expect(records.results[1]!.changes).toEqual([
      { change: 'setRestockableInDays', type: 'SetRestockableInDaysChange', nextValue: 2 },
      {
        change: 'changeQuantity',
        type: 'ChangeQuantityChange',
        previousValue: { quantityOnStock: 10, availableQuantity: 10 },
        nextValue: { quantityOnStock: 14, availableQuantity: 14 },
      },
      { change: 'setMaxCartQuantity', type: 'SetMaxCartQuantityChange', nextValue: 3 },
    ]);
  });

  it('records the quantity an Order reserves as one ChangeQuantityChange, availableQuantity only', async () => {
    const api = await createHistoryApi();
    const o = await orderApi(api);
    const entry = (await api.call('POST', '/inventory', { sku: 'shirt', quantityOnStock: 10 })).body;
    await o.ordered(await o.cart({ inventoryMode: 'TrackOnly', lineItems: [{ sku: 'shirt', quantity: 3 }], shippingAddress: BERLIN }));
    // 10 − 3 = 7 available; quantityOnStock stays 10.
    const records = (await api.history(`/inventory-entry/${entry.id}`)).body;
    expect(summary(records)[0]).toBe('inventory-entry v1->v2 ResourceUpdated [changeQuantity]');
    expect(records.results[0]!.changes).toEqual([
      {
        change: 'changeQuantity',
        type: 'ChangeQuantityChange',
        previousValue: { quantityOnStock: 10, availableQuantity: 10 },
        nextValue: { quantityOnStock: 10, availableQuantity: 7 },
      },
    ]);
  });
});
