import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/** Shopping Lists have Change History Records with the live line Changes, labelled by their name. */
describe('Change History of Shopping Lists', () => {
  it('records lines added, removed, re-counted and re-ordered, and text line names', async () => {
    const api = await createHistoryApi();
    const list = (
      await api.call('POST', '/shopping-lists', { name: { en: 'Wishes' }, textLineItems: [{ name: { en: 'A' } }, { name: { en: 'B' } }] })
    ).body;
    const [a, b] = list.textLineItems;
    const updated = await api.call('POST', `/shopping-lists/${list.id}`, {
      version: 1,
      actions: [
        { action: 'changeTextLineItemQuantity', textLineItemId: a.id, quantity: 3 },
        { action: 'changeTextLineItemName', textLineItemId: b.id, name: { en: 'B2' } },
        { action: 'addTextLineItem', name: { en: 'C' } },
      ],
    });
    expect(updated.status).toBe(200);
    const c = updated.body.textLineItems[2];
    expect(
      (
        await api.call('POST', `/shopping-lists/${list.id}`, {
          version: 2,
          actions: [{ action: 'removeTextLineItem', textLineItemId: a.id }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('POST', `/shopping-lists/${list.id}`, {
          version: 3,
          actions: [{ action: 'changeTextLineItemsOrder', textLineItemOrder: [c.id, b.id] }],
        })
      ).status,
    ).toBe(200);
    const records = (await api.history(`/shopping-list/${list.id}`)).body;
    expect(summary(records)).toEqual([
      'shopping-list v3->v4 ResourceUpdated [changeTextLineItemsOrder]',
      'shopping-list v2->v3 ResourceUpdated [removeTextLineItem]',
      'shopping-list v1->v2 ResourceUpdated [changeTextLineItemQuantity,changeTextLineItemName,addTextLineItem]',
      'shopping-list v0->v1 ResourceCreated []',
    ]);
    expect(records.results[0]!.label).toEqual({ type: 'LocalizedLabel', value: { en: 'Wishes' } });
    expect(records.results[2]!.changes.slice(0, 2)).toEqual([
      {
        change: 'changeTextLineItemQuantity',
        type: 'ChangeTextLineItemQuantityChange',
        previousValue: 1,
        nextValue: 3,
        textLineItem: { id: a.id, name: { en: 'A' } },
      },
      {
        change: 'changeTextLineItemName',
        type: 'ChangeTextLineItemNameChange',
        previousValue: { en: 'B' },
        nextValue: { en: 'B2' },
        textLineItem: { id: b.id, name: { en: 'B2' } },
      },
    ]);
  });
});
