/**
 * A call of the client sent without openapi-fetch's `coreFetch`: what it does with a call that
 * sets none of its own per-call options, with its own helpers, minus the `Request` it builds
 * (which the transport would have to copy, so that openapi-fetch's middleware never sees the
 * bearer token). The transport builds the one request that is sent. Once openapi-fetch
 * middleware may be registered (`use` was called), or with a per-call option of its own, the
 * client leaves the call to openapi-fetch.
 */
import { createFinalURL, defaultBodySerializer, defaultPathSerializer, mergeHeaders, type HeadersOptions } from 'openapi-fetch';
import { commerceQuerySerializer } from './query-serializer.js';

/** What openapi-fetch's methods resolve to. */
export type RawResult = { data?: unknown; error?: unknown; response: Response };

/** openapi-fetch's body serializer as it runs (its declaration omits the headers it reads, and FormData it passes through). */
const serializeBody = defaultBodySerializer as (body: unknown, headers: Headers) => BodyInit;

/** Per-call options of openapi-fetch that only openapi-fetch itself applies. */
const OWN_OPTIONS = new Set(['baseUrl', 'fetch', 'Request', 'querySerializer', 'bodySerializer', 'pathSerializer', 'middleware']);

/**
 * Whether {@link directCall} sends a call with these options exactly as openapi-fetch would.
 *
 * @example
 * isDirect({ params: { path: { ID } } }) // true
 * isDirect({ parseAs: 'blob' }) // false
 */
export function isDirect(init: Record<string, unknown> | undefined): boolean {
  if (init === undefined) return true;
  for (const key in init) if (OWN_OPTIONS.has(key)) return false;
  return init['parseAs'] === undefined || init['parseAs'] === 'json' || init['parseAs'] === 'text';
}

/** A path split at its parameters (odd indices are names), or `null` when one has a style of its own. */
const templates = new Map<string, string[] | null>();

/**
 * openapi-fetch's path serializer, faster for what the commerce paths hold: `{name}`
 * parameters with scalar values (the split path is kept per path). Anything else goes to
 * `defaultPathSerializer`.
 */
function fillPath(url: string, values: Record<string, unknown>): string {
  if (!url.includes('{')) return url;
  let parts = templates.get(url);
  if (parts === undefined) {
    // Paths given untyped may be endless; the typed ones are a few hundred.
    if (templates.size >= 1_000) templates.clear();
    parts = url.split(/\{([^{}]+)\}/);
    if (parts.some((part, i) => i % 2 === 1 && /^[.;]|\*$/.test(part))) parts = null;
    templates.set(url, parts);
  }
  if (parts === null) return defaultPathSerializer(url, values);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = values[parts[i]!];
    if (typeof value === 'object' && value !== null) return defaultPathSerializer(url, values);
    // Like openapi-fetch, a missing value leaves the placeholder as it is.
    out += (value === undefined || value === null ? `{${parts[i]!}}` : encodeURIComponent(value as string)) + parts[i + 1]!;
  }
  return out;
}

type Params = { header?: HeadersOptions; path?: Record<string, unknown>; query?: Record<string, unknown> };

/**
 * The client's direct sender: sends `method url init` through `transport` and reads the answer
 * as openapi-fetch does (no data for 204, HEAD or an empty body; JSON, or text with
 * `parseAs: 'text'`; an error body parsed as JSON where it is JSON).
 *
 * @example
 * const send = directCall(transport, `${api}/${projectKey}`, options.headers);
 * const { data, response } = await send('GET', '/stores/{ID}', { params: { path: { ID } } });
 */
export function directCall(
  transport: (input: string, init: RequestInit) => Promise<Response>,
  baseUrl: string,
  baseHeaders: HeadersOptions | undefined,
): (method: string, url: string, init: Record<string, unknown> | undefined) => Promise<RawResult> {
  return async (method, url, init = {}) => {
    const { headers, params = {}, body, parseAs, ...rest } = init as { headers?: HeadersOptions; params?: Params; body?: unknown; parseAs?: string };
    const serialized = body === undefined ? undefined : serializeBody(body, mergeHeaders(baseHeaders, headers, params.header));
    const json = serialized !== undefined && !(serialized instanceof FormData);
    const response = await transport(createFinalURL(url, { baseUrl, params, querySerializer: commerceQuerySerializer, pathSerializer: fillPath }), {
      redirect: 'follow',
      ...rest,
      method,
      body: serialized,
      // Without headers to merge, a plain object says the same as openapi-fetch's merged Headers.
      headers:
        baseHeaders === undefined && headers === undefined && params.header === undefined
          ? json
            ? { 'Content-Type': 'application/json' }
            : {}
          : mergeHeaders(json ? { 'Content-Type': 'application/json' } : {}, baseHeaders, headers, params.header),
    });
    const length = response.headers.get('Content-Length');
    if (response.status === 204 || method === 'HEAD' || (length === '0' && !response.headers.get('Transfer-Encoding')?.includes('chunked'))) {
      return response.ok ? { data: undefined, response } : { error: undefined, response };
    }
    if (response.ok) {
      if (parseAs === 'text') return { data: await response.text(), response };
      if (length) return { data: await response.json(), response };
      const text = await response.text();
      return { data: text ? JSON.parse(text) : undefined, response };
    }
    const text = await response.text();
    try {
      return { error: JSON.parse(text) as unknown, response };
    } catch {
      return { error: text, response };
    }
  };
}
