import { beforeEach, describe, expect, it } from 'vitest';
import { data, failure, gql } from '../graphql/helpers.js';
import { createApi, createProduct, expectError, messagesOf, ok, UUID, type Api, type Json } from './helpers.js';

let api: Api;
let product: { id: string; key: string };
beforeEach(async () => {
  api = await createApi();
  product = await createProduct(api, 'shirt');
});

const onProduct = () => ({ typeId: 'product', key: product.key });

async function createReview(draft: Json): Promise<Json> {
  return ok(await api.call('POST', '/reviews', draft), 201);
}

async function createState(key: string, extra: Json = {}): Promise<Json> {
  return ok(await api.call('POST', '/states', { key, type: 'ReviewState', ...extra }), 201);
}

const update = (id: string, version: number, actions: Json[]) => api.call('POST', `/reviews/${id}`, { version, actions });
const reviewNow = async (id: string) => ok(await api.call('GET', `/reviews/${id}`));
const productNow = async () => ok(await api.call('GET', `/products/${product.id}`));
const allReviews = async () => ok(await api.call('GET', '/reviews?limit=500&sort=id%20asc')).results as Json[];

/** Expects the update to fail with `code`, the Review and the Product as they were. */
async function expectRefused(id: string, actions: Json[], code: string): Promise<void> {
  const [review, target] = [await reviewNow(id), await productNow()];
  expectError(await update(id, review['version'] as number, actions), 400, code);
  expect(await reviewNow(id)).toEqual(review);
  expect(await productNow()).toEqual(target);
}

describe('Reviews', () => {
  it('are created with every draft member, counted without a State, read by id and key, queried; ReviewCreated', async () => {
    const customer = ok(await api.call('POST', '/customers', { email: 'ann@example.com', password: 'secret' }), 201).customer;
    const review = await createReview({
      key: 'r1',
      uniquenessValue: `${customer.id as string}-${product.id}`,
      locale: 'en',
      authorName: 'Ann',
      title: 'Good',
      text: 'Fits well',
      target: onProduct(),
      rating: 4,
      customer: { typeId: 'customer', id: customer.id },
    });
    expect(review).toMatchObject({ id: expect.stringMatching(UUID), version: 1, key: 'r1', locale: 'en', authorName: 'Ann' });
    expect(review).toMatchObject({ title: 'Good', text: 'Fits well', rating: 4, includedInStatistics: true });
    expect(review['target']).toEqual({ typeId: 'product', id: product.id });
    expect(review['customer']).toEqual({ typeId: 'customer', id: customer.id });
    expect(review['state']).toBeUndefined();
    expect(ok(await api.call('GET', '/reviews/key=r1'))).toEqual(review);
    expect(await reviewNow(review['id'] as string)).toEqual(review);
    expect(ok(await api.call('GET', '/reviews?where=rating%20%3E%203&withTotal=true'))).toMatchObject({ total: 1 });
    const [created] = await messagesOf(api, review['id'] as string);
    expect(created).toMatchObject({ type: 'ReviewCreated', review: { id: review['id'], rating: 4 } });
  });

  it('with a State count only when it has the role ReviewIncludedInStatistics', async () => {
    await createState('approved', { roles: ['ReviewIncludedInStatistics'] });
    await createState('pending');
    const approved = await createReview({ rating: 1, state: { typeId: 'state', key: 'approved' } });
    const pending = await createReview({ rating: 1, state: { typeId: 'state', key: 'pending' } });
    expect(approved['includedInStatistics']).toBe(true);
    expect(pending['includedInStatistics']).toBe(false);
    expect(pending['state']).toMatchObject({ typeId: 'state' });
  });

  it('refuse a taken uniquenessValue or key, a missing target, customer or State, a State of another type, a rating out of range; nothing is created', async () => {
    await createReview({ key: 'r1', uniquenessValue: 'u1', rating: 1 });
    await api.call('POST', '/states', { key: 'open', type: 'OrderState' });
    const before = await allReviews();
    const productBefore = await productNow();
    expectError(await api.call('POST', '/reviews', { uniquenessValue: 'u1', target: onProduct(), rating: 5 }), 400, 'DuplicateField');
    expectError(await api.call('POST', '/reviews', { key: 'r1', rating: 5 }), 400, 'DuplicateField');
    const nowhere = { typeId: 'product', key: 'nope' };
    expectError(await api.call('POST', '/reviews', { target: nowhere, rating: 5 }), 400, 'ReferencedResourceNotFound');
    const nobody = { typeId: 'customer', id: 'nobody' };
    expectError(await api.call('POST', '/reviews', { customer: nobody, rating: 5 }), 400, 'ReferencedResourceNotFound');
    const missingState = { typeId: 'state', key: 'nope' };
    expectError(await api.call('POST', '/reviews', { state: missingState, rating: 5 }), 400, 'ReferencedResourceNotFound');
    const orderState = { typeId: 'state', key: 'open' };
    expectError(await api.call('POST', '/reviews', { state: orderState, target: onProduct(), rating: 5 }), 400, 'InvalidOperation');
    expectError(await api.call('POST', '/reviews', { rating: 101, target: onProduct() }), 400, 'InvalidJsonInput');
    expectError(await api.call('POST', '/reviews', { rating: 2.5 }), 400, 'InvalidJsonInput');
    expectError(await api.call('POST', '/reviews', { target: { typeId: 'category', key: 'x' } }), 400, 'InvalidJsonInput');
    expect(await allReviews()).toEqual(before);
    expect(await productNow()).toEqual(productBefore);
  });

  it('apply their set actions, each removing its member when left out; setRating sends ReviewRatingSet', async () => {
    const channel = ok(await api.call('POST', '/channels', { key: 'store-berlin' }), 201);
    const customer = ok(await api.call('POST', '/customers', { email: 'bo@example.com', password: 'secret' }), 201).customer;
    const review = await createReview({ target: onProduct(), rating: 2 });
    const id = review['id'] as string;
    const updated = ok(
      await update(id, 1, [
        { action: 'setKey', key: 'r9' },
        { action: 'setAuthorName', authorName: 'Bo' },
        { action: 'setTitle', title: 'Nice' },
        { action: 'setText', text: 'Really nice' },
        { action: 'setLocale', locale: 'de' },
        { action: 'setCustomer', customer: { typeId: 'customer', id: customer.id } },
        { action: 'setTarget', target: { typeId: 'channel', key: 'store-berlin' } },
        { action: 'setRating', rating: -3 },
      ]),
    );
    expect(updated).toMatchObject({ version: 2, key: 'r9', authorName: 'Bo', title: 'Nice', text: 'Really nice', locale: 'de' });
    expect(updated).toMatchObject({ rating: -3, target: { typeId: 'channel', id: channel.id }, customer: { id: customer.id } });
    const [ratingSet] = (await messagesOf(api, id)).filter((m) => m.type === 'ReviewRatingSet');
    expect(ratingSet).toMatchObject({
      oldRating: 2,
      newRating: -3,
      includedInStatistics: true,
      target: { typeId: 'channel', id: channel.id },
    });
    const cleared = ok(
      await update(
        id,
        2,
        ['setKey', 'setAuthorName', 'setTitle', 'setText', 'setLocale', 'setCustomer', 'setRating'].map((action) => ({ action })),
      ),
    );
    for (const member of ['key', 'authorName', 'title', 'text', 'locale', 'customer', 'rating']) expect(cleared[member]).toBeUndefined();
    const removed = (await messagesOf(api, id)).filter((m) => m.type === 'ReviewRatingSet')[1];
    expect(removed).toMatchObject({ oldRating: -3, includedInStatistics: true });
    expect(removed!['newRating']).toBeUndefined();
  });

  it('take Custom Fields of a Type for reviews', async () => {
    const fieldDefinitions = [{ name: 'source', type: { name: 'String' }, required: false, label: { en: 'Source' } }];
    ok(await api.call('POST', '/types', { key: 'review-extra', name: { en: 'R' }, resourceTypeIds: ['review'], fieldDefinitions }), 201);
    const custom = { type: { typeId: 'type', key: 'review-extra' }, fields: { source: 'shop' } };
    const review = await createReview({ rating: 3, custom });
    expect(review['custom']).toMatchObject({ fields: { source: 'shop' } });
    const updated = ok(await update(review['id'] as string, 1, [{ action: 'setCustomField', name: 'source', value: 'app' }]));
    expect(updated['custom']).toMatchObject({ fields: { source: 'app' } });
  });

  it('refuse a missing target or customer in an update; the Review and its Product stay as they were', async () => {
    const review = await createReview({ target: onProduct(), rating: 2 });
    const id = review['id'] as string;
    await expectRefused(id, [{ action: 'setTarget', target: { typeId: 'product', id: 'nope' } }], 'ReferencedResourceNotFound');
    await expectRefused(
      id,
      [
        { action: 'setRating', rating: 5 },
        { action: 'setCustomer', customer: { id: 'nope' } },
      ],
      'ReferencedResourceNotFound',
    );
    expectError(await update(id, 1, [{ action: 'setRating', rating: -101 }]), 400, 'InvalidJsonInput');
    expect(await reviewNow(id)).toEqual(review);
  });
});

describe('Reviews: transitionState', () => {
  it('goes from no State to an initial one only, then along the transitions unless force; ReviewStateTransition', async () => {
    const published = await createState('published', { initial: false, roles: ['ReviewIncludedInStatistics'] });
    const rejected = await createState('rejected', { initial: false, transitions: [] });
    const pending = await createState('pending', { transitions: [{ typeId: 'state', key: 'published' }] });
    const review = await createReview({ target: onProduct(), rating: 5 });
    const id = review['id'] as string;
    await expectRefused(id, [{ action: 'transitionState', state: { typeId: 'state', key: 'published' } }], 'InvalidOperation');
    const inPending = ok(await update(id, 1, [{ action: 'transitionState', state: { typeId: 'state', key: 'pending' } }]));
    expect(inPending).toMatchObject({ version: 2, state: { typeId: 'state', id: pending['id'] }, includedInStatistics: false });
    await expectRefused(id, [{ action: 'transitionState', state: { typeId: 'state', key: 'rejected' } }], 'InvalidOperation');
    const open = await api.call('POST', '/states', { key: 'open', type: 'OrderState' });
    await expectRefused(id, [{ action: 'transitionState', state: { typeId: 'state', id: open.body.id } }], 'InvalidOperation');
    await expectRefused(id, [{ action: 'transitionState', state: { typeId: 'state', key: 'nope' } }], 'ReferencedResourceNotFound');
    const inPublished = ok(await update(id, 2, [{ action: 'transitionState', state: { typeId: 'state', key: 'published' } }]));
    expect(inPublished).toMatchObject({ version: 3, state: { id: published['id'] }, includedInStatistics: true });
    const forced = ok(await update(id, 3, [{ action: 'transitionState', state: { typeId: 'state', key: 'pending' }, force: true }]));
    expect(forced).toMatchObject({ version: 4, state: { id: pending['id'] }, includedInStatistics: false });
    const transitions = (await messagesOf(api, id)).filter((m) => m.type === 'ReviewStateTransition');
    const target = { typeId: 'product', id: product.id };
    expect(
      transitions.map(({ oldState, newState, oldIncludedInStatistics, newIncludedInStatistics, force }) => [
        oldState?.id,
        newState.id,
        oldIncludedInStatistics,
        newIncludedInStatistics,
        force,
      ]),
    ).toEqual([
      [undefined, pending['id'], true, false, false],
      [pending['id'], published['id'], false, true, false],
      [published['id'], pending['id'], true, false, true],
    ]);
    expect(transitions[0]).toMatchObject({ target });
    expect(rejected['transitions']).toEqual([]);
  });

  it('keeps includedInStatistics when the State later loses its role (the live rule)', async () => {
    const approved = await createState('approved', { roles: ['ReviewIncludedInStatistics'] });
    const review = await createReview({ target: onProduct(), rating: 4, state: { typeId: 'state', key: 'approved' } });
    ok(await api.call('POST', '/states/key=approved', { version: approved['version'], actions: [{ action: 'setRoles', roles: [] }] }));
    expect(await reviewNow(review['id'] as string)).toMatchObject({ includedInStatistics: true });
    expect((await productNow())['reviewRatingStatistics']).toMatchObject({ count: 1 });
  });

  it('keep their State from being deleted (ReferenceExists) until they move on', async () => {
    const pending = await createState('pending-review');
    const review = await createReview({ target: onProduct(), state: { typeId: 'state', key: 'pending-review' } });
    const refused = expectError(
      await api.call('DELETE', `/states/key=pending-review?version=${pending['version']}`),
      400,
      'ReferenceExists',
    );
    expect(refused).toMatchObject({ referencedBy: 'review' });
    ok(await api.call('DELETE', `/reviews/${review['id']}?version=${review['version']}`));
    ok(await api.call('DELETE', `/states/key=pending-review?version=${pending['version']}`));
  });
});

describe("Reviews: the target's reviewRatingStatistics", () => {
  it('follow every Review that counts, on the Product and its projections', async () => {
    expect((await productNow())['reviewRatingStatistics']).toBeUndefined();
    const version = (await productNow())['version'] as number;
    await createReview({ target: onProduct(), rating: 5 });
    await createReview({ target: onProduct(), rating: 3 });
    const zero = await createReview({ target: onProduct(), rating: 0 });
    await createReview({ target: onProduct(), title: 'No rating' });
    // 5 + 3 + 0 = 8 over 3 Reviews: 2.666666..., to 5 decimals 2.66667.
    const statistics = {
      averageRating: 2.66667,
      highestRating: 5,
      lowestRating: 0,
      count: 3,
      ratingsDistribution: { '5': 1, '3': 1, '0': 1 },
    };
    const shown = await productNow();
    expect(shown['reviewRatingStatistics']).toEqual(statistics);
    // One background write per Review that changed the statistics; none for the one without rating.
    expect(shown['version']).toBe(version + 3);
    expect(ok(await api.call('GET', `/product-projections/${product.id}`))['reviewRatingStatistics']).toEqual(statistics);
    expect(ok(await api.call('GET', `/product-projections/${product.id}?staged=true`))['reviewRatingStatistics']).toEqual(statistics);
    // 5 + 3 - 100 = -92 over 3: -30.666666..., to 5 decimals -30.66667 (a half would round away from zero).
    ok(await update(zero['id'] as string, 1, [{ action: 'setRating', rating: -100 }]));
    expect((await productNow())['reviewRatingStatistics']).toEqual({
      averageRating: -30.66667,
      highestRating: 5,
      lowestRating: -100,
      count: 3,
      ratingsDistribution: { '5': 1, '3': 1, '-100': 1 },
    });
  });

  it('leave out Reviews whose State lacks the role, and take them in when they move to one that has it', async () => {
    await createState('pending');
    await createState('approved', { roles: ['ReviewIncludedInStatistics'] });
    await createReview({ target: onProduct(), rating: 2 });
    const held = await createReview({ target: onProduct(), rating: 5, state: { typeId: 'state', key: 'pending' } });
    expect((await productNow())['reviewRatingStatistics']).toMatchObject({ averageRating: 2, count: 1 });
    ok(await update(held['id'] as string, 1, [{ action: 'transitionState', state: { typeId: 'state', key: 'approved' } }]));
    // (2 + 5) / 2 = 3.5.
    expect((await productNow())['reviewRatingStatistics']).toEqual({
      averageRating: 3.5,
      highestRating: 5,
      lowestRating: 2,
      count: 2,
      ratingsDistribution: { '2': 1, '5': 1 },
    });
  });

  it('move with setTarget and go when the last Review that counts is deleted; a Channel has them too', async () => {
    const other = await createProduct(api, 'trousers');
    const channel = ok(await api.call('POST', '/channels', { key: 'store-berlin' }), 201);
    const first = await createReview({ target: onProduct(), rating: 1 });
    const second = await createReview({ target: onProduct(), rating: -1, key: 'second' });
    ok(await update(second['id'] as string, 1, [{ action: 'setTarget', target: { typeId: 'product', key: 'trousers' } }]));
    expect((await productNow())['reviewRatingStatistics']).toMatchObject({ averageRating: 1, count: 1 });
    const trousers = ok(await api.call('GET', `/products/${other.id}`));
    expect(trousers['reviewRatingStatistics']).toEqual({
      averageRating: -1,
      highestRating: -1,
      lowestRating: -1,
      count: 1,
      ratingsDistribution: { '-1': 1 },
    });
    ok(await api.call('DELETE', `/reviews/${first['id'] as string}?version=1`));
    expect((await productNow())['reviewRatingStatistics']).toBeUndefined();
    ok(await api.call('DELETE', '/reviews/key=second?version=2&dataErasure=true'));
    expect(ok(await api.call('GET', `/products/${other.id}`))['reviewRatingStatistics']).toBeUndefined();
    // -1 - 2 + 0 = -3 over 3: -1. Then -1 - 2 = -3 over 2: -1.5.
    await createReview({ target: { typeId: 'channel', key: 'store-berlin' }, rating: -1 });
    await createReview({ target: { typeId: 'channel', id: channel.id }, rating: -2 });
    const zero = await createReview({ target: { typeId: 'channel', id: channel.id }, rating: 0 });
    expect(ok(await api.call('GET', '/channels/key=store-berlin'))['reviewRatingStatistics']).toMatchObject({
      averageRating: -1,
      count: 3,
    });
    ok(await api.call('DELETE', `/reviews/${zero['id'] as string}?version=1`));
    expect(ok(await api.call('GET', '/channels/key=store-berlin'))['reviewRatingStatistics']).toEqual({
      averageRating: -1.5,
      highestRating: -1,
      lowestRating: -2,
      count: 2,
      ratingsDistribution: { '-1': 1, '-2': 1 },
    });
  });

  it('are rounded to 5 decimals: 1 over 3 Reviews is 0.33333, 2 over 3 is 0.66667', async () => {
    const reviews = [await createReview({ target: onProduct(), rating: 1 }), await createReview({ target: onProduct(), rating: 0 })];
    await createReview({ target: onProduct(), rating: 0 });
    expect((await productNow())['reviewRatingStatistics']).toMatchObject({ averageRating: 0.33333 });
    ok(await update(reviews[1]!['id'] as string, 1, [{ action: 'setRating', rating: 1 }]));
    expect((await productNow())['reviewRatingStatistics']).toMatchObject({
      averageRating: 0.66667,
      ratingsDistribution: { '1': 2, '0': 1 },
    });
  });
});

describe('Reviews over GraphQL', () => {
  const FIELDS = `id version key title rating includedInStatistics targetRef { typeId id } target { id ... on Product { reviewRatingStatistics { averageRating count ratingsDistribution } } }
    stateRef { id } state { key } customerRef { id } customer { email }`;

  it('are created, updated, read and deleted as over REST; the Product shows its statistics', async () => {
    await createState('pending', { transitions: [] });
    const customer = ok(await api.call('POST', '/customers', { email: 'cy@example.com', password: 'secret' }), 201).customer;
    const { createReview } = await data<{ createReview: Json }>(
      gql(api, `mutation ($draft: ReviewDraft!) { createReview(draft: $draft) { ${FIELDS} } }`, {
        draft: { key: 'g1', title: 'Fine', rating: 3, target: { typeId: 'product', key: product.key }, customer: { id: customer.id } },
      }),
    );
    expect(createReview).toMatchObject({
      version: 1,
      key: 'g1',
      rating: 3,
      includedInStatistics: true,
      customer: { email: 'cy@example.com' },
    });
    // One Review rated 3: the average is 3.
    expect(createReview['target']).toEqual({
      id: product.id,
      reviewRatingStatistics: { averageRating: 3, count: 1, ratingsDistribution: { '3': 1 } },
    });
    const { updateReview } = await data<{ updateReview: Json }>(
      gql(
        api,
        `mutation { updateReview(key: "g1", version: 1, actions: [
          { setRating: { rating: 1 } }, { setTitle: {} }, { transitionState: { state: { key: "pending" } } }
        ]) { ${FIELDS} } }`,
      ),
    );
    expect(updateReview).toMatchObject({ version: 2, title: null, rating: 1, includedInStatistics: false, state: { key: 'pending' } });
    expect(updateReview['target']).toEqual({ id: product.id, reviewRatingStatistics: null });
    const { reviews } = await data<{ reviews: Json }>(gql(api, '{ reviews(where: "rating = 1") { total results { key } } }'));
    expect(reviews).toEqual({ total: 1, results: [{ key: 'g1' }] });
    const refused = await failure(
      gql(api, 'mutation { updateReview(key: "g1", version: 2, actions: [{ transitionState: { state: { key: "pending" } } }]) { id } }'),
    );
    expect(refused.error.extensions?.code).toBe('InvalidOperation');
    const { messages } = await data<{ messages: Json }>(
      gql(
        api,
        `{ messages(sort: ["sequenceNumber asc"], where: "resource(typeId = \\"review\\")") { results { payload { type
        ... on ReviewCreated { review { key } } ... on ReviewRatingSet { oldRating newRating targetRef { id } }
        ... on ReviewStateTransition { newState { key } oldIncludedInStatistics newIncludedInStatistics force } } } } }`,
      ),
    );
    expect(messages.results.map((m: Json) => m['payload'])).toEqual([
      { type: 'ReviewCreated', review: { key: 'g1' } },
      { type: 'ReviewRatingSet', oldRating: 3, newRating: 1, targetRef: { id: product.id } },
      {
        type: 'ReviewStateTransition',
        newState: { key: 'pending' },
        oldIncludedInStatistics: true,
        newIncludedInStatistics: false,
        force: false,
      },
    ]);
    const { deleteReview } = await data<{ deleteReview: Json }>(gql(api, 'mutation { deleteReview(key: "g1", version: 2) { key } }'));
    expect(deleteReview).toEqual({ key: 'g1' });
  });
});
