/**
 * What both runtime tests share: the emulator on a loopback port for a suite, and the checks of
 * the story's summary that hold in every runtime.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startEmulator, type RunningEmulator } from '@commerce-kit/test-fixtures';
import type { StoryConfig, StorySummary } from '../story.js';

/** A correlation id of the transport's default generator. */
export const GENERATED_ID = /^ck-[0-9a-f]{32}$/;

/** The emulator of one suite (set in `beforeAll`) and the story's configuration for it. */
export interface StoryEmulator {
  readonly server: RunningEmulator;
  readonly config: StoryConfig;
}

/**
 * Starts the emulator for `projectKey` on a free port of 127.0.0.1 before the suite's tests and
 * closes it after them. Call it in a `describe`.
 */
export function storyEmulator(projectKey: string): StoryEmulator {
  const state = {} as { server: RunningEmulator; config: StoryConfig };
  beforeAll(async () => {
    state.server = await startEmulator({ projectKey, host: '127.0.0.1' });
    const { urls } = state.server;
    const { clientId, clientSecret } = state.server.emulator.credentials;
    state.config = { authUrl: urls.auth, apiUrl: urls.api, historyUrl: urls.history, projectKey, clientId, clientSecret };
  });
  afterAll(() => state.server?.close());
  return state;
}

/**
 * The checks that hold wherever the story ran: every step's status, ids, versions and names,
 * the typed ConcurrentModification, a HEAD's status and correlation id, the cursor of
 * `paginate`, the change history, and one correlation id per request, sent by the transport,
 * echoed by the emulator and readable by the client.
 */
export function expectStory(summary: StorySummary, projectKey: string): void {
  const { key } = summary;
  expect(key).toMatch(/^runtime-[0-9a-f]{16}$/);
  expect(summary.token.length).toBeGreaterThan(20);
  const id = summary.created.id;
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

  expect(summary.created).toEqual({
    status: 201,
    id,
    version: 1,
    key,
    name: { en: 'Runtime story' },
    createdByExternalUserId: 'runtime-story',
  });
  expect(summary.updated).toEqual({ status: 200, version: 2, name: { en: 'Runtime story, renamed', de: 'Laufzeitgeschichte' } });

  // Requests in order; the correlation id set by the transport came back on every answer and was readable.
  const base = `/${projectKey}/product-selections`;
  expect(summary.requests.map((r) => [r.method, r.path, r.status])).toEqual([
    ['POST', base, 201],
    ['POST', `${base}/${id}`, 200],
    ['POST', `${base}/${id}`, 409],
    ['HEAD', `${base}/${id}`, 200],
    ['GET', base, 200],
    ['GET', base, 200],
    ['DELETE', `${base}/${id}`, 200],
    ['GET', `${base}/key=${key}`, 404],
  ]);
  for (const request of summary.requests) {
    expect(request.sent, `${request.method} ${request.path}`).toMatch(GENERATED_ID);
    expect(request.answered, `${request.method} ${request.path}: X-Correlation-ID of the answer`).toBe(request.sent);
    expect(request.externalUserId).toBe('runtime-story');
  }
  expect(new Set(summary.requests.map((r) => r.sent)).size).toBe(summary.requests.length);

  // The stale update: a typed error value, not a throw, carrying the version it lost to.
  expect(summary.stale).toEqual({
    status: 409,
    code: 'ConcurrentModification',
    isConcurrentModification: true,
    currentVersion: 2,
    statusCode: 409,
    correlationId: summary.requests[2]!.sent,
  });

  // A HEAD answer keeps the headers set after it was built (CORS, X-Correlation-ID): cross-origin a
  // browser would refuse it otherwise, and its correlation id would be missing.
  expect(summary.head).toEqual({ status: 200, error: undefined, correlationId: summary.requests[3]!.sent });
  expect(summary.head.correlationId).toMatch(GENERATED_ID);

  // GraphQL reads what REST wrote (and not the refused rename).
  expect(summary.graphql).toEqual({
    status: 200,
    errors: 0,
    id,
    version: 2,
    key,
    name: 'Runtime story, renamed',
    correlationId: expect.stringMatching(GENERATED_ID),
  });

  // paginate: one element per page, so a second page was asked with the cursor after it, and was empty.
  expect(summary.listed).toEqual({ ids: [id], pages: [1] });
  const [first, second] = summary.requests.filter((r) => r.method === 'GET' && r.path === base);
  expect(first!.query).toContain(`var.key=${key}`);
  expect(first!.query).toContain('limit=1');
  expect(first!.query).not.toContain('id > ');
  expect(second!.query).toContain(`where=id > "${id}"`);

  // The change history of both API changes (premium offering), newest first, over REST and GraphQL.
  expect(summary.history).toEqual({
    status: 200,
    versions: [2, 1],
    types: ['ResourceUpdated', 'ResourceCreated'],
    changes: [['changeName'], []],
    correlationId: expect.stringMatching(GENERATED_ID),
  });
  expect(summary.historyGraphql).toEqual({ status: 200, errors: 0, versions: [2, 1], correlationId: expect.stringMatching(GENERATED_ID) });

  expect(summary.deleted).toEqual({ status: 200, version: 2 });
  expect(summary.afterDelete).toEqual({ status: 404, isResourceNotFound: true });

  const correlationIds = [
    summary.graphql.correlationId,
    summary.history.correlationId,
    summary.historyGraphql.correlationId,
    ...summary.requests.map((r) => r.sent),
  ];
  expect(new Set(correlationIds).size).toBe(correlationIds.length);
}
