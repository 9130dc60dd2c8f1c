import { describe, expect, it } from 'vitest';
import { createProduct } from '../rest/helpers.js';
import { createHistoryApi, summary } from './helpers.js';

/** Reviews have Change History Records labelled ReviewLabel; their targets' statistics change in the background. */
describe('Change History of Reviews', () => {
  it('records a Review: creation, its actions as their live Changes, deletion; labelled by key and title', async () => {
    const api = await createHistoryApi();
    const product = await createProduct(api, 'shirt');
    const pending = (await api.call('POST', '/states', { key: 'pending', type: 'ReviewState' })).body;
    const review = (
      await api.call('POST', '/reviews', { key: 'r1', title: 'Good', rating: 4, target: { typeId: 'product', id: product.id } })
    ).body;
    const updated = await api.call('POST', '/reviews/key=r1', {
      version: 1,
      actions: [
        { action: 'setRating', rating: 2 },
        { action: 'setAuthorName', authorName: 'Ann' },
        { action: 'setText', text: 'Fine' },
        { action: 'transitionState', state: { typeId: 'state', key: 'pending' } },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await api.call('DELETE', '/reviews/key=r1?version=2')).status).toBe(200);
    const records = (await api.history(`/review/${review.id}`)).body;
    expect(summary(records)).toEqual([
      'review v2->v2 ResourceDeleted []',
      'review v1->v2 ResourceUpdated [setRating,setAuthorName,setText,transitionState,changeIncludedInStatistics]',
      'review v0->v1 ResourceCreated []',
    ]);
    expect(records.results[1]!.changes).toEqual([
      { change: 'setRating', type: 'SetRatingChange', previousValue: 4, nextValue: 2 },
      { change: 'setAuthorName', type: 'SetAuthorNameChange', nextValue: 'Ann' },
      { change: 'setText', type: 'SetTextChange', nextValue: 'Fine' },
      { change: 'transitionState', type: 'TransitionStateChange', nextValue: { typeId: 'state', id: pending.id } },
      { change: 'changeIncludedInStatistics', type: 'ChangeIncludedInStatisticsChange', previousValue: true, nextValue: false },
    ]);
    expect(records.results[0]!.label).toEqual({ type: 'ReviewLabel', key: 'r1', title: 'Good' });
  });

  it("records the target's new statistics as a ChangeReviewRatingStatisticsChange made by the platform", async () => {
    const api = await createHistoryApi();
    const product = await createProduct(api, 'shirt');
    const target = { typeId: 'product', id: product.id };
    await api.call('POST', '/reviews', { rating: 4, target });
    await api.call('POST', '/reviews', { rating: 1, target });
    const records = (await api.history(`/product/${product.id}`)).body;
    expect(summary(records).slice(0, 2)).toEqual([
      'product v2->v3 ResourceUpdated [changeReviewRatingStatistics]',
      'product v1->v2 ResourceUpdated [changeReviewRatingStatistics]',
    ]);
    // (4 + 1) / 2 = 2.5.
    expect(records.results[0]!.changes).toEqual([
      {
        change: 'changeReviewRatingStatistics',
        type: 'ChangeReviewRatingStatisticsChange',
        previousValue: { averageRating: 4, highestRating: 4, lowestRating: 4, count: 1, ratingsDistribution: { '4': 1 } },
        nextValue: { averageRating: 2.5, highestRating: 4, lowestRating: 1, count: 2, ratingsDistribution: { '4': 1, '1': 1 } },
      },
    ]);
    expect(records.results[0]!.modifiedBy).toMatchObject({ isPlatformClient: true });
  });
});
