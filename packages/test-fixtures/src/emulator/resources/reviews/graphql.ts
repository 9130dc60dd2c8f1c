import { need, type GraphqlContext } from '../../graphql/context.js';
import { plainActions, withoutNulls, type IdentifierInput, type Nullable } from '../../graphql/inputs.js';
import { modifiedBy, productOf } from '../../graphql/objects.js';
import { mergeResolvers, readScopes, standardFields } from '../../graphql/standard-fields.js';
import { registeredType } from '../kit/resource-module.js';
import type { Schemas } from '../kit/resource-type.js';
import type { Review } from './index.js';

type Ref = { typeId: string; id: string };
type TargetInput = Nullable<{ typeId: string; id: string; key: string }>;

/** `ReviewDraft`: the REST draft's plain members, the references as identifiers (no Custom Fields: REST only). */
type ReviewDraftInput = Nullable<Omit<Schemas['ReviewDraft'], 'target' | 'state' | 'customer' | 'custom'>> & {
  target?: TargetInput | null;
  state?: IdentifierInput | null;
  customer?: IdentifierInput | null;
};

/** `ReviewUpdateAction`: one member set, named after the action. */
type ReviewUpdateActionInput = Nullable<{
  setAuthorName: { authorName?: string | null };
  setCustomer: { customer?: IdentifierInput | null };
  setKey: { key?: string | null };
  setLocale: { locale?: string | null };
  setRating: { rating?: number | null };
  setTarget: { target?: TargetInput | null };
  setText: { text?: string | null };
  setTitle: { title?: string | null };
  transitionState: { state: IdentifierInput; force?: boolean | null };
}>;

/** The resource a reference names, for a caller holding the read scopes of its type; null when it is gone. */
function referenced(ctx: GraphqlContext, ref: Ref | undefined): unknown {
  if (!ref) return null;
  need(ctx, readScopes(registeredType(ctx.emulator, ref.typeId)));
  return ctx.emulator.state.collection(ref.typeId).get(ref.id) ?? null;
}

/** A Review's target in GraphQL: a Product (Channels are not in this schema: null). */
const targetOf = (ctx: GraphqlContext, target: Ref | undefined) => (target?.typeId === 'product' ? productOf(ctx, target) : null);

/** The target and its reference, as a Review and its messages carry them. */
const targetFields = {
  targetRef: (source: { target?: Ref }) => source.target ?? null,
  target: (source: { target?: Ref }, _: unknown, ctx: GraphqlContext) => targetOf(ctx, source.target),
};

type StateTransition = { oldState?: Ref; newState: Ref };

/** Reviews in GraphQL: `review`, `reviews`, the writes, the Review's references resolved, its message payloads. */
export const reviewResolvers = mergeResolvers(
  standardFields<ReviewDraftInput, ReviewUpdateActionInput>({
    typeId: 'review',
    typeName: 'Review',
    one: 'review',
    many: 'reviews',
    draft: withoutNulls,
    actions: plainActions<ReviewUpdateActionInput>([
      'setAuthorName',
      'setCustomer',
      'setKey',
      'setLocale',
      'setRating',
      'setTarget',
      'setText',
      'setTitle',
      'transitionState',
    ]),
  }),
  {
    Review: {
      ...targetFields,
      stateRef: (review: Review) => review.state ?? null,
      state: (review: Review, _: unknown, ctx: GraphqlContext) => referenced(ctx, review.state),
      customerRef: (review: Review) => review.customer ?? null,
      customer: (review: Review, _: unknown, ctx: GraphqlContext) => referenced(ctx, review.customer),
      ...modifiedBy,
    },
    ReviewRatingSet: targetFields,
    ReviewStateTransition: {
      ...targetFields,
      oldStateRef: (m: StateTransition) => m.oldState ?? null,
      oldState: (m: StateTransition, _: unknown, ctx: GraphqlContext) => referenced(ctx, m.oldState),
      newStateRef: (m: StateTransition) => m.newState,
      newState: (m: StateTransition, _: unknown, ctx: GraphqlContext) => referenced(ctx, m.newState),
    },
  },
);
