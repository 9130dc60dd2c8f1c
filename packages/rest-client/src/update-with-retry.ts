/**
 * An update that survives concurrent writers: on 409 ConcurrentModification it re-reads the
 * resource and rebuilds the actions from the FRESH state (not just the new version: the other
 * writer's change may make ours different or unnecessary).
 */
import { helperRetry, type HelperRetry } from './helper-retry.js';
import { isConcurrentModification, type CommerceError } from './errors.js';
import { NetworkError } from '@commerce-kit/core-auth/http';
import type { paths } from './generated/commerce.js';
import type { GetData, ParamsOption, PathsWith, PostBody, RestClient, RestResult } from './types.js';

/** Paths updated with `{ version, actions }` that can also be read with GET. */
export type UpdatablePath = {
  [P in PathsWith<'post'> & PathsWith<'get'>]: PostBody<P> extends { version: number; actions: unknown[] }
    ? GetData<P> extends { version: number }
      ? P
      : never
    : never;
}[PathsWith<'post'> & PathsWith<'get'>];

/** An update action of `Path`. */
export type UpdateAction<Path extends UpdatablePath> = paths[Path]['post']['requestBody']['content']['application/json']['actions'][number];

/** The resource at `Path`. */
export type UpdatableResource<Path extends UpdatablePath> = GetData<Path>;

/** Options of {@link updateWithRetry}. */
export type UpdateWithRetryOptions<Path extends UpdatablePath> = {
  /** The update path, e.g. `'/product-selections/{ID}'` or `'/stores/key={key}'`. */
  path: Path;
  /**
   * Builds the actions from the current state of the resource. Called again, with the fresh
   * state, after every 409 (and after an unknown outcome). Return `[]` when the resource is
   * already as wanted: the helper then returns it without writing. Derive the actions from the
   * wanted END STATE (`changeName` to X), not from a delta (`name + '!'`): after an unknown
   * outcome the fresh state may already hold this call's own change.
   */
  buildActions: (current: UpdatableResource<Path>, attempt: number) => readonly UpdateAction<Path>[];
  /** Reads the current resource. Default: GET on `path` with the same parameters. */
  read?: (signal: AbortSignal | undefined) => Promise<RestResult<UpdatableResource<Path>>>;
  /** The resource as the caller already has it: saves the first read. */
  current?: UpdatableResource<Path>;
  /**
   * Rounds of read, build and write after the first (`maxRetries`, default 4), and the waits
   * between them (full jitter, default 50 ms base, 2 000 ms cap). A round ends early, and the
   * next starts after a wait, on a 409, on an unknown outcome, or on a read that failed with a
   * 5xx, a 429 or a network error after the transport's own retries.
   */
  retry?: HelperRetry;
  /**
   * Also re-read and retry when the outcome of a write is unknown: a 5xx answer (500 General:
   * "the action may still have completed"), a 429, or a network error after the
   * transport's own retries. Safe with end-state actions (see `buildActions`). Default `true`.
   */
  retryOnUnknownOutcome?: boolean;
  /** Aborts the requests and the waits. */
  signal?: AbortSignal;
} & ParamsOption<Path, 'post'>;

/**
 * What {@link updateWithRetry} returns: a {@link RestResult} and `attempts`, the update requests sent (0 when nothing had to change).
 */
export type UpdateWithRetryResult<Resource> =
  | { data: Resource; error?: never; response: Response | undefined; correlationId: string | undefined; attempts: number }
  | { data?: never; error: CommerceError; response: Response; correlationId: string | undefined; attempts: number };

/** 5xx or 429: the outcome of a write is unknown; a read can simply be repeated. */
function transient(error: CommerceError): boolean {
  return error.statusCode >= 500 || error.code === 'TooManyRequests';
}

/**
 * Updates a resource, re-reading it and rebuilding the actions after each conflict.
 * @throws {NetworkError} when the last attempt failed in the network (with `retryOnUnknownOutcome: false`, the first)
 * @throws {ConfigurationError} for a bad `retry` member
 * @example
 * const { data, error } = await updateWithRetry(client, {
 *   path: '/stores/key={key}',
 *   params: { path: { key: 'eu' } },
 *   buildActions: (store) =>
 *     store.productSelections.some((s) => s.productSelection.id === selectionId && s.active)
 *       ? []
 *       : [{ action: 'addProductSelection', productSelection: { typeId: 'product-selection', id: selectionId }, active: true }],
 * });
 */
export async function updateWithRetry<Path extends UpdatablePath>(
  client: RestClient,
  options: UpdateWithRetryOptions<Path>,
): Promise<UpdateWithRetryResult<UpdatableResource<Path>>> {
  type Resource = UpdatableResource<Path>;
  const o = options as unknown as {
    path: string;
    params?: { path?: unknown };
    buildActions: (current: Resource, attempt: number) => readonly unknown[];
    read?: (signal: AbortSignal | undefined) => Promise<RestResult<Resource>>;
    current?: Resource;
    retry?: HelperRetry;
    retryOnUnknownOutcome?: boolean;
    signal?: AbortSignal;
  };
  const { attempts: maxAttempts, wait } = helperRetry(o.retry, { maxRetries: 4, baseDelayMs: 50, maxDelayMs: 2_000 });
  const retryUnknown = o.retryOnUnknownOutcome ?? true;
  const pathParams = o.params?.path === undefined ? {} : { path: o.params.path };
  const signalInit = o.signal === undefined ? {} : { signal: o.signal };
  type Call = (url: string, init: unknown) => Promise<RestResult<unknown>>;
  const get = client.GET as unknown as Call;
  const post = client.POST as unknown as Call;
  const read =
    o.read ??
    ((signal) => get(o.path, { params: pathParams, ...(signal === undefined ? {} : { signal }) }) as Promise<RestResult<Resource>>);

  let current = o.current;
  let lastRead: RestResult<Resource> | undefined;
  let lastFailure: { result: RestResult<unknown> } | { thrown: NetworkError } | undefined;
  let writes = 0;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    if (attempt > 1) await wait(attempt - 2, o.signal);
    if (current === undefined) {
      try {
        lastRead = await read(o.signal);
      } catch (error) {
        // A read is always safe to repeat: a network failure that outlived the transport's retries costs one round.
        if (!(error instanceof NetworkError)) throw error;
        lastFailure = { thrown: error };
        continue;
      }
      if (lastRead.error !== undefined) {
        if (!transient(lastRead.error)) return { ...lastRead, attempts: writes };
        lastFailure = { result: lastRead };
        continue;
      }
      current = lastRead.data;
    }
    const actions = o.buildActions(current, attempt);
    if (actions.length === 0) {
      return { data: current, response: lastRead?.response, correlationId: lastRead?.correlationId, attempts: writes };
    }
    const version = (current as { version: number }).version;
    let result: RestResult<unknown>;
    writes += 1;
    try {
      result = await post(o.path, { params: pathParams, body: { version, actions }, ...signalInit });
    } catch (error) {
      if (!(error instanceof NetworkError) || !retryUnknown) throw error;
      lastFailure = { thrown: error };
      current = undefined;
      continue;
    }
    if (result.error === undefined) return { ...(result as RestResult<Resource>), attempts: writes };
    if (!isConcurrentModification(result.error) && !(retryUnknown && transient(result.error)))
      return { ...(result as RestResult<Resource>), attempts: writes };
    lastFailure = { result };
    current = undefined;
  }
  if (lastFailure !== undefined && 'thrown' in lastFailure) throw lastFailure.thrown;
  return { ...(lastFailure!.result as RestResult<Resource>), attempts: writes } as UpdateWithRetryResult<Resource>;
}
