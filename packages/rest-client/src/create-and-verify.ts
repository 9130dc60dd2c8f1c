/** A create that is never duplicated: by key, and the engine the other such creates (Orders) share. */
import { helperRetry, type HelperRetry } from './helper-retry.js';
import { isDuplicateField, isTooManyRequests, type CommerceError } from './errors.js';
import { invalidOption, NetworkError, parseRetryAfter } from '@commerce-kit/core-auth/http';
import type { GetData, ParamsOption, PathsWith, PostBody, PostData, RestClient, RestResult } from './types.js';

type ResultsOf<Path extends PathsWith<'get'>> = GetData<Path> extends { results: (infer R)[] } ? R : never;

/**
 * Collection paths whose draft has a `key` and whose query returns what the create returns, so
 * a created resource can be found again by key.
 */
export type CreatablePath = {
  [P in PathsWith<'post'> & PathsWith<'get'>]: 'key' extends keyof PostBody<P>
    ? PostBody<P> extends { version: number }
      ? never
      : [ResultsOf<P>] extends [never]
        ? never
        : ResultsOf<P> extends PostData<P>
          ? P
          : never
    : never;
}[PathsWith<'post'> & PathsWith<'get'>];

/** The resource a create on `Path` returns. */
export type CreatedResource<Path extends CreatablePath> = PostData<Path>;

/** Options of {@link createAndVerify}. */
export type CreateAndVerifyOptions<Path extends CreatablePath> = {
  /** The collection path, e.g. `'/product-selections'` or `'/stores'`. */
  path: Path;
  /** The draft; it must carry a `key`, the identifier the client supplies. */
  body: PostBody<Path>;
  /** The key to verify by. Default: `body.key`; when both are given they must match. */
  key?: string;
  /**
   * Create attempts after the first (`maxRetries`, default 2), and the waits between them (a
   * `Retry-After` of a 429 wins; default full jitter, 200 ms base, 5 000 ms cap).
   */
  retry?: HelperRetry;
  /** Aborts the requests and the waits. */
  signal?: AbortSignal;
} & ParamsOption<Path, 'post'>;

/**
 * What {@link createAndVerify} returns: a {@link RestResult}, the attempts, and whether the resource was found by key rather than created by the last request.
 */
export type CreateAndVerifyResult<Resource> = RestResult<Resource> & {
  /** Create requests sent. */
  attempts: number;
  /** `true` when the resource was found by key after an unknown outcome (an earlier attempt created it). */
  verified: boolean;
};

type Lookup<R> = { found: R; result: RestResult<unknown> } | { absent: true } | { unknown: RestResult<unknown> | NetworkError };

/**
 * Creates a resource at most once. Each create is sent once; after a 5xx answer or a network
 * error the resource is looked up by key (`where key = :key`), and only when it is absent is the
 * create sent again. A 429 is waited out and sent again (it was not processed). Any other error
 * (400 DuplicateField on the first attempt, 403, ...) is returned at once.
 * @throws {ConfigurationError} when the draft has no key, or `key` differs from `body.key`
 * @throws {NetworkError} when the outcome is still unknown after the last attempt (the resource may exist)
 * @example
 * const { data, error, verified } = await createAndVerify(client, {
 *   path: '/product-selections',
 *   body: { key: 'summer-2026', name: { en: 'Summer 2026' } },
 * });
 * if (error) throw new CommerceApiError(error);
 * console.log(data.id, verified ? '(found after an unknown outcome)' : '');
 */
export async function createAndVerify<Path extends CreatablePath>(
  client: RestClient,
  options: CreateAndVerifyOptions<Path>,
): Promise<CreateAndVerifyResult<CreatedResource<Path>>> {
  const o = options as unknown as {
    path: string;
    body: { key?: unknown };
    key?: string;
    params?: { path?: unknown };
    retry?: HelperRetry;
    signal?: AbortSignal;
  };
  const bodyKey = o.body?.key;
  const key = o.key ?? bodyKey;
  if (typeof key !== 'string' || key === '')
    throw invalidOption('createAndVerify needs a key in the draft: it is how the resource is found again');
  if (bodyKey !== undefined && bodyKey !== key) throw invalidOption('key differs from body.key');
  return createOnce<CreatedResource<Path>>(client, {
    path: o.path,
    pathParams: o.params?.path,
    body: o.body,
    identifier: { field: 'key', value: key },
    // A duplicate key after an earlier unknown outcome: that attempt created it after all.
    createdEarlier: (error, attempts) => attempts > 1 && isDuplicateField(error) && error.field === 'key',
    retry: o.retry,
    signal: o.signal,
  });
}

/** A create that {@link createOnce} repeats without duplicating its resource. */
export interface OnceCreate {
  /** The collection path the create is POSTed to and the lookup GETs. */
  path: string;
  pathParams: unknown;
  body: unknown;
  /** The member the caller supplied that identifies the resource, and its value: how it is found again. */
  identifier: { field: string; value: string };
  /**
   * Whether an error of attempt `attempts` could mean an earlier request made the resource after
   * all: then it is looked up, and returned when found (the error is returned when it is absent).
   */
  createdEarlier(error: CommerceError, attempts: number): boolean;
  /** Create attempts after the first (default 2) and the waits between them. */
  retry: HelperRetry | undefined;
  signal: AbortSignal | undefined;
}

/**
 * The rounds of a create that is never duplicated (the live rule for a 500: the action may still
 * have completed, so the client looks the resource up by an identifier it supplied before it
 * creates again). Each create is sent once; after a 5xx answer or a network error the resource is
 * looked up (`where <field> = :<field>`), and only when it is absent is the create sent again. A
 * 429 is waited out and sent again (it was not processed). An error that `createdEarlier` may
 * explain is answered by the resource when the lookup finds it; any other error is returned at once.
 * @throws {NetworkError} when the outcome is still unknown after the last attempt
 */
export async function createOnce<Resource>(client: RestClient, o: OnceCreate): Promise<CreateAndVerifyResult<Resource>> {
  const { attempts: maxAttempts, wait } = helperRetry(o.retry, { maxRetries: 2, baseDelayMs: 200, maxDelayMs: 5_000 });
  const pathParams = o.pathParams === undefined ? {} : { path: o.pathParams };
  const signalInit = o.signal === undefined ? {} : { signal: o.signal };
  type Call = (url: string, init: unknown) => Promise<RestResult<unknown>>;
  const get = client.GET as unknown as Call;
  const post = client.POST as unknown as Call;
  const { field, value } = o.identifier;

  const lookup = async (): Promise<Lookup<Resource>> => {
    let result: RestResult<unknown>;
    try {
      result = await get(o.path, {
        params: { ...pathParams, query: { where: [`${field} = :${field}`], var: { [field]: value }, limit: 1, withTotal: false } },
        ...signalInit,
      });
    } catch (error) {
      if (error instanceof NetworkError) return { unknown: error };
      throw error;
    }
    if (result.error !== undefined) return { unknown: result };
    const found = (result.data as { results: Resource[] }).results[0];
    return found === undefined ? { absent: true } : { found, result };
  };

  let mustVerify = false;
  let last: RestResult<unknown> | NetworkError | undefined;
  let attempts = 0;
  // Each round: verify when the previous outcome is unknown, then create if still needed.
  for (let round = 0; attempts < maxAttempts && round < maxAttempts * 2; round += 1) {
    if (round > 0) {
      const retryAfter =
        last !== undefined && !(last instanceof NetworkError) && last.error !== undefined && isTooManyRequests(last.error)
          ? parseRetryAfter(last.response.headers.get('retry-after'))
          : undefined;
      await wait(Math.max(0, attempts - 1), o.signal, retryAfter);
    }
    if (mustVerify) {
      const seen = await lookup();
      if ('found' in seen)
        return { data: seen.found, response: seen.result.response, correlationId: seen.result.correlationId, attempts, verified: true };
      if ('unknown' in seen) continue;
      mustVerify = false;
    }
    attempts += 1;
    let result: RestResult<unknown>;
    try {
      result = await post(o.path, { params: pathParams, body: o.body, ...signalInit });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      last = error;
      mustVerify = true;
      continue;
    }
    last = result;
    if (result.error === undefined) return { ...(result as RestResult<Resource>), attempts, verified: false };
    const error: CommerceError = result.error;
    if (error.statusCode >= 500) {
      mustVerify = true;
      continue;
    }
    if (isTooManyRequests(error)) continue;
    if (o.createdEarlier(error, attempts)) {
      const seen = await lookup();
      if ('found' in seen)
        return { data: seen.found, response: seen.result.response, correlationId: seen.result.correlationId, attempts, verified: true };
      if ('unknown' in seen) {
        mustVerify = true;
        continue;
      }
    }
    return { ...(result as RestResult<Resource>), attempts, verified: false };
  }
  if (mustVerify) {
    const seen = await lookup();
    if ('found' in seen)
      return { data: seen.found, response: seen.result.response, correlationId: seen.result.correlationId, attempts, verified: true };
  }
  if (last instanceof NetworkError) throw last;
  return { ...(last as RestResult<Resource>), attempts, verified: false };
}
