import { beforeEach, describe, expect, it } from 'vitest';
import { createHistoryApi, summary, type HistoryApi } from '../history/helpers.js';
import { expectError, ok, type Json } from './helpers.js';

/**
 * Product Type update actions (POST /product-types/{id} and /key={key}): each changes the type as
 * the live service does, refuses what the live service refuses without changing anything, and is
 * recorded in the Change History under its own change name.
 */
let api: HistoryApi;

const sizes = { name: 'size', label: { en: 'Size' }, type: { name: 'enum', values: [{ key: 'm', label: 'M' }] } };
const colors = { name: 'color', label: { en: 'Colour' }, type: { name: 'set', elementType: { name: 'lenum', values: [] } } };
const material = { name: 'material', label: { en: 'Material' }, type: { name: 'text' }, attributeConstraint: 'SameForAll' };

beforeEach(async () => {
  api = await createHistoryApi();
  ok(
    await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'Shirts', attributes: [sizes, colors, material] }),
    201,
  );
});

async function productType(): Promise<Json> {
  return ok(await api.call('GET', '/product-types/key=shirt'));
}

async function update(actions: Json[], path = '/product-types/key=shirt') {
  const current = await productType();
  return api.call('POST', path, { version: current.version, actions });
}

/** Expects the update to fail with status and code and to leave the Product Type as it was. */
async function refused(actions: Json[], status: number, code: string) {
  const before = await productType();
  const error = expectError(await update(actions), status, code);
  expect(await productType()).toEqual(before);
  return error;
}

describe('Product Type update actions', () => {
  it('changes name, description and key, by id and by key, with a new version each time', async () => {
    const { id } = await productType();
    const renamed = ok(
      await update(
        [
          { action: 'changeName', name: 'Tee' },
          { action: 'changeDescription', description: 'Tees' },
        ],
        `/product-types/${id}`,
      ),
    );
    expect(renamed).toMatchObject({ name: 'Tee', description: 'Tees', version: 2 });
    const rekeyed = ok(await update([{ action: 'setKey', key: 'tee' }]));
    expect(rekeyed).toMatchObject({ key: 'tee', version: 3 });
    const unkeyed = ok(await api.call('POST', '/product-types/key=tee', { version: 3, actions: [{ action: 'setKey' }] }));
    expect(unkeyed).not.toHaveProperty('key');
  });

  it('adds an attribute definition with the live defaults, and refuses a name it has (AttributeDefinitionAlreadyExists)', async () => {
    const added = ok(
      await update([{ action: 'addAttributeDefinition', attribute: { name: 'fit', label: { en: 'Fit' }, type: { name: 'text' } } }]),
    );
    expect(added.attributes.at(-1)).toEqual({
      name: 'fit',
      label: { en: 'Fit' },
      type: { name: 'text' },
      isRequired: false,
      level: 'Variant',
      attributeConstraint: 'None',
      inputHint: 'SingleLine',
      isSearchable: true,
    });
    const error = await refused(
      [{ action: 'addAttributeDefinition', attribute: { name: 'size', label: { en: 'S' }, type: { name: 'text' } } }],
      400,
      'AttributeDefinitionAlreadyExists',
    );
    expect(error).toMatchObject({
      conflictingProductTypeId: added.id,
      conflictingProductTypeName: 'Shirt',
      conflictingAttributeName: 'size',
    });
  });

  it('changes label, input tip, input hint and searchability of a definition', async () => {
    const updated = ok(
      await update([
        { action: 'changeLabel', attributeName: 'size', label: { en: 'Größe' } },
        { action: 'setInputTip', attributeName: 'size', inputTip: { en: 'Pick one' } },
        { action: 'changeInputHint', attributeName: 'size', newValue: 'MultiLine' },
        { action: 'changeIsSearchable', attributeName: 'size', isSearchable: false },
      ]),
    );
    expect(updated.attributes[0]).toMatchObject({
      label: { en: 'Größe' },
      inputTip: { en: 'Pick one' },
      inputHint: 'MultiLine',
      isSearchable: false,
    });
    const untipped = ok(await update([{ action: 'setInputTip', attributeName: 'size' }]));
    expect(untipped.attributes[0]).not.toHaveProperty('inputTip');
  });

  it('answers AttributeNameDoesNotExist for an attribute the type does not have, changing nothing', async () => {
    const error = await refused(
      [
        { action: 'changeName', name: 'Renamed' },
        { action: 'changeLabel', attributeName: 'weight', label: { en: 'W' } },
      ],
      400,
      'AttributeNameDoesNotExist',
    );
    expect(error['invalidAttributeName']).toBe('weight');
    expect(error.message).toMatch(/^Attribute definition for weight does not exist on type /);
    await refused([{ action: 'removeAttributeDefinition', name: 'weight' }], 400, 'AttributeNameDoesNotExist');
  });

  it('changes an attribute constraint only as the live service allows (SameForAll or Unique to None)', async () => {
    const changed = ok(await update([{ action: 'changeAttributeConstraint', attributeName: 'material', newValue: 'None' }]));
    expect(changed.attributes[2].attributeConstraint).toBe('None');
    ok(
      await update([
        {
          action: 'addAttributeDefinition',
          attribute: { name: 'combo', label: { en: 'C' }, type: { name: 'text' }, attributeConstraint: 'CombinationUnique' },
        },
      ]),
    );
    await refused([{ action: 'changeAttributeConstraint', attributeName: 'combo', newValue: 'None' }], 400, 'InvalidOperation');
    // The schema allows only `None` as the new value.
    await refused([{ action: 'changeAttributeConstraint', attributeName: 'material', newValue: 'Unique' }], 400, 'InvalidJsonInput');
  });

  it('adds plain and localized enum values, refusing a duplicate key and a definition of another type', async () => {
    const updated = ok(
      await update([
        { action: 'addPlainEnumValue', attributeName: 'size', value: { key: 'l', label: 'L' } },
        { action: 'addLocalizedEnumValue', attributeName: 'color', value: { key: 'red', label: { en: 'Red' } } },
      ]),
    );
    expect(updated.attributes[0].type.values).toEqual([
      { key: 'm', label: 'M' },
      { key: 'l', label: 'L' },
    ]);
    expect(updated.attributes[1].type.elementType.values).toEqual([{ key: 'red', label: { en: 'Red' } }]);
    const duplicate = await refused(
      [{ action: 'addPlainEnumValue', attributeName: 'size', value: { key: 'm', label: 'Medium' } }],
      400,
      'DuplicateEnumValues',
    );
    expect(duplicate['duplicates']).toEqual(['m']);
    await refused([{ action: 'addPlainEnumValue', attributeName: 'color', value: { key: 'x', label: 'X' } }], 400, 'InvalidOperation');
    await refused(
      [{ action: 'addLocalizedEnumValue', attributeName: 'material', value: { key: 'x', label: { en: 'X' } } }],
      400,
      'InvalidOperation',
    );
  });

  it('renames a definition; a name the type has is AttributeDefinitionAlreadyExists, an unknown one AttributeNameDoesNotExist', async () => {
    const renamed = ok(await update([{ action: 'changeAttributeName', attributeName: 'material', newAttributeName: 'fabric' }]));
    expect(renamed.attributes.map((a: Json) => a.name)).toEqual(['size', 'color', 'fabric']);
    expect(renamed.attributes[2]).toMatchObject({ name: 'fabric', type: { name: 'text' }, attributeConstraint: 'SameForAll' });
    const taken = await refused(
      [{ action: 'changeAttributeName', attributeName: 'fabric', newAttributeName: 'size' }],
      400,
      'AttributeDefinitionAlreadyExists',
    );
    expect(taken).toMatchObject({ conflictingAttributeName: 'size', conflictingProductTypeName: 'Shirt' });
    await refused(
      [{ action: 'changeAttributeName', attributeName: 'material', newAttributeName: 'cloth' }],
      400,
      'AttributeNameDoesNotExist',
    );
  });

  it('refuses changeAttributeName to the name of a definition of another type in another Product Type (AttributeDefinitionTypeConflict)', async () => {
    const weight = { name: 'weight', label: { en: 'Weight' }, type: { name: 'number' } };
    const other = ok(await api.call('POST', '/product-types', { key: 'mug', name: 'Mug', description: 'Mugs', attributes: [weight] }), 201);
    const error = await refused(
      [{ action: 'changeAttributeName', attributeName: 'material', newAttributeName: 'weight' }],
      400,
      'AttributeDefinitionTypeConflict',
    );
    expect(error).toMatchObject({
      conflictingProductTypeId: other.id,
      conflictingProductTypeName: 'Mug',
      conflictingAttributeName: 'weight',
    });
    expect(error.message).toBe('The attribute with name weight has a different type on product type Mug.');
  });

  it('removes enum values from an enum, lenum or set of one; another type is InvalidOperation', async () => {
    ok(
      await update([
        { action: 'addPlainEnumValue', attributeName: 'size', value: { key: 'l', label: 'L' } },
        { action: 'addLocalizedEnumValue', attributeName: 'color', value: { key: 'red', label: { en: 'Red' } } },
        { action: 'addLocalizedEnumValue', attributeName: 'color', value: { key: 'blue', label: { en: 'Blue' } } },
      ]),
    );
    const removed = ok(
      await update([
        { action: 'removeEnumValues', attributeName: 'size', keys: ['m'] },
        { action: 'removeEnumValues', attributeName: 'color', keys: ['red', 'green'] },
      ]),
    );
    expect(removed.attributes[0].type.values).toEqual([{ key: 'l', label: 'L' }]);
    expect(removed.attributes[1].type.elementType.values).toEqual([{ key: 'blue', label: { en: 'Blue' } }]);
    await refused([{ action: 'removeEnumValues', attributeName: 'material', keys: ['x'] }], 400, 'InvalidOperation');
    await refused([{ action: 'removeEnumValues', attributeName: 'weight', keys: ['x'] }], 400, 'AttributeNameDoesNotExist');
  });

  it('reorders the definitions by name; a list that is not every name once is InvalidOperation', async () => {
    const reordered = ok(await update([{ action: 'changeAttributeOrderByName', attributeNames: ['material', 'size', 'color'] }]));
    expect(reordered.attributes.map((a: Json) => a.name)).toEqual(['material', 'size', 'color']);
    await refused([{ action: 'changeAttributeOrderByName', attributeNames: ['material', 'size'] }], 400, 'InvalidOperation');
    await refused([{ action: 'changeAttributeOrderByName', attributeNames: ['material', 'size', 'size'] }], 400, 'InvalidOperation');
  });

  it('answers 409 on a version mismatch, 404 for an unknown type, and 501 for a live action it does not model', async () => {
    const stale = await api.call('POST', '/product-types/key=shirt', { version: 9, actions: [{ action: 'changeName', name: 'X' }] });
    expectError(stale, 409, 'ConcurrentModification');
    expectError(
      await api.call('POST', '/product-types/key=none', { version: 1, actions: [{ action: 'changeName', name: 'X' }] }),
      404,
      'ResourceNotFound',
    );
    await refused([{ action: 'changeEnumKey', attributeName: 'size', key: 'm', newKey: 'medium' }], 501, 'NotEmulated');
  });

  it('records each action in the Change History under its live change name', async () => {
    const { id } = await productType();
    ok(
      await update([
        { action: 'changeName', name: 'Tee' },
        { action: 'addAttributeDefinition', attribute: { name: 'fit', label: { en: 'Fit' }, type: { name: 'text' } } },
        { action: 'changeLabel', attributeName: 'size', label: { en: 'Größe' } },
        { action: 'addPlainEnumValue', attributeName: 'size', value: { key: 'l', label: 'L' } },
        { action: 'changeAttributeConstraint', attributeName: 'material', newValue: 'None' },
        { action: 'removeAttributeDefinition', name: 'color' },
      ]),
    );
    ok(await update([{ action: 'changeAttributeOrderByName', attributeNames: ['fit', 'material', 'size'] }]));
    const records = ok(await api.history(`/product-type/${id}`));
    expect(summary(records).slice(0, 2)).toEqual([
      'product-type v2->v3 ResourceUpdated [changeAttributeOrderByName]',
      'product-type v1->v2 ResourceUpdated [changeName,addAttributeDefinition,changeLabel,addPlainEnumValue,changeAttributeConstraint,removeAttributeDefinition]',
    ]);
    const changes = records.results[1]!.changes;
    expect(changes.find((c) => c['change'] === 'changeLabel')).toEqual({
      change: 'changeLabel',
      type: 'ChangeLabelChange',
      previousValue: { en: 'Size' },
      nextValue: { en: 'Größe' },
      attributeName: 'size',
    });
    expect(changes.find((c) => c['change'] === 'addPlainEnumValue')).toMatchObject({
      type: 'AddPlainEnumValueChange',
      nextValue: { key: 'l', label: 'L' },
    });
  });
});

describe('removing an attribute definition', () => {
  async function product(key: string, attributes: Json[]) {
    return ok(
      await api.call('POST', '/products', {
        key,
        productType: { key: 'shirt' },
        name: { en: key },
        slug: { en: key },
        masterVariant: { sku: `${key}-1`, attributes },
        variants: [{ sku: `${key}-2`, attributes }],
        publish: true,
      }),
      201,
    );
  }

  it('strips its values from every variant of the Products of the type, current and staged, as a background change', async () => {
    const tee = await product('tee', [
      { name: 'size', value: { key: 'm', label: 'M' } },
      { name: 'material', value: 'cotton' },
    ]);
    const plain = await product('plain', [{ name: 'size', value: { key: 'm', label: 'M' } }]);
    ok(await update([{ action: 'removeAttributeDefinition', name: 'material' }]));

    const after = ok(await api.call('GET', `/products/${tee.id}`));
    for (const data of [after.masterData.current, after.masterData.staged])
      for (const variant of [data.masterVariant, ...data.variants])
        expect(variant.attributes).toEqual([{ name: 'size', value: { key: 'm', label: 'M' } }]);
    expect(after.version).toBe(tee.version + 1);
    expect(after.lastModifiedBy).toEqual(tee.lastModifiedBy);
    // A Product without values of the attribute is not touched.
    expect(ok(await api.call('GET', `/products/${plain.id}`))).toEqual(plain);

    const records = ok(await api.history(`/product/${tee.id}`));
    expect(summary(records)[0]).toBe('product v1->v2 ResourceUpdated [setAttribute,setAttribute,setAttribute,setAttribute]');
    expect(records.results[0]!.changes[0]).toMatchObject({
      type: 'SetAttributeChange',
      previousValue: { name: 'material', value: 'cotton' },
    });
  });

  it('leaves the Products alone when the update is refused', async () => {
    const tee = await product('tee', [{ name: 'material', value: 'cotton' }]);
    await refused(
      [
        { action: 'removeAttributeDefinition', name: 'material' },
        { action: 'changeLabel', attributeName: 'material', label: { en: 'gone' } },
      ],
      400,
      'AttributeNameDoesNotExist',
    );
    expect(ok(await api.call('GET', `/products/${tee.id}`))).toEqual(tee);
  });

  it('changeAttributeName renames the values of the Products of the type, current and staged, as a background change', async () => {
    const tee = await product('tee', [
      { name: 'size', value: { key: 'm', label: 'M' } },
      { name: 'material', value: 'cotton' },
    ]);
    ok(await update([{ action: 'changeAttributeName', attributeName: 'material', newAttributeName: 'fabric' }]));
    const after = ok(await api.call('GET', `/products/${tee.id}`));
    for (const data of [after.masterData.current, after.masterData.staged])
      for (const variant of [data.masterVariant, ...data.variants])
        expect(variant.attributes).toEqual([
          { name: 'size', value: { key: 'm', label: 'M' } },
          { name: 'fabric', value: 'cotton' },
        ]);
    expect(after.version).toBe(tee.version + 1);
    expect(after.lastModifiedBy).toEqual(tee.lastModifiedBy);
    // The rename has no Change of its own in the Product Type's Change History.
    const type = await productType();
    const records = ok(await api.history(`/product-type/${type.id}`));
    expect(records.results[0]!.changes).toEqual([]);
  });

  it('removeEnumValues removes the values with those keys from the Products, and a set loses only those keys', async () => {
    ok(await update([{ action: 'addLocalizedEnumValue', attributeName: 'color', value: { key: 'red', label: { en: 'Red' } } }]));
    ok(await update([{ action: 'addLocalizedEnumValue', attributeName: 'color', value: { key: 'blue', label: { en: 'Blue' } } }]));
    const tee = await product('tee', [
      { name: 'size', value: 'm' },
      { name: 'color', value: ['red', 'blue'] },
    ]);
    const red = await product('red', [{ name: 'color', value: ['red'] }]);
    ok(
      await update([
        { action: 'removeEnumValues', attributeName: 'size', keys: ['m'] },
        { action: 'removeEnumValues', attributeName: 'color', keys: ['red'] },
      ]),
    );
    const after = ok(await api.call('GET', `/products/${tee.id}`));
    for (const data of [after.masterData.current, after.masterData.staged])
      expect(data.masterVariant.attributes).toEqual([{ name: 'color', value: [{ key: 'blue', label: { en: 'Blue' } }] }]);
    expect(ok(await api.call('GET', `/products/${red.id}`)).masterData.staged.masterVariant.attributes).toEqual([]);

    const type = await productType();
    const records = ok(await api.history(`/product-type/${type.id}`));
    expect(records.results[0]!.changes).toEqual([
      { change: 'removeEnumValues', type: 'RemoveEnumValuesChange', previousValue: { key: 'm', label: 'M' }, attributeName: 'size' },
      {
        change: 'removeEnumValues',
        type: 'RemoveLocalizedEnumValuesChange',
        previousValue: { key: 'red', label: { en: 'Red' } },
        attributeName: 'color',
      },
    ]);
  });

  it('removeEnumValues of a required attribute is EnumValueIsUsed while a Product uses a key, and leaves everything alone', async () => {
    const required = {
      name: 'fit',
      label: { en: 'Fit' },
      type: {
        name: 'enum',
        values: [
          { key: 'slim', label: 'Slim' },
          { key: 'wide', label: 'Wide' },
        ],
      },
      isRequired: true,
    };
    ok(await update([{ action: 'addAttributeDefinition', attribute: required }]));
    const tee = await product('tee', [{ name: 'fit', value: 'slim' }]);
    const error = await refused([{ action: 'removeEnumValues', attributeName: 'fit', keys: ['slim'] }], 400, 'EnumValueIsUsed');
    expect(error.message).toBe("'slim' is used by some products and cannot be deleted because the fit attribute is required.");
    expect(ok(await api.call('GET', `/products/${tee.id}`))).toEqual(tee);
    ok(await update([{ action: 'removeEnumValues', attributeName: 'fit', keys: ['wide'] }]));
  });

  it('keeps refusing to delete a type a Product uses (ReferenceExists), and deletes it once unused', async () => {
    const tee = await product('tee', []);
    const type = await productType();
    expectError(await api.call('DELETE', `/product-types/${type.id}?version=${type.version}`), 400, 'ReferenceExists');
    ok(await api.call('DELETE', `/products/${tee.id}?version=${tee.version}`));
    ok(await api.call('DELETE', `/product-types/${type.id}?version=${type.version}`));
  });
});
