/**
 * The web console's walk-through, shared by its browser test and `pnpm console:screenshot`: an
 * emulator that `seedCatalogue` filled, on a loopback port; Chromium opens the console, signs in,
 * finds a Product Selection by key and its products, a Store's Product Selections and in-store
 * availability, arms a 503 fault and sees the next request fail in the request log, advances the
 * clock, and takes a screenshot.
 */
import type { Browser, Page } from 'playwright-core';
import {
  createEmulator,
  ManualClock,
  openSession,
  seedCatalogue,
  serveEmulator,
  type RunningEmulator,
  type SeededCatalogue,
} from '../../packages/test-fixtures/src/index.js';
import { launchChromium } from '../test/browser-helpers.js';

/** The emulator's clock at the start: a fixed instant, so the screenshot is the same every time. */
export const CLOCK_START = '2026-03-01T09:00:00.000Z';
const TWO_DAYS_LATER = '2026-03-03 09:00:00Z';

/** The emulator, the browser and the page of one walk-through. */
export interface ConsoleSession {
  server: RunningEmulator;
  catalogue: SeededCatalogue;
  /** The id of the Product Selection without a key (its only Product is the catalogue's first). */
  keylessSelectionId: string;
  browser: Browser;
  page: Page;
  /** The console's URL. */
  url: string;
  close(): Promise<void>;
}

/** Starts a seeded emulator on a free loopback port and Chromium on a page of 1280×900. */
export async function openConsoleSession(): Promise<ConsoleSession> {
  const emulator = createEmulator({
    projectKey: 'console-demo',
    clientId: 'console-demo-client',
    clientSecret: 'console-demo-secret-3f9a',
    clock: new ManualClock(Date.parse(CLOCK_START)),
  });
  const catalogue = await seedCatalogue(emulator, { seed: 7, products: 12, selections: 3, stores: 2 });
  // What a checkout leaves, for the Resources view to list: a payment, and a cart of two of the
  // first Product's master variant, ordered.
  const session = openSession(emulator);
  await session.expect(201, 'POST', '/payments', { key: CONSOLE_PAYMENT.key, amountPlanned: CONSOLE_PAYMENT.amountPlanned });
  const cart = await session.expect<{ id: string; version: number }>(201, 'POST', '/carts', {
    key: CONSOLE_ORDER.cartKey,
    currency: 'EUR',
    country: 'DE',
    lineItems: [{ sku: catalogue.products[0]!.skus[0], quantity: 2 }],
    shippingAddress: { country: 'DE' },
  });
  await session.expect(201, 'POST', '/orders', {
    cart: { typeId: 'cart', id: cart.id },
    version: cart.version,
    orderNumber: CONSOLE_ORDER.orderNumber,
  });
  // A Product Selection without a key (the key is optional), with the first Product.
  const keyless = await session.expect<{ id: string; version: number }>(201, 'POST', '/product-selections', {
    name: { en: KEYLESS_SELECTION_NAME },
  });
  await session.expect(200, 'POST', `/product-selections/${keyless.id}`, {
    version: keyless.version,
    actions: [{ action: 'addProduct', product: { typeId: 'product', id: catalogue.products[0]!.id } }],
  });
  const server = await serveEmulator(emulator, { host: '127.0.0.1', port: 0 });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const opened = browser;
    return {
      server,
      catalogue,
      keylessSelectionId: keyless.id,
      browser: opened,
      page,
      url: `${server.origin}/_emulator/console`,
      close: async () => {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

/** What the walk-through saw, for the test to check. */
export interface ConsoleWalkThrough {
  /** The rows of the Product Selection's products table (product key per row). */
  selectionProducts: string[];
  /** The Product Selections view's list: [key or id, name] per row. */
  selectionList: string[][];
  /** The products table of the Product Selection without a key, opened from the list: its caption and product keys. */
  keyless: { caption: string; products: string[] };
  /** The Resources view's resource types, as its select offers them. */
  typeOptions: string[];
  /** The Store's Product Selections with their activation, as the table shows them. */
  storeSelections: string[][];
  /** The rows of the Store's availability table (product key per row). */
  availableProducts: string[];
  /** The Resources view's rows by type (key / number, and name / state cells), for the checkout's types. */
  listed: Record<(typeof CHECKOUT_TYPES)[number], string[][]>;
  /** The status line after the request the fault rule failed. */
  faultedStatus: string;
  /** The request log's rows filtered by status 503: [method, path, status]. */
  failedRequests: string[][];
  /** The failed request's detail: its request and answer, as the console shows them. */
  failedDetail: string;
  /** The clock as the console shows it after advancing it by two days. */
  clockAfter: string;
  screenshot: Buffer;
}

const columnOf = (page: Page, caption: string, column: number) =>
  page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .locator(`tbody tr td:nth-child(${column})`)
    .allTextContents();

/** The checkout's resource types the walk-through lists in the Resources view. */
export const CHECKOUT_TYPES = ['zones', 'customer-groups', 'payments', 'carts', 'orders'] as const;

/** The name of the Product Selection without a key. */
export const KEYLESS_SELECTION_NAME = 'Keyless picks';

/** The cart the session orders, and the order's number. */
export const CONSOLE_ORDER = { cartKey: 'console-cart', orderNumber: 'console-1001' } as const;

/** The Payment the session creates: 49.99 EUR planned. */
export const CONSOLE_PAYMENT = { key: 'console-payment', amountPlanned: { currencyCode: 'EUR', centAmount: 4999 } } as const;

/** Lists a resource type in the Resources view: the key / number and name / state cells of each row. */
async function listResources(page: Page, type: string): Promise<string[][]> {
  await page.getByRole('link', { name: 'Resources' }).click();
  await page.getByLabel('Resource type').selectOption(type);
  await page.getByRole('button', { name: 'Query' }).click();
  await statusSays(page, ` ${type} shown`);
  const rows = page.locator('table', { has: page.locator('caption', { hasText: new RegExp(`^${type}$`) }) }).locator('tbody tr');
  return Promise.all(
    (await rows.all()).map(async (row) => (await row.locator('td').allTextContents()).slice(1, 3).map((cell) => cell.trim())),
  );
}

/** Waits until `text` shows in the page's status line. */
async function statusSays(page: Page, text: string): Promise<string> {
  const status = page.locator('#status');
  await status.filter({ hasText: text }).waitFor();
  return (await status.textContent()) ?? '';
}

/** Drives the console through every step; throws (with the step) when one does not show what it should. */
export async function walkThroughConsole({
  page,
  url,
  catalogue,
  server,
  keylessSelectionId,
}: ConsoleSession): Promise<ConsoleWalkThrough> {
  const { clientId, clientSecret } = server.emulator.credentials;
  const selection = catalogue.selections[0]!;
  const store = catalogue.stores[0]!;

  await page.goto(url);
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  await statusSays(page, 'products shown');
  const typeOptions = await page
    .getByLabel('Resource type')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

  await page.getByRole('link', { name: 'Product Selections' }).click();
  await page.getByLabel('Product Selection key').fill(selection.key);
  await page.getByLabel('Product Selection key').press('Enter');
  await statusSays(page, `products in ${selection.key}`);
  const selectionProducts = await columnOf(page, `Products of ${selection.key}`, 1);
  const selectionList = await Promise.all(
    (
      await page
        .locator('table', { has: page.locator('caption', { hasText: /^Product Selections$/ }) })
        .locator('tbody tr')
        .all()
    ).map(async (row) => (await row.locator('td').allTextContents()).slice(0, 2).map((cell) => cell.trim())),
  );
  await page.getByRole('link', { name: keylessSelectionId }).click();
  await statusSays(page, `products in ${keylessSelectionId}`);
  const keyless = {
    caption: (await page.locator('caption', { hasText: /^Products of / }).textContent()) ?? '',
    products: await columnOf(page, `Products of ${keylessSelectionId}`, 1),
  };

  await page.getByRole('link', { name: 'Stores' }).click();
  await page.getByLabel('Store key').fill(store.key);
  await page.getByRole('button', { name: 'Find' }).click();
  await statusSays(page, `available in ${store.key}`);
  const selectionTable = page.locator('table', { has: page.locator('caption', { hasText: `Product Selections of ${store.key}` }) });
  const storeSelections = await Promise.all(
    (await selectionTable.locator('tbody tr').all()).map(async (row) =>
      (await row.locator('td').allTextContents()).map((cell) => cell.trim()),
    ),
  );
  const availableProducts = await columnOf(page, `Available in ${store.key}`, 1);

  const listed = {} as ConsoleWalkThrough['listed'];
  for (const type of CHECKOUT_TYPES) listed[type] = await listResources(page, type);

  await page.getByRole('link', { name: 'Fault rules' }).click();
  await page.getByLabel('Kind').selectOption('error');
  await page.getByLabel('Status (error)').selectOption('503');
  await page.getByLabel('Times').fill('1');
  await page.getByRole('button', { name: 'Arm fault' }).click();
  await statusSays(page, 'armed');
  await page.getByRole('button', { name: /^Remove fault rule/ }).waitFor();

  // The next request the console makes to the API is the one the rule fails.
  await page.getByRole('link', { name: 'Resources' }).click();
  const faultedStatus = await statusSays(page, '503');

  await page.getByRole('link', { name: 'Clock and reset' }).click();
  await page.getByLabel('Advance by').fill('2');
  await page.getByLabel('Unit').selectOption({ label: 'days' });
  await page.getByRole('button', { name: 'Advance' }).click();
  await statusSays(page, 'Clock moved');
  await page.locator('#clock', { hasText: TWO_DAYS_LATER }).waitFor();
  const clockAfter = (await page.locator('#clock').textContent()) ?? '';

  await page.getByRole('link', { name: 'Request log' }).click();
  await page.getByLabel('Status').fill('503');
  await page.getByRole('button', { name: 'Filter' }).click();
  const failed = page.locator('table', { has: page.locator('caption', { hasText: 'Requests' }) }).locator('tbody tr', { hasText: '503' });
  await failed.first().waitFor();
  const failedRequests = await Promise.all(
    (await failed.all()).map(async (row) => (await row.locator('td').allTextContents()).slice(1, 4).map((cell) => cell.trim())),
  );
  await failed.first().getByRole('link').click();
  await page.locator('#detail h2', { hasText: '503' }).waitFor();
  const failedDetail = (await page.locator('#detail').textContent()) ?? '';
  const screenshot = await page.screenshot({ fullPage: true });
  return {
    selectionProducts,
    selectionList,
    keyless,
    typeOptions,
    storeSelections,
    availableProducts,
    listed,
    faultedStatus,
    failedRequests,
    failedDetail,
    clockAfter,
    screenshot,
  };
}
