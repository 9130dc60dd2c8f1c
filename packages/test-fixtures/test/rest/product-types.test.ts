import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { clientToken, firstError, tokenWith } from '../helpers/tokens.js';

const draft = {
  key: 'shirt',
  name: 'Shirt',
  description: 'Shirts',
  attributes: [{ name: 'size', label: { en: 'Size' }, type: { name: 'enum', values: [{ key: 'mm', label: 'M' }] } }],
};

let api: Api;
const base = '/product-types';

beforeEach(async () => {
  api = await createApi();
});

async function create(body: unknown = draft) {
  return api.call('POST', base, body);
}

async function all() {
  return (await api.call<{ results: unknown[] }>('GET', base)).body.results;
}

describe('product types', () => {
  it('creates a product type (isRequired defaults to false) and reads it by id, by key and by query', async () => {
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      version: 1,
      key: 'shirt',
      name: 'Shirt',
      description: 'Shirts',
      attributes: [{ name: 'size', label: { en: 'Size' }, type: { name: 'enum' }, isRequired: false }],
    });
    const id = created.body['id'] as string;
    expect((await api.call('GET', `${base}/${id}`)).body).toEqual(created.body);
    expect((await api.call('GET', `${base}/key=shirt`)).body).toEqual(created.body);
    const page = await api.call('GET', `${base}?where=${encodeURIComponent('name = "Shirt"')}`);
    expect(page.body).toMatchObject({ count: 1, total: 1, results: [{ id }] });
  });

  it('answers 404 for an unknown id or key', async () => {
    for (const address of ['nope', 'key=nope']) {
      const answer = await api.call('GET', `${base}/${address}`);
      expect(answer.status).toBe(404);
      expect(firstError(answer).code).toBe('ResourceNotFound');
    }
  });

  it('refuses a duplicate key and a duplicate attribute name with DuplicateField', async () => {
    await create();
    const again = await create({ ...draft, name: 'Other' });
    expect(again.status).toBe(400);
    expect(firstError(again)).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'shirt' });
    const attribute = draft.attributes[0]!;
    const twice = await create({ name: 'T', description: 'dd', attributes: [attribute, attribute] });
    expect(firstError(twice)).toMatchObject({ code: 'DuplicateField', field: 'attributes[1].name', duplicateValue: 'size' });
    expect(await all()).toHaveLength(1);
  });

  it('refuses an attribute whose name another Product Type uses with another type (AttributeDefinitionTypeConflict)', async () => {
    const created = await create();
    const conflict = await create({
      name: 'Mug',
      description: 'Mugs',
      attributes: [{ name: 'size', label: { en: 'Size' }, type: { name: 'text' } }],
    });
    expect(conflict.status).toBe(400);
    expect(firstError(conflict)).toMatchObject({
      code: 'AttributeDefinitionTypeConflict',
      message: 'The attribute with name size has a different type on product type Shirt.',
      conflictingProductTypeId: created.body['id'],
      conflictingProductTypeName: 'Shirt',
      conflictingAttributeName: 'size',
    });
    expect(await all()).toHaveLength(1);
    // Enum values may differ between Product Types; the type may not.
    const otherValues = { name: 'size', label: { en: 'Size' }, type: { name: 'enum', values: [{ key: 'xl', label: 'XL' }] } };
    const mug = await create({ key: 'mug', name: 'Mug', description: 'Mugs', attributes: [otherValues] });
    expect(mug.status).toBe(201);
    const added = await api.call('POST', `${base}/key=mug`, {
      version: 1,
      actions: [{ action: 'addAttributeDefinition', attribute: { name: 'size2', label: { en: 'S' }, type: { name: 'text' } } }],
    });
    expect(added.status).toBe(200);
    const cup = await create({ key: 'cup', name: 'Cup', description: 'Cups' });
    const refused = await api.call('POST', `${base}/key=cup`, {
      version: 1,
      actions: [
        {
          action: 'addAttributeDefinition',
          attribute: { name: 'size2', label: { en: 'S' }, type: { name: 'set', elementType: { name: 'text' } } },
        },
      ],
    });
    expect(firstError(refused)).toMatchObject({ code: 'AttributeDefinitionTypeConflict', conflictingProductTypeName: 'Mug' });
    expect((await api.call('GET', `${base}/key=cup`)).body).toEqual(cup.body);
  });

  it('refuses bad drafts with 400 and stores nothing', async () => {
    const cases: [unknown, string][] = [
      ['{ "name": ', 'InvalidJsonInput'],
      [{ description: 'no name' }, 'InvalidJsonInput'],
      [{ name: 42, description: 'dd' }, 'InvalidJsonInput'],
      [{ name: 'T', description: 'dd', attributes: [{ name: 'aa', label: { en: 'A' }, type: { name: 'colour' } }] }, 'InvalidJsonInput'],
    ];
    for (const [body, code] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(firstError(answer).code).toBe(code);
    }
    expect(await all()).toEqual([]);
  });

  it('deletes by id and by key with the current version; 409 on a version mismatch, 400 without version', async () => {
    const first = await create();
    const second = await create({ ...draft, key: 'other' });
    const stale = await api.call('DELETE', `${base}/${first.body['id'] as string}?version=2`);
    expect(stale.status).toBe(409);
    expect(firstError(stale)).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const missing = await api.call('DELETE', `${base}/${first.body['id'] as string}`);
    expect(firstError(missing)).toMatchObject({ code: 'RequiredField', field: 'version' });
    expect(await all()).toHaveLength(2);

    const byId = await api.call('DELETE', `${base}/${first.body['id'] as string}?version=1`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(first.body);
    const byKey = await api.call('DELETE', `${base}/key=other?version=1`);
    expect(byKey.body).toEqual(second.body);
    expect(await all()).toEqual([]);
    expect((await api.call('DELETE', `${base}/key=other?version=1`)).status).toBe(404);
  });

  it('refuses deleting a product type a product uses (ReferenceExists), and allows it once the product is gone', async () => {
    const type = await create();
    const product = await api.call('POST', '/products', {
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: 'Blue shirt' },
      slug: { en: 'blue-shirt' },
    });
    expect(product.status).toBe(201);
    const refused = await api.call('DELETE', `${base}/key=shirt?version=1`);
    expect(refused.status).toBe(400);
    expect(firstError(refused)).toMatchObject({ code: 'ReferenceExists', referencedBy: 'product' });
    expect(await all()).toEqual([type.body]);

    await api.call('DELETE', `/products/${product.body['id'] as string}?version=1`);
    expect((await api.call('DELETE', `${base}/key=shirt?version=1`)).status).toBe(200);
  });

  it('checks scopes: view_products reads but may not write; manage_products writes; another project is 403', async () => {
    await create();
    const viewer = await tokenWith(api, `view_products:${api.project}`);
    expect((await api.as(viewer)('GET', base)).status).toBe(200);
    expect((await api.as(viewer)('GET', `${base}/key=shirt`)).status).toBe(200);
    const write = await api.as(viewer)('POST', base, { ...draft, key: 'k2' });
    expect(write.status).toBe(403);
    expect(firstError(write)).toMatchObject({ code: 'insufficient_scope' });
    expect(firstError(write).message).toContain(`manage_products:${api.project}`);
    expect((await api.as(viewer)('DELETE', `${base}/key=shirt?version=1`)).status).toBe(403);

    const manager = await tokenWith(api, `manage_products:${api.project}`);
    expect((await api.as(manager)('POST', base, { ...draft, key: 'k3' })).status).toBe(201);

    const unrelated = await tokenWith(api, `view_customers:${api.project}`);
    expect((await api.as(unrelated)('GET', base)).status).toBe(403);

    // A client whose scope names another project (set up through the auth service: the API refuses such clients).
    const foreign = api.emulator.context.auth.createClient({ name: 'foreign', scope: 'manage_products:other-project' });
    const foreignToken = await clientToken(api, { clientId: foreign.client.id, clientSecret: foreign.secret });
    expect((await api.as(foreignToken)('GET', base)).status).toBe(403);
    expect((await api.as(foreignToken)('POST', base, { ...draft, key: 'k4' })).status).toBe(403);
    expect(await all()).toHaveLength(2);
  });
});
