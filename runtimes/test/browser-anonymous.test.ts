/**
 * An anonymous session that survives page reloads, in headless Chromium: a storefront page (its
 * own loopback origin) runs `anonymous-story.ts` on every load, with a token provider of the
 * anonymous session flow whose store is `webStorageTokenStore(localStorage, 'commerce-session')`,
 * and a storefront API client (view_published_products, manage_my_profile, create_anonymous_token)
 * of the emulator on ANOTHER loopback port. The emulator's side of the wire is recorded, and the
 * token requests are counted by grant type after each load:
 *
 * 1. first load: one anonymous-session request, a new anonymous id X;
 * 2. reload (same context, so the same localStorage): no token request, still X;
 * 3. the stored access token made to look expired, reload: one refresh_token grant, still X;
 * 4. the emulator's clock past the access token's life, reload: the stored token is refused (401),
 *    one refresh_token grant, the call sent again, still X;
 * 5. a new browser context (empty localStorage): a new anonymous session, an id other than X.
 *
 * The steps run in order on one browser and one emulator; each starts from where the last left
 * off. Skipped when there is no Chromium, as `browser.test.ts` is.
 */
import { createTokenProvider, permissionScope } from '@commerce-kit/core-auth';
import { createRestClient, unwrap } from '@commerce-kit/rest-client';
import { ManualClock, seedCatalogue } from '@commerce-kit/test-fixtures';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_KEY, type AnonymousStoryConfig, type AnonymousStorySummary } from '../anonymous-story.js';
import { bundleStory } from '../bundle.js';
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
import { fingerprint, serveRecordingEmulator, type RecordingEmulator, type SeenCall } from './recording-emulator.js';

warnWhenNoChromium('browser-anonymous.test.ts');

const PROJECT = 'runtime-anonymous';
/** The storefront client's access tokens live an hour (the emulator's default is 48 hours). */
const ACCESS_TOKEN_SECONDS = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The page: its configuration as JSON (`<` escaped, so it cannot close the element), and the bundle, which runs on load. */
const pageHtml = (config: AnonymousStoryConfig) => `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>commerce-kit storefront, anonymous session</title>
<script type="application/json" id="commerce-config">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>
<script type="module" src="/anonymous-story.js"></script>
</html>
`;

/** The session entry as `webStorageTokenStore` writes it, its tokens as fingerprints (never printed). */
interface StoredEntry {
  accessToken?: string;
  refreshToken?: string;
  expiresAt: number;
  issuedAt?: number;
  scope: string;
}

describe.skipIf(!hasChromium)(chromiumSuite, () => {
  const clock = new ManualClock();
  let emulator: RecordingEmulator | undefined;
  let page: PageServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** Published product names, by key. */
  let catalogue: string[] = [];

  /** The one tab of the first context, reloaded step after step, and what the steps learnt. */
  let tab: Page;
  let problems: string[];
  let anonymousId: string;
  /** Fingerprint of the session's refresh token. */
  let refreshToken: string;

  beforeAll(async () => {
    emulator = await serveRecordingEmulator({ projectKey: PROJECT, clock });
    const seeded = await seedCatalogue(emulator.emulator, {
      productTypes: 1,
      products: 2,
      selections: 0,
      stores: 0,
      variantsPerProduct: 1,
    });
    catalogue = [...seeded.products].sort((a, b) => (a.key < b.key ? -1 : 1)).map((product) => product.name);
    expect(catalogue).toHaveLength(2);

    // The storefront's API client, made by the bootstrap client over REST (in-process: not in the recording).
    const admin = createRestClient({
      baseUrl: emulator.emulator.urls().api,
      projectKey: PROJECT,
      auth: {
        tokenProvider: createTokenProvider({
          flow: 'client_credentials',
          authUrl: emulator.emulator.urls().auth,
          projectKey: PROJECT,
          credentials: emulator.emulator.credentials,
          fetch: emulator.emulator.fetch,
        }),
      },
      fetch: emulator.emulator.fetch,
    });
    const scope = ['view_published_products', 'manage_my_profile', 'create_anonymous_token'].map((name) => permissionScope(name, PROJECT));
    const storefront = unwrap(
      await admin.POST('/api-clients', {
        body: { name: 'storefront SPA', scope: scope.join(' '), accessTokenValiditySeconds: ACCESS_TOKEN_SECONDS },
      }),
    );
    const config: AnonymousStoryConfig = {
      authUrl: emulator.urls.auth,
      apiUrl: emulator.urls.api,
      projectKey: PROJECT,
      clientId: storefront.id,
      clientSecret: storefront.secret!,
    };

    const { code } = await bundleStory('anonymous-entry.ts');
    page = await servePage({
      '/': { type: 'text/html; charset=utf-8', body: pageHtml(config) },
      '/anonymous-story.js': { type: 'text/javascript; charset=utf-8', body: code },
    });
    expect(new URL(config.apiUrl).origin).not.toBe(page.origin);
    browser = await launchChromium();
  });

  // Each step even when one before it threw: the browser's close removes its profile folder.
  afterAll(() =>
    closeInTurn(
      ...contexts.map((context) => () => context.close()),
      () => browser?.close(),
      () => page && closeServer(page.server),
      () => emulator?.close(),
    ),
  );

  async function newTab(): Promise<{ tab: Page; problems: string[] }> {
    const context = await browser!.newContext();
    contexts.push(context);
    const opened = await context.newPage();
    return { tab: opened, problems: watchProblems(opened) };
  }

  /**
   * Runs `load` (a navigation of `on`) and returns the page's summary and the requests the emulator
   * saw meanwhile, preflights apart.
   */
  async function pageLoad(
    on: Page,
    load: () => Promise<unknown>,
  ): Promise<{ summary: AnonymousStorySummary; calls: SeenCall[]; preflights: SeenCall[] }> {
    const from = emulator!.calls.length;
    await load();
    await on.waitForFunction(() => 'anonymousSession' in globalThis, undefined, { timeout: 10_000 });
    const summary = await on.evaluate(
      () => (globalThis as unknown as { anonymousSession: Promise<AnonymousStorySummary> }).anonymousSession,
    );
    const seen = emulator!.calls.slice(from);
    return { summary, calls: seen.filter((c) => c.method !== 'OPTIONS'), preflights: seen.filter((c) => c.method === 'OPTIONS') };
  }

  const stored = async (on: Page): Promise<StoredEntry> => {
    const text = await on.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    expect(text, `localStorage['${SESSION_KEY}']`).not.toBeNull();
    const entry = JSON.parse(text!) as StoredEntry;
    for (const token of ['accessToken', 'refreshToken'] as const) if (entry[token] !== undefined) entry[token] = fingerprint(entry[token]);
    return entry;
  };

  const TOKEN = '/auth/oauth/token';
  const ANONYMOUS_TOKEN = `/auth/oauth/${PROJECT}/anonymous/token`;
  const ME = `/${PROJECT}/me`;
  const PROJECTIONS = `/${PROJECT}/product-projections`;
  const SCOPES = ['anonymous_id', 'manage_my_profile', 'view_published_products'];
  /** What a load of the session `id` reports besides `storedAtStart`: its identity, `GET /me`, the published catalogue. */
  const session = (id: string) => ({
    info: { anonymousId: id, hasRefreshToken: true, scopes: SCOPES },
    me: { status: 200, anonymousId: id, error: undefined },
    projections: { status: 200, names: catalogue, error: undefined },
    anonymousIdAfterCalls: id,
  });
  const route = (calls: SeenCall[]) => calls.map((c) => [c.method, c.path, c.status, c.grant?.type ?? null]);

  it('first load: a new anonymous session (one anonymous-session token request, cross-origin), kept in localStorage', async () => {
    ({ tab, problems } = await newTab());
    const { summary, calls, preflights } = await pageLoad(tab, () => tab.goto(`${page!.origin}/`));
    expect(problems).toEqual([]);

    anonymousId = summary.info?.anonymousId ?? '';
    expect(anonymousId).toMatch(UUID);
    expect(summary).toEqual({ storedAtStart: null, ...session(anonymousId) });

    expect(route(calls)).toEqual([
      ['POST', ANONYMOUS_TOKEN, 200, 'client_credentials'],
      ['GET', ME, 200, null],
      ['GET', PROJECTIONS, 200, null],
    ]);
    // No anonymous_id sent: the service chose the id.
    expect(calls[0]!.grant).toEqual({ type: 'client_credentials', anonymousId: null, refreshToken: null });
    // The token endpoint, called with Basic credentials from another origin, passed a preflight.
    expect(preflights.map((c) => [c.path, c.status])).toContainEqual([ANONYMOUS_TOKEN, 204]);

    const entry = await stored(tab);
    expect(entry.scope.split(' ').sort()).toEqual(
      [...SCOPES.slice(1).map((name) => `${name}:${PROJECT}`), `anonymous_id=${anonymousId}`].sort(),
    );
    expect(entry.refreshToken).toEqual(expect.any(String));
    refreshToken = entry.refreshToken!;
    // The API calls carried the stored access token.
    expect(calls.slice(1).map((c) => c.bearer)).toEqual([entry.accessToken, entry.accessToken]);
  });

  it('reload with the access token still fresh in localStorage: no token request at all, the same anonymous id', async () => {
    const before = await stored(tab);
    const { summary, calls } = await pageLoad(tab, () => tab.reload());
    expect(problems).toEqual([]);

    expect(summary).toEqual({ storedAtStart: { accessToken: true, refreshToken: true, expired: false }, ...session(anonymousId) });
    expect(route(calls)).toEqual([
      ['GET', ME, 200, null],
      ['GET', PROJECTIONS, 200, null],
    ]);
    expect(calls.map((c) => c.bearer)).toEqual([before.accessToken, before.accessToken]);
    expect(await stored(tab)).toEqual(before);
  });

  it('reload with the stored access token expired: exactly one refresh_token grant with the stored refresh token, the same anonymous id', async () => {
    const before = await stored(tab);
    // As if the page were opened again after the token's lifetime: the entry says it expired a second ago.
    await tab.evaluate((key) => {
      const entry = JSON.parse(localStorage.getItem(key)!) as { expiresAt: number };
      localStorage.setItem(key, JSON.stringify({ ...entry, expiresAt: Date.now() - 1000 }));
    }, SESSION_KEY);
    const { summary, calls } = await pageLoad(tab, () => tab.reload());
    expect(problems).toEqual([]);

    expect(summary).toEqual({ storedAtStart: { accessToken: true, refreshToken: true, expired: true }, ...session(anonymousId) });
    expect(route(calls)).toEqual([
      ['POST', TOKEN, 200, 'refresh_token'],
      ['GET', ME, 200, null],
      ['GET', PROJECTIONS, 200, null],
    ]);
    expect(calls[0]!.grant).toEqual({ type: 'refresh_token', anonymousId: null, refreshToken });

    const after = await stored(tab);
    expect(after.refreshToken).toBe(refreshToken); // the refresh grant issues no new refresh token
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    expect(calls.slice(1).map((c) => c.bearer)).toEqual([after.accessToken, after.accessToken]);
  });

  it("reload after the emulator's clock passed the access token's lifetime: a 401, one refresh_token grant, the call sent again, the same anonymous id", async () => {
    const before = await stored(tab);
    clock.advance((ACCESS_TOKEN_SECONDS + 60) * 1000);
    const { summary, calls } = await pageLoad(tab, () => tab.reload());
    // Chromium logs the 401 as a failed resource load, which watchProblems leaves out.
    expect(problems).toEqual([]);

    // The page's clock did not move: the stored token looked fresh until the API refused it.
    expect(summary).toEqual({ storedAtStart: { accessToken: true, refreshToken: true, expired: false }, ...session(anonymousId) });
    expect(route(calls)).toEqual([
      ['GET', ME, 401, null],
      ['POST', TOKEN, 200, 'refresh_token'],
      ['GET', ME, 200, null],
      ['GET', PROJECTIONS, 200, null],
    ]);
    expect(calls[1]!.grant).toEqual({ type: 'refresh_token', anonymousId: null, refreshToken });

    const after = await stored(tab);
    expect(after.refreshToken).toBe(refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(calls.map((c) => c.bearer)).toEqual([
      before.accessToken,
      undefined, // the token request authenticates the client (Basic)
      after.accessToken,
      after.accessToken,
    ]);
  });

  it('a new browser context (empty localStorage): a new anonymous session with another id; the first keeps its own', async () => {
    const other = await newTab();
    const { summary, calls } = await pageLoad(other.tab, () => other.tab.goto(`${page!.origin}/`));
    expect(other.problems).toEqual([]);

    const otherId = summary.info?.anonymousId ?? '';
    expect(otherId).toMatch(UUID);
    expect(otherId).not.toBe(anonymousId);
    expect(summary).toEqual({ storedAtStart: null, ...session(otherId) });
    expect(route(calls)).toEqual([
      ['POST', ANONYMOUS_TOKEN, 200, 'client_credentials'],
      ['GET', ME, 200, null],
      ['GET', PROJECTIONS, 200, null],
    ]);
    expect((await stored(other.tab)).refreshToken).not.toBe(refreshToken);
    expect((await stored(tab)).refreshToken).toBe(refreshToken);

    // Over the five loads: two anonymous sessions, two refreshes, nothing else asked of the authorization service.
    const grants = emulator!.calls
      .filter((c) => c.method === 'POST' && c.path.startsWith('/auth/'))
      .map((c) => `${c.path} ${c.grant?.type}`);
    expect(grants).toEqual([
      `${ANONYMOUS_TOKEN} client_credentials`,
      `${TOKEN} refresh_token`,
      `${TOKEN} refresh_token`,
      `${ANONYMOUS_TOKEN} client_credentials`,
    ]);
  });
});
