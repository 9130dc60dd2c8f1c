import { describe, expect, it } from 'vitest';
import { createHistoryApi, type HistoryApi } from './helpers.js';

/** Changes of Custom Fields and of Types, as the Change History names them. */

type Json = Record<string, unknown>;

async function updates(api: HistoryApi, path: string): Promise<unknown[]> {
  const { body } = await api.history<{ results: Json[] }>(path);
  expect(body.results, JSON.stringify(body)).toBeDefined();
  // Newest first.
  return body.results
    .filter((record) => record['type'] === 'ResourceUpdated')
    .map((record) => record['changes'])
    .reverse();
}

describe('Change History of Custom Fields and Types', () => {
  it('records setCustomType as SetCustomTypeChange and setCustomField as SetCustomFieldChange naming the field and its Type', async () => {
    const api = await createHistoryApi();
    const label = { en: 'A' };
    const type = await api.call('POST', '/types', {
      key: 'tt',
      name: { en: 'T' },
      resourceTypeIds: ['store'],
      fieldDefinitions: [{ name: 'aa', label, required: false, type: { name: 'String' } }],
    });
    const store = await api.call('POST', '/stores', { key: 'shop' });
    await api.call('POST', '/stores/key=shop', { version: 1, actions: [{ action: 'setCustomType', type: { key: 'tt' } }] });
    await api.call('POST', '/stores/key=shop', { version: 2, actions: [{ action: 'setCustomField', name: 'aa', value: 'x' }] });
    expect(await updates(api, `/store/${store.body.id}`)).toEqual([
      [{ change: 'setCustomType', type: 'SetCustomTypeChange', nextValue: { type: { typeId: 'type', id: type.body.id }, fields: {} } }],
      [{ change: 'setCustomField', type: 'SetCustomFieldChange', name: 'aa', customTypeId: type.body.id, nextValue: 'x' }],
    ]);
  });

  it('records the changes of a Type: name, field definitions added, changed in place and reordered', async () => {
    const api = await createHistoryApi();
    const definition = (name: string) => ({ name, label: { en: name }, required: false, type: { name: 'String' } });
    const type = await api.call('POST', '/types', {
      key: 'tt',
      name: { en: 'T' },
      resourceTypeIds: ['store'],
      fieldDefinitions: [definition('aa')],
    });
    const update = (version: number, ...actions: Json[]) => api.call('POST', '/types/key=tt', { version, actions });
    await update(1, { action: 'changeName', name: { en: 'U' } }, { action: 'addFieldDefinition', fieldDefinition: definition('bb') });
    await update(2, { action: 'changeLabel', fieldName: 'aa', label: { en: 'A!' } });
    await update(3, { action: 'changeFieldDefinitionOrder', fieldNames: ['bb', 'aa'] });
    expect(await updates(api, `/type/${type.body.id}`)).toEqual([
      [
        { change: 'changeName', type: 'ChangeNameChange', previousValue: { en: 'T' }, nextValue: { en: 'U' } },
        { change: 'addFieldDefinition', type: 'AddFieldDefinitionChange', nextValue: definition('bb') },
      ],
      [
        {
          change: 'changeLabel',
          type: 'ChangeLabelChange',
          fieldName: 'aa',
          previousValue: definition('aa'),
          nextValue: { ...definition('aa'), label: { en: 'A!' } },
        },
      ],
      [
        {
          change: 'changeFieldDefinitionOrder',
          type: 'ChangeFieldDefinitionOrderChange',
          previousValue: ['aa', 'bb'],
          nextValue: ['bb', 'aa'],
        },
      ],
    ]);
  });
});
