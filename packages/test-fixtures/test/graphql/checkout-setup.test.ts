import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { tokenWith } from '../helpers/tokens.js';
import { data, failure, gql } from './helpers.js';

/**
 * The checkout's setup resources over GraphQL (Zones, Customer Groups, Shipping Methods) on the
 * REST operations: what GraphQL writes REST reads back unchanged, and the REST errors surface as
 * field errors that change nothing.
 */

let api: Api;
beforeEach(async () => {
  api = await createApi({ projectKey: 'graphql-checkout' });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const rest = async (path: string): Promise<Json> => (await api.call<Json>('GET', path)).body;

const ZONE = 'id version key name description locations { country state } createdAt lastModifiedAt createdBy { clientId }';

describe('Zones', () => {
  const updateZone = (address: { id?: string; key?: string }, version: number, actions: unknown[]) =>
    gql<{ updateZone: Json | null }>(
      api,
      `mutation ($version: Long!, $actions: [ZoneUpdateAction!]!, $id: String, $key: String) {
        updateZone(version: $version, actions: $actions, id: $id, key: $key) { ${ZONE} } }`,
      { version, actions, ...address },
    );

  it('are created, read, queried, updated and deleted; REST reads the same Zone', async () => {
    const { createZone: zone } = await data<{ createZone: Json }>(
      gql(api, `mutation ($draft: CreateZone!) { createZone(draft: $draft) { ${ZONE} } }`, {
        draft: { key: 'eu', name: 'EU', description: null, locations: [{ country: 'DE' }, { country: 'US', state: 'NY' }] },
      }),
    );
    expect(zone).toMatchObject({
      version: 1,
      key: 'eu',
      name: 'EU',
      description: null,
      locations: [
        { country: 'DE', state: null },
        { country: 'US', state: 'NY' },
      ],
      createdBy: { clientId: api.emulator.credentials.clientId },
    });
    const stored = await rest(`/zones/${zone['id'] as string}`);
    expect(stored).toMatchObject({ id: zone['id'], version: 1, key: 'eu', locations: [{ country: 'DE' }, { country: 'US', state: 'NY' }] });
    expect(stored).not.toHaveProperty('description');

    const read = await data<{ byId: Json; byKey: Json; none: null; page: Json }>(
      gql(
        api,
        `query ($id: String) { byId: zone(id: $id) { key } byKey: zone(key: "eu") { id } none: zone(key: "nope") { id }
          page: zones(where: "locations(country = \\"US\\")", sort: ["key asc"]) { offset count total exists results { key } } }`,
        { id: zone['id'] },
      ),
    );
    expect(read).toEqual({
      byId: { key: 'eu' },
      byKey: { id: zone['id'] },
      none: null,
      page: { offset: 0, count: 1, total: 1, exists: true, results: [{ key: 'eu' }] },
    });

    const updated = await data(
      updateZone({ key: 'eu' }, 1, [
        { addLocation: { location: { country: 'FR' } } },
        { removeLocation: { location: { country: 'DE', state: null } } },
        { changeName: { name: 'Europe' } },
        { setDescription: { description: 'EU and NY' } },
        { setKey: { key: null } },
      ]),
    );
    expect(updated.updateZone).toMatchObject({
      version: 2,
      key: null,
      name: 'Europe',
      description: 'EU and NY',
      locations: [
        { country: 'US', state: 'NY' },
        { country: 'FR', state: null },
      ],
    });
    expect(await rest(`/zones/${zone['id'] as string}`)).toMatchObject({ version: 2, name: 'Europe', description: 'EU and NY' });

    const deleted = await data<{ deleteZone: Json }>(
      gql(api, `mutation ($id: String) { deleteZone(id: $id, version: 2) { id version } }`, zone),
    );
    expect(deleted.deleteZone).toEqual({ id: zone['id'], version: 2 });
    expect((await api.call('GET', `/zones/${zone['id'] as string}`)).status).toBe(404);
  });

  it('a Location in another Zone, a stale version and an action input with two members fail as REST does, changing nothing', async () => {
    await api.call('POST', '/zones', { key: 'de', name: 'DE', locations: [{ country: 'DE' }] });
    await api.call('POST', '/zones', { key: 'fr', name: 'FR', locations: [{ country: 'FR' }] });
    const before = await rest('/zones?sort=key%20asc');

    const taken = await failure(
      updateZone({ key: 'fr' }, 1, [{ changeName: { name: 'x' } }, { addLocation: { location: { country: 'DE' } } }]),
    );
    expect(taken.status).toBe(200);
    expect(taken.error.extensions).toEqual({ code: 'DuplicateField', field: 'location', duplicateValue: { country: 'DE' } });
    expect(taken.body.data).toEqual({ updateZone: null });

    const stale = await failure(updateZone({ key: 'fr' }, 7, [{ changeName: { name: 'x' } }]));
    expect(stale.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 1 });

    const two = await failure(updateZone({ key: 'fr' }, 1, [{ changeName: { name: 'x' }, setKey: { key: 'y' } }]));
    expect(two.error.extensions).toMatchObject({ code: 'InvalidInput' });
    expect(two.error.message).toContain('exactly one update action must be set, got changeName, setKey');

    const both = await failure(gql(api, '{ zone(id: "a", key: "b") { id } }'));
    expect(both.error.extensions).toMatchObject({ code: 'InvalidInput' });

    expect(await rest('/zones?sort=key%20asc')).toEqual(before);
  });

  it('need the scope of their REST endpoints: view_zones reads, manage_zones writes', async () => {
    await api.call('POST', '/zones', { key: 'de', name: 'DE' });
    const viewer = await tokenWith(api, `view_zones:${api.project}`);
    expect(await data(gql(api, '{ zone(key: "de") { key } zones { total } }', undefined, viewer))).toEqual({
      zone: { key: 'de' },
      zones: { total: 1 },
    });
    const refused = await failure(gql(api, 'mutation { deleteZone(key: "de", version: 1) { id } }', undefined, viewer));
    const restRefused = await api.as(viewer)<{ errors: { code: string; message: string }[] }>('DELETE', '/zones/key=de?version=1');
    expect(restRefused.status).toBe(403);
    expect(refused.error.extensions).toEqual({ code: restRefused.body.errors[0]!.code });
    expect(refused.error.message).toBe(restRefused.body.errors[0]!.message);
    expect((await api.call('GET', '/zones/key=de')).status).toBe(200);
  });
});

const GROUP = 'id version key name custom { typeRef { id } } createdAt lastModifiedAt lastModifiedBy { clientId }';

describe('Customer Groups', () => {
  const updateGroup = (key: string, version: number, actions: unknown[]) =>
    gql<{ updateCustomerGroup: Json | null }>(
      api,
      `mutation ($version: Long!, $actions: [CustomerGroupUpdateAction!]!, $key: String) {
        updateCustomerGroup(version: $version, actions: $actions, key: $key) { ${GROUP} } }`,
      { version, actions, key },
    );

  it('are created, read, queried, renamed, re-keyed and deleted; REST reads the same group', async () => {
    const { createCustomerGroup: group } = await data<{ createCustomerGroup: Json }>(
      gql(api, `mutation { createCustomerGroup(draft: { groupName: "Gold", key: "gold" }) { ${GROUP} } }`),
    );
    expect(group).toMatchObject({ version: 1, key: 'gold', name: 'Gold', custom: null });
    expect(await rest('/customer-groups/key=gold')).toMatchObject({ id: group['id'], version: 1, name: 'Gold' });

    const read = await data(
      gql(api, '{ customerGroup(key: "gold") { name } customerGroups(where: "name = \\"Gold\\"") { total results { key } } }'),
    );
    expect(read).toEqual({ customerGroup: { name: 'Gold' }, customerGroups: { total: 1, results: [{ key: 'gold' }] } });

    const renamed = await data(updateGroup('gold', 1, [{ changeName: { name: 'Platinum' } }, { setKey: { key: 'platinum' } }]));
    expect(renamed.updateCustomerGroup).toMatchObject({ version: 2, key: 'platinum', name: 'Platinum' });
    expect(await rest(`/customer-groups/${group['id'] as string}`)).toMatchObject({ version: 2, key: 'platinum', name: 'Platinum' });

    const deleted = await data(gql(api, 'mutation { deleteCustomerGroup(key: "platinum", version: 2) { id } }'));
    expect(deleted).toEqual({ deleteCustomerGroup: { id: group['id'] } });
    expect((await api.call('GET', '/customer-groups/key=platinum')).status).toBe(404);
  });

  it('a name taken and a group a Customer belongs to fail as REST does, changing nothing', async () => {
    await api.call('POST', '/customer-groups', { groupName: 'Gold', key: 'gold' });
    await api.call('POST', '/customer-groups', { groupName: 'Silver', key: 'silver' });
    await api.call('POST', '/customers', { email: 'a@example.com', password: 'secret', customerGroup: { key: 'silver' } });
    const before = await rest('/customer-groups?sort=key%20asc');

    const taken = await failure(updateGroup('silver', 1, [{ changeName: { name: 'Gold' } }]));
    expect(taken.error.extensions).toMatchObject({ code: 'DuplicateField', field: 'name', duplicateValue: 'Gold' });
    const duplicate = await failure(gql(api, 'mutation { createCustomerGroup(draft: { groupName: "Gold" }) { id } }'));
    expect(duplicate.error.extensions).toMatchObject({ code: 'DuplicateField', field: 'groupName', duplicateValue: 'Gold' });

    const referenced = await failure(gql(api, 'mutation { deleteCustomerGroup(key: "silver", version: 1) { id } }'));
    expect(referenced.error.extensions).toMatchObject({ code: 'ReferenceExists', referencedBy: 'customer' });

    expect(await rest('/customer-groups?sort=key%20asc')).toEqual(before);
  });
});

const METHOD = `id version key name localizedName(locale: "en") localizedNameAllLocales { locale value }
  localizedDescription(acceptLanguage: ["fr", "de"]) taxCategoryRef { typeId id } active isDefault predicate storesRef { key }
  zoneRates { zoneRef { id } zone { key } shippingRates { price { type currencyCode centAmount fractionDigits } freeAbove { centAmount }
    isMatching tiers { type ... on ShippingRateCartValuePriceTier { minimumCentAmount price { centAmount } isMatching } } } }`;

describe('Shipping Methods', () => {
  const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
  const money = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'EUR', centAmount, fractionDigits: 2 });
  const create = (draft: Json) =>
    gql<{ createShippingMethod: Json | null }>(
      api,
      `mutation ($draft: ShippingMethodDraft!) { createShippingMethod(draft: $draft) { ${METHOD} } }`,
      {
        draft: { taxCategory: { key: 'standard' }, isDefault: false, ...draft },
      },
    );
  const updateMethod = (key: string, version: number, actions: unknown[]) =>
    gql<{ updateShippingMethod: Json | null }>(
      api,
      `mutation ($version: Long!, $actions: [ShippingMethodUpdateAction!]!, $key: String) {
        updateShippingMethod(version: $version, actions: $actions, key: $key) { ${METHOD} } }`,
      { version, actions, key },
    );

  beforeEach(async () => {
    await api.call('POST', '/tax-categories', { key: 'standard', name: 'Standard', rates: [] });
    await api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
    await api.call('POST', '/zones', { key: 'ny', name: 'New York', locations: [{ country: 'US', state: 'NY' }] });
  });

  it('are created with localized names, rates per Zone and CartValue tiers; REST reads the same method', async () => {
    const { createShippingMethod: method } = await data(
      create({
        key: 'standard',
        name: 'Standard',
        localizedName: [{ locale: 'en', value: 'Standard' }],
        localizedDescription: [
          { locale: 'en', value: '3-5 days' },
          { locale: 'de', value: '3-5 Tage' },
        ],
        zoneRates: [
          {
            zone: { key: 'de' },
            shippingRates: [
              { price: eur(490), freeAbove: eur(5000), tiers: [{ CartValue: { minimumCentAmount: 2000, price: eur(290) } }] },
            ],
          },
        ],
      }),
    );
    const tax = await rest('/tax-categories/key=standard');
    const de = await rest('/zones/key=de');
    expect(method).toMatchObject({
      version: 1,
      key: 'standard',
      name: 'Standard',
      localizedName: 'Standard',
      localizedNameAllLocales: [{ locale: 'en', value: 'Standard' }],
      localizedDescription: '3-5 Tage',
      taxCategoryRef: { typeId: 'tax-category', id: tax['id'] },
      active: true,
      isDefault: false,
      predicate: null,
      storesRef: [],
      zoneRates: [
        {
          zoneRef: { id: de['id'] },
          zone: { key: 'de' },
          shippingRates: [
            {
              price: money(490),
              freeAbove: { centAmount: 5000 },
              isMatching: null,
              tiers: [{ type: 'CartValue', minimumCentAmount: 2000, price: { centAmount: 290 }, isMatching: null }],
            },
          ],
        },
      ],
    });
    expect(await rest('/shipping-methods/key=standard')).toMatchObject({
      id: method!['id'],
      localizedDescription: { en: '3-5 days', de: '3-5 Tage' },
      zoneRates: [
        { shippingRates: [{ price: money(490), freeAbove: money(5000), tiers: [{ type: 'CartValue', minimumCentAmount: 2000 }] }] },
      ],
    });
    const page = await data(gql(api, '{ shippingMethods(where: "active = true") { total results { key } } }'));
    expect(page).toEqual({ shippingMethods: { total: 1, results: [{ key: 'standard' }] } });
  });

  it('update actions map onto the REST actions: Zones, rates, flags, names and keys', async () => {
    await data(create({ key: 'mm', name: 'M', zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(490) }] }] }));
    const { updateShippingMethod: updated } = await data(
      updateMethod('mm', 1, [
        { addZone: { zone: { key: 'ny' } } },
        { addShippingRate: { zone: { key: 'ny' }, shippingRate: { price: eur(990) } } },
        { removeShippingRate: { zone: { key: 'de' }, shippingRate: { price: eur(490) } } },
        { changeName: { name: 'Express' } },
        { changeActive: { active: false } },
        { changeIsDefault: { isDefault: true } },
        { setLocalizedName: { localizedName: [{ locale: 'en', value: 'Express' }] } },
        { setLocalizedDescription: { localizedDescription: null } },
        { setKey: { key: 'express' } },
        { setPredicate: { predicate: null } },
      ]),
    );
    expect(updated).toMatchObject({
      version: 2,
      key: 'express',
      name: 'Express',
      localizedName: 'Express',
      active: false,
      isDefault: true,
      zoneRates: [
        { zone: { key: 'de' }, shippingRates: [] },
        { zone: { key: 'ny' }, shippingRates: [{ price: money(990) }] },
      ],
    });
    expect(await rest('/shipping-methods/key=express')).toMatchObject({ version: 2, name: 'Express', active: false, isDefault: true });
    await data(updateMethod('express', 2, [{ removeZone: { zone: { key: 'de' } } }]));
    expect(await data(gql(api, 'mutation { deleteShippingMethod(key: "express", version: 3) { name } }'))).toEqual({
      deleteShippingMethod: { name: 'Express' },
    });
  });

  it('what REST refuses fails the same way, NotEmulated naming the live member, and changes nothing', async () => {
    await data(
      create({ key: 'mm', name: 'M', isDefault: true, zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(490) }] }] }),
    );
    const before = await rest('/shipping-methods');

    // lineItemCount is a function: without its parentheses it names no field.
    const predicate = await failure(create({ name: 'P', predicate: 'lineItemCount > 0' }));
    expect(predicate.error.extensions).toMatchObject({ code: 'SemanticError' });
    expect(predicate.error.message).toContain("'lineItemCount' at position 1");
    const score = await failure(
      create({
        name: 'S',
        zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(1), tiers: [{ CartScore: { score: 1, price: eur(1) } }] }] }],
      }),
    );
    expect(score.error.extensions).toMatchObject({ code: 'NotEmulated', field: 'zoneRates[0].shippingRates[0].tiers[0].type' });
    const stores = await failure(updateMethod('mm', 1, [{ setStores: { stores: [] } }]));
    expect(stores.error.extensions).toMatchObject({ code: 'NotEmulated', action: 'setStores' });

    const secondDefault = await failure(create({ name: 'D', isDefault: true }));
    expect(secondDefault.error.extensions).toMatchObject({ code: 'InvalidOperation' });
    const unknownZone = await failure(updateMethod('mm', 1, [{ addZone: { zone: { key: 'nowhere' } } }]));
    expect(unknownZone.error.extensions).toMatchObject({ code: 'ReferencedResourceNotFound' });
    const twoTiers = await failure(
      create({
        name: 'T',
        zoneRates: [
          {
            zone: { key: 'de' },
            shippingRates: [{ price: eur(1), tiers: [{ CartValue: { minimumCentAmount: 1, price: eur(1) }, CartScore: { score: 1 } }] }],
          },
        ],
      }),
    );
    expect(twoTiers.error.message).toBe(
      'draft.zoneRates[0].shippingRates[0].tiers[0]: exactly one tier type must be set, got CartValue, CartScore.',
    );

    expect(await rest('/shipping-methods')).toEqual(before);
  });

  it('shippingMethodsByLocation answers what REST matching-location answers', async () => {
    await data(create({ key: 'ny-only', name: 'NY', zoneRates: [{ zone: { key: 'ny' }, shippingRates: [{ price: eur(990) }] }] }));
    await data(
      create({
        key: 'both',
        name: 'Both',
        isDefault: true,
        zoneRates: [
          { zone: { key: 'de' }, shippingRates: [{ price: eur(490) }] },
          { zone: { key: 'ny' }, shippingRates: [{ price: eur(590) }, { price: { currencyCode: 'USD', centAmount: 690 } }] },
        ],
      }),
    );
    const byLocation = await data<{ shippingMethodsByLocation: Json[] }>(
      gql(
        api,
        '{ shippingMethodsByLocation(country: "US", state: "NY", currency: "USD") { key zoneRates { shippingRates { price { currencyCode } isMatching } } } }',
      ),
    );
    expect(byLocation.shippingMethodsByLocation).toEqual([
      {
        key: 'both',
        zoneRates: [
          { shippingRates: [{ price: { currencyCode: 'EUR' }, isMatching: false }] },
          {
            shippingRates: [
              { price: { currencyCode: 'EUR' }, isMatching: false },
              { price: { currencyCode: 'USD' }, isMatching: true },
            ],
          },
        ],
      },
    ]);
    const restAnswer = await rest('/shipping-methods/matching-location?country=US&state=NY');
    const gqlAnswer = await data<{ shippingMethodsByLocation: Json[] }>(
      gql(api, '{ shippingMethodsByLocation(country: "US", state: "NY") { key } }'),
    );
    expect(gqlAnswer.shippingMethodsByLocation.map((m) => m['key'])).toEqual((restAnswer['results'] as Json[]).map((m) => m['key']));
    expect(gqlAnswer.shippingMethodsByLocation.map((m) => m['key'])).toEqual(['both', 'ny-only']);
  });
});
