import { errors } from '../../http/errors.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter, setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import { customerReference } from '../payments/rules.js';
import type { State } from '../states/index.js';
import { assertTransition, stateOfType } from '../states/transitions.js';

/** `includedInStatistics` is read-only to clients, written by the emulator. */
export type Review = Omit<Schemas['Review'], 'includedInStatistics'> & { includedInStatistics: boolean };
type Target = Schemas['ReviewTargetReference'];

/** The Product or Channel a Review is about: it must exist (400 ReferencedResourceNotFound). */
function targetFrom(ctx: WriteContext, identifier: Schemas['ReviewTargetResourceIdentifier'], field: string): Target {
  return { typeId: identifier.typeId, id: ctx.resolveIdentifier(identifier.typeId, identifier as ResourceIdentifier, field).id };
}

/** The live rule: a Review counts unless its State lacks the role `ReviewIncludedInStatistics`. */
const countsIn = (state: State | undefined) => state === undefined || state.roles.includes('ReviewIncludedInStatistics');

/** 400 DuplicateField when another Review has this `uniquenessValue`. */
function assertUnique(ctx: WriteContext, value: string | undefined): void {
  if (value !== undefined && ctx.state.collection<Review>('review').getByField('uniquenessValue', value)) {
    throw errors.duplicateField('uniquenessValue', value);
  }
}

const stateReference = (state: State) => ({ typeId: 'state' as const, id: state.id });

/**
 * Reviews (https://docs.commercetools.com/api/projects/reviews): a rating and texts about a
 * Product or a Channel, in an optional workflow of ReviewStates. `includedInStatistics` is worked
 * out at creation and at each `transitionState` only; the targets' `reviewRatingStatistics`
 * follow in statistics.ts.
 */
export const reviewType: ResourceType<Review, Schemas['ReviewDraft'], Schemas['ReviewUpdateAction']> = {
  typeId: 'review',
  path: 'reviews',
  scopes: { view: ['view_products', 'manage_products'], manage: ['manage_products'] },
  schemas: { resource: 'Review', draft: 'ReviewDraft', updateAction: 'ReviewUpdateAction' },
  create(draft, ctx) {
    assertUnique(ctx, draft.uniquenessValue);
    const state = draft.state && stateOfType(ctx, draft.state, 'ReviewState', 'state');
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.uniquenessValue !== undefined ? { uniquenessValue: draft.uniquenessValue } : {}),
      ...(draft.locale !== undefined ? { locale: draft.locale } : {}),
      ...(draft.authorName !== undefined ? { authorName: draft.authorName } : {}),
      ...(draft.title !== undefined ? { title: draft.title } : {}),
      ...(draft.text !== undefined ? { text: draft.text } : {}),
      ...(draft.target ? { target: targetFrom(ctx, draft.target, 'target') } : {}),
      ...(draft.rating !== undefined ? { rating: draft.rating } : {}),
      ...(state ? { state: stateReference(state) } : {}),
      includedInStatistics: countsIn(state),
      ...(draft.customer ? { customer: customerReference(ctx, draft.customer, 'customer') } : {}),
      ...customMemberFrom(ctx, draft, 'review'),
    };
  },
  actions: {
    ...customFieldActions<Review>('review'),
    setKey: optionalSetter('key'),
    setAuthorName: optionalSetter('authorName'),
    setLocale: optionalSetter('locale'),
    setText: optionalSetter('text'),
    setTitle: optionalSetter('title'),
    setCustomer(review, { customer }, ctx) {
      setOptional(review, 'customer', customer && customerReference(ctx, customer, 'customer'));
    },
    setTarget(review, { target }, ctx) {
      review.target = targetFrom(ctx, target, 'target');
    },
    setRating(review, { rating }, ctx) {
      const oldRating = review.rating;
      setOptional(review, 'rating', rating);
      ctx.emit('ReviewRatingSet', {
        ...(oldRating !== undefined ? { oldRating } : {}),
        ...(rating !== undefined ? { newRating: rating } : {}),
        includedInStatistics: review.includedInStatistics,
        ...(review.target ? { target: { ...review.target } } : {}),
      });
    },
    transitionState(review, { state: identifier, force = false }, ctx) {
      const to = stateOfType(ctx, identifier, 'ReviewState', 'state');
      const old = review.state;
      if (!force) assertTransition(ctx, old, to);
      const oldIncludedInStatistics = review.includedInStatistics;
      review.state = stateReference(to);
      review.includedInStatistics = countsIn(to);
      ctx.emit('ReviewStateTransition', {
        ...(old ? { oldState: { ...old } } : {}),
        newState: stateReference(to),
        oldIncludedInStatistics,
        newIncludedInStatistics: review.includedInStatistics,
        ...(review.target ? { target: { ...review.target } } : {}),
        force,
      });
    },
  },
  createdMessages: (review) => [{ type: 'ReviewCreated', payload: { review: structuredClone(review) } }],
};
