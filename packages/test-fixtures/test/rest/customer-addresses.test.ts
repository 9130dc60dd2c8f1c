import { beforeEach, describe, expect, it } from 'vitest';
import { createHistoryApi, summary, type HistoryApi } from '../history/helpers.js';
import { customerSnapshot, expectCustomersUnchanged, messageTypes, signUp, updateCustomer } from './customer-helpers.js';
import { expectError, ok, type Json } from './helpers.js';

/**
 * The address actions of a Customer: addresses with generated ids and unique keys, the shipping
 * and billing roles with their defaults, the live errors, messages and Change History records.
 */
let api: HistoryApi;
let ann: Json;

const home = { key: 'home', country: 'DE', city: 'Berlin' };
const work = { key: 'work', country: 'DE', city: 'Hamburg' };

beforeEach(async () => {
  api = await createHistoryApi();
  ann = await signUp(api, { email: 'ann@example.com', addresses: [home, work], defaultShippingAddress: 0, billingAddresses: [1] });
});

const idOf = (customer: Json, key: string) => (customer.addresses as Json[]).find((a) => a.key === key)!.id as string;

async function refused(actions: Json[], code: string) {
  const before = await customerSnapshot(api);
  const error = expectError(await updateCustomer(api, ann.id, actions), 400, code);
  await expectCustomersUnchanged(api, before);
  return error;
}

describe('customer drafts with addresses', () => {
  it('round-trip: generated ids, defaults that are also in their role, the listed roles', () => {
    expect(ann.addresses).toEqual([
      { ...home, id: expect.any(String) },
      { ...work, id: expect.any(String) },
    ]);
    expect(ann).toMatchObject({
      defaultShippingAddressId: idOf(ann, 'home'),
      shippingAddressIds: [idOf(ann, 'home')],
      billingAddressIds: [idOf(ann, 'work')],
    });
    expect(ann).not.toHaveProperty('defaultBillingAddressId');
  });
});

describe('address actions', () => {
  it('adds an address with a generated id (an id in the draft is ignored) and sends CustomerAddressAdded', async () => {
    const updated = ok(await updateCustomer(api, ann.id, [{ action: 'addAddress', address: { id: 'mine', key: 'cabin', country: 'AT' } }]));
    const added = updated.addresses.at(-1);
    expect(added).toEqual({ key: 'cabin', country: 'AT', id: expect.any(String) });
    expect(added.id).not.toBe('mine');
    expect(await messageTypes(api, ann.id)).toEqual(['CustomerCreated', 'CustomerAddressAdded']);
  });

  it('changes an address by id or key, keeping its id', async () => {
    const byKey = ok(
      await updateCustomer(api, ann.id, [{ action: 'changeAddress', addressKey: 'home', address: { key: 'home', country: 'FR' } }]),
    );
    expect(byKey.addresses[0]).toEqual({ key: 'home', country: 'FR', id: idOf(ann, 'home') });
    const byId = ok(
      await updateCustomer(api, ann.id, [{ action: 'changeAddress', addressId: idOf(ann, 'work'), address: { country: 'IT' } }]),
    );
    expect(byId.addresses[1]).toEqual({ country: 'IT', id: idOf(ann, 'work') });
  });

  it('removes an address from the addresses, the roles and the defaults', async () => {
    const updated = ok(await updateCustomer(api, ann.id, [{ action: 'removeAddress', addressKey: 'home' }]));
    expect(updated.addresses.map((a: Json) => a.key)).toEqual(['work']);
    expect(updated.shippingAddressIds).toEqual([]);
    expect(updated).not.toHaveProperty('defaultShippingAddressId');
    expect(await messageTypes(api, ann.id)).toEqual(['CustomerCreated', 'CustomerAddressRemoved']);
  });

  it('sets and removes default addresses; a default joins its role', async () => {
    const updated = ok(
      await updateCustomer(api, ann.id, [
        { action: 'setDefaultBillingAddress', addressKey: 'home' },
        { action: 'setDefaultShippingAddress', addressId: idOf(ann, 'work') },
      ]),
    );
    expect(updated).toMatchObject({
      defaultBillingAddressId: idOf(ann, 'home'),
      billingAddressIds: [idOf(ann, 'work'), idOf(ann, 'home')],
      defaultShippingAddressId: idOf(ann, 'work'),
      shippingAddressIds: [idOf(ann, 'home'), idOf(ann, 'work')],
    });
    const cleared = ok(await updateCustomer(api, ann.id, [{ action: 'setDefaultShippingAddress' }]));
    expect(cleared).not.toHaveProperty('defaultShippingAddressId');
    expect(cleared.shippingAddressIds).toEqual([idOf(ann, 'home'), idOf(ann, 'work')]);
  });

  it('adds and removes shipping and billing address ids; removing the default removes the default too', async () => {
    const updated = ok(
      await updateCustomer(api, ann.id, [
        { action: 'addShippingAddressId', addressKey: 'work' },
        { action: 'addBillingAddressId', addressKey: 'home' },
        { action: 'addBillingAddressId', addressKey: 'home' },
        { action: 'removeShippingAddressId', addressKey: 'home' },
        { action: 'removeBillingAddressId', addressKey: 'work' },
      ]),
    );
    expect(updated).toMatchObject({ shippingAddressIds: [idOf(ann, 'work')], billingAddressIds: [idOf(ann, 'home')] });
    expect(updated).not.toHaveProperty('defaultShippingAddressId');
    expect((await messageTypes(api, ann.id)).slice(1)).toEqual([
      'CustomerShippingAddressAdded',
      'CustomerBillingAddressAdded',
      'CustomerBillingAddressAdded',
      'CustomerShippingAddressRemoved',
      'CustomerBillingAddressRemoved',
    ]);
  });

  it('refuses an unknown address, both or neither of id and key, and a duplicate address key, changing nothing', async () => {
    await refused([{ action: 'removeAddress', addressId: 'nope' }], 'InvalidOperation');
    await refused([{ action: 'setDefaultBillingAddress', addressKey: 'nope' }], 'InvalidOperation');
    await refused([{ action: 'addShippingAddressId' }], 'InvalidOperation');
    await refused(
      [{ action: 'changeAddress', addressId: idOf(ann, 'home'), addressKey: 'home', address: { country: 'DE' } }],
      'InvalidOperation',
    );
    const error = await refused(
      [
        { action: 'setFirstName', firstName: 'Ann' },
        { action: 'addAddress', address: { key: 'work', country: 'DE' } },
      ],
      'DuplicateField',
    );
    expect(error).toMatchObject({ field: 'addresses.key', duplicateValue: 'work' });
    await refused([{ action: 'addAddress', address: { country: 'Germany' } }], 'InvalidJsonInput');
  });

  it('records the address changes under their live change names', async () => {
    ok(
      await updateCustomer(api, ann.id, [
        { action: 'addAddress', address: { key: 'cabin', country: 'AT' } },
        { action: 'changeAddress', addressKey: 'work', address: { key: 'work', country: 'IT' } },
        { action: 'setDefaultBillingAddress', addressKey: 'home' },
        { action: 'removeShippingAddressId', addressKey: 'home' },
      ]),
    );
    const records = ok(await api.history(`/customer/${ann.id}`));
    // The consequences (the default billing address joins the billing ids, the default shipping one goes with its id) come last.
    expect(summary(records)[0]).toBe(
      'customer v1->v2 ResourceUpdated [addAddress,changeAddress,setDefaultBillingAddress,removeShippingAddressId,setDefaultShippingAddress,addBillingAddressId]',
    );
  });
});
