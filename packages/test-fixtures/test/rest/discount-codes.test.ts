import { beforeEach, describe, expect, it } from 'vitest';
import { passwordToken } from '../helpers/tokens.js';
import { codeDiscountDraft } from './cart-fixtures.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';
import { createStore, expectError, messagesOf, ok, raw, tokenWithScope, UUID, type ApiAnswer, type Json } from './helpers.js';

let o: OrderApi;
beforeEach(async () => {
  o = await orderApi();
});

const HOUR = 3600 * 1000;
/** Sort orders are unique among Cart Discounts: 0.1011, 0.1021, ... */
let sortOrders = 100;
const at = (offsetMs: number) => new Date(o.api.clock.now() + offsetMs).toISOString();

/** A Cart Discount that requires a Discount Code: 10 % off every Line Item unless `extra` says otherwise. */
async function cartDiscount(key: string, extra: Json = {}): Promise<Json> {
  return ok(await o.api.call('POST', '/cart-discounts', codeDiscountDraft(key, `0.${++sortOrders}1`, extra)), 201);
}

/** A Discount Code `code` for the Cart Discounts `keys`. */
async function discountCode(code: string, keys: string[], extra: Json = {}): Promise<Json> {
  const draft = { code, cartDiscounts: keys.map((key) => ({ typeId: 'cart-discount', key })), ...extra };
  return ok(await o.api.call('POST', '/discount-codes', draft), 201);
}

const codeNow = async (code: Json) => ok(await o.api.call('GET', `/discount-codes/${code['id'] as string}`));
const updateCode = async (code: Json, ...actions: Json[]) =>
  o.api.call('POST', `/discount-codes/${code['id'] as string}`, { version: (await codeNow(code))['version'], actions });
const add = (cart: Json, code: string) => o.update(cart, { action: 'addDiscountCode', code }) as Promise<ApiAnswer<Json>>;
const statesOf = (cart: Json) => (cart['discountCodes'] as Json[]).map((info) => info['state'] as string);
const recalculated = async (cart: Json) => o.updated(await o.cartNow(cart), { action: 'recalculate' });

describe('discount codes, the resource', () => {
  it('is created with its defaults, read by id and key, queried by code, and deleted, with its messages', async () => {
    const discount = await cartDiscount('ten');
    const code = await discountCode('SAVE10', ['ten'], { key: 'save-10', name: { en: 'Save 10' } });
    expect(code).toEqual({
      id: expect.stringMatching(UUID),
      version: 1,
      createdAt: code['createdAt'],
      lastModifiedAt: code['lastModifiedAt'],
      createdBy: code['createdBy'],
      lastModifiedBy: code['lastModifiedBy'],
      key: 'save-10',
      name: { en: 'Save 10' },
      code: 'SAVE10',
      cartDiscounts: [{ typeId: 'cart-discount', id: discount['id'] }],
      stores: [],
      isActive: true,
      references: [],
      groups: [],
    });
    expect(await codeNow(code)).toEqual(code);
    expect(ok(await o.api.call('GET', '/discount-codes/key=save-10'))).toEqual(code);
    expect(ok(await o.api.call('GET', '/discount-codes?where=code%3D%22SAVE10%22&withTotal=true'))).toMatchObject({
      total: 1,
      results: [{ id: code['id'] }],
    });
    const expanded = ok(await o.api.call('GET', `/discount-codes/${code['id'] as string}?expand=cartDiscounts[*]`));
    expect(expanded['cartDiscounts'][0]).toMatchObject({ id: discount['id'], obj: { key: 'ten' } });
    ok(await o.api.call('DELETE', '/discount-codes/key=save-10?version=1'));
    expectError(await o.api.call('GET', `/discount-codes/${code['id'] as string}`), 404, 'ResourceNotFound');
    expect((await messagesOf(o.api, code['id'] as string)).map((m) => m['type'])).toEqual(['DiscountCodeCreated', 'DiscountCodeDeleted']);
  });

  it('refuses a code another Discount Code has, unknown Cart Discounts and those that need no code, changing nothing', async () => {
    await cartDiscount('ten');
    await cartDiscount('auto', { requiresDiscountCode: false });
    await discountCode('SAVE10', ['ten']);
    const before = await o.everything();
    const codes = async () => ok(await o.api.call('GET', '/discount-codes')).results as Json[];
    const kept = await codes();
    const post = (draft: Json) => o.api.call('POST', '/discount-codes', draft);
    expect(expectError(await post({ code: 'SAVE10', cartDiscounts: [{ key: 'ten' }] }), 400, 'DuplicateField')).toMatchObject({
      field: 'code',
      duplicateValue: 'SAVE10',
    });
    expectError(await post({ code: 'OTHER', cartDiscounts: [{ key: 'nope' }] }), 400, 'ReferencedResourceNotFound');
    expectError(await post({ code: 'OTHER', cartDiscounts: [{ key: 'auto' }] }), 400, 'InvalidOperation');
    expectError(await post({ code: 'OTHER', cartDiscounts: [] }), 400, 'InvalidJsonInput');
    expectError(await post({ code: 'OTHER', cartDiscounts: [{ key: 'ten' }], cartPredicate: 'totalPrice >' }), 400, 'SyntaxError');
    const window = { validFrom: '2030-01-02T00:00:00.000Z', validUntil: '2030-01-01T00:00:00.000Z' };
    expectError(await post({ code: 'OTHER', cartDiscounts: [{ key: 'ten' }], ...window }), 400, 'InvalidOperation');
    expect(await codes()).toEqual(kept);
    await expectNothingChanged(o, before);
  });

  it('applies the 14 update actions, sending DiscountCodeKeySet for the key', async () => {
    await cartDiscount('ten');
    await cartDiscount('five', { value: { type: 'relative', permyriad: 500 } });
    const code = await discountCode('SAVE', ['ten']);
    await o.api.call('POST', '/types', {
      key: 'code-note',
      name: { en: 'Note' },
      resourceTypeIds: ['discount-code'],
      fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
    });
    const five = ok(await o.api.call('GET', '/cart-discounts/key=five'));
    const updated = ok(
      await updateCode(
        code,
        { action: 'changeCartDiscounts', cartDiscounts: [{ typeId: 'cart-discount', key: 'five' }] },
        { action: 'changeGroups', groups: ['spring'] },
        { action: 'changeIsActive', isActive: false },
        { action: 'setCartPredicate', cartPredicate: 'lineItemCount(1 = 1) > 1' },
        { action: 'setMaxApplications', maxApplications: 5 },
        { action: 'setMaxApplicationsPerCustomer', maxApplicationsPerCustomer: 1 },
        { action: 'setName', name: { en: 'Save' } },
        { action: 'setDescription', description: { en: 'Spring sale' } },
        { action: 'setKey', key: 'save' },
        { action: 'setValidFrom', validFrom: '2030-01-01T00:00:00.000Z' },
        { action: 'setValidUntil', validUntil: '2030-02-01T00:00:00.000Z' },
        { action: 'setValidFromAndUntil', validFrom: '2030-01-05T00:00:00.000Z', validUntil: '2030-01-06T00:00:00.000Z' },
        { action: 'setCustomType', type: { key: 'code-note' } },
        { action: 'setCustomField', name: 'note', value: 'hello' },
      ),
    );
    expect(updated).toMatchObject({
      version: 2,
      cartDiscounts: [{ typeId: 'cart-discount', id: five['id'] }],
      groups: ['spring'],
      isActive: false,
      cartPredicate: 'lineItemCount(1 = 1) > 1',
      maxApplications: 5,
      maxApplicationsPerCustomer: 1,
      name: { en: 'Save' },
      description: { en: 'Spring sale' },
      key: 'save',
      validFrom: '2030-01-05T00:00:00.000Z',
      validUntil: '2030-01-06T00:00:00.000Z',
      custom: { fields: { note: 'hello' } },
    });
    const unset = ok(
      await updateCode(
        code,
        { action: 'setCartPredicate' },
        { action: 'setMaxApplications' },
        { action: 'setKey' },
        { action: 'setValidFromAndUntil' },
      ),
    );
    for (const member of ['cartPredicate', 'maxApplications', 'key', 'validFrom', 'validUntil']) expect(unset).not.toHaveProperty(member);
    const keySets = (await messagesOf(o.api, code['id'] as string)).filter((m) => m['type'] === 'DiscountCodeKeySet');
    expect(keySets.map((m) => [m['key'], m['oldKey']])).toEqual([
      ['save', undefined],
      [undefined, 'save'],
    ]);
  });

  it('refuses a bad predicate, a reversed window and a Cart Discount that needs no code in updates, keeping the version', async () => {
    await cartDiscount('ten');
    await cartDiscount('auto', { requiresDiscountCode: false });
    const code = await discountCode('SAVE', ['ten'], { validUntil: '2030-01-01T00:00:00.000Z' });
    expectError(await updateCode(code, { action: 'setCartPredicate', cartPredicate: 'sku =' }), 400, 'SyntaxError');
    expectError(await updateCode(code, { action: 'setValidFrom', validFrom: '2030-01-01T00:00:00.000Z' }), 400, 'InvalidOperation');
    expectError(await updateCode(code, { action: 'changeCartDiscounts', cartDiscounts: [{ key: 'auto' }] }), 400, 'InvalidOperation');
    expect(await codeNow(code)).toEqual(code);
  });

  it('derives its Stores from its Cart Discounts and is read in those Stores only', async () => {
    await createStore(o.api, 'berlin');
    await createStore(o.api, 'paris');
    await cartDiscount('berlin-only', { stores: [{ key: 'berlin' }] });
    await cartDiscount('everywhere');
    const local = await discountCode('LOCAL', ['berlin-only'], { key: 'local' });
    const global = await discountCode('GLOBAL', ['berlin-only', 'everywhere'], { key: 'global' });
    expect(local['stores']).toEqual([{ typeId: 'store', key: 'berlin' }]);
    // One Cart Discount for every Store makes the code one for every Store.
    expect(global['stores']).toEqual([]);
    expect(ok(await o.api.call('GET', `/in-store/key=berlin/discount-codes/${local['id'] as string}`))).toEqual(local);
    expect(ok(await o.api.call('GET', '/in-store/key=berlin/discount-codes/key=local'))).toEqual(local);
    expectError(await o.api.call('GET', '/in-store/key=paris/discount-codes/key=local'), 404, 'ResourceNotFound');
    const inParis = ok(await o.api.call('GET', '/in-store/key=paris/discount-codes')).results as Json[];
    expect(inParis.map((code) => code['code'])).toEqual(['GLOBAL']);
    const head = async (path: string) => (await raw(o.api, 'HEAD', path, { check: false })).status;
    expect(await head('/in-store/key=berlin/discount-codes/key=local')).toBe(200);
    expect(await head('/in-store/key=paris/discount-codes/key=local')).toBe(404);
    // The reads only: no writes in a Store, as live.
    const body = JSON.stringify({ code: 'X', cartDiscounts: [{ key: 'everywhere' }] });
    expect((await raw(o.api, 'POST', '/in-store/key=berlin/discount-codes', { body, check: false })).status).toBe(404);
  });

  it('answers reads to view_discount_codes and refuses its writes', async () => {
    await cartDiscount('ten');
    const code = await discountCode('SAVE', ['ten']);
    const viewer = o.api.as(await tokenWithScope(o.api, `view_discount_codes:${o.api.project}`));
    expect(ok(await viewer('GET', `/discount-codes/${code['id'] as string}`))).toEqual(code);
    expectError(await viewer('POST', '/discount-codes', { code: 'MORE', cartDiscounts: [{ key: 'ten' }] }), 403, 'insufficient_scope');
  });
});

describe('discount codes on carts', () => {
  it('adds a matching code as MatchesCart and removes it', async () => {
    await cartDiscount('ten');
    const code = await discountCode('SAVE10', ['ten']);
    const cart = await o.orderable();
    const added = ok(await add(cart, 'SAVE10'));
    expect(added['discountCodes']).toEqual([{ discountCode: { typeId: 'discount-code', id: code['id'] }, state: 'MatchesCart' }]);
    const removed = await o.updated(added, { action: 'removeDiscountCode', discountCode: { typeId: 'discount-code', id: code['id'] } });
    expect(removed['discountCodes']).toEqual([]);
  });

  it('refuses a code that does not exist with DiscountCodeNonApplicable DoesNotExist, changing nothing', async () => {
    const cart = await o.orderable();
    const before = await o.everything();
    expect(expectError(await add(cart, 'NOPE'), 400, 'DiscountCodeNonApplicable')).toMatchObject({
      discountCode: 'NOPE',
      reason: 'DoesNotExist',
    });
    await expectNothingChanged(o, before);
  });

  it('refuses a code outside its validity window with TimeRangeNonApplicable and the window checked', async () => {
    await cartDiscount('ten');
    const validFrom = at(HOUR);
    const validUntil = at(2 * HOUR);
    const code = await discountCode('LATER', ['ten'], { validFrom, validUntil });
    const cart = await o.orderable();
    const before = await o.everything();
    const error = expectError(await add(cart, 'LATER'), 400, 'DiscountCodeNonApplicable');
    expect(error).toMatchObject({
      discountCode: 'LATER',
      discountCodeId: code['id'],
      reason: 'TimeRangeNonApplicable',
      validFrom,
      validUntil,
    });
    expect(Date.parse(error['validityCheckTime'] as string)).toBeLessThan(Date.parse(validFrom));
    await expectNothingChanged(o, before);
    // Inside the window (on the emulator's clock) it is added.
    o.api.clock.advance(HOUR);
    expect(statesOf(ok(await add(await o.cartNow(cart), 'LATER')))).toEqual(['MatchesCart']);
  });

  it('refuses an inactive code, and one whose Cart Discounts are inactive, expired or of another Store', async () => {
    await createStore(o.api, 'berlin');
    await createStore(o.api, 'paris');
    await cartDiscount('off', { isActive: false });
    await cartDiscount('gone', { validUntil: at(-HOUR) });
    await cartDiscount('paris-only', { stores: [{ key: 'paris' }] });
    await cartDiscount('ten');
    await discountCode('INACTIVE', ['ten'], { isActive: false });
    await discountCode('OFF', ['off']);
    await discountCode('GONE', ['gone']);
    await discountCode('PARIS', ['paris-only']);
    const cart = await o.orderable({ store: { key: 'berlin' } });
    const before = await o.everything();
    for (const code of ['INACTIVE', 'OFF', 'GONE', 'PARIS']) {
      const error = expectError(await add(cart, code), 400, 'DiscountCodeNonApplicable');
      expect(error, code).toMatchObject({ discountCode: code });
      expect(error, code).not.toHaveProperty('reason');
    }
    await expectNothingChanged(o, before);
  });

  it('adds a code that does not match the Cart as DoesNotMatchCart, which matches once the Cart does', async () => {
    await cartDiscount('ten');
    // The code's own predicate: more than 2 shirts.
    await discountCode('BULK', ['ten'], { cartPredicate: 'lineItemCount(sku = "shirt") > 2' });
    const cart = await o.orderable({}, 2);
    const added = ok(await add(cart, 'BULK'));
    expect(statesOf(added)).toEqual(['DoesNotMatchCart']);
    const line = (added['lineItems'] as Json[])[0]!;
    const more = await o.updated(added, { action: 'changeLineItemQuantity', lineItemId: line['id'], quantity: 3 });
    expect(statesOf(more)).toEqual(['MatchesCart']);
  });

  it("matches only when one of its Cart Discounts' predicates matches the Cart", async () => {
    await cartDiscount('big-carts', { cartPredicate: 'lineItemCount(1 = 1) > 5' });
    await discountCode('BIG', ['big-carts']);
    const cart = await o.orderable({}, 2);
    expect(statesOf(ok(await add(cart, 'BIG')))).toEqual(['DoesNotMatchCart']);
  });

  it('turns NotValid when the clock leaves the window, and NotActive when the code is deactivated or deleted', async () => {
    await cartDiscount('ten');
    await cartDiscount('five', { value: { type: 'relative', permyriad: 500 } });
    await discountCode('SOON-OVER', ['ten'], { validUntil: at(HOUR) });
    const paused = await discountCode('PAUSED', ['five']);
    const cart = await o.orderable();
    const added = await o.updated(cart, { action: 'addDiscountCode', code: 'SOON-OVER' }, { action: 'addDiscountCode', code: 'PAUSED' });
    expect(statesOf(added)).toEqual(['MatchesCart', 'MatchesCart']);
    o.api.clock.advance(2 * HOUR);
    ok(await updateCode(paused, { action: 'changeIsActive', isActive: false }));
    expect(statesOf(await recalculated(cart))).toEqual(['NotValid', 'NotActive']);
    ok(await updateCode(paused, { action: 'changeIsActive', isActive: true }));
    expect(statesOf(await recalculated(cart))).toEqual(['NotValid', 'MatchesCart']);
    const current = await codeNow(paused);
    ok(await o.api.call('DELETE', `/discount-codes/${current['id'] as string}?version=${current['version'] as number}`));
    expect(statesOf(await recalculated(cart))).toEqual(['NotValid', 'NotActive']);
  });

  it('holds at most 10 codes (InvalidOperation for the eleventh) and a code once', async () => {
    await cartDiscount('ten');
    for (let n = 1; n <= 11; n++) await discountCode(`CODE-${n}`, ['ten']);
    const cart = await o.orderable();
    const ten = await o.updated(cart, ...Array.from({ length: 10 }, (_, n) => ({ action: 'addDiscountCode', code: `CODE-${n + 1}` })));
    expect(ten['discountCodes']).toHaveLength(10);
    const before = await o.everything();
    expectError(await add(ten, 'CODE-11'), 400, 'InvalidOperation');
    await expectNothingChanged(o, before);
    // Adding a code the Cart holds keeps it once.
    expect(ok(await add(ten, 'CODE-1'))['discountCodes']).toHaveLength(10);
  });

  it("are added to and removed from a customer's own Cart through /me/carts", async () => {
    await cartDiscount('ten');
    const code = await discountCode('SAVE10', ['ten']);
    ok(await o.api.call('POST', '/customers', { email: 'ann@example.com', password: 'secret' }), 201);
    const me = o.api.as(await passwordToken(o.api, o.api.emulator.credentials, { email: 'ann@example.com', password: 'secret' }));
    const cart = ok(await me('POST', '/me/carts', { currency: 'EUR', lineItems: [{ sku: 'shirt' }] }), 201);
    const update = (version: number, action: Json) => me('POST', `/me/carts/${cart['id'] as string}`, { version, actions: [action] });
    const added = ok(await update(cart['version'], { action: 'addDiscountCode', code: 'SAVE10' }));
    // One shirt, 10 % off: 1190 − 119 = 1071.
    expect([statesOf(added), added['totalPrice']['centAmount']]).toEqual([['MatchesCart'], 1071]);
    const reference = { typeId: 'discount-code', id: code['id'] };
    expect(ok(await update(added['version'], { action: 'removeDiscountCode', discountCode: reference }))['discountCodes']).toEqual([]);
  });

  it('takes on a Frozen Cart only a code that does not match it', async () => {
    await cartDiscount('ten');
    await discountCode('SAVE10', ['ten']);
    await discountCode('BULK', ['ten'], { cartPredicate: 'lineItemCount(1 = 1) > 5' });
    const frozen = await o.updated(await o.orderable(), { action: 'freezeCart' });
    const before = await o.everything();
    expectError(await add(frozen, 'SAVE10'), 400, 'InvalidOperation');
    await expectNothingChanged(o, before);
    expect(statesOf(ok(await add(frozen, 'BULK')))).toEqual(['DoesNotMatchCart']);
  });

  it('refuses to remove a code the Cart does not hold', async () => {
    await cartDiscount('ten');
    const code = await discountCode('SAVE', ['ten']);
    const cart = await o.orderable();
    const before = await o.everything();
    expectError(
      await o.update(cart, { action: 'removeDiscountCode', discountCode: { typeId: 'discount-code', id: code['id'] } }),
      400,
      'InvalidOperation',
    );
    await expectNothingChanged(o, before);
  });
});

describe('discount codes and the prices of carts', () => {
  const totalOf = (cart: Json) => (cart['totalPrice'] as Json)['centAmount'] as number;

  it('applies the Cart Discount a matching code brings, and none of a code that does not match or is used up', async () => {
    await cartDiscount('ten');
    await discountCode('SAVE10', ['ten']);
    await discountCode('BULK', ['ten'], { cartPredicate: 'lineItemCount(1 = 1) > 5' });
    // Two shirts at 11.90 EUR: 2 × 1190 = 2380 cents without a code.
    const plain = await o.orderable({}, 2);
    expect(totalOf(plain)).toBe(2380);
    // 10 % off each unit: 1190 − 119 = 1071; 2 × 1071 = 2142.
    const saved = ok(await add(plain, 'SAVE10'));
    expect(totalOf(saved)).toBe(2142);
    expect((saved['lineItems'] as Json[])[0]!['discountedPricePerQuantity']).toMatchObject([
      { quantity: 2, discountedPrice: { value: { centAmount: 1071 } } },
    ]);
    // A code that does not match brings nothing: still 2380.
    const bulk = ok(await add(await o.orderable({}, 2), 'BULK'));
    expect([statesOf(bulk), totalOf(bulk)]).toEqual([['DoesNotMatchCart'], 2380]);
    // Removing the code takes its discount away: 2380 again.
    const code = saved['discountCodes'][0]['discountCode'];
    expect(totalOf(await o.updated(saved, { action: 'removeDiscountCode', discountCode: code }))).toBe(2380);
  });

  it('gives ApplicationStoppedByPreviousDiscount when a higher-ranked StopAfterThisDiscount discount applied, and refuses the Order', async () => {
    // Ranked first (0.9): 5 % off for everyone, and nothing after it.
    await cartDiscount('first', {
      value: { type: 'relative', permyriad: 500 },
      sortOrder: '0.9',
      requiresDiscountCode: false,
      stackingMode: 'StopAfterThisDiscount',
    });
    await cartDiscount('ten', { sortOrder: '0.1' });
    await discountCode('SAVE10', ['ten']);
    const cart = ok(await add(await o.orderable({}, 2), 'SAVE10'));
    // Only the 5 %: 1190 × 95 % = 1130.5, rounded HalfEven (the default) to 1130; 2 × 1130 = 2260.
    expect([statesOf(cart), totalOf(cart)]).toEqual([['ApplicationStoppedByPreviousDiscount'], 2260]);
    const before = await o.everything();
    expectError(await o.order(cart), 400, 'DiscountCodeNonApplicable');
    await expectNothingChanged(o, before);
  });

  it('excludes Direct Discounts: no code on a Cart that has them, and none of them on a Cart with a code', async () => {
    await cartDiscount('ten');
    await discountCode('SAVE10', ['ten']);
    const direct = { value: { type: 'relative', permyriad: 1000 }, target: { type: 'lineItems', predicate: '1 = 1' } };
    const withDirect = await o.updated(await o.orderable(), { action: 'setDirectDiscounts', discounts: [direct] });
    expectError(await add(withDirect, 'SAVE10'), 400, 'InvalidOperation');
    const withCode = ok(await add(await o.orderable(), 'SAVE10'));
    expectError(await o.update(withCode, { action: 'setDirectDiscounts', discounts: [direct] }), 400, 'InvalidOperation');
  });
});

describe('discount codes on orders', () => {
  it('refuses an Order while a code does not match, changing nothing, and copies the codes when all match', async () => {
    await cartDiscount('ten');
    const code = await discountCode('BULK', ['ten'], { cartPredicate: 'lineItemCount(1 = 1) > 2' });
    const cart = ok(await add(await o.orderable({}, 2), 'BULK'));
    const before = await o.everything();
    expect(expectError(await o.order(cart), 400, 'DiscountCodeNonApplicable')).toMatchObject({ discountCodeId: code['id'] });
    await expectNothingChanged(o, before);
    const line = (cart['lineItems'] as Json[])[0]!;
    const matching = await o.updated(cart, { action: 'changeLineItemQuantity', lineItemId: line['id'], quantity: 3 });
    const order = await o.ordered(matching);
    expect(order['discountCodes']).toEqual([{ discountCode: { typeId: 'discount-code', id: code['id'] }, state: 'MatchesCart' }]);
  });

  it('refuses an Order when the clock left the validity window since the last change of the Cart', async () => {
    await cartDiscount('ten');
    await discountCode('TODAY', ['ten'], { validUntil: at(HOUR) });
    const cart = ok(await add(await o.orderable(), 'TODAY'));
    o.api.clock.advance(2 * HOUR);
    const before = await o.everything();
    expectError(await o.order(cart), 400, 'DiscountCodeNonApplicable');
    await expectNothingChanged(o, before);
  });

  it('counts maxApplications at Order creation, without changing the version, then answers MaxApplicationReached', async () => {
    await cartDiscount('ten');
    const code = await discountCode('ONCE', ['ten'], { maxApplications: 1 });
    const first = ok(await add(await o.orderable(), 'ONCE'));
    const second = ok(await add(await o.orderable(), 'ONCE'));
    await o.ordered(first);
    const counted = await codeNow(code);
    expect(counted).toMatchObject({ version: 1, applicationVersion: 1 });
    expect(statesOf(await recalculated(second))).toEqual(['MaxApplicationReached']);
    expectError(await o.order(await o.cartNow(second)), 400, 'DiscountCodeNonApplicable');
    // A code with used-up applications is still added, in that state; raising the limit frees it.
    expect(statesOf(ok(await add(await o.orderable(), 'ONCE')))).toEqual(['MaxApplicationReached']);
    ok(await updateCode(code, { action: 'setMaxApplications', maxApplications: 2 }));
    expect(statesOf(await recalculated(second))).toEqual(['MatchesCart']);
  });

  it('counts maxApplicationsPerCustomer per Customer, and anonymous Carts against maxApplications only', async () => {
    await cartDiscount('ten');
    await discountCode('WELCOME', ['ten'], { maxApplicationsPerCustomer: 1 });
    const signUp = async (email: string) =>
      ok(await o.api.call('POST', '/customers', { email, password: 'secret' }), 201)['customer']['id'] as string;
    const ann = await signUp('ann@example.com');
    const bob = await signUp('bob@example.com');
    await o.ordered(ok(await add(await o.orderable({ customerId: ann }), 'WELCOME')));
    expect(statesOf(ok(await add(await o.orderable({ customerId: ann }), 'WELCOME')))).toEqual(['MaxApplicationReached']);
    expect(statesOf(ok(await add(await o.orderable({ customerId: bob }), 'WELCOME')))).toEqual(['MatchesCart']);
    await o.ordered(ok(await add(await o.orderable(), 'WELCOME')));
    expect(statesOf(ok(await add(await o.orderable(), 'WELCOME')))).toEqual(['MatchesCart']);
  });
});
