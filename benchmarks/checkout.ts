/**
 * What one isolated checkout test costs, ours and the community mock's, in one run: a fresh
 * emulator (or a fresh project of a shared one), a client-credentials token, a shippable
 * catalogue (tax category, zone, shipping method, product type, a product with three variants, a
 * customer), an anonymous token and cart with three lines, the shipping address and method,
 * sign-in with the anonymous cart, a payment added to the cart, an order, and a reset. Interleaved
 * (one test of each target in turn), medians. A script, not a test: it prints what it measured and
 * exits 1 only when one of our answers is wrong; the mock's order total is printed beside the
 * right one.
 *
 * Then cart updates over loopback (the server in a child process): at 1 000, 10 000 and 20 000
 * stored carts (each with a German shipping address, so Platform tax applies), 16 requests in
 * flight, each cart in turn gets `addLineItem` (the same variant again: its line's quantity goes
 * up) and then `changeLineItemQuantity` back to 3, so a cart keeps one line. Every answer of ours
 * is checked to the cent.
 *
 * Then cart updates with discounts, in process: the same update of a cart with two lines in a
 * project with no discounts, and in one with 100 active Cart Discounts and 100 Product Discounts
 * whose predicates are all evaluated and of which one of each kind applies; and, for the size of
 * the answer, with 100 Cart Discounts all discounting both lines. Medians of many updates, each
 * answer checked to the cent.
 *
 *   cd benchmarks && pnpm exec tsx checkout.ts [--tests 100] [--seconds 4] [--skip-mock] [--part checkout|updates|discounts]
 *
 * Goals: one checkout test of ours at most a tenth of the mock's; cart updates at 10 000 stored
 * carts at least 10 times the mock's rate, and ours flat from 1 000 to 20 000 (20 000 at least
 * 80 % of 1 000); a cart update with 100 Cart Discounts and 100 Product Discounts at most 3 times
 * one with none.
 */
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures';
import { startLoopbackServer } from './lib/child.js';
import { clientCredentialsToken, type Seeded } from './lib/mix.js';
import { loadMock, newInjectedMock } from './lib/mock-inject.js';
import { arg, fmt, machine, median, printTable, verdict } from './lib/report.js';

const tests = Number(arg('tests') ?? 100);
const seconds = Number(arg('seconds') ?? 4);
const warmup = Math.max(5, Math.round(tests / 10));
const skipMock = arg('skip-mock') !== undefined;
const PROJECT = 'checkout';
const CLIENT = { clientId: 'checkout-client', clientSecret: 'checkout-secret' };

/**
 * The order's expected total in cents, worked out by hand: A 2 x 10.00 = 20.00, B 1 x 25.00 =
 * 25.00, C 3 x 3.99 = 11.97; lines 56.97, plus shipping 4.99 = 61.96 (prices include 19 % tax).
 */
const EXPECTED_TOTAL = 6196;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
type Body = Record<string, unknown>;
type Send = (call: Call) => Promise<{ status: number; body: Body }>;

/** A wrong answer from our emulator ends the run; from the mock it is recorded (it is what the mock does). */
class WrongAnswer extends Error {}
function check(ok: boolean, what: string): void {
  if (!ok) throw new WrongAnswer(what);
}

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const ref = (typeId: string, id: unknown) => ({ typeId, id });

/** The checkout, the same requests for every target; answers the order's total in cents. */
async function oneCheckout(send: Send, projectKey: string, credentials: { clientId: string; clientSecret: string }, run: number) {
  const basic = { authorization: `Basic ${btoa(`${credentials.clientId}:${credentials.clientSecret}`)}` };
  const token = await send({ method: 'POST', path: '/oauth/token', headers: { ...basic, ...form }, body: 'grant_type=client_credentials' });
  check(token.status === 200, `token ${token.status}`);
  const admin = { authorization: `Bearer ${String(token.body['access_token'])}`, ...json };
  const post = async (headers: Record<string, string>, path: string, body: unknown, status: number) => {
    const res = await send({ method: 'POST', path: `/${projectKey}${path}`, headers, body: JSON.stringify(body) });
    check(res.status === status, `POST ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  };
  const update = (headers: Record<string, string>, path: string, resource: Body, actions: unknown[]) =>
    post(headers, `${path}/${String(resource['id'])}`, { version: resource['version'], actions }, 200);

  // The shippable catalogue.
  const taxCategory = await post(
    admin,
    '/tax-categories',
    {
      name: 'standard',
      rates: [{ name: '19% DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
    },
    201,
  );
  const zone = await post(admin, '/zones', { name: 'Germany', locations: [{ country: 'DE' }] }, 201);
  const shippingMethod = await post(
    admin,
    '/shipping-methods',
    {
      name: 'Standard',
      isDefault: true,
      taxCategory: ref('tax-category', taxCategory['id']),
      zoneRates: [{ zone: ref('zone', zone['id']), shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 499 } }] }],
    },
    201,
  );
  const productType = await post(admin, '/product-types', { name: 'plain', description: 'plain' }, 201);
  const eur = (centAmount: number) => [{ value: { currencyCode: 'EUR', centAmount } }];
  await post(
    admin,
    '/products',
    {
      productType: ref('product-type', productType['id']),
      taxCategory: ref('tax-category', taxCategory['id']),
      name: { en: 'Shirt' },
      slug: { en: `shirt-${run}` },
      masterVariant: { sku: 'A', prices: eur(1000) },
      variants: [
        { sku: 'B', prices: eur(2500) },
        { sku: 'C', prices: eur(399) },
      ],
      publish: true,
    },
    201,
  );
  const email = `buyer-${run}@example.com`;
  await post(admin, '/customers', { email, password: 'secret-1' }, 201);

  // The anonymous shopper's cart.
  const anonymous = await send({
    method: 'POST',
    path: `/oauth/${projectKey}/anonymous/token`,
    headers: { ...basic, ...form },
    body: 'grant_type=client_credentials',
  });
  check(anonymous.status === 200, `anonymous token ${anonymous.status}`);
  const shopper = { authorization: `Bearer ${String(anonymous.body['access_token'])}`, ...json };
  let cart = await post(shopper, '/me/carts', { currency: 'EUR', country: 'DE' }, 201);
  cart = await update(shopper, '/me/carts', cart, [
    { action: 'addLineItem', sku: 'A', quantity: 2 },
    { action: 'addLineItem', sku: 'B' },
    { action: 'addLineItem', sku: 'C', quantity: 3 },
  ]);
  cart = await update(shopper, '/me/carts', cart, [{ action: 'setShippingAddress', address: { country: 'DE' } }]);
  cart = await update(shopper, '/me/carts', cart, [
    { action: 'setShippingMethod', shippingMethod: ref('shipping-method', shippingMethod['id']) },
  ]);

  // Sign-in from the anonymous session: the customer has no cart, so the anonymous one becomes theirs.
  const signIn = await post(
    shopper,
    '/me/login',
    { email, password: 'secret-1', activeCartSignInMode: 'MergeWithExistingCustomerCart' },
    200,
  );
  if (signIn['cart']) cart = signIn['cart'] as Body;

  const payment = await post(admin, '/payments', { amountPlanned: cart['totalPrice'] }, 201);
  cart = await update(admin, '/carts', cart, [{ action: 'addPayment', payment: ref('payment', payment['id']) }]);
  const order = await post(admin, '/orders', { cart: ref('cart', cart['id']), version: cart['version'], orderNumber: `order-${run}` }, 201);
  return (order['totalPrice'] as { centAmount: number } | undefined)?.centAmount;
}

function inProcess(emulator: Emulator): Send {
  return async ({ method, path, headers, body }) => {
    const url = path.startsWith('/oauth/') ? `${emulator.urls().auth}${path}` : `${emulator.urls().api}${path}`;
    const res = await emulator.fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: res.status, body: (await res.json()) as Body };
  };
}

/** Ours, a new emulator per test. */
async function newEmulatorTest(run: number) {
  const emulator = createEmulator({ projectKey: PROJECT, ...CLIENT });
  const total = await oneCheckout(inProcess(emulator), PROJECT, CLIENT, run);
  emulator.reset();
  return total;
}

/** Ours, one emulator for the run and a new project per test. */
const shared = createEmulator({ projectKey: 'shared-own', ...CLIENT });
async function newProjectTest(run: number) {
  const key = `test-${run}`;
  const project = shared.project(key);
  const total = await oneCheckout(inProcess(shared), key, project.credentials, run);
  project.reset();
  shared.deleteProject(key);
  return total;
}

/** The community mock, a new one per test, every request through Fastify's `app.inject`. */
async function mockTest(run: number) {
  const mock = newInjectedMock(PROJECT);
  try {
    return await oneCheckout(mock.send, PROJECT, CLIENT, run);
  } finally {
    await mock.close();
  }
}

interface Target {
  name: string;
  ours: boolean;
  test: (run: number) => Promise<number | undefined>;
  times: number[];
  totals: Map<string, number>;
  failures: Map<string, number>;
}

async function main(): Promise<void> {
  if (!skipMock) {
    await loadMock();
  }
  console.log(`one checkout test, ${tests} tests each after ${warmup} unmeasured, interleaved; ${machine()}`);
  const target = (name: string, ours: boolean, test: Target['test']): Target => ({
    name,
    ours,
    test,
    times: [],
    totals: new Map(),
    failures: new Map(),
  });
  const targets: Target[] = [
    target('ours: new emulator per test', true, newEmulatorTest),
    target('ours: new project of a shared emulator per test', true, newProjectTest),
    ...(skipMock ? [] : [target('community mock: new CommercetoolsMock per test (app.inject)', false, mockTest)]),
  ];
  for (let run = 0; run < warmup + tests; run++) {
    for (const t of targets) {
      const start = performance.now();
      try {
        const total = await t.test(run);
        check(!t.ours || total === EXPECTED_TOTAL, `order total ${total}, expected ${EXPECTED_TOTAL}`);
        t.totals.set(String(total), (t.totals.get(String(total)) ?? 0) + 1);
      } catch (error) {
        if (t.ours || !(error instanceof WrongAnswer)) {
          console.error(`${t.name}: wrong answer: ${(error as Error).message}`);
          process.exit(1);
        }
        t.failures.set(error.message, (t.failures.get(error.message) ?? 0) + 1);
      }
      if (run >= warmup) t.times.push(performance.now() - start);
    }
  }
  const mock = targets.find((t) => !t.ours);
  const mockMedian = mock ? median(mock.times) : undefined;
  printTable(
    ['one checkout test (catalogue, cart, sign-in, payment, order, reset)', 'median', 'vs mock', 'goal <= 1/10', 'order total (cents)'],
    targets.map((t) => {
      const m = median(t.times);
      const totals = [...t.totals].map(([total, n]) => `${total} x${n}`).join(', ');
      return [
        t.name,
        fmt.ms(m),
        t.ours && mockMedian ? `1/${fmt.fixed(mockMedian / m)}` : '',
        t.ours && mockMedian ? verdict(m <= mockMedian / 10) : '',
        t.ours ? `${totals} (right: ${EXPECTED_TOTAL})` : `${totals || 'none'} (right: ${EXPECTED_TOTAL})`,
      ];
    }),
  );
  for (const t of targets) {
    for (const [message, n] of t.failures) console.log(`${t.name}: ${n} x stopped at ${message}`);
  }
}

/**
 * The line after the update, worked out by hand: 3 x 10.00 EUR = 30.00 gross; 19 % included:
 * net = 30.00 / 1.19 = 25.2100..., rounded to 25.21, tax 4.79.
 */
const UPDATED = { totalPrice: 3000, totalNet: 2521 };

async function cartUpdates(): Promise<void> {
  console.log(`\ncart updates over loopback, ${seconds} s per row, 16 in flight; ${machine()}`);
  const rows: { name: string; stored: number; rate: number; cpuMicros: number }[] = [];
  const kinds = skipMock ? (['emulator'] as const) : (['emulator', 'mock'] as const);
  for (const kind of kinds) {
    const server = await startLoopbackServer(kind);
    try {
      const { api, projectKey } = server.ready;
      const token = await clientCredentialsToken(fetch, server.ready.tokenUrl, server.ready.clientId, server.ready.clientSecret);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${api}/${projectKey}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as Body };
      };
      const created = async (path: string, body: unknown) => {
        const res = await post(path, body);
        if (res.status !== 201) throw new Error(`${kind} POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      };
      const taxCategory = await created('/tax-categories', {
        name: 'standard',
        rates: [{ name: '19% DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
      });
      const productType = await created('/product-types', { name: 'plain', description: 'plain' });
      await created('/products', {
        productType: ref('product-type', productType['id']),
        taxCategory: ref('tax-category', taxCategory['id']),
        name: { en: 'Shirt' },
        slug: { en: 'shirt' },
        masterVariant: { sku: 'A', prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 } }] },
        publish: true,
      });
      /** 16 workers repeating `one` (which answers how many requests it sent) for the row's seconds: the rate and server CPU per request. */
      const drive = async (one: () => Promise<number>) => {
        let done = 0;
        const cpuBefore = await server.cpuMicros();
        const start = performance.now();
        const until = start + seconds * 1000;
        const worker = async () => {
          while (performance.now() < until) done += await one();
        };
        await Promise.all(Array.from({ length: 16 }, worker));
        const ms = performance.now() - start;
        return { rate: (done / ms) * 1000, cpuMicros: ((await server.cpuMicros()) - cpuBefore) / done };
      };
      /** The same load of plain reads: what any request costs this server, the bound of an update's rate. */
      const reads = (carts: readonly Seeded[]) => {
        let next = 0;
        return drive(async () => {
          const res = await fetch(`${api}/${projectKey}/carts/${carts[next++ % carts.length]!.id}`, { headers });
          if (res.status !== 200) throw new Error(`${kind} GET cart: ${res.status}`);
          await res.arrayBuffer();
          return 1;
        });
      };
      let carts: Seeded[] = [];
      for (const stored of kind === 'mock' ? [1_000, 10_000] : [1_000, 10_000, 20_000]) {
        carts = carts.concat(await server.fill(carts.length, stored, 'cart', 'cart'));
        let next = 0;
        const updated = await drive(async () => {
          const cart = carts[next++ % carts.length]!;
          const added = await post(`/carts/${cart.id}`, { version: cart.version, actions: [{ action: 'addLineItem', sku: 'A' }] });
          if (added.status !== 200) throw new Error(`${kind} addLineItem: ${added.status} ${JSON.stringify(added.body).slice(0, 300)}`);
          const line = (added.body['lineItems'] as Body[])[0]!;
          const changed = await post(`/carts/${cart.id}`, {
            version: added.body['version'],
            actions: [{ action: 'changeLineItemQuantity', lineItemId: line['id'], quantity: 3 }],
          });
          if (changed.status !== 200) throw new Error(`${kind} changeLineItemQuantity: ${changed.status}`);
          cart.version = changed.body['version'] as number;
          if (kind !== 'mock') {
            const taxed = changed.body['taxedPrice'] as { totalNet: { centAmount: number } } | undefined;
            const total = (changed.body['totalPrice'] as { centAmount: number }).centAmount;
            if (total !== UPDATED.totalPrice || taxed?.totalNet.centAmount !== UPDATED.totalNet) {
              console.error(`wrong answer: cart total ${total}, net ${taxed?.totalNet.centAmount}; expected ${JSON.stringify(UPDATED)}`);
              process.exit(1);
            }
          }
          return 2;
        });
        rows.push({ name: kind === 'mock' ? 'community mock' : 'ours', stored, ...updated });
        if (stored === 10_000)
          rows.push({
            name: `${kind === 'mock' ? 'community mock' : 'ours'}: a cart read (GET by id), the floor`,
            stored,
            ...(await reads(carts)),
          });
      }
    } finally {
      await server.close();
    }
  }
  const rate = (name: string, stored: number) => rows.find((r) => r.name === name && r.stored === stored)?.rate;
  const mockAt10k = rate('community mock', 10_000);
  printTable(
    ['cart update (addLineItem, changeLineItemQuantity)', 'stored carts', 'requests/s', 'server CPU per request', 'vs mock at 10 000'],
    rows.map((r) => [
      r.name,
      fmt.int(r.stored),
      fmt.int(r.rate),
      `${fmt.fixed(r.cpuMicros / 1000, 2)} ms`,
      r.name === 'ours' && mockAt10k ? `${fmt.fixed(r.rate / mockAt10k)} x` : '',
    ]),
  );
  const ours10k = rate('ours', 10_000);
  const flat = (rate('ours', 20_000) ?? 0) / (rate('ours', 1_000) ?? 1);
  console.log(`goal: ours at 10 000 >= 10 x the mock: ${mockAt10k && ours10k ? verdict(ours10k >= 10 * mockAt10k) : 'n/a'}`);
  console.log(`goal: ours flat, 20 000 / 1 000 >= 80 %: ${fmt.pct(flat * 100)}, ${verdict(flat >= 0.8)}`);
}

/** One HalfEven percent off a unit in cents: up above a half, on a half only to an even result. */
function onePercentOff(unit: number): number {
  const [whole, rest] = [Math.floor(unit / 100), unit % 100];
  return unit - whole - (rest > 50 || (rest === 50 && whole % 2 === 1) ? 1 : 0);
}

/**
 * The discount rows: how many Cart and Product Discounts the project has, and which lines they
 * discount. `some`: every predicate is evaluated on every update but the Cart Discounts target
 * other SKUs except one for line A, the Product Discounts other SKUs except one for B.
 * `every`: all 100 Cart Discounts discount both lines (the answer carries 200 discount portions).
 */
type Scenario = 'none' | 'some' | 'every';

/** The cart's total after the update, worked out as the engine must: 3 x A and 3 x B at 10.00, each 1 % step rounded HalfEven. */
function expectedTotal(scenario: Scenario): number {
  if (scenario === 'none') return 6000;
  if (scenario === 'some') return 3 * onePercentOff(1000) + 3 * onePercentOff(1000);
  let unit = 1000;
  for (let i = 0; i < 100; i++) unit = onePercentOff(unit);
  return 6 * unit;
}

/**
 * A cart update's median cost in process (changeLineItemQuantity on a cart of two lines, a German
 * address so Platform tax applies), in a project without discounts and with 100 active Cart
 * Discounts and 100 Product Discounts (see {@link Scenario}); each answer checked to the cent.
 */
async function discountedUpdates(): Promise<void> {
  const updates = Number(arg('updates') ?? 400);
  console.log(`\ncart updates in process with discounts, ${updates} updates per row; ${machine()}`);
  const rows: { scenario: Scenario; name: string; micros: number }[] = [];
  const names: Record<Scenario, string> = {
    none: 'no discounts',
    some: '100 Cart + 100 Product Discounts, 2 apply',
    every: '100 Cart Discounts on every line',
  };
  for (const scenario of ['none', 'some', 'every'] as const) {
    const emulator = createEmulator({ projectKey: PROJECT, ...CLIENT });
    const send = inProcess(emulator);
    const basic = { authorization: `Basic ${btoa(`${CLIENT.clientId}:${CLIENT.clientSecret}`)}` };
    const token = await send({
      method: 'POST',
      path: '/oauth/token',
      headers: { ...basic, ...form },
      body: 'grant_type=client_credentials',
    });
    const admin = { authorization: `Bearer ${String(token.body['access_token'])}`, ...json };
    const post = async (path: string, body: unknown, status = 201) => {
      const res = await send({ method: 'POST', path: `/${PROJECT}${path}`, headers: admin, body: JSON.stringify(body) });
      check(res.status === status, `POST ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return res.body;
    };
    const taxCategory = await post('/tax-categories', {
      name: 'standard',
      rates: [{ name: '19% DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
    });
    const productType = await post('/product-types', { name: 'plain', description: 'plain' });
    for (const sku of ['A', 'B'])
      await post('/products', {
        productType: ref('product-type', productType['id']),
        taxCategory: ref('tax-category', taxCategory['id']),
        name: { en: sku },
        slug: { en: `slug-${sku}` },
        masterVariant: { sku, prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 } }] },
        publish: true,
      });
    for (let i = 0; scenario !== 'none' && i < 100; i++) {
      // Unique, no trailing zero: 0.11, 0.21, ..., 0.1001.
      const sortOrder = `0.${i + 1}1`;
      const lines = scenario === 'every' ? '1 = 1' : i === 0 ? 'sku = "A"' : `sku = "other-${i}"`;
      await post('/cart-discounts', {
        name: { en: `cart ${i}` },
        value: { type: 'relative', permyriad: 100 },
        cartPredicate: 'totalPrice > "1.00 EUR"',
        target: { type: 'lineItems', predicate: lines },
        sortOrder,
      });
      await post('/product-discounts', {
        name: { en: `product ${i}` },
        value: { type: 'relative', permyriad: 100 },
        predicate: scenario === 'some' && i === 0 ? 'sku = "B"' : `sku = "other-${i}"`,
        sortOrder,
        isActive: true,
      });
    }
    const expected = expectedTotal(scenario);
    let cart = await post('/carts', {
      currency: 'EUR',
      country: 'DE',
      shippingAddress: { country: 'DE' },
      lineItems: [
        { sku: 'A', quantity: 3 },
        { sku: 'B', quantity: 3 },
      ],
    });
    const times: number[] = [];
    for (let i = 0; i < updates; i++) {
      const line = (cart['lineItems'] as Body[])[0]!;
      const quantity = i % 2 === 0 ? 4 : 3;
      const start = performance.now();
      cart = await post(
        `/carts/${String(cart['id'])}`,
        { version: cart['version'], actions: [{ action: 'changeLineItemQuantity', lineItemId: line['id'], quantity }] },
        200,
      );
      times.push(performance.now() - start);
      const total = (cart['totalPrice'] as { centAmount: number }).centAmount;
      if (quantity === 3) check(total === expected, `cart total ${total}, expected ${expected}`);
    }
    rows.push({ scenario, name: names[scenario], micros: median(times) * 1000 });
    emulator.reset();
  }
  const none = rows.find((r) => r.scenario === 'none')!.micros;
  printTable(
    ['cart update (changeLineItemQuantity, two lines)', 'median', 'vs none'],
    rows.map((r) => [r.name, `${fmt.fixed(r.micros / 1000, 3)} ms`, `${fmt.fixed(r.micros / none, 2)} x`]),
  );
  const some = rows.find((r) => r.scenario === 'some')!.micros / none;
  console.log(`goal: 100 Cart and 100 Product Discounts in the project at most 3 x none: ${fmt.fixed(some, 2)} x, ${verdict(some <= 3)}`);
  console.log('(every line discounted 100 times: the answer carries 200 discount portions, which its size costs)');
}

const part = arg('part');
if (part === undefined || part === 'checkout') await main();
if (part === undefined || part === 'updates') await cartUpdates();
if (part === undefined || part === 'discounts') await discountedUpdates();
