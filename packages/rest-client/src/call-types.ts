/**
 * The call signatures of the `RestClient` (`client.GET/POST/DELETE/HEAD`): lean types of the
 * package's own, looked up directly in the generated `paths`, with openapi-fetch's rules (the
 * options argument is required when a path parameter, a query parameter or the body is; `params`
 * takes the operation's `path`, `query` and `header`; `body` its request body; `parseAs` picks the
 * type of `data`).
 */
import type { HeadersOption } from '@commerce-kit/core-auth/http';
import type { CommerceError } from './errors.js';

export type { HeadersOption } from '@commerce-kit/core-auth/http';
import type { paths } from './generated/commerce.js';
import type { CallArgsOf, JsonDataOf, PathsOf } from './generated/method-paths.js';

export type { CallArgsOf, JsonDataOf, PathsOf } from './generated/method-paths.js';

/** Lower-case HTTP methods, as `paths` spells them. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/**
 * Paths that accept `Method`, computed from the generated `paths` (the call signatures use the
 * written-out {@link PathsOf}, which equals it).
 */
export type PathsWith<Method extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [M in Method]: unknown } ? P : never;
}[keyof paths];

/**
 * The operations of a method by path, and `unknown` for any other string: at `Path`'s constraint
 * (`string`) it gives `unknown`, so that typing a call's options before its path is inferred
 * resolves no operation.
 */
export type OperationsOf<Method extends HttpMethod> = { [P in PathsOf[Method]]: paths[P][Method] } & { [path: string]: unknown };

/**
 * How a 2xx body is read (`parseAs`): `json` (the default), `text`, `blob`, `arrayBuffer`, or
 * `stream` (`data` is `response.body`, unread).
 */
export type ParseAs = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';

/** The type of `data` per `parseAs`, `Json` being the operation's JSON answer. */
export interface ReadAs<Json> {
  json: Json;
  text: string;
  blob: Blob;
  arrayBuffer: ArrayBuffer;
  stream: Response['body'];
}

/**
 * Per-call options of openapi-fetch's own client that the `RestClient` refuses (they belong to
 * `createOpenapiFetchClient` of `@commerce-kit/rest-client/openapi-fetch`).
 */
export interface OpenapiFetchOnlyOptions {
  baseUrl?: never;
  fetch?: never;
  Request?: never;
  middleware?: never;
  querySerializer?: never;
  bodySerializer?: never;
  pathSerializer?: never;
}

/**
 * The options of every call besides `params` and `body`: `headers`, `parseAs`, and `RequestInit`'s
 * own (`signal`, `cache`, ...), passed on to `fetch`.
 */
export interface CallOptions<As extends ParseAs = ParseAs> extends Omit<RequestInit, 'body' | 'headers'>, OpenapiFetchOnlyOptions {
  /** Headers of this request, after the client's `headers` option (later wins, names in any case; `null` removes one). */
  headers?: HeadersOption;
  /** How a 2xx body is read: `json` (default), `text`, `blob`, `arrayBuffer` or `stream`. */
  parseAs?: As;
  [key: string]: unknown;
}

/** `T[K]`, or `never` when `T` has no `K`: an indexed access that needs no conditional type. */
type Get<T, K extends PropertyKey> = T[K & keyof T];

/** The `parameters` of `Operation` (`path`, `query`, `header`, `cookie`). */
type ParamsOf<Operation> = Get<Operation, 'parameters'>;

/** The request body's content of `Operation` (its media type's body), or `never` when it has none. */
type BodyOf<Operation> = ContentBody<Get<NonNullable<Get<Operation, 'requestBody'>>, 'content'>>;
type ContentBody<Content> = Content[keyof Content];

/**
 * What the options of `Operation` must carry: `params` when a parameter is required (a path
 * parameter, a required query parameter), `body` when the request body is.
 */
export type Needs<Operation> = Operation extends { parameters: infer P }
  ? Record<never, never> extends P
    ? Operation extends { requestBody: object }
      ? 'body'
      : 'none'
    : Operation extends { requestBody: object }
      ? 'params+body'
      : 'params'
  : 'none';

/**
 * The rest parameter of a call of `Operation` (an operation of `paths`): the options argument,
 * required when `params` or `body` is (openapi-fetch's rule), optional otherwise.
 */
export type CallArgs<Operation, As extends ParseAs = ParseAs, Need = Needs<Operation>> = [Need] extends ['params+body']
  ? [init: { params: ParamsOf<Operation>; body: BodyOf<Operation> } & CallOptions<As>]
  : [Need] extends ['params']
    ? [init: { params: ParamsOf<Operation>; body?: BodyOf<Operation> } & CallOptions<As>]
    : [Need] extends ['body']
      ? [init: { params?: ParamsOf<Operation>; body: BodyOf<Operation> } & CallOptions<As>]
      : [init?: { params?: ParamsOf<Operation>; body?: BodyOf<Operation> } & CallOptions<As>];

/** The options argument of a call of `Operation`. */
export type CallInit<Operation, As extends ParseAs = ParseAs> = NonNullable<CallArgs<Operation, As>[0]>;

/** 2xx statuses, whose content is `data`. */
type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';

/** The responses of `Operation` with a 2xx status. */
type OkResponse<Operation> = Operation extends { responses: infer R } ? R[keyof R & OkStatus] : never;

/** The content of a response (per 2xx response: a union for several), or `undefined` for a response without one (204). */
type ContentOf<Response> = Response extends { content: { [media: string]: infer B } } ? B : undefined;

/** The JSON answer of a successful call of `Operation` (the content of its 2xx responses). */
export type JsonData<Operation> = ContentOf<OkResponse<Operation>>;

/**
 * What every call of a `RestClient` returns: `data` or a typed `error`, never both; the
 * `response`; and the answer's correlation id.
 */
export type RestResult<Data> =
  | { data: Data; error?: never; response: Response; correlationId: string | undefined }
  | { data?: never; error: CommerceError; response: Response; correlationId: string | undefined };

/**
 * The call signature of one method: `url` is one of the method's paths ({@link PathsOf}), the
 * options are that operation's ({@link CallArgsOf}, equal to `CallArgs`), `parseAs` is inferred
 * from them; `data` is the operation's JSON answer ({@link JsonDataOf}), or what `parseAs` makes of
 * the body.
 */
export type CallSignature<Method extends HttpMethod> = <Path extends string, As extends ParseAs = 'json'>(
  url: Path extends PathsOf[Method] ? Path : PathsOf[Method],
  ...init: CallArgsOf<As>[Method][Path]
) => Promise<RestResult<ReadAs<JsonDataOf[Method][Path]>[As]>>;
