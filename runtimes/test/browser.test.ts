/**
 * The clients in a browser: headless Chromium (driven by playwright-core, which never downloads a
 * browser here) loads a page and the story's bundle from one loopback origin, and the story calls
 * the emulator on ANOTHER loopback port. So every call is cross-origin: the token request, REST,
 * GraphQL and the history all pass CORS preflights, and the correlation ids are only readable
 * because the emulator exposes the header.
 *
 * Skipped when there is no Chromium: `apt-get install chromium`, or point CHROMIUM_PATH at one.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleStory } from '../bundle.js';
import type { StoryConfig, StorySummary } from '../story.js';
import {
  chromiumSuite,
  closeInTurn,
  closeServer,
  hasChromium,
  launchChromium,
  servePage,
  warnWhenNoChromium,
  watchProblems,
  type PageServer,
} from './browser-helpers.js';
import { expectStory, storyEmulator } from './helpers.js';

warnWhenNoChromium('browser.test.ts');

const PAGE = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>commerce-kit runtime story</title>
<script type="module" src="/story.js"></script>
</html>
`;

/** A request Chromium sent, as its DevTools protocol reports it (preflights included). */
interface Sent {
  requestId: string;
  method: string;
  url: string;
  status?: number;
}

describe.skipIf(!hasChromium)(chromiumSuite, () => {
  const emulator = storyEmulator('runtime-browser');
  let page: PageServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    const { code } = await bundleStory();
    page = await servePage({
      '/': { type: 'text/html; charset=utf-8', body: PAGE },
      '/story.js': { type: 'text/javascript; charset=utf-8', body: code },
    });
    browser = await launchChromium();
    context = await browser.newContext();
  });

  // Each step even when one before it threw: the browser's close removes its profile folder.
  afterAll(() =>
    closeInTurn(
      () => context?.close(),
      () => browser?.close(),
      () => page && closeServer(page.server),
    ),
  );

  it('runs the story cross-origin: CORS preflights pass, correlation ids are readable, no Node globals', async () => {
    const config: StoryConfig = emulator.config;
    const pageOrigin = page!.origin;
    expect(new URL(config.apiUrl).origin).not.toBe(pageOrigin);

    const tab: Page = await context!.newPage();
    // The story's own 4xx answers (409, 404) are checked below; a CORS refusal would be a problem.
    const problems = watchProblems(tab);
    // The DevTools protocol reports preflights too, which the page-level request events leave out.
    const cdp = await context!.newCDPSession(tab);
    const sent = new Map<string, Sent>();
    cdp.on('Network.requestWillBeSent', (event) => {
      sent.set(event.requestId, { requestId: event.requestId, method: event.request.method, url: event.request.url });
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = sent.get(event.requestId);
      if (request) request.status = event.response.status;
    });
    await cdp.send('Network.enable');

    await tab.goto(`${pageOrigin}/`);
    await tab.waitForFunction(() => typeof (globalThis as { runCommerceStory?: unknown }).runCommerceStory === 'function', undefined, {
      timeout: 10_000,
    });
    expect(await tab.evaluate(() => [typeof process, typeof Buffer, typeof require, location.origin])).toEqual([
      'undefined',
      'undefined',
      'undefined',
      pageOrigin,
    ]);

    const summary = await tab
      .evaluate(
        (config) =>
          (globalThis as unknown as { runCommerceStory: (config: StoryConfig) => Promise<StorySummary> }).runCommerceStory(config),
        config,
      )
      .catch((error: unknown) => {
        throw new Error(`the story failed in Chromium: ${String(error)}\n${problems.join('\n')}`);
      });
    expect(problems).toEqual([]);

    expect(summary.globals).toEqual({
      process: 'undefined',
      Buffer: 'undefined',
      require: 'undefined',
      setImmediate: 'undefined',
      window: 'object',
      document: 'object',
      EdgeRuntime: 'undefined',
      fetch: 'function',
      crypto: 'object',
    });
    // Correlation ids read from cross-origin answers: X-Correlation-ID is in Access-Control-Expose-Headers.
    expectStory(summary, 'runtime-browser');

    // Every call went to the emulator's origin, and the ones with an Authorization or JSON body were preflighted.
    const toEmulator = [...sent.values()].filter((r) => new URL(r.url).origin === new URL(config.apiUrl).origin);
    const preflights = toEmulator.filter((r) => r.method === 'OPTIONS');
    expect(preflights.length).toBeGreaterThan(0);
    expect(preflights.every((r) => r.status === 204)).toBe(true);
    const preflighted = new Set(preflights.map((r) => new URL(r.url).pathname));
    for (const path of [
      '/auth/oauth/token',
      `/${config.projectKey}/product-selections`,
      `/${config.projectKey}/graphql`,
      `/history/${config.projectKey}/graphql`,
    ]) {
      expect(preflighted, path).toContain(path);
    }
    const calls = toEmulator.filter((r) => r.method !== 'OPTIONS');
    expect(calls.filter((r) => new URL(r.url).pathname === '/auth/oauth/token')).toHaveLength(1);
    expect(calls.length).toBe(1 + summary.requests.length + 3); // token, REST, GraphQL read, history over REST and GraphQL
    await tab.close();
  });
});
