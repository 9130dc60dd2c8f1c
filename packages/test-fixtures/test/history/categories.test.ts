import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/**
 * Categories and Tax Categories have Change History Records: one per version, with Changes named
 * after the update actions; a move of a parent changes its descendants' ancestors in the
 * background, and deleting a Category deletes its descendants in the background too.
 */
describe('Change History of Categories and Tax Categories', () => {
  it('records a Category: creation, rename and move, the background moves and deletion of a child', async () => {
    const api = await createHistoryApi();
    const root = (await api.call('POST', '/categories', { key: 'root', name: { en: 'Root' }, slug: { en: 'root' } })).body;
    const other = (await api.call('POST', '/categories', { key: 'other', name: { en: 'Other' }, slug: { en: 'other' } })).body;
    const mid = (await api.call('POST', '/categories', { key: 'mid', name: { en: 'Mid' }, slug: { en: 'mid' }, parent: { key: 'root' } }))
      .body;
    const leaf = (
      await api.call('POST', '/categories', { key: 'leaf', name: { en: 'Leaf' }, slug: { en: 'leaf' }, parent: { key: 'mid' } })
    ).body;
    const moved = await api.call('POST', '/categories/key=mid', {
      version: 1,
      actions: [
        { action: 'changeName', name: { en: 'Middle' } },
        { action: 'changeParent', parent: { key: 'other' } },
      ],
    });
    expect(moved.status).toBe(200);
    const records = (await api.history(`/category/${mid.id}`)).body;
    expect(summary(records)).toEqual(['category v1->v2 ResourceUpdated [changeName,changeParent]', 'category v0->v1 ResourceCreated []']);
    expect(records.results[0]!.changes[1]).toEqual({
      change: 'changeParent',
      type: 'ChangeParentChange',
      previousValue: { typeId: 'category', id: root.id },
      nextValue: { typeId: 'category', id: other.id },
    });
    const leafRecords = (await api.history(`/category/${leaf.id}`)).body;
    expect(summary(leafRecords)).toEqual(['category v1->v2 ResourceUpdated [setAncestors]', 'category v0->v1 ResourceCreated []']);
    expect(leafRecords.results[0]!.modifiedBy).toEqual({ type: 'user', isPlatformClient: true });
    expect((await api.call('DELETE', `/categories/${other.id}?version=1`)).status).toBe(200);
    const deleted = (await api.history(`/category/${leaf.id}`)).body;
    expect(summary(deleted)[0]).toBe('category v2->v2 ResourceDeleted []');
  });

  it('records a Tax Category: added, replaced and removed rates', async () => {
    const api = await createHistoryApi();
    const rate = { name: 'Standard', amount: 0.19, includedInPrice: true, country: 'DE', key: 'de' };
    const tax = (await api.call('POST', '/tax-categories', { key: 'vat', name: 'VAT', rates: [rate] })).body;
    const updated = await api.call('POST', '/tax-categories/key=vat', {
      version: 1,
      actions: [
        { action: 'replaceTaxRate', taxRateKey: 'de', taxRate: { ...rate, amount: 0.16 } },
        { action: 'addTaxRate', taxRate: { ...rate, key: 'at', country: 'AT', amount: 0.2 } },
        { action: 'changeName', name: 'Value added tax' },
      ],
    });
    expect(updated.status).toBe(200);
    const records = (await api.history(`/tax-category/${tax.id}`)).body;
    expect(summary(records)[0]).toBe('tax-category v1->v2 ResourceUpdated [replaceTaxRate,addTaxRate,changeName]');
    const [replaced] = records.results[0]!.changes;
    expect(replaced).toMatchObject({ previousValue: { key: 'de', amount: 0.19 }, nextValue: { key: 'de', amount: 0.16 } });
    const removed = await api.call('POST', '/tax-categories/key=vat', {
      version: 2,
      actions: [{ action: 'removeTaxRate', taxRateKey: 'at' }],
    });
    expect(removed.status).toBe(200);
    const [removal] = (await api.history(`/tax-category/${tax.id}`)).body.results;
    expect(removal!.changes).toMatchObject([{ change: 'removeTaxRate', type: 'RemoveTaxRateChange', previousValue: { key: 'at' } }]);
  });
});
