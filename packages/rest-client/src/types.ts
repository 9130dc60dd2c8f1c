/** Type plumbing over the generated `paths`: which paths take which method, what a call returns. */
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

/** The media types of the API. */
export type Media = `${string}/${string}`;

/** A method of the {@link RestClient}, e.g. `GET`. */
export type RestMethod<Method extends HttpMethod> = CallSignature<Method>;

/** The JSON answer of a GET on `Path`. */
export type GetData<Path extends PathsWith<'get'>> = JsonData<paths[Path]['get']>;

/** The JSON answer of a POST on `Path`. */
export type PostData<Path extends PathsWith<'post'>> = JsonData<paths[Path]['post']>;

/** The JSON body of a POST on `Path`. */
export type PostBody<Path extends PathsWith<'post'>> = paths[Path]['post'] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The path parameters of `Path` for `Method`, or `never` when it has none. */
export type PathParams<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] extends { parameters: { path: infer P } }
  ? NonNullable<P> extends never
    ? never
    : P
  : never;

/** `{ path: ... }` when the path has parameters, else an optional `path?: undefined`. */
export type PathParamsOption<Path extends keyof paths, Method extends HttpMethod> = [PathParams<Path, Method>] extends [never]
  ? { path?: undefined }
  : { path: PathParams<Path, Method> };

/** `params: { path: { ... } }` of a helper: required when the path has parameters, else optional. */
export type ParamsOption<Path extends keyof paths, Method extends 'get' | 'post'> = [PathParams<Path, Method>] extends [never]
  ? { params?: PathParamsOption<Path, Method> }
  : { params: PathParamsOption<Path, Method> };

/** The query parameters of `Path` for `Method`. */
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
 */
export type ProductSelection = GetData<'/product-selections/{ID}'>;
/** A Store as the API returns it. */
export type Store = GetData<'/stores/{ID}'>;
/** A Product as the API returns it. */
export type Product = GetData<'/products/{ID}'>;
/** A Product Projection as the API returns it. */
export type ProductProjection = GetData<'/product-projections/{ID}'>;
/** An Order as the API returns it. */
export type Order = GetData<'/orders/{ID}'>;
/** A Cart as the API returns it. */
export type Cart = GetData<'/carts/{ID}'>;
