/**
 * Type plumbing over the generated `paths`: which paths take which method, what a call returns.
 * The call signatures mirror openapi-fetch's, so a wrong path, a missing path parameter, an
 * unknown query parameter or a wrong body fail to compile exactly as they do there.
 */
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { CommerceError } from './errors.js';
import type { paths } from './generated/commerce.js';
import type { Transport } from './transport.js';

/**
 * The media types of the API.
 *
 * @example
 * type Json = Media & 'application/json';
 */
export type Media = `${string}/${string}`;

/**
 * Lower-case HTTP methods, as `paths` spells them.
 *
 * @example
 * const method: HttpMethod = 'get';
 */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/**
 * openapi-fetch's own client over the commerce API, as `createOpenapiFetchClient` of
 * `@commerce-kit/rest-client/openapi-fetch` makes it.
 *
 * @example
 * const raw: RawClient = createOpenapiFetchClient(client);
 */
export type RawClient = Client<paths, Media>;

/**
 * Paths that accept `Method`.
 *
 * @example
 * const path: PathsWith<'delete'> = '/stores/{ID}';
 */
export type PathsWith<Method extends HttpMethod> = { [P in keyof paths]: paths[P] extends { [M in Method]: unknown } ? P : never }[keyof paths];

type RequiredKeysOfHelper<T> = { [K in keyof T]: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;

/**
 * Per-call options of openapi-fetch's own client that the {@link RestClient} refuses (they belong
 * to `createOpenapiFetchClient` of `@commerce-kit/rest-client/openapi-fetch`).
 *
 * @example
 * // @ts-expect-error not an option of the RestClient
 * const init: OpenapiFetchOnlyOptions = { fetch };
 */
export type OpenapiFetchOnlyOptions = {
  baseUrl?: never;
  fetch?: never;
  Request?: never;
  middleware?: never;
  querySerializer?: never;
  bodySerializer?: never;
  pathSerializer?: never;
};

/**
 * openapi-fetch's rule: the options argument is optional when nothing in it is required. Its own
 * per-call options ({@link OpenapiFetchOnlyOptions}) are refused.
 *
 * @example
 * type Args = InitParam<{ params: { path: { ID: string } } }>; // one required argument
 */
export type InitParam<Init> = RequiredKeysOf<Init> extends never
  ? [(Init & { [key: string]: unknown } & OpenapiFetchOnlyOptions)?]
  : [Init & { [key: string]: unknown } & OpenapiFetchOnlyOptions];

/**
 * The data of a successful call.
 *
 * @example
 * type Selection = SuccessData<paths['/product-selections/{ID}']['get'], {}>;
 */
export type SuccessData<Operation, Init> = FetchResponse<Operation & Record<string | number, unknown>, Init, Media> extends infer R
  ? R extends { data: infer D; error?: never }
    ? D
    : never
  : never;

/**
 * What every call of a {@link RestClient} returns: `data` or a typed `error`, never both; the
 * `response`; and the answer's correlation id.
 *
 * @example
 * const { data, error, correlationId } = await client.GET('/stores/key={key}', { params: { path: { key: 'eu' } } });
 */
export type RestResult<Data> =
  | { data: Data; error?: never; response: Response; correlationId: string | undefined }
  | { data?: never; error: CommerceError; response: Response; correlationId: string | undefined };

/**
 * One method's call signature. Spelled out per method below (not generic in the method): a
 * signature generic in the method makes TypeScript expand every path for all eight methods on
 * the first call it checks, which more than doubles a consumer's type-check time.
 */
type Call<Method extends HttpMethod, Path extends keyof paths, Init> = Promise<RestResult<SuccessData<paths[Path][Method], Init>>>;

interface RestMethods {
  get: <Path extends PathsWith<'get'>, Init extends MaybeOptionalInit<paths[Path], 'get'>>(url: Path, ...init: InitParam<Init>) => Call<'get', Path, Init>;
  put: <Path extends PathsWith<'put'>, Init extends MaybeOptionalInit<paths[Path], 'put'>>(url: Path, ...init: InitParam<Init>) => Call<'put', Path, Init>;
  post: <Path extends PathsWith<'post'>, Init extends MaybeOptionalInit<paths[Path], 'post'>>(url: Path, ...init: InitParam<Init>) => Call<'post', Path, Init>;
  delete: <Path extends PathsWith<'delete'>, Init extends MaybeOptionalInit<paths[Path], 'delete'>>(url: Path, ...init: InitParam<Init>) => Call<'delete', Path, Init>;
  options: <Path extends PathsWith<'options'>, Init extends MaybeOptionalInit<paths[Path], 'options'>>(url: Path, ...init: InitParam<Init>) => Call<'options', Path, Init>;
  head: <Path extends PathsWith<'head'>, Init extends MaybeOptionalInit<paths[Path], 'head'>>(url: Path, ...init: InitParam<Init>) => Call<'head', Path, Init>;
  patch: <Path extends PathsWith<'patch'>, Init extends MaybeOptionalInit<paths[Path], 'patch'>>(url: Path, ...init: InitParam<Init>) => Call<'patch', Path, Init>;
  trace: <Path extends PathsWith<'trace'>, Init extends MaybeOptionalInit<paths[Path], 'trace'>>(url: Path, ...init: InitParam<Init>) => Call<'trace', Path, Init>;
}

/**
 * A method of the {@link RestClient}, e.g. `GET`.
 *
 * @example
 * const get: RestMethod<'get'> = client.GET;
 */
export type RestMethod<Method extends HttpMethod> = RestMethods[Method];

/**
 * The JSON answer of a GET on `Path`.
 *
 * @example
 * type Page = GetData<'/product-selections'>; // { results: ProductSelection[], ... }
 */
export type GetData<Path extends PathsWith<'get'>> = SuccessData<paths[Path]['get'], Record<never, never>>;

/**
 * The JSON answer of a POST on `Path`.
 *
 * @example
 * type Created = PostData<'/stores'>; // Store
 */
export type PostData<Path extends PathsWith<'post'>> = SuccessData<paths[Path]['post'], Record<never, never>>;

/**
 * The JSON body of a POST on `Path`.
 *
 * @example
 * const draft: PostBody<'/product-selections'> = { key: 'summer', name: { en: 'Summer' } };
 */
export type PostBody<Path extends PathsWith<'post'>> = paths[Path]['post'] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/**
 * The path parameters of `Path` for `Method`, or `never` when it has none.
 *
 * @example
 * const params: PathParams<'/stores/key={key}', 'get'> = { key: 'eu' };
 */
export type PathParams<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] extends { parameters: { path: infer P } }
  ? NonNullable<P> extends never
    ? never
    : P
  : never;

/**
 * `{ path: ... }` when the path has parameters, else an optional `path?: undefined`.
 *
 * @example
 * const option: PathParamsOption<'/stores/{ID}', 'get'> = { path: { ID } };
 */
export type PathParamsOption<Path extends keyof paths, Method extends HttpMethod> = [PathParams<Path, Method>] extends [never]
  ? { path?: undefined }
  : { path: PathParams<Path, Method> };

/**
 * `params: { path: { ... } }` of a helper: required when the path has parameters, else optional.
 *
 * @example
 * const options: ParamsOption<'/stores/key={key}', 'post'> = { params: { path: { key: 'eu' } } };
 */
export type ParamsOption<Path extends keyof paths, Method extends 'get' | 'post'> = [PathParams<Path, Method>] extends [never]
  ? { params?: PathParamsOption<Path, Method> }
  : { params: PathParamsOption<Path, Method> };

/**
 * The query parameters of `Path` for `Method`.
 *
 * @example
 * const query: QueryParams<'/product-selections', 'get'> = { where: ['key = :k'], var: { k: 'summer' } };
 */
export type QueryParams<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * The commerce API client: openapi-fetch's call signatures, with typed errors and correlation ids.
 * (openapi-fetch's own client, with its middleware, is `createOpenapiFetchClient(client)` of
 * `@commerce-kit/rest-client/openapi-fetch`; middleware around every request is the transport
 * option `middleware`.)
 *
 * @example
 * const client: RestClient = createRestClient({ region: 'europe-west1.gcp', projectKey, auth: { tokenProvider } });
 */
export interface RestClient {
  /** Call a GET endpoint. */
  GET: RestMethod<'get'>;
  /** Call a POST endpoint (create, update, project update, GraphQL). */
  POST: RestMethod<'post'>;
  /** Call a DELETE endpoint. */
  DELETE: RestMethod<'delete'>;
  /** Call a HEAD endpoint. */
  HEAD: RestMethod<'head'>;
  /** The transport every call goes through (a `fetch`). */
  readonly transport: Transport;
  /** The project key. */
  readonly projectKey: string;
  /** `<api base>/<projectKey>`: the prefix of every path. */
  readonly baseUrl: string;
  /** The headers of every request (the `headers` option), names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A Product Selection as the API returns it (the GET answer's type: the generated schema type with
 * expanded references resolved).
 *
 * @example
 * function label(selection: ProductSelection) { return selection.key ?? selection.id; }
 */
export type ProductSelection = GetData<'/product-selections/{ID}'>;
/**
 * A Store as the API returns it.
 *
 * @example
 * const active = (store: Store) => store.productSelections.filter((s) => s.active);
 */
export type Store = GetData<'/stores/{ID}'>;
/**
 * A Product as the API returns it.
 *
 * @example
 * const published = (product: Product) => product.masterData.published;
 */
export type Product = GetData<'/products/{ID}'>;
/**
 * A Product Projection as the API returns it.
 *
 * @example
 * const { data } = await client.GET('/in-store/key={storeKey}/product-projections/{ID}', { params: { path: { storeKey, ID } } });
 */
export type ProductProjection = GetData<'/product-projections/{ID}'>;
