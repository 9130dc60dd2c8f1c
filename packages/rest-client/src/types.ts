/**
 * Type plumbing over the generated `paths`: which paths take which method, what a call returns.
 * The call signatures (`call-types.ts`) are the package's own lean types with openapi-fetch's
 * rules, so a wrong path, a missing path parameter, an unknown query parameter or a wrong body
 * fail to compile as they do there, at a fraction of a consumer's type-check time.
 */
import type { CallSignature, HttpMethod, JsonData, PathsWith } from './call-types.js';
import type { paths } from './generated/commerce.js';
import type { Transport } from '@commerce-kit/core-auth/http';

export type {
  CallArgs,
  CallInit,
  CallOptions,
  CallSignature,
  HeadersOption,
  HttpMethod,
  JsonData,
  Needs,
  OpenapiFetchOnlyOptions,
  OperationsOf,
  ParseAs,
  PathsOf,
  PathsWith,
  ReadAs,
  RestResult,
} from './call-types.js';

/**
 * The media types of the API.
 *
 * @example
 * type Json = Media & 'application/json';
 */
export type Media = `${string}/${string}`;

/**
 * A method of the {@link RestClient}, e.g. `GET`.
 *
 * @example
 * const get: RestMethod<'get'> = client.GET;
 */
export type RestMethod<Method extends HttpMethod> = CallSignature<Method>;

/**
 * The JSON answer of a GET on `Path`.
 *
 * @example
 * type Page = GetData<'/product-selections'>; // { results: ProductSelection[], ... }
 */
export type GetData<Path extends PathsWith<'get'>> = JsonData<paths[Path]['get']>;

/**
 * The JSON answer of a POST on `Path`.
 *
 * @example
 * type Created = PostData<'/stores'>; // Store
 */
export type PostData<Path extends PathsWith<'post'>> = JsonData<paths[Path]['post']>;

/**
 * The JSON body of a POST on `Path`.
 *
 * @example
 * const draft: PostBody<'/product-selections'> = { key: 'summer', name: { en: 'Summer' } };
 */
export type PostBody<Path extends PathsWith<'post'>> = paths[Path]['post'] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

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
export type QueryParams<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

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
