import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, expectUnchanged, ok, snapshot, type Api, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

const definition = (name: string, type: Json, extra: Json = {}) => ({ name, label: { en: name }, required: false, type, ...extra });
const sizes = {
  name: 'Enum',
  values: [
    { key: 's', label: 'S' },
    { key: 'm', label: 'M' },
  ],
};
const colours = { name: 'LocalizedEnum', values: [{ key: 'red', label: { en: 'Red' } }] };

async function createType(key: string, extra: Json = {}) {
  return ok(
    await api.call('POST', '/types', {
      key,
      name: { en: key },
      resourceTypeIds: ['store', 'product-selection'],
      fieldDefinitions: [
        definition('size', sizes),
        definition('colours', { name: 'Set', elementType: colours }),
        definition('note', { name: 'String' }),
      ],
      ...extra,
    }),
    201,
  );
}

async function update(key: string, version: number, ...actions: Json[]) {
  return api.call('POST', `/types/key=${key}`, { version, actions });
}

describe('types', () => {
  it('are created with field definitions of every live field type, read by id and key, queried', async () => {
    const every = [
      definition('bool', { name: 'Boolean' }),
      definition('text', { name: 'String' }, { inputHint: 'MultiLine' }),
      definition('title', { name: 'LocalizedString' }, { required: true }),
      definition('size', sizes),
      definition('colour', colours),
      definition('num', { name: 'Number' }),
      definition('money', { name: 'Money' }),
      definition('day', { name: 'Date' }),
      definition('time', { name: 'Time' }),
      definition('when', { name: 'DateTime' }),
      definition('ref', { name: 'Reference', referenceTypeId: 'product' }),
      definition('set', { name: 'Set', elementType: { name: 'Set', elementType: { name: 'Number' } } }),
    ];
    const type = ok(
      await api.call('POST', '/types', {
        key: 'every',
        name: { en: 'Every' },
        description: { en: 'All field types' },
        resourceTypeIds: ['store', 'store', 'order'],
        fieldDefinitions: every,
      }),
      201,
    );
    expect(type).toMatchObject({ key: 'every', version: 1, resourceTypeIds: ['store', 'order'], fieldDefinitions: every });
    expect(ok(await api.call('GET', `/types/${type.id}`))).toEqual(type);
    expect(ok(await api.call('GET', '/types/key=every'))).toEqual(type);
    await createType('other', { fieldDefinitions: [] });
    const page = ok(await api.call('GET', '/types?where=resourceTypeIds contains any ("order")&withTotal=true'));
    expect(page.results.map((t: Json) => t['key'])).toEqual(['every']);
    const sorted = ok(await api.call('GET', '/types?sort=key desc'));
    expect(sorted.results.map((t: Json) => t['key'])).toEqual(['other', 'every']);
    expect(ok(await api.call('POST', '/types', { key: 'bare', name: { en: 'B' }, resourceTypeIds: [] }), 201).fieldDefinitions).toEqual([]);
    expectError(await api.call('POST', '/types', { key: 'every', name: { en: 'E' }, resourceTypeIds: [] }), 400, 'DuplicateField');
  });

  it('refuse a repeated field name, repeated enum keys and a field type other Types define differently for the same resources', async () => {
    await createType('first');
    const before = await snapshot(api);
    const draft = (key: string, fieldDefinitions: Json[], resourceTypeIds = ['store']) =>
      api.call('POST', '/types', { key, name: { en: key }, resourceTypeIds, fieldDefinitions });
    expect(
      expectError(
        await draft('twice', [definition('aa', { name: 'String' }), definition('aa', { name: 'Number' })]),
        400,
        'DuplicateField',
      ),
    ).toMatchObject({ field: 'name', duplicateValue: 'aa' });
    const repeated = {
      name: 'Enum',
      values: [
        { key: 'x', label: 'X' },
        { key: 'x', label: 'Y' },
      ],
    };
    expect(expectError(await draft('enums', [definition('aa', repeated)]), 400, 'DuplicateEnumValues')['duplicates']).toEqual(['x']);
    expectError(await draft('clash', [definition('note', { name: 'Number' })]), 400, 'InvalidOperation');
    ok(await draft('elsewhere', [definition('note', { name: 'Number' })], ['channel']), 201);
    const bad = await api.call('POST', '/types', {
      key: 'bad-name',
      name: { en: 'B' },
      resourceTypeIds: ['store'],
      fieldDefinitions: [definition('x', { name: 'String' })],
    });
    expectError(bad, 400, 'InvalidJsonInput');
    ok(await api.call('DELETE', '/types/key=elsewhere?version=1'));
    await expectUnchanged(api, before);
  });

  it('change key, name, description, field definitions, labels, input hints and order by update action', async () => {
    await createType('tt');
    const answer = ok(
      await update(
        'tt',
        1,
        { action: 'changeKey', key: 'renamed' },
        { action: 'changeName', name: { en: 'Renamed' } },
        { action: 'setDescription', description: { en: 'D' } },
        { action: 'addFieldDefinition', fieldDefinition: definition('extra', { name: 'LocalizedString' }) },
        { action: 'changeLabel', fieldName: 'note', label: { en: 'Note!' } },
        { action: 'changeInputHint', fieldName: 'note', inputHint: 'MultiLine' },
        { action: 'removeFieldDefinition', fieldName: 'size' },
        { action: 'changeFieldDefinitionOrder', fieldNames: ['extra', 'note', 'colours'] },
      ),
    );
    expect(answer).toMatchObject({ key: 'renamed', version: 2, name: { en: 'Renamed' }, description: { en: 'D' } });
    expect(answer.fieldDefinitions.map((d: Json) => d['name'])).toEqual(['extra', 'note', 'colours']);
    expect(answer.fieldDefinitions[1]).toEqual({
      ...definition('note', { name: 'String' }),
      label: { en: 'Note!' },
      inputHint: 'MultiLine',
    });
    const cleared = ok(await update('renamed', 2, { action: 'setDescription' }));
    expect(cleared.description).toBeUndefined();
  });

  it('add, relabel, reorder and remove enum values, also of a Set of enums', async () => {
    await createType('tt');
    const answer = ok(
      await update(
        'tt',
        1,
        { action: 'addEnumValue', fieldName: 'size', value: { key: 'l', label: 'L' } },
        { action: 'changeEnumValueLabel', fieldName: 'size', value: { key: 's', label: 'Small' } },
        { action: 'changeEnumValueOrder', fieldName: 'size', keys: ['l', 'm', 's'] },
        { action: 'removeEnumValues', fieldName: 'size', keys: ['m'] },
        { action: 'addLocalizedEnumValue', fieldName: 'colours', value: { key: 'blue', label: { en: 'Blue' } } },
        { action: 'changeLocalizedEnumValueLabel', fieldName: 'colours', value: { key: 'red', label: { en: 'Crimson' } } },
        { action: 'changeLocalizedEnumValueOrder', fieldName: 'colours', keys: ['blue', 'red'] },
        { action: 'removeLocalizedEnumValues', fieldName: 'colours', keys: ['red'] },
      ),
    );
    const [size, colour] = answer.fieldDefinitions as Json[];
    expect(size!['type'].values).toEqual([
      { key: 'l', label: 'L' },
      { key: 's', label: 'Small' },
    ]);
    expect(colour!['type'].elementType.values).toEqual([{ key: 'blue', label: { en: 'Blue' } }]);
  });

  it('refuse actions on a missing field, of the wrong field type, on missing or existing enum keys, with the live codes, changing nothing', async () => {
    await createType('tt');
    const before = await snapshot(api);
    const refused = async (action: Json, code: string, status = 400) => expectError(await update('tt', 1, action), status, code);
    await refused({ action: 'changeLabel', fieldName: 'nope', label: { en: 'X' } }, 'InvalidOperation');
    await refused({ action: 'removeFieldDefinition', fieldName: 'nope' }, 'InvalidOperation');
    await refused({ action: 'addFieldDefinition', fieldDefinition: definition('note', { name: 'String' }) }, 'DuplicateField');
    await refused({ action: 'addEnumValue', fieldName: 'note', value: { key: 'x', label: 'X' } }, 'InvalidOperation');
    await refused({ action: 'addEnumValue', fieldName: 'colours', value: { key: 'x', label: 'X' } }, 'InvalidOperation');
    await refused({ action: 'changeInputHint', fieldName: 'size', inputHint: 'MultiLine' }, 'InvalidOperation');
    await refused({ action: 'changeFieldDefinitionOrder', fieldNames: ['note', 'size'] }, 'InvalidOperation');
    expect(
      await refused({ action: 'addEnumValue', fieldName: 'size', value: { key: 's', label: 'S' } }, 'EnumKeyAlreadyExists'),
    ).toMatchObject({
      conflictingEnumKey: 's',
      conflictingAttributeName: 'size',
    });
    await refused({ action: 'changeEnumValueLabel', fieldName: 'size', value: { key: 'x', label: 'X' } }, 'EnumKeyDoesNotExist');
    await refused({ action: 'removeEnumValues', fieldName: 'size', keys: ['x'] }, 'EnumKeyDoesNotExist');
    await refused({ action: 'changeEnumValueOrder', fieldName: 'size', keys: ['s'] }, 'EnumValuesMustMatch');
    await refused({ action: 'changeLocalizedEnumValueOrder', fieldName: 'colours', keys: ['red', 'red'] }, 'EnumValuesMustMatch');
    await refused({ action: 'changeKey', key: 'x' }, 'InvalidJsonInput');
    expect(
      await refused({ action: 'changeFieldDefinitionLabel', fieldName: 'note', label: { en: 'X' } }, 'NotEmulated', 501),
    ).toMatchObject({
      action: 'changeFieldDefinitionLabel',
    });
    await expectUnchanged(api, before);
  });

  it('cannot be deleted while a resource uses them; removing a field definition removes its values', async () => {
    const type = await createType('tt');
    ok(await api.call('POST', '/stores', { key: 'shop', custom: { type: { key: 'tt' }, fields: { note: 'n', size: 's' } } }), 201);
    const refused = await api.call('DELETE', '/types/key=tt?version=1');
    expect(expectError(refused, 400, 'ReferenceExists')).toMatchObject({
      referencedBy: 'store',
      message: 'Can not delete a type while it is referenced by at least one store.',
    });
    const before = ok(await api.call('GET', '/stores/key=shop'));
    const untouched = ok(await api.call('POST', '/stores', { key: 'other', custom: { type: { key: 'tt' }, fields: { size: 's' } } }), 201);
    api.clock.advance(60_000);
    // Another initiator than the Store's last one: that one stays.
    const remove = { version: 1, actions: [{ action: 'removeFieldDefinition', fieldName: 'note' }] };
    const removedAt = new Date(api.clock.now()).toISOString();
    ok(await api.call('POST', '/types/key=tt', remove, { 'X-External-User-ID': 'type-admin' }));
    const store = ok(await api.call('GET', '/stores/key=shop'));
    expect(store.custom.fields).toEqual({ size: 's' });
    // A background change: a new version and lastModifiedAt, lastModifiedBy as it was.
    expect(store.version).toBe(before.version + 1);
    expect(store.lastModifiedAt).toBe(removedAt);
    expect(store.lastModifiedBy).toEqual(before.lastModifiedBy);
    // A resource without a value of the field is not changed.
    expect(ok(await api.call('GET', '/stores/key=other'))).toEqual(untouched);
    ok(await api.call('POST', '/stores/key=shop', { version: store.version, actions: [{ action: 'setCustomType' }] }));
    ok(await api.call('POST', '/stores/key=other', { version: untouched.version, actions: [{ action: 'setCustomType' }] }));
    expect(ok(await api.call('DELETE', `/types/${type.id}?version=2`)).key).toBe('tt');
    expect((await api.call('GET', '/types/key=tt')).status).toBe(404);
  });

  it('refuse a Set nested deeper than the JSON limit with 400 InvalidJsonInput, and take a Set of Sets', async () => {
    // Written as text: JSON.stringify would overflow the test's own stack.
    const deep = `${'{"name":"Set","elementType":'.repeat(5_000)}{"name":"String"}${'}'.repeat(5_000)}`;
    const draft = (fieldType: string) =>
      `{"key":"deep","name":{"en":"deep"},"resourceTypeIds":["store"],"fieldDefinitions":[{"name":"nested","label":{"en":"n"},"required":false,"type":${fieldType}}]}`;
    const before = await snapshot(api);
    const refused = await api.call('POST', '/types', draft(deep));
    expect(expectError(refused, 400, 'InvalidJsonInput')['detailedErrorMessage']).toContain('deeper than the limit of 200 levels');
    await expectUnchanged(api, before);
    ok(
      await api.call(
        'POST',
        '/types',
        draft(JSON.stringify({ name: 'Set', elementType: { name: 'Set', elementType: { name: 'String' } } })),
      ),
      201,
    );
  });

  it('need view_types to read and manage_types to write', async () => {
    await createType('tt');
    const viewer = await api.token(`view_types:${api.project}`);
    expect((await api.as(viewer)('GET', '/types/key=tt')).status).toBe(200);
    expectError(
      await api.as(viewer)('POST', '/types', { key: 'other', name: { en: 'O' }, resourceTypeIds: [] }),
      403,
      'insufficient_scope',
    );
    const manager = await api.token(`manage_types:${api.project}`);
    expect((await api.as(manager)('POST', '/types', { key: 'other', name: { en: 'O' }, resourceTypeIds: [] })).status).toBe(201);
    expectError(await api.as(await api.token(`view_stores:${api.project}`))('GET', '/types'), 403, 'insufficient_scope');
  });
});
