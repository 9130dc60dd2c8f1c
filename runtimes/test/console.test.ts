/**
 * The emulator's web console in headless Chromium: served by the emulator itself on a loopback
 * port, signed in with the bootstrap client, it finds a Product Selection and its products, a
 * Store's Product Selections and availability, arms a 503 fault and sees the failed request in
 * the request log, and advances the clock. `pnpm console:screenshot` runs the same walk-through.
 *
 * Skipped when there is no Chromium: `apt-get install chromium`, or point CHROMIUM_PATH at one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_TYPES } from '../../packages/test-fixtures/src/emulator/resources/registry.js';
import { consoleSignInUrl } from '../../packages/test-fixtures/src/cli/open-browser.js';
import {
  CONSOLE_ORDER,
  KEYLESS_SELECTION_NAME,
  CONSOLE_PAYMENT,
  openConsoleSession,
  walkThroughConsole,
  type ConsoleSession,
} from '../console/console-scenario.js';
import { chromiumSuite, hasChromium, warnWhenNoChromium, watchProblems } from './browser-helpers.js';

warnWhenNoChromium('console.test.ts');

describe.skipIf(!hasChromium)(`the web console ${chromiumSuite}`, () => {
  let session: ConsoleSession | undefined;
  beforeAll(async () => {
    session = await openConsoleSession();
  }, 60_000);
  afterAll(() => session?.close());

  it('signs in, shows a selection, a Store availability, a faulted request and the moved clock', async () => {
    const { page, catalogue, server } = session!;
    const problems = watchProblems(page);
    const seen = await walkThroughConsole(session!);

    const selection = catalogue.selections[0]!;
    const productKeys = new Map(catalogue.products.map((product) => [product.id, product.key]));
    expect(seen.selectionProducts.sort()).toEqual(selection.productIds.map((id) => productKeys.get(id)).sort());

    // Every resource type of the registry, and nothing else, in its order.
    expect(seen.typeOptions).toEqual(CONSOLE_TYPES);

    // A Product Selection without a key is listed and shown by its id, never as "undefined".
    const { keylessSelectionId } = session!;
    expect(seen.selectionList).toEqual(
      expect.arrayContaining([[keylessSelectionId, KEYLESS_SELECTION_NAME], ...catalogue.selections.map((s) => [s.key, s.name])]),
    );
    expect(seen.selectionList).toHaveLength(catalogue.selections.length + 1);
    expect(seen.keyless.caption).toBe(`Products of ${keylessSelectionId}`);
    expect(seen.keyless.products).toEqual([catalogue.products[0]!.key]);

    const store = catalogue.stores[0]!;
    expect(seen.storeSelections).toEqual(
      store.productSelections.map(({ key, active }) => [
        key,
        catalogue.selections.find((s) => s.key === key)!.name,
        active ? 'active' : 'inactive',
      ]),
    );
    // The Store's active Product Selections decide what it offers.
    const offered = new Set(
      store.productSelections
        .filter((s) => s.active)
        .flatMap((s) => catalogue.selections.find((one) => one.key === s.key)!.productIds)
        .map((id) => productKeys.get(id)),
    );
    expect(new Set(seen.availableProducts)).toEqual(offered);

    // The checkout's resources are listed (in id order) with their key and name.
    expect(seen.listed.zones.sort()).toEqual(catalogue.zones.map((zone) => [zone.key, zone.name]).sort());
    expect(seen.listed['customer-groups'].sort()).toEqual(catalogue.customerGroups.map((group) => [group.key, group.name]).sort());
    // 4999 cents, shown as 49.99 EUR.
    expect(seen.listed.payments).toEqual([[CONSOLE_PAYMENT.key, '49.99 EUR']]);
    // The cart of 2 x 14.99 (seed 7's first master variant) = 29.98, ordered: the cart is Ordered,
    // the order Open with the cart's total, listed by its order number.
    expect(catalogue.products[0]!.centAmounts[0]).toBe(1499);
    expect(seen.listed.carts).toEqual([[CONSOLE_ORDER.cartKey, 'Ordered 29.98 EUR']]);
    expect(seen.listed.orders).toEqual([[CONSOLE_ORDER.orderNumber, 'Open 29.98 EUR']]);

    expect(seen.faultedStatus).toMatch(/^503: /);
    expect(seen.failedRequests).toHaveLength(1);
    expect(seen.failedRequests[0]![2]).toBe('503');
    // Its detail shows the request's headers with the token masked, and the fault's answer.
    expect(seen.failedDetail).toContain('authorization: Bearer ***');
    expect(seen.failedDetail).toContain('"statusCode": 503');
    expect(seen.clockAfter).toContain('2026-03-03 09:00:00Z');
    // A PNG.
    expect(seen.screenshot.subarray(1, 4).toString()).toBe('PNG');
    // The page shows no secret: the secret typed at sign-in is masked in the request log.
    expect(await page.content()).not.toContain(server.emulator.credentials.clientSecret);
    expect(problems.filter((problem) => !problem.includes('503'))).toEqual([]);
  }, 60_000);

  it('signs in from the #signin= fragment of --open, and removes it from the address bar and the history', async () => {
    const { browser, server, url } = session!;
    const { clientId, clientSecret } = server.emulator.credentials;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(consoleSignInUrl(url, { clientId, clientSecret }));
      await page.getByRole('navigation', { name: 'Views' }).waitFor();
      expect(page.url()).toBe(url);
      expect(await page.content()).not.toContain(clientSecret);
      expect(problems).toEqual([]);
      // The entry was replaced, not pushed: one step back is the page before the console.
      await page.goBack();
      expect(page.url()).toBe('about:blank');
    } finally {
      await context.close();
    }
  }, 60_000);
});
