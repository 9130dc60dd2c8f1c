/**
 * How failures leave the GraphQL endpoint.
 *
 * - A field that fails with an ApiError (the REST error of the same condition) becomes a GraphQL
 *   error whose `extensions` are the REST error object without its message: `code` plus the
 *   code's extra fields (`currentVersion`, `field`, `referencedBy`, ...). HTTP 200, the rest of the
 *   answer stands.
 * - A request refused as a whole (too large, syntax, validation, limits, variables, operation)
 *   is HTTP 400 with a body that is the REST error body and a GraphQL response at once:
 *   `{ statusCode, message, errors: [{ code: "InvalidInput", message, locations?, extensions: { code, reason } }] }`.
 * - A field of the live API that the emulator does not model is refused as `NotEmulated` naming
 *   `Type.field` (HTTP 501 when every refusal is one), not as an unknown field.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { LIVE_GRAPHQL_FIELDS } from '../../generated/live-graphql-fields.js';
import { ApiError, errors, type ErrorObject } from '../http/errors.js';

/** Why a request was refused before execution (the SDL's description lists them). */
export type RequestErrorReason = 'TOO_LARGE' | 'SYNTAX' | 'VALIDATION' | 'DEPTH' | 'COMPLEXITY' | 'VARIABLES' | 'OPERATION';

/** The 400 for a request refused as a whole; thrown, and written by the app's error handler. */
export function requestError(reason: RequestErrorReason, failures: readonly (GraphQLError | string)[]): ApiError {
  const objects: ErrorObject[] = failures.map((failure) => {
    if (typeof failure === 'string') return { code: 'InvalidInput', message: failure, extensions: { code: 'InvalidInput', reason } };
    const own = failure.extensions['reason'];
    return {
      code: 'InvalidInput',
      message: failure.message,
      ...(failure.locations ? { locations: failure.locations } : {}),
      extensions: { code: 'InvalidInput', reason: typeof own === 'string' ? own : reason },
    };
  });
  return new ApiError(400, objects);
}

/** graphql-js's refusal of a selected field its schema does not have: field, then type. */
const UNKNOWN_FIELD = /^Cannot query field "(\w+)" on type "(\w+)"\./;

/** `Type.field` when `failure` refuses a field that the live API has on that type; else undefined. */
function liveFieldOf(failure: GraphQLError): string | undefined {
  const [, field = '', type = ''] = UNKNOWN_FIELD.exec(failure.message) ?? [];
  return LIVE_GRAPHQL_FIELDS[type]?.split(' ').includes(field) ? `${type}.${field}` : undefined;
}

/**
 * The refusal of a document that does not validate: a field of the live API that the emulator
 * does not model (https://docs.commercetools.com/api/graphql) is `NotEmulated` naming `Type.field`
 * in its message and `extensions.field`, and the answer is 501 when every failure is one; any other
 * failure keeps graphql-js's message (reason `VALIDATION`, 400).
 */
export function validationError(failures: readonly GraphQLError[]): ApiError {
  const refusal = requestError('VALIDATION', failures);
  const live = failures.map(liveFieldOf);
  if (live.every((field) => field === undefined)) return refusal;
  const objects = refusal.errors.map((object, index) => {
    const field = live[index];
    if (field === undefined) return object;
    const { locations } = object;
    return { ...errors.notEmulated({ field }).errors[0]!, ...(locations ? { locations } : {}), extensions: { code: 'NotEmulated', field } };
  });
  return new ApiError(live.every((field) => field !== undefined) ? 501 : 400, objects);
}

/** A field error as the answer shows it. */
export function formatFieldError(error: GraphQLError): GraphQLFormattedError {
  const base = {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
  const original = error.originalError;
  if (original instanceof ApiError) {
    const { message: _message, ...extensions } = original.errors[0] ?? { code: 'General', message: original.message };
    return { ...base, message: original.message, extensions };
  }
  if (original !== undefined && !(original instanceof GraphQLError)) {
    // A bug of the emulator, not a failure of the request: say so without leaking internals.
    console.error('[commerce-emulator] unexpected error in a GraphQL resolver', original);
    return { ...base, message: `Internal error: ${original.message}`, extensions: { code: 'General' } };
  }
  // Errors graphql-js raises itself during execution (e.g. a value a scalar refuses).
  return { ...base, extensions: { code: 'InvalidInput', ...error.extensions } };
}
