/**
 * One story through every client, written against the packages' public entry points only, with
 * `fetch` and Web APIs only, so that the same code runs in Node, in a browser and in an edge
 * runtime: a token (core-auth, client credentials), a Product Selection created, renamed, refused
 * at a stale version, checked with a HEAD, read over GraphQL, listed with `paginate`, its change
 * history read (REST and GraphQL), deleted and gone. It returns a plain JSON summary for the test
 * to check, and throws only where a step could not go on.
 *
 * The tests bundle it with esbuild for the browser platform (`bundle.ts`) and run the bundle in
 * EdgeVM and in headless Chromium against the emulator on a loopback port.
 */
import { createTokenProvider } from '@commerce-kit/core-auth';
import { createGraphqlClient, GetProductSelectionDocument } from '@commerce-kit/graphql-client';
import { createHistoryClient, ProductSelectionHistoryDocument } from '@commerce-kit/history-client';
import {
  createRestClient,
  isConcurrentModification,
  isResourceNotFound,
  paginatePages,
  type RestClient,
  type TransportMiddleware,
} from '@commerce-kit/rest-client';

/** Where the service is and who calls it. */
export interface StoryConfig {
  authUrl: string;
  apiUrl: string;
  historyUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
}

/** One REST request as the client's middleware saw it go out and come back. */
export interface SentRequest {
  method: string;
  path: string;
  /** The query string, decoded. */
  query: string;
  /** `X-Correlation-ID` the transport set on the request. */
  sent: string | null;
  /** `X-External-User-ID` the client set on the request. */
  externalUserId: string | null;
  status: number;
  /** `X-Correlation-ID` of the answer, as the runtime lets a script read it (null when it may not). */
  answered: string | null;
}

/** What the story saw, as plain JSON. */
export interface StorySummary {
  /** `typeof globalThis[name]` of globals a Node-only client would reach for, and of what a runtime is known by. */
  globals: Record<(typeof GLOBALS)[number], string>;
  key: string;
  token: { length: number };
  created: {
    status: number;
    id: string;
    version: number;
    key: string | undefined;
    name: Record<string, string>;
    createdByExternalUserId: string | undefined;
  };
  updated: { status: number; version: number; name: Record<string, string> };
  stale: {
    status: number;
    code: string | undefined;
    isConcurrentModification: boolean;
    currentVersion: number | undefined;
    statusCode: number | undefined;
    correlationId: string | undefined;
  };
  /** The HEAD of the renamed selection: a status and a correlation id, no body. */
  head: { status: number; error: string | undefined; correlationId: string | undefined };
  graphql: {
    status: number;
    errors: number;
    id: string | undefined;
    version: number | undefined;
    key: string | null | undefined;
    name: string | null | undefined;
    correlationId: string | undefined;
  };
  listed: { ids: string[]; pages: number[] };
  history: {
    status: number;
    error: string | undefined;
    versions: number[];
    types: string[];
    changes: string[][];
    correlationId: string | undefined;
  };
  historyGraphql: { status: number; errors: number; versions: number[]; correlationId: string | undefined };
  deleted: { status: number; version: number | undefined };
  afterDelete: { status: number; isResourceNotFound: boolean };
  /** Every REST request, in order. */
  requests: SentRequest[];
}

const EXTERNAL_USER_ID = 'runtime-story';

/**
 * Read on `globalThis` rather than as `typeof process`: a bundler may answer `typeof require`
 * itself (esbuild does, with its own shim).
 */
const GLOBALS = ['process', 'Buffer', 'require', 'setImmediate', 'window', 'document', 'EdgeRuntime', 'fetch', 'crypto'] as const;

/** 16 random hex digits from Web Crypto (a key no earlier run has used). */
function randomSuffix(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Runs the story against the service at `config` and returns what it saw.
 *
 * @example
 * const summary = await runStory({ authUrl, apiUrl, historyUrl, projectKey, clientId, clientSecret });
 * console.log(summary.updated.version); // 2
 */
export async function runStory(config: StoryConfig): Promise<StorySummary> {
  const { projectKey } = config;
  const tokenProvider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: config.authUrl,
    projectKey,
    credentials: { clientId: config.clientId, clientSecret: config.clientSecret },
  });

  const requests: SentRequest[] = [];
  // Sees each call once (outside the retries), after the transport has set the correlation id.
  const record: TransportMiddleware = async (request, next) => {
    const response = await next(request);
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      query: decodeURIComponent(new URL(request.url).search.replace(/\+/g, ' ')),
      sent: request.headers['x-correlation-id'] ?? null,
      externalUserId: request.headers['x-external-user-id'] ?? null,
      status: response.status,
      answered: response.headers.get('x-correlation-id'),
    });
    return response;
  };
  const rest = createRestClient({
    baseUrl: config.apiUrl,
    projectKey,
    auth: { tokenProvider },
    externalUserId: EXTERNAL_USER_ID,
    userAgent: 'commerce-kit-runtime-tests',
    middleware: [record],
  });
  const graphql = createGraphqlClient({ baseUrl: config.apiUrl, projectKey, auth: { tokenProvider } });
  const history = createHistoryClient({ baseUrl: config.historyUrl, projectKey, auth: { tokenProvider } });

  const key = `runtime-${randomSuffix()}`;
  const token = await tokenProvider.getToken();

  const created = await rest.POST('/product-selections', { body: { key, name: { en: 'Runtime story' } } });
  if (!created.data) throw new Error(`create failed: ${created.response.status} ${created.error?.code}: ${created.error?.message}`);
  const { id } = created.data;

  const updated = await rest.POST('/product-selections/{ID}', {
    params: { path: { ID: id } },
    body: {
      version: created.data.version,
      actions: [{ action: 'changeName', name: { en: 'Runtime story, renamed', de: 'Laufzeitgeschichte' } }],
    },
  });
  if (!updated.data) throw new Error(`update failed: ${updated.response.status} ${updated.error?.code}: ${updated.error?.message}`);

  // The version of before the update: refused, as a typed value.
  const stale = await rest.POST('/product-selections/{ID}', {
    params: { path: { ID: id } },
    body: { version: created.data.version, actions: [{ action: 'changeName', name: { en: 'Lost update' } }] },
  });
  const conflict = isConcurrentModification(stale.error) ? stale.error : undefined;

  // The schema has no HEAD endpoint (so `HEAD` takes no typed path); the emulator answers HEAD as
  // GET, without a body. Cross-origin, a browser lets the story read the answer only when it kept
  // its CORS headers, and the correlation id only when it kept X-Correlation-ID.
  const head = await (rest.HEAD as unknown as RestClient['GET'])('/product-selections/{ID}', { params: { path: { ID: id } } });

  const read = await graphql.request(GetProductSelectionDocument, { key, locale: 'en' });
  const selection = read.data?.productSelection ?? undefined;

  // One element per page: the second page is asked with the cursor (`id > "<last id>"`) and is empty.
  const pages: number[] = [];
  const ids: string[] = [];
  for await (const page of paginatePages(rest, '/product-selections', { query: { where: ['key = :key'], var: { key } }, pageSize: 1 })) {
    pages.push(page.length);
    ids.push(...page.map((element) => element.id));
  }

  const records = await history.queryRecordsById('product-selection', id);
  const recordsOverGraphql = await history.graphql(ProductSelectionHistoryDocument, { resourceId: id });

  const deleted = await rest.DELETE('/product-selections/{ID}', { params: { path: { ID: id }, query: { version: updated.data.version } } });
  const gone = await rest.GET('/product-selections/key={key}', { params: { path: { key } } });

  return {
    globals: Object.fromEntries(
      GLOBALS.map((name) => [name, typeof (globalThis as Record<string, unknown>)[name]]),
    ) as StorySummary['globals'],
    key,
    token: { length: token.length },
    created: {
      status: created.response.status,
      id,
      version: created.data.version,
      key: created.data.key,
      name: created.data.name,
      createdByExternalUserId: created.data.createdBy?.externalUserId,
    },
    updated: { status: updated.response.status, version: updated.data.version, name: updated.data.name },
    stale: {
      status: stale.response.status,
      code: stale.error?.code,
      isConcurrentModification: conflict !== undefined,
      currentVersion: conflict?.currentVersion,
      statusCode: stale.error?.statusCode,
      correlationId: stale.error?.correlationId,
    },
    head: { status: head.response.status, error: head.error?.code, correlationId: head.correlationId },
    graphql: {
      status: read.response.status,
      errors: read.errors?.length ?? 0,
      id: selection?.id,
      version: selection?.version,
      key: selection?.key,
      name: selection?.name,
      correlationId: read.correlationId,
    },
    listed: { ids, pages },
    history: {
      status: records.response.status,
      error: records.error?.code,
      versions: records.data?.results.map((r) => r.version) ?? [],
      types: records.data?.results.map((r) => r.type) ?? [],
      changes: records.data?.results.map((r) => r.changes.map((c) => c.change)) ?? [],
      correlationId: records.correlationId,
    },
    historyGraphql: {
      status: recordsOverGraphql.response.status,
      errors: recordsOverGraphql.errors?.length ?? 0,
      versions: recordsOverGraphql.data?.productSelections.results.map((r) => r.version) ?? [],
      correlationId: recordsOverGraphql.correlationId,
    },
    deleted: { status: deleted.response.status, version: deleted.data?.version },
    afterDelete: { status: gone.response.status, isResourceNotFound: isResourceNotFound(gone.error) },
    requests,
  };
}
