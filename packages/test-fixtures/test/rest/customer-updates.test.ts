import { beforeEach, describe, expect, it } from 'vitest';
import { failure, gql } from '../graphql/helpers.js';
import { createHistoryApi, summary, type HistoryApi } from '../history/helpers.js';
import { tokenWith } from '../helpers/tokens.js';
import {
  customer,
  customerSnapshot,
  expectCustomersUnchanged,
  loginStatus,
  messageTypes,
  signUp,
  updateCustomer,
} from './customer-helpers.js';
import { expectError, ok, type Json } from './helpers.js';

/**
 * Customer update actions (POST /customers/{id}, /key={key} and their in-store forms), query and
 * delete: the live rules, the errors that change nothing, messages and Change History records.
 */
let api: HistoryApi;

beforeEach(async () => {
  api = await createHistoryApi();
  for (const key of ['eu', 'us']) ok(await api.call('POST', '/stores', { key }), 201);
});

/** Expects an update to be refused with status and code, changing no customer and sending no message. */
async function refused(id: string, actions: Json[], status: number, code: string, path?: string) {
  const before = await customerSnapshot(api);
  const error = expectError(await updateCustomer(api, id, actions, path), status, code);
  await expectCustomersUnchanged(api, before);
  return error;
}

describe('customer name and profile actions', () => {
  it('sets and removes the profile fields, each with a new version', async () => {
    const ann = await signUp(api, { email: 'ann@example.com', key: 'ann' });
    const set = ok(
      await updateCustomer(api, ann.id, [
        { action: 'setFirstName', firstName: 'Ann' },
        { action: 'setLastName', lastName: 'Lee' },
        { action: 'setMiddleName', middleName: 'M' },
        { action: 'setTitle', title: 'Dr' },
        { action: 'setSalutation', salutation: 'Dear' },
        { action: 'setDateOfBirth', dateOfBirth: '1990-02-03' },
        { action: 'setCompanyName', companyName: 'Acme' },
        { action: 'setVatId', vatId: 'DE1' },
        { action: 'setExternalId', externalId: 'crm-1' },
        { action: 'setLocale', locale: 'de' },
      ]),
    );
    expect(set).toMatchObject({
      version: 2,
      firstName: 'Ann',
      lastName: 'Lee',
      middleName: 'M',
      title: 'Dr',
      salutation: 'Dear',
      dateOfBirth: '1990-02-03',
      companyName: 'Acme',
      vatId: 'DE1',
      externalId: 'crm-1',
      locale: 'de',
    });
    const fields = [
      'firstName',
      'lastName',
      'middleName',
      'title',
      'salutation',
      'dateOfBirth',
      'companyName',
      'vatId',
      'externalId',
      'locale',
    ];
    const actions = [
      'setFirstName',
      'setLastName',
      'setMiddleName',
      'setTitle',
      'setSalutation',
      'setDateOfBirth',
      'setCompanyName',
      'setVatId',
      'setExternalId',
      'setLocale',
    ];
    const cleared = ok(await api.call('POST', '/customers/key=ann', { version: 2, actions: actions.map((action) => ({ action })) }));
    for (const field of fields) expect(cleared).not.toHaveProperty(field);
    expect(cleared.version).toBe(3);
  });

  it('refuses a locale that is not a language of the Project, changing nothing', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const error = await refused(
      ann.id,
      [
        { action: 'setFirstName', firstName: 'A' },
        { action: 'setLocale', locale: 'fr' },
      ],
      400,
      'InvalidField',
    );
    expect(error).toMatchObject({ field: 'locale', invalidValue: 'fr', allowedValues: ['en', 'de'] });
  });

  it('sets the customer number once; changing or removing it is InvalidOperation, a taken one DuplicateField', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const bob = await signUp(api, { email: 'bob@example.com', customerNumber: 'C-2' });
    expect(ok(await updateCustomer(api, ann.id, [{ action: 'setCustomerNumber', customerNumber: 'C-1' }])).customerNumber).toBe('C-1');
    await refused(ann.id, [{ action: 'setCustomerNumber', customerNumber: 'C-9' }], 400, 'InvalidOperation');
    await refused(ann.id, [{ action: 'setCustomerNumber' }], 400, 'InvalidOperation');
    const same = await updateCustomer(api, ann.id, [{ action: 'setCustomerNumber', customerNumber: 'C-1' }]);
    expect(ok(same).version).toBe(2);
    const carl = await signUp(api, { email: 'carl@example.com' });
    expect(
      await refused(carl.id, [{ action: 'setCustomerNumber', customerNumber: bob.customerNumber }], 400, 'DuplicateField'),
    ).toMatchObject({
      field: 'customerNumber',
      duplicateValue: 'C-2',
    });
  });

  it('sets and removes the key; a key another customer holds is DuplicateField', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    await signUp(api, { email: 'bob@example.com', key: 'bob' });
    expect(ok(await updateCustomer(api, ann.id, [{ action: 'setKey', key: 'ann' }])).key).toBe('ann');
    await refused(ann.id, [{ action: 'setKey', key: 'bob' }], 400, 'DuplicateField');
    expect(ok(await updateCustomer(api, ann.id, [{ action: 'setKey' }]))).not.toHaveProperty('key');
  });

  it('answers 409 for another version, 404 for an unknown customer and 501 for a live action it does not model', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    expectError(
      await api.call('POST', `/customers/${ann.id}`, { version: 7, actions: [{ action: 'setFirstName', firstName: 'A' }] }),
      409,
      'ConcurrentModification',
    );
    expectError(
      await api.call('POST', '/customers/key=nobody', { version: 1, actions: [{ action: 'setFirstName' }] }),
      404,
      'ResourceNotFound',
    );
    const error = await refused(ann.id, [{ action: 'setCustomerGroupAssignments', customerGroupAssignments: [] }], 501, 'NotEmulated');
    expect(error['action']).toBe('setCustomerGroupAssignments');
  });
});

describe('changeEmail', () => {
  it('changes the e-mail, unverifies it, moves the login and sends CustomerEmailChanged', async () => {
    const ann = await signUp(api, { email: 'ann@example.com', isEmailVerified: true });
    const changed = ok(await updateCustomer(api, ann.id, [{ action: 'changeEmail', email: 'ann@example.org' }]));
    expect(changed).toMatchObject({ email: 'ann@example.org', isEmailVerified: false });
    expect(await loginStatus(api, 'ann@example.org', 'secret')).toBe(200);
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(400);
    expect(await messageTypes(api, ann.id)).toEqual(['CustomerCreated', 'CustomerEmailChanged']);
  });

  it('keeps e-mails unique among global customers and within each Store (DuplicateField), ignoring case', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    await signUp(api, { email: 'bob@example.com' });
    await signUp(api, { email: 'eve@example.com' }, 'eu');
    const error = await refused(ann.id, [{ action: 'changeEmail', email: 'BOB@example.com' }], 400, 'DuplicateField');
    expect(error).toMatchObject({ field: 'email', duplicateValue: 'BOB@example.com' });
    // The e-mail of a customer of a Store is free among the global ones ...
    ok(await updateCustomer(api, ann.id, [{ action: 'changeEmail', email: 'eve@example.com' }]));
    // ... but not within that Store.
    const us = await signUp(api, { email: 'uma@example.com' }, 'us');
    ok(await updateCustomer(api, us.id, [{ action: 'changeEmail', email: 'eve@example.com' }]));
    const eu = await signUp(api, { email: 'erin@example.com' }, 'eu');
    await refused(eu.id, [{ action: 'changeEmail', email: 'Eve@example.com' }], 400, 'DuplicateField');
  });
});

describe('customer Stores', () => {
  it('adds and removes Stores; the login follows the Stores', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const added = ok(await updateCustomer(api, ann.id, [{ action: 'addStore', store: { key: 'eu' } }]));
    expect(added.stores).toEqual([{ typeId: 'store', key: 'eu' }]);
    expect(await loginStatus(api, 'ann@example.com', 'secret', 'eu')).toBe(200);
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(400);
    const moved = ok(
      await updateCustomer(api, ann.id, [
        { action: 'setStores', stores: [{ key: 'us' }, { key: 'eu' }] },
        { action: 'removeStore', store: { key: 'eu' } },
      ]),
    );
    expect(moved.stores).toEqual([{ typeId: 'store', key: 'us' }]);
    expect(await loginStatus(api, 'ann@example.com', 'secret', 'us')).toBe(200);
    expect(await loginStatus(api, 'ann@example.com', 'secret', 'eu')).toBe(400);
    expect(ok(await updateCustomer(api, ann.id, [{ action: 'setStores' }])).stores).toEqual([]);
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(200);
    expect((await messageTypes(api, ann.id)).filter((type) => type === 'CustomerStoresSet')).toHaveLength(2);
  });

  it('refuses a Store whose customers already have the e-mail, or an unknown Store, changing nothing', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    await signUp(api, { email: 'ann@example.com' }, 'eu');
    await refused(ann.id, [{ action: 'addStore', store: { key: 'eu' } }], 400, 'DuplicateField');
    await refused(ann.id, [{ action: 'setStores', stores: [{ key: 'nowhere' }] }], 400, 'ReferencedResourceNotFound');
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(200);
  });
});

describe('in-store customers: query, update and delete', () => {
  it("queries only the Store's customers, and updates and deletes only them (others are 404)", async () => {
    const eve = await signUp(api, { email: 'eve@example.com', key: 'eve' }, 'eu');
    const global = await signUp(api, { email: 'ann@example.com', key: 'ann' });
    await signUp(api, { email: 'uma@example.com' }, 'us');
    const page = ok(await api.call('GET', '/in-store/key=eu/customers?where=email%20is%20defined'));
    expect(page.results.map((c: Json) => c.id)).toEqual([eve.id]);
    expect(page.total).toBe(1);

    ok(await updateCustomer(api, eve.id, [{ action: 'setFirstName', firstName: 'Eve' }], '/in-store/key=eu/customers/key=eve'));
    expect((await customer(api, eve.id)).firstName).toBe('Eve');
    await refused(
      global.id,
      [{ action: 'setFirstName', firstName: 'X' }],
      404,
      'ResourceNotFound',
      `/in-store/key=eu/customers/${global.id}`,
    );
    expectError(await api.call('DELETE', `/in-store/key=us/customers/key=eve?version=2`), 404, 'ResourceNotFound');

    const deleted = ok(await api.call('DELETE', `/in-store/key=eu/customers/${eve.id}?version=2`));
    expect(deleted.id).toBe(eve.id);
    expectError(await api.call('GET', `/customers/${eve.id}`), 404, 'ResourceNotFound');
  });

  it('accepts the store-restricted scope for its own Store only', async () => {
    const eve = await signUp(api, { email: 'eve@example.com' }, 'eu');
    const euAdmin = api.as(await tokenWith(api, `manage_customers:${api.project}:eu`));
    ok(
      await euAdmin('POST', `/in-store/key=eu/customers/${eve.id}`, { version: 1, actions: [{ action: 'setFirstName', firstName: 'E' }] }),
    );
    expect((await euAdmin('GET', '/in-store/key=eu/customers')).status).toBe(200);
    expectError(await euAdmin('GET', '/in-store/key=us/customers'), 403, 'insufficient_scope');
    expectError(
      await euAdmin('POST', `/customers/${eve.id}`, { version: 2, actions: [{ action: 'setFirstName' }] }),
      403,
      'insufficient_scope',
    );
  });
});

describe('deleting a customer', () => {
  it('deletes by id and by key with the current version; the login ends; CustomerDeleted', async () => {
    const ann = await signUp(api, { email: 'ann@example.com', key: 'ann' });
    expectError(await api.call('DELETE', `/customers/key=ann?version=3`), 409, 'ConcurrentModification');
    expectError(await api.call('DELETE', `/customers/key=ann`), 400, 'RequiredField');
    const deleted = ok(await api.call('DELETE', `/customers/key=ann?version=1`));
    expect(deleted).toMatchObject({ id: ann.id, email: 'ann@example.com' });
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(400);
    expect(await messageTypes(api, ann.id)).toEqual(['CustomerCreated', 'CustomerDeleted']);
    // The e-mail is free again.
    await signUp(api, { email: 'ann@example.com' });
  });

  it('needs manage_customers: view_customers reads but may not update or delete', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const viewer = api.as(await tokenWith(api, `view_customers:${api.project}`));
    expect((await viewer('GET', `/customers/${ann.id}`)).status).toBe(200);
    expectError(
      await viewer('POST', `/customers/${ann.id}`, { version: 1, actions: [{ action: 'setFirstName' }] }),
      403,
      'insufficient_scope',
    );
    expectError(await viewer('DELETE', `/customers/${ann.id}?version=1`), 403, 'insufficient_scope');
    expect((await customer(api, ann.id)).version).toBe(1);
  });
});

describe('customer updates in the Change History', () => {
  it('records each action under its live change name', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    ok(
      await updateCustomer(api, ann.id, [
        { action: 'changeEmail', email: 'ann@example.org' },
        { action: 'setFirstName', firstName: 'Ann' },
        { action: 'setTitle', title: 'Dr' },
        { action: 'setCustomerNumber', customerNumber: 'C-1' },
        { action: 'setKey', key: 'ann' },
        { action: 'addStore', store: { key: 'eu' } },
      ]),
    );
    const records = ok(await api.history(`/customer/${ann.id}`));
    expect(summary(records)[0]).toBe(
      'customer v1->v2 ResourceUpdated [changeEmail,setFirstName,setTitle,setCustomerNumber,setKey,addStore]',
    );
    expect(records.results[0]!.changes[0]).toEqual({
      change: 'changeEmail',
      type: 'ChangeEmailChange',
      previousValue: 'ann@example.com',
      nextValue: 'ann@example.org',
    });
    expect(records.results[0]!.changes.at(-1)).toEqual({
      change: 'addStore',
      type: 'AddStoreChange',
      nextValue: { typeId: 'store', key: 'eu' },
    });
  });
});

describe('setAuthenticationMode', () => {
  it('ExternalAuth ends the password login; Password with a password brings it back', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const external = ok(await updateCustomer(api, ann.id, [{ action: 'setAuthenticationMode', authMode: 'ExternalAuth' }]));
    expect(external).toMatchObject({ authenticationMode: 'ExternalAuth', version: 2 });
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(400);
    const back = ok(await updateCustomer(api, ann.id, [{ action: 'setAuthenticationMode', authMode: 'Password', password: 'n3w' }]));
    expect(back).toMatchObject({ authenticationMode: 'Password', version: 3 });
    expect(await loginStatus(api, 'ann@example.com', 'n3w')).toBe(200);
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(400);
  });

  it('refuses the mode the Customer has, Password without a password and ExternalAuth with one, changing nothing', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const same = await refused(ann.id, [{ action: 'setAuthenticationMode', authMode: 'Password', password: 'x' }], 400, 'InvalidInput');
    expect(same.message).toBe("The customer is already using the 'Password' authentication mode.");
    ok(await updateCustomer(api, ann.id, [{ action: 'setAuthenticationMode', authMode: 'ExternalAuth' }]));
    expect((await refused(ann.id, [{ action: 'setAuthenticationMode', authMode: 'Password' }], 400, 'RequiredField'))['field']).toBe(
      'password',
    );
    const bob = await signUp(api, { email: 'bob@example.com' });
    await refused(bob.id, [{ action: 'setAuthenticationMode', authMode: 'ExternalAuth', password: 'x' }], 400, 'InvalidField');
  });
});

describe('Custom Fields of a Customer', () => {
  it('setCustomType and setCustomField send the live Customer Custom Type and Custom Field messages', async () => {
    const field = (name: string, type: string) => ({ name, label: { en: name }, required: false, type: { name: type } });
    const createType = async (key: string) =>
      ok(
        await api.call('POST', '/types', {
          key,
          name: { en: key },
          resourceTypeIds: ['customer'],
          fieldDefinitions: [field('note', 'String'), field('rank', 'Number')],
        }),
        201,
      );
    const profile = await createType('profile');
    const other = await createType('other');
    const ann = await signUp(api, { email: 'ann@example.com' });
    ok(
      await updateCustomer(api, ann.id, [
        { action: 'setCustomType', type: { key: 'profile' }, fields: { note: 'a' } },
        { action: 'setCustomField', name: 'rank', value: 1 },
        { action: 'setCustomField', name: 'note', value: 'b' },
        { action: 'setCustomField', name: 'note' },
      ]),
    );
    // A request that ends where it began changes nothing and sends nothing: two requests.
    ok(await updateCustomer(api, ann.id, [{ action: 'setCustomType', type: { key: 'other' } }]));
    ok(await updateCustomer(api, ann.id, [{ action: 'setCustomType' }]));
    const query = new URLSearchParams({ where: `resource(id = "${ann.id}") and resourceVersion > 1`, sort: 'sequenceNumber asc' });
    const messages = ok(await api.call('GET', `/messages?${query.toString()}`)).results as Json[];
    const payload = ({ type, name, value, previousValue, customFields, previousTypeId }: Json) =>
      Object.fromEntries(
        Object.entries({ type, name, value, previousValue, customFields, previousTypeId }).filter(([, v]) => v !== undefined),
      );
    expect(messages.map(payload)).toEqual([
      { type: 'CustomerCustomTypeSet', customFields: { type: { typeId: 'type', id: profile.id }, fields: { note: 'a' } } },
      { type: 'CustomerCustomFieldAdded', name: 'rank', value: 1 },
      { type: 'CustomerCustomFieldChanged', name: 'note', value: 'b', previousValue: 'a' },
      { type: 'CustomerCustomFieldRemoved', name: 'note' },
      { type: 'CustomerCustomTypeSet', customFields: { type: { typeId: 'type', id: other.id }, fields: {} }, previousTypeId: profile.id },
      { type: 'CustomerCustomTypeRemoved', previousTypeId: other.id },
    ]);
  });
});

describe('customer messages in GraphQL', () => {
  it('are refused as not emulated (the GraphQL schema has no Customer payloads), not dropped', async () => {
    await signUp(api, { email: 'ann@example.com' });
    const { error } = await failure(gql(api, '{ messages(where: "type = \\"CustomerCreated\\"") { results { payload { type } } } }'));
    expect(error.extensions).toMatchObject({ code: 'NotEmulated', field: 'Message.payload of CustomerCreated' });
  });
});
