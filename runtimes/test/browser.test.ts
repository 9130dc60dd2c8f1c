/**
 * The clients in a browser: headless Chromium (driven by playwright-core, which never downloads a
 * browser here) loads a page and the story's bundle from one loopback origin, and the story calls
 * the emulator on ANOTHER loopback port. So every call is cross-origin: the token request, REST,
 * GraphQL and the history all pass CORS preflights, and the correlation ids are only readable
 * because the emulator exposes the header.
 *
 * Skipped when there is no Chromium: `apt-get install chromium`, or point CHROMIUM_PATH at one.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleStory } from '../bundle.js';
import type { StoryConfig, StorySummary } from '../story.js';
import { expectStory, storyEmulator } from './helpers.js';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);
const HOW_TO = 'install one (apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable';
if (!hasChromium) console.warn(`runtimes/test/browser.test.ts skipped: no Chromium at ${executablePath}; ${HOW_TO}`);

/** Without the background-networking switches Chromium hangs on a network without the internet. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PAGE = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>commerce-kit runtime story</title>
<script type="module" src="/story.js"></script>
</html>
`;

/** Serves the page and the bundle on a free port of 127.0.0.1. */
async function servePage(bundle: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const [type, body] =
      path === '/'
        ? ['text/html; charset=utf-8', PAGE]
        : path === '/story.js'
          ? ['text/javascript; charset=utf-8', bundle]
          : [undefined, ''];
    // Anything else (the browser's favicon request) gets an empty 204: no 404 in the page's console.
    response.writeHead(type ? 200 : 204, { 'cache-control': 'no-store', ...(type ? { 'content-type': type } : {}) });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** A request Chromium sent, as its DevTools protocol reports it (preflights included). */
interface Sent {
  requestId: string;
  method: string;
  url: string;
  status?: number;
}

describe.skipIf(!hasChromium)(`in headless Chromium (${hasChromium ? executablePath : `skipped: no Chromium; ${HOW_TO}`})`, () => {
  const emulator = storyEmulator('runtime-browser');
  let page: { server: Server; origin: string } | undefined;
  let userDataDir: string | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    page = await servePage((await bundleStory()).code);
    userDataDir = mkdtempSync(join(tmpdir(), 'runtimes-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, { executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 20_000 });
  });

  afterAll(async () => {
    await context?.close();
    if (page) await closeServer(page.server);
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it('runs the story cross-origin: CORS preflights pass, correlation ids are readable, no Node globals', async () => {
    const config: StoryConfig = emulator.config;
    const pageOrigin = page!.origin;
    expect(new URL(config.apiUrl).origin).not.toBe(pageOrigin);

    const tab: Page = await context!.newPage();
    const problems: string[] = [];
    tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // Chromium logs every 4xx answer as an error; the story's own (409, 404) are checked below. A CORS refusal is kept.
    tab.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of')) {
        problems.push(`console: ${message.text()}`);
      }
    });
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
