/**
 * What the browser tests share: where Chromium is (and the skip when it is not), how it is
 * launched, the page server on its own loopback origin, and the watch on the page's errors.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(executablePath);
const HOW_TO = 'install one (apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable';

/** The title of a browser suite: names the Chromium, or why the suite is skipped. */
export const chromiumSuite = `in headless Chromium (${hasChromium ? executablePath : `skipped: no Chromium; ${HOW_TO}`})`;

/** Says, once per test file, that `file` (e.g. `browser.test.ts`) is skipped for want of a Chromium. */
export function warnWhenNoChromium(file: string): void {
  if (!hasChromium) console.warn(`runtimes/test/${file} skipped: no Chromium at ${executablePath}; ${HOW_TO}`);
}

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

/** Headless Chromium (playwright-core drives it and never downloads a browser); each `newContext()` is a fresh profile. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 20_000 });

/** A page server on its own loopback origin. */
export interface PageServer {
  server: Server;
  origin: string;
}

/**
 * Serves `files` (path → content type and body) on a free port of 127.0.0.1, uncached; anything
 * else (the browser's favicon request) gets an empty 204, so no 404 shows in the page's console.
 */
export async function servePage(files: Record<string, { type: string; body: string }>): Promise<PageServer> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://127.0.0.1').pathname];
    response.writeHead(file ? 200 : 204, { 'cache-control': 'no-store', ...(file ? { 'content-type': file.type } : {}) });
    response.end(file?.body ?? '');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export const closeServer = (server: Server): Promise<void> =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/**
 * Runs the steps of a teardown in order, every one even when one before it threw (a throwing
 * `context.close()` must not leave the browser, with its profile folder, or the page server
 * behind), then throws the error of the one that threw, or an AggregateError of all when several
 * did.
 *
 * @example
 * afterAll(() => closeInTurn(() => context?.close(), () => browser?.close(), () => page && closeServer(page.server)));
 */
export async function closeInTurn(...steps: (() => unknown)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} teardown steps failed`);
}

/**
 * Collects the page's uncaught errors and console errors. Chromium logs every 4xx answer as an
 * error; those are left out (the tests check the statuses themselves), a CORS refusal is kept.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return problems;
}
