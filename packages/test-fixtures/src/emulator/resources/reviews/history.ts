import { simple, type ResourceHistoryRules } from '../../history/change-kit.js';
import type { Label } from '../../history/records.js';
import type { StoredResource } from '../../store/collection.js';

/** A Review's Records are labelled by its key and title (ReviewLabel), each absent when the Review has none. */
export function reviewLabel(review: StoredResource): Label {
  const title = review['title'] as string | undefined;
  return { type: 'ReviewLabel', ...(review.key !== undefined ? { key: review.key } : {}), ...(title !== undefined ? { title } : {}) };
}

/**
 * A Review's Changes by field, as the live Change History names them; the other members get their
 * `set<Field>` Change (SetRatingChange, SetTargetChange, SetTextChange...).
 */
export const reviewChanges: ResourceHistoryRules = {
  state: simple('transitionState', 'TransitionStateChange'),
  includedInStatistics: simple('changeIncludedInStatistics', 'ChangeIncludedInStatisticsChange'),
};

/** The target's statistics, changed by the platform after a Review's write (a Product's or a Channel's Change). */
export const ratingStatisticsChanges: ResourceHistoryRules = {
  reviewRatingStatistics: simple('changeReviewRatingStatistics', 'ChangeReviewRatingStatisticsChange'),
};
