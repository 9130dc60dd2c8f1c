import { describe, expect, it } from 'vitest';
import { codeDiscountDraft } from '../rest/cart-fixtures.js';
import { createHistoryApi, summary } from './helpers.js';

/** Discount Codes have Change History Records labelled by their code; their Changes are named after the live actions. */
describe('Change History of Discount Codes', () => {
  it('records a code: creation, its change actions, deletion, each labelled by the code', async () => {
    const api = await createHistoryApi();
    expect((await api.call('POST', '/cart-discounts', codeDiscountDraft('ten', '0.5'))).status).toBe(201);
    const draft = { key: 'save', code: 'SAVE10', name: { en: 'Save' }, cartDiscounts: [{ typeId: 'cart-discount', key: 'ten' }] };
    const code = (await api.call('POST', '/discount-codes', draft)).body;
    const updated = await api.call('POST', '/discount-codes/key=save', {
      version: 1,
      actions: [
        { action: 'changeIsActive', isActive: false },
        { action: 'changeGroups', groups: ['spring'] },
        { action: 'setMaxApplications', maxApplications: 3 },
      ],
    });
    expect(updated.status).toBe(200);
    expect((await api.call('DELETE', '/discount-codes/key=save?version=2')).status).toBe(200);
    const records = (await api.history(`/discount-code/${code.id}`)).body;
    expect(summary(records)).toEqual([
      'discount-code v2->v2 ResourceDeleted []',
      'discount-code v1->v2 ResourceUpdated [changeIsActive,changeGroups,setMaxApplications]',
      'discount-code v0->v1 ResourceCreated []',
    ]);
    expect(records.results[1]!.changes).toEqual([
      { change: 'changeIsActive', type: 'ChangeIsActiveChange', previousValue: true, nextValue: false },
      { change: 'changeGroups', type: 'ChangeGroupsChange', previousValue: [], nextValue: ['spring'] },
      { change: 'setMaxApplications', type: 'SetMaxApplicationsChange', nextValue: 3 },
    ]);
    expect(records.results[1]!.label).toEqual({ type: 'StringLabel', value: 'SAVE10' });
  });
});
