import { beforeEach, describe, expect, it } from 'vitest';
import { signUp } from './customer-helpers.js';
import { createApi, expectError, messagesOf, ok, UUID, type Api, type ApiAnswer, type Json } from './helpers.js';
import { created, expectNothingChanged, shippingSnapshot } from './shipping-helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

const update = (key: string, version: number, actions: Json[]) => api.call('POST', `/customer-groups/key=${key}`, { version, actions });

async function groupType(): Promise<void> {
  const type = { key: 'group-fields', name: { en: 'G' }, resourceTypeIds: ['customer-group'] };
  const field = { name: 'tier', label: { en: 'Tier' }, required: false, type: { name: 'String' } };
  await created(api, '/types', { ...type, fieldDefinitions: [field] });
}

describe('customer groups', () => {
  it('are created from groupName, read by id and key, queried by name', async () => {
    const vip = await created(api, '/customer-groups', { key: 'vip', groupName: 'VIP' });
    expect(vip).toMatchObject({ id: expect.stringMatching(UUID), version: 1, key: 'vip', name: 'VIP' });
    expect(vip).not.toHaveProperty('groupName');
    expect(ok(await api.call('GET', `/customer-groups/${vip['id'] as string}`))).toEqual(vip);
    expect(ok(await api.call('GET', '/customer-groups/key=vip'))).toEqual(vip);
    await created(api, '/customer-groups', { groupName: 'B2B' });
    const page = ok(await api.call('GET', '/customer-groups?where=name="VIP"&withTotal=true'));
    expect(page).toMatchObject({ total: 1, results: [{ key: 'vip' }] });
  });

  it('changeName, setKey and the Custom Field actions change the group; only the Custom Field ones send Messages', async () => {
    await groupType();
    await created(api, '/customer-groups', {
      key: 'vip',
      groupName: 'VIP',
      custom: { type: { key: 'group-fields' }, fields: { tier: 'gold' } },
    });
    const changed = ok(
      await update('vip', 1, [
        { action: 'changeName', name: 'Very important' },
        { action: 'setCustomField', name: 'tier', value: 'platinum' },
        { action: 'setKey', key: 'very-important' },
      ]),
    );
    expect(changed).toMatchObject({ version: 2, key: 'very-important', name: 'Very important', custom: { fields: { tier: 'platinum' } } });
    const removed = ok(await update('very-important', 2, [{ action: 'setCustomType' }, { action: 'setKey' }]));
    expect(removed).not.toHaveProperty('custom');
    expect(removed).not.toHaveProperty('key');
    const types = (await messagesOf(api, changed['id'] as string)).map((m) => m['type']);
    expect(types).toEqual(['CustomerGroupCustomFieldChanged', 'CustomerGroupCustomTypeRemoved']);
  });

  it('refuse a taken name (DuplicateField naming groupName or name), a taken key, a missing groupName and a bad Custom Field; nothing changes', async () => {
    await groupType();
    await created(api, '/customer-groups', { key: 'vip', groupName: 'VIP' });
    await created(api, '/customer-groups', { key: 'b2b', groupName: 'B2B' });
    const before = await shippingSnapshot(api);
    expect(expectError(await api.call('POST', '/customer-groups', { groupName: 'VIP' }), 400, 'DuplicateField')).toMatchObject({
      field: 'groupName',
      duplicateValue: 'VIP',
    });
    expect(expectError(await update('b2b', 1, [{ action: 'changeName', name: 'VIP' }]), 400, 'DuplicateField')['field']).toBe('name');
    expectError(await update('b2b', 1, [{ action: 'setKey', key: 'vip' }]), 400, 'DuplicateField');
    expectError(await api.call('POST', '/customer-groups', { name: 'Other' }), 400, 'InvalidJsonInput');
    expectError(await api.call('POST', '/customer-groups', { groupName: 7 }), 400, 'InvalidJsonInput');
    const custom = { type: { key: 'group-fields' }, fields: { colour: 'red' } };
    expectError(await api.call('POST', '/customer-groups', { groupName: 'Other', custom }), 400, 'InvalidField');
    expectError(await update('b2b', 1, [{ action: 'setCustomField', name: 'tier', value: 'x' }]), 400, 'InvalidOperation');
    expectError(await update('b2b', 1, [{ action: 'setCustomerGroupAssignments' }]), 400, 'InvalidInput');
    await expectNothingChanged(api, before);
  });

  it('answer 404 for an unknown group and 409 for a stale version', async () => {
    const vip = await created(api, '/customer-groups', { key: 'vip', groupName: 'VIP' });
    expectError(await api.call('GET', '/customer-groups/key=nope'), 404, 'ResourceNotFound');
    expectError(await update('nope', 1, [{ action: 'changeName', name: 'x' }]), 404, 'ResourceNotFound');
    expectError(await update('vip', 3, [{ action: 'changeName', name: 'x' }]), 409, 'ConcurrentModification');
    expectError(await api.call('DELETE', '/customer-groups/key=vip?version=2'), 409, 'ConcurrentModification');
    expect(ok(await api.call('DELETE', `/customer-groups/${vip['id'] as string}?version=1`))['key']).toBe('vip');
  });

  it('need view_customer_groups (or view_customers) to read and manage_customer_groups (or manage_customers) to write', async () => {
    await created(api, '/customer-groups', { key: 'vip', groupName: 'VIP' });
    const viewer = await api.token(`view_customer_groups:${api.project}`);
    expect((await api.as(viewer)('GET', '/customer-groups/key=vip')).status).toBe(200);
    expectError(await api.as(viewer)('POST', '/customer-groups', { groupName: 'x' }), 403, 'insufficient_scope');
    const customers = await api.token(`view_customers:${api.project}`);
    expect((await api.as(customers)('GET', '/customer-groups')).status).toBe(200);
    const manager = await api.token(`manage_customer_groups:${api.project}`);
    expect((await api.as(manager)('POST', '/customer-groups', { groupName: 'x' })).status).toBe(201);
    const other = await api.token(`view_orders:${api.project}`);
    expectError(await api.as(other)('GET', '/customer-groups'), 403, 'insufficient_scope');
  });
});

describe("a customer's customer group", () => {
  it('is set by the draft and by setCustomerGroup (CustomerGroupSet), by id or key, and expands', async () => {
    const vip = await created(api, '/customer-groups', { key: 'vip', groupName: 'VIP' });
    const b2b = await created(api, '/customer-groups', { key: 'b2b', groupName: 'B2B' });
    const ann = await signUp(api, { email: 'ann@example.com', customerGroup: { typeId: 'customer-group', key: 'vip' } });
    expect(ann['customerGroup']).toEqual({ typeId: 'customer-group', id: vip['id'] });
    const moved = ok(
      await api.call('POST', `/customers/${ann['id'] as string}?expand=customerGroup`, {
        version: 1,
        actions: [{ action: 'setCustomerGroup', customerGroup: { id: b2b['id'] } }],
      }),
    );
    expect(moved['customerGroup']).toEqual({ typeId: 'customer-group', id: b2b['id'], obj: b2b });
    const left = ok(await api.call('POST', `/customers/${ann['id'] as string}`, { version: 2, actions: [{ action: 'setCustomerGroup' }] }));
    expect(left).not.toHaveProperty('customerGroup');
    const sent = (await messagesOf(api, ann['id'] as string)).filter((m) => m['type'] === 'CustomerGroupSet');
    expect(sent.map((m) => m['customerGroup'])).toEqual([{ typeId: 'customer-group', id: b2b['id'] }, undefined]);
  });

  it('a group that does not exist is 400 ReferencedResourceNotFound; nothing changes', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const before = await shippingSnapshot(api);
    const draft = await api.call('POST', '/customers', { email: 'bob@example.com', password: 'x', customerGroup: { key: 'nope' } });
    expect(expectError(draft, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'customer-group', key: 'nope' });
    const action = { action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', id: 'nope' } };
    expectError(
      await api.call('POST', `/customers/${ann['id'] as string}`, { version: 1, actions: [action] }),
      400,
      'ReferencedResourceNotFound',
    );
    const both = await api.call('POST', '/customers', { email: 'bob@example.com', password: 'x', customerGroup: { id: 'a', key: 'b' } });
    expectError(both, 400, 'InvalidJsonInput');
    await expectNothingChanged(api, before);
  });

  it('a group a customer belongs to cannot be deleted (400 ReferenceExists) until the customer leaves it', async () => {
    await created(api, '/customer-groups', { key: 'vip', groupName: 'VIP' });
    const ann = await signUp(api, { email: 'ann@example.com', customerGroup: { key: 'vip' } });
    const before = await shippingSnapshot(api);
    expect(expectError(await api.call('DELETE', '/customer-groups/key=vip?version=1'), 400, 'ReferenceExists')['referencedBy']).toBe(
      'customer',
    );
    await expectNothingChanged(api, before);
    ok(await api.call('POST', `/customers/${ann['id'] as string}`, { version: 1, actions: [{ action: 'setCustomerGroup' }] }));
    expect((await api.call('DELETE', '/customer-groups/key=vip?version=1')).status).toBe(200);
  });
});

describe('group prices', () => {
  async function pricedProduct(prices: Json[]): Promise<ApiAnswer> {
    await api.call('POST', '/product-types', { key: 'pt', name: 'PT', description: 'pt' });
    return api.call('POST', '/products', {
      key: 'shirt',
      productType: { key: 'pt' },
      name: { en: 'Shirt' },
      slug: { en: 'shirt' },
      masterVariant: { sku: 'shirt', prices },
      publish: true,
    });
  }
  const eur = (centAmount: number, extra: Json = {}) => ({ value: { currencyCode: 'EUR', centAmount }, ...extra });

  it("a Price for a Customer Group is selected for that group's id only, over one without a group", async () => {
    const gold = await created(api, '/customer-groups', { key: 'gold', groupName: 'Gold' });
    const b2b = await created(api, '/customer-groups', { key: 'b2b', groupName: 'B2B' });
    const product = ok(await pricedProduct([eur(1000), eur(800, { customerGroup: { typeId: 'customer-group', key: 'gold' } })]), 201);
    expect(product['masterData'].current.masterVariant.prices[1].customerGroup).toEqual({ typeId: 'customer-group', id: gold['id'] });
    const selected = async (query: string) =>
      ok(await api.call('GET', `/product-projections/key=shirt?priceCurrency=EUR${query}`))['masterVariant'].price.value.centAmount;
    expect(await selected('')).toBe(1000);
    expect(await selected(`&priceCustomerGroup=${gold['id'] as string}`)).toBe(800);
    expect(await selected(`&priceCustomerGroup=${b2b['id'] as string}`)).toBe(1000);
  });

  it('a group that does not exist and a group twice in one scope are refused; a group with Prices cannot be deleted; nothing changes', async () => {
    await created(api, '/customer-groups', { key: 'gold', groupName: 'Gold' });
    const before = await shippingSnapshot(api);
    const unknown = await pricedProduct([eur(800, { customerGroup: { key: 'silver' } })]);
    expect(expectError(unknown, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'customer-group', key: 'silver' });
    const twice = await pricedProduct([eur(800, { customerGroup: { key: 'gold' } }), eur(700, { customerGroup: { key: 'gold' } })]);
    expectError(twice, 400, 'DuplicatePriceScope');
    await api.call('DELETE', '/product-types/key=pt?version=1');
    await expectNothingChanged(api, before);
    ok(await pricedProduct([eur(800, { customerGroup: { key: 'gold' } })]), 201);
    const refused = await api.call('DELETE', '/customer-groups/key=gold?version=1');
    expect(expectError(refused, 400, 'ReferenceExists')['referencedBy']).toBe('product');
  });
});
