/**
 * The types a typed request is made of: a document that carries its result and variables types,
 * the result as a value (data, or errors with their `extensions.code`), and per-request options.
 */

/**
 * A GraphQL document typed with its result `R` and variables `V`: the generated documents of this
 * package (plain strings), those of graphql-codegen's client preset (`TypedDocumentString` objects,
 * whose `toString()` is the document), or any value with the same `__apiType` marker
 * (`DocumentTypeDecoration` of @graphql-typed-document-node/core).
 */
export type TypedDocument<R = unknown, V = Record<string, unknown>> = (string | { toString(): string }) & {
  readonly __apiType?: (variables: V) => R;
};

/** The result type of a typed document. */
export type ResultOf<D> = D extends { readonly __apiType?: (variables: never) => infer R } ? R : unknown;

/** The variables type of a typed document. */
export type VariablesOf<D> = D extends { readonly __apiType?: (variables: infer V) => unknown } ? V : Record<string, unknown>;

/**
 * The codes `extensions.code` takes: those of the REST API (the same condition
 * gives the same code over GraphQL), `UnknownError` for an answer without a usable body.
 * `NotEmulated` comes from the emulator only: a field, member or update action of the live API it
 * does not model (named in the message and in `extensions.field`, `action` or `endpoint`).
 */
export type GraphqlErrorCode =
  | 'ConcurrentModification'
  | 'ResourceNotFound'
  | 'InvalidInput'
  | 'InvalidJsonInput'
  | 'RequiredField'
  | 'InvalidField'
  | 'DuplicateField'
  | 'ReferencedResourceNotFound'
  | 'ReferenceExists'
  | 'InvalidOperation'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'General'
  | 'OverCapacity'
  | 'NotEmulated'
  | 'TooManyRequests'
  | 'UnknownError';

/** `extensions` of an error: its `code` and the code's extra fields (`currentVersion`, `field`, ...). */
export interface GraphqlErrorExtensions {
  code: GraphqlErrorCode | (string & {});
  /** On a request refused as a whole (HTTP 400): `SYNTAX`, `VALIDATION`, `DEPTH`, `COMPLEXITY`, `TOO_LARGE`, ... */
  reason?: string;
  /** With `InvalidJsonInput`: what is wrong where (the error's `message` ends with it too). */
  detailedErrorMessage?: string;
  /** With `ConcurrentModification`: the resource's version now. */
  currentVersion?: number;
  [extra: string]: unknown;
}

/** One error of an answer. */
export interface GraphqlError {
  /** The message, followed by `extensions.detailedErrorMessage` when the error has one. */
  message: string;
  locations?: { line: number; column: number }[];
  /** Path of the field that failed (field errors only). */
  path?: (string | number)[];
  extensions: GraphqlErrorExtensions;
}

/** What every result carries besides data and errors. */
export interface ResultContext {
  /** The HTTP answer (its body has been read). */
  response: Response;
  /** The answer's `X-Correlation-ID`: quote it to support. */
  correlationId: string | undefined;
}

/** Every field resolved. */
export interface GraphqlSuccess<R> extends ResultContext {
  data: R;
  errors?: undefined;
}

/** Something failed. */
export interface GraphqlFailure<R> extends ResultContext {
  data: R | null | undefined;
  errors: [GraphqlError, ...GraphqlError[]];
}

/** The result of a request: check `errors` first, then `data` is fully typed. */
export type GraphqlResult<R> = GraphqlSuccess<R> | GraphqlFailure<R>;

/** Options of one request. */
export interface RequestOptions {
  /** Aborts the request and any wait between retries. */
  signal?: AbortSignal;
  /** Extra headers, e.g. `X-Correlation-ID` to set the id yourself, `X-External-User-ID`. */
  headers?: Record<string, string>;
  /** Which operation of a document with several to run. */
  operationName?: string;
}

/** Whether every member of `V` may be left out (then the variables argument is optional). */
type AllOptional<V> = Record<string, never> extends V ? true : object extends V ? true : false;

/**
 * The arguments after the document: variables required when the operation has a required
 * variable, optional otherwise; then the request options.
 */
export type RequestArgs<V> =
  AllOptional<V> extends true ? [variables?: V, options?: RequestOptions] : [variables: V, options?: RequestOptions];
