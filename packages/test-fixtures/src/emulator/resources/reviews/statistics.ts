import { isDeepStrictEqual } from 'node:util';
import type { EmulatorContext } from '../../context.js';
import type { ChangeEvent } from '../../state.js';
import type { StoredResource } from '../../store/collection.js';
import type { Schemas } from '../kit/resource-type.js';
import { WriteContext } from '../kit/write-context.js';
import type { Review } from './index.js';

type Statistics = Schemas['ReviewRatingStatistics'];
type Target = Schemas['ReviewTargetReference'];

/** `averageRating` is kept to 5 decimals (the live rule). */
const SCALE = 100_000n;

/** `sum / count` to 5 decimals, a half away from zero, worked out on integers. */
function average(sum: number, count: number): number {
  const scaled = BigInt(Math.abs(sum)) * SCALE;
  const divisor = BigInt(count);
  let quotient = scaled / divisor;
  if ((scaled % divisor) * 2n >= divisor) quotient += 1n;
  return (Math.sign(sum) * Number(quotient)) / Number(SCALE);
}

/**
 * The rating statistics of a target from its Reviews that count (with a `rating` and
 * `includedInStatistics`); undefined when none does.
 *
 * @example
 * ratingStatistics(reviews, { typeId: 'product', id }) // { averageRating: 2.66667, count: 3, ... }
 */
export function ratingStatistics(reviews: Iterable<Review>, target: Target): Statistics | undefined {
  const ratings: number[] = [];
  for (const review of reviews) {
    if (review.target?.id !== target.id || review.target.typeId !== target.typeId) continue;
    if (review.includedInStatistics && review.rating !== undefined) ratings.push(review.rating);
  }
  if (ratings.length === 0) return undefined;
  const ratingsDistribution: Record<string, number> = {};
  for (const rating of ratings) ratingsDistribution[rating] = (ratingsDistribution[rating] ?? 0) + 1;
  return {
    averageRating: average(
      ratings.reduce((sum, rating) => sum + rating, 0),
      ratings.length,
    ),
    highestRating: Math.max(...ratings),
    lowestRating: Math.min(...ratings),
    count: ratings.length,
    ratingsDistribution,
  };
}

/** The targets a write of a Review may have changed the statistics of: its target before and after. */
function targetsOf(event: ChangeEvent): Target[] {
  const targets = [event.before, event.after].flatMap((review) => (review?.['target'] as Target | undefined) ?? []);
  return targets.filter((target, index) => targets.findIndex((other) => other.id === target.id) === index);
}

/**
 * Keeps the `reviewRatingStatistics` of Products and Channels in step with their Reviews, at once
 * (the live service does it eventually): after each write of a Review, its targets before and after
 * are worked out again from all their Reviews. A target whose statistics change gets a background
 * write: a new version and lastModifiedAt, its lastModifiedBy kept, no Message, a Change History
 * Record made by the platform.
 */
export function keepRatingStatisticsInStep(context: EmulatorContext): void {
  const { state } = context;
  state.onChange((event) => {
    if (event.typeId !== 'review') return;
    const reviews = [...state.collection<Review>('review').values()];
    for (const target of targetsOf(event)) {
      const targets = state.collection<StoredResource & { reviewRatingStatistics?: Statistics }>(target.typeId);
      const resource = targets.get(target.id);
      if (!resource) continue;
      const next = ratingStatistics(reviews, target);
      if (isDeepStrictEqual(resource.reviewRatingStatistics, next)) continue;
      const ctx = new WriteContext(state, event.principal, event.externalUserId);
      const { reviewRatingStatistics: _previous, ...rest } = resource;
      const updated = {
        ...rest,
        ...(next ? { reviewRatingStatistics: next } : {}),
        version: resource.version + 1,
        lastModifiedAt: ctx.now,
      };
      targets.replace(updated);
      ctx.recordChange(target.typeId, 'updated', resource, updated, [], { background: true });
    }
  });
}
