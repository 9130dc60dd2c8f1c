/**
 * The call runtime of the REST clients (the commerce API's and the Change History service's): one
 * call (`method`, path template, openapi-fetch's options) turned into the URL and `RequestInit` the
 * transport sends, and the answer read into a {@link ServiceResult}, by openapi-fetch's rules but
 * without its runtime.
 */
import { invalidOption } from '../errors.js';
import type { ServiceResult } from './service-errors.js';
import { fillPath } from './path-template.js';
import { commerceQuerySerializer } from './query-serializer.js';
import { readAnswer, type ToError } from './read-answer.js';
import { mergeHeaders, type HeadersOption } from './request-headers.js';
import { requestSenderOf } from './transport.js';

/** What a call is sent through: a `fetch` taking a URL and a `RequestInit` (a transport). */
export type CallTransport = (url: string, init: RequestInit) => Promise<Response>;

/** The untyped options of one call (the clients type them per path). */
export type CallInit = Record<string, unknown>;

/** A sender made by {@link serviceCall}. */
export type ServiceCall<E> = (method: string, url: string, init?: CallInit) => Promise<ServiceResult<unknown, E>>;

type Params = { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: HeadersOption };

/**
 * Makes a client's sender: calls go to `baseUrl` + the path, and an error answer becomes
 * `toError(body, response)`.
 * @throws {ConfigurationError} `INVALID_OPTION` (in the returned promise) for a per-call option of openapi-fetch's own client
 */
export function serviceCall<E>(
  transport: CallTransport,
  baseUrl: string,
  baseHeaders: Readonly<Record<string, string>>,
  toError: ToError<E>,
): ServiceCall<E> {
  const hasBaseHeaders = Object.keys(baseHeaders).length > 0;
  // A transport of createTransport takes the call as its own request (headers already lower-case, body a string).
  const sendRequest = requestSenderOf(transport);
  // Not an async function: the answer is chained on the transport's promise, without a frame of its own.
  return (method, url, init) => {
    try {
      return send(method, url, init);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  function send(method: string, url: string, init: CallInit | undefined): Promise<ServiceResult<unknown, E>> {
    const request: RequestInit & Record<string, unknown> = {};
    let params: Params | undefined;
    let headers: HeadersOption | undefined;
    let body: unknown;
    let parseAs: unknown;
    for (const key in init) {
      const value = init[key];
      switch (key) {
        case 'params':
          params = value as Params | undefined;
          break;
        case 'headers':
          headers = value as HeadersOption | undefined;
          break;
        case 'body':
          body = value;
          break;
        case 'parseAs':
          parseAs = value;
          break;
        case 'baseUrl':
        case 'fetch':
        case 'Request':
        case 'middleware':
        case 'querySerializer':
        case 'bodySerializer':
        case 'pathSerializer':
          if (value !== undefined) {
            throw invalidOption(`${key} is an option of openapi-fetch's own client (the client's openapi-fetch entry), not of this one`);
          }
          break;
        default:
          request[key] = value;
      }
    }
    let target = baseUrl + (params?.path ? fillPath(url, params.path) : url);
    if (params?.query) {
      const search = commerceQuerySerializer(params.query);
      if (search !== '') target += `?${search}`;
    }

    const asItIs = body instanceof FormData || body instanceof Blob;
    const sent: Record<string, string> = body === undefined || asItIs ? {} : { 'content-type': 'application/json' };
    if (hasBaseHeaders) Object.assign(sent, baseHeaders);
    if (headers !== undefined) mergeHeaders(sent, headers);
    if (params?.header !== undefined) mergeHeaders(sent, params.header);
    let sentBody: BodyInit | undefined;
    if (body !== undefined) {
      sentBody = asItIs
        ? (body as BodyInit)
        : sent['content-type'] === 'application/x-www-form-urlencoded'
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body);
    }
    const answered = (response: Response) => readAnswer(response, method, parseAs, toError);
    if (sendRequest !== undefined && !asItIs) {
      // `request` holds only the other options here (`signal`, `cache`, ...): the request's `init`.
      return sendRequest({ url: target, method, headers: sent, body: sentBody as string | undefined, init: request }).then(answered);
    }
    request.method = method;
    request.headers = sent;
    if (sentBody !== undefined) request.body = sentBody;
    return transport(target, request).then(answered);
  }
}
