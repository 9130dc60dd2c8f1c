import { GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SCRIPT } from '../src/emulator/console/assets/console-script.js';
import { commerceSchema } from '../src/emulator/graphql/schema.js';
import { HISTORY_TYPES } from '../src/emulator/history/resource-types.js';
import { typeIdOf } from '../src/emulator/resources/kit/resource-module.js';
import { CONSOLE_TYPES, graphqlResolvers, historyKnowledge, RESOURCE_MODULES } from '../src/emulator/resources/registry.js';
import { createApi, type Api } from './helpers/api.js';
import { gql } from './graphql/helpers.js';

const typed = RESOURCE_MODULES.filter((module) => module.type !== undefined);
/** The resource types the live Change History does not record (https://docs.commercetools.com/api/history/change-history#resource-types). */
const UNTRACKED = new Set(['cart']);

let api: Api;
beforeAll(async () => {
  api = await createApi();
  expect((await api.call('POST', '/stores', { key: 'registry-store' })).status).toBe(201);
});

describe('the registry is the one list of what the emulator serves', () => {
  it('lists each module once, by a name unique in the list', () => {
    const names = RESOURCE_MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    const typeIds = typed.map((module) => typeIdOf(module));
    expect(new Set(typeIds).size).toBe(typeIds.length);
  });

  it.each(typed.filter((module) => module.standardRoutes !== false).map((module) => [module.name, module] as const))(
    'serves the standard routes of %s under its name, by id and by key',
    async (name) => {
      const page = await api.call('GET', `/${name}?limit=1`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const missing = await api.call('GET', `/${name}/key=not-there`);
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].code).toBe('ResourceNotFound');
      const deleted = await api.call('DELETE', `/${name}/00000000-0000-4000-8000-000000000000?version=1`);
      expect(deleted.status).toBe(404);
    },
  );

  it('serves the in-store routes of a module that asks for them, and of no other', async () => {
    const headers = { authorization: `Bearer ${await api.token()}` };
    for (const module of typed) {
      const path = `/in-store/key=registry-store/${module.name}?limit=1`;
      if (module.rest?.inStore) expect((await api.call('GET', path)).status, module.name).toBe(200);
      // Not in the schema either, so past the contract-checked caller.
      else
        expect((await api.emulator.fetch(`${api.emulator.urls().api}/${api.project}${path}`, { headers })).status, module.name).not.toBe(
          200,
        );
    }
  });

  it('gives the Change History the knowledge of every type it tracks, and none of a type it does not (shipping-method)', () => {
    const knowledge = historyKnowledge();
    // Carts are no Change History type of the live service.
    for (const module of typed.filter((m) => !UNTRACKED.has(typeIdOf(m)!))) {
      const typeId = typeIdOf(module)!;
      if (HISTORY_TYPES.has(typeId)) expect(knowledge.get(typeId), typeId).toBe(module.history);
      else expect(module.history, typeId).toBeUndefined();
    }
    expect(HISTORY_TYPES.has('shipping-method')).toBe(false);
  });

  it('lists every resource type in the console, in the order of the registry', () => {
    for (const module of typed) expect(CONSOLE_TYPES).toContain(module.name);
    expect(CONSOLE_TYPES).toEqual(RESOURCE_MODULES.filter((m) => CONSOLE_TYPES.includes(m.name)).map((m) => m.name));
    expect(CONSOLE_SCRIPT).toContain(`const TYPES = ${JSON.stringify(CONSOLE_TYPES)};`);
  });

  it('answers in GraphQL exactly the fields the modules contribute', async () => {
    const schema = commerceSchema(graphqlResolvers());
    const query = schema.getQueryType()!.getFields();
    const contributed = new Set(graphqlResolvers().flatMap((map) => Object.keys(map['Query'] ?? {})));
    expect(contributed.size).toBeGreaterThan(0);
    for (const [name, field] of Object.entries(query)) expect(field.resolve !== undefined, name).toBe(contributed.has(name));
    for (const map of graphqlResolvers()) {
      for (const typeName of Object.keys(map)) expect(schema.getType(typeName)).toBeInstanceOf(GraphQLObjectType);
    }
    const answer = await gql<{ productSelections: { total: number }; messages: { total: number } }>(
      api,
      '{ productSelections { total } messages { total } store(key: "registry-store") { key } }',
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({ productSelections: { total: 0 }, messages: { total: 1 }, store: { key: 'registry-store' } });
  });
});
