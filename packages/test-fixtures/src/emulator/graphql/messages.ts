/**
 * Messages in their GraphQL form: the envelope, with the stored message itself
 * as the `payload`, whose type is the message `type` (payload types implement
 * MessagePayload).
 */
import { errors } from '../http/errors.js';
import type { StoredMessage } from '../messages/message-log.js';
import { modifiedBy, named, productOf } from './objects.js';
import { need, type GraphqlContext } from './context.js';
import { pageOfCollection, type PageArgs } from './paging.js';
import type { ResolverMap } from './resolver-types.js';

type Ref = { typeId: string; id: string };

const productPayload = {
  productRef: (m: { product: Ref }) => m.product,
  product: (m: { product: Ref }, _args: unknown, ctx: GraphqlContext) => productOf(ctx, m.product),
};

/** Messages in GraphQL: the query and the envelope and payload types. */
export const messageResolvers: ResolverMap = {
  Query: {
    messages: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, ['view_messages']);
      return pageOfCollection<StoredMessage>(ctx.emulator.messages.collection, args, 'Message');
    },
  },
  Message: {
    resourceRef: (m: StoredMessage) => m.resource,
    payload: (m: StoredMessage) => m,
    ...modifiedBy,
  },
  StoreCreated: {
    ...named((m: { name?: Record<string, string> }) => m.name),
  },
  ProductSelectionProductAdded: productPayload,
  ProductSelectionProductRemoved: productPayload,
  ProductSelectionProductExcluded: productPayload,
  ProductSelectionVariantSelectionChanged: productPayload,
  ProductSelectionVariantExclusionChanged: productPayload,
};

/**
 * The concrete payload type of a message: its `type`. A message the GraphQL schema has no payload
 * type for (the Customer messages) is refused as not emulated rather than dropped.
 */
export function payloadType(message: StoredMessage, known: ReadonlySet<string>): string {
  if (!known.has(message.type)) throw errors.notEmulated({ field: `Message.payload of ${message.type}` });
  return message.type;
}
