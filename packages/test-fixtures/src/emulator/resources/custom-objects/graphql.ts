import { addressOf, lookup, need, type GraphqlContext } from '../../graphql/context.js';
import { pageOfArray, type PageArgs } from '../../graphql/paging.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { readScopes } from '../../graphql/standard-fields.js';
import { errors } from '../../http/errors.js';
import { deleteResource } from '../kit/operations.js';
import { customObjectAt, customObjectType, upsertCustomObject, type CustomObject } from './index.js';

type Locator = { id?: string | null; key?: string | null; container?: string | null };

/** The Custom Object `id` names, or `container` with `key` (InvalidInput for any other mix); null when none. */
function locate(ctx: GraphqlContext, { id, key, container }: Locator, field: string): CustomObject | null {
  if (id != null && key == null && container == null)
    return lookup<CustomObject>(ctx.emulator.state, customObjectType.typeId, addressOf({ id }, field));
  if (id == null && key != null && container != null) {
    return ctx.emulator.state.collection<CustomObject>(customObjectType.typeId).getByKey(`${container}/${key}`) ?? null;
  }
  throw errors.invalidInput(`${field}: give either 'id', or both 'container' and 'key'.`);
}

/** The JSON text of a draft's `value`, parsed (InvalidInput when it is no JSON). */
function parsedValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw errors.invalidInput(`createOrUpdateCustomObject: 'value' must be JSON text, got ${JSON.stringify(text.slice(0, 60))}.`);
  }
}

/** Custom Objects in GraphQL, on the REST operations: the look-ups, the container's page, the upsert and the delete. */
export const customObjectResolvers: ResolverMap = {
  Query: {
    customObject: (_: unknown, args: Locator, ctx: GraphqlContext) => {
      need(ctx, readScopes(customObjectType));
      return locate(ctx, args, 'customObject');
    },
    customObjects: (_: unknown, args: PageArgs & { container: string }, ctx: GraphqlContext) => {
      need(ctx, readScopes(customObjectType));
      const members = [...ctx.emulator.state.collection<CustomObject>(customObjectType.typeId).values()].filter(
        (resource) => resource.container === args.container,
      );
      return pageOfArray(members, args, customObjectType.schemas.resource);
    },
  },
  Mutation: {
    createOrUpdateCustomObject: (
      _: unknown,
      { draft }: { draft: { value: string; version?: number | null } & Locator },
      ctx: GraphqlContext,
    ) => {
      need(ctx, customObjectType.scopes.manage);
      const { version, value, ...rest } = draft;
      return upsertCustomObject(ctx.emulator, { ...rest, value: parsedValue(value), ...(version != null ? { version } : {}) }, ctx.caller)
        .resource;
    },
    deleteCustomObject: (_: unknown, args: Locator & { version?: number | null }, ctx: GraphqlContext) => {
      need(ctx, customObjectType.scopes.manage);
      // By container and key, a missing one is the REST 404 naming both.
      const current =
        locate(ctx, args, 'deleteCustomObject') ?? (args.id == null ? customObjectAt(ctx.emulator, args.container!, args.key!) : null);
      if (!current) throw errors.notFoundById(args.id!);
      return deleteResource(ctx.emulator, customObjectType, { id: current.id }, args.version ?? current.version, ctx.caller);
    },
  },
};
