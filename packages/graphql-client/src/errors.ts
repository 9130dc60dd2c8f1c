/** GraphQL errors as values. */
import { withDetailedMessage } from '@commerce-kit/core-auth/http';
import type { GraphqlError, GraphqlErrorCode, GraphqlErrorExtensions } from './types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One entry of an answer's `errors`, as a {@link GraphqlError}; undefined when it is not an error object. */
function toGraphqlError(entry: unknown, status: number): GraphqlError | undefined {
  if (!isObject(entry) || typeof entry['message'] !== 'string') return undefined;
  const { message, locations, path, extensions, ...rest } = entry;
  // A REST error object carries `code` and its extra fields beside `message`.
  const own: Json = isObject(extensions) ? extensions : {};
  const code =
    typeof own['code'] === 'string'
      ? own['code']
      : typeof rest['code'] === 'string'
        ? rest['code']
        : status === 200
          ? 'UnknownError'
          : codeOfStatus(status);
  const details = isObject(extensions) ? extensions['detailedErrorMessage'] : rest['detailedErrorMessage'];
  const error: GraphqlError = {
    message: withDetailedMessage(message, details),
    extensions: { ...(isObject(extensions) ? {} : rest), ...own, code } as GraphqlErrorExtensions,
  };
  if (Array.isArray(locations)) error.locations = locations as { line: number; column: number }[];
  if (Array.isArray(path)) error.path = path as (string | number)[];
  return error;
}

function codeOfStatus(status: number): GraphqlErrorCode {
  if (status === 429) return 'TooManyRequests';
  if (status === 503) return 'OverCapacity';
  return 'UnknownError';
}

/** The errors of an answer; empty when there are none. */
export function errorsOf(body: unknown, status: number): GraphqlError[] {
  if (!isObject(body) || !Array.isArray(body['errors'])) return [];
  return body['errors'].map((entry) => toGraphqlError(entry, status)).filter((e): e is GraphqlError => e !== undefined);
}

/** The error of an answer that has no usable body (an HTML page from a proxy, an empty 502). */
export function bodylessError(response: Response): GraphqlError {
  return {
    message: `HTTP ${response.status} without a GraphQL or service error body`,
    extensions: { code: codeOfStatus(response.status), status: response.status },
  };
}

/**
 * The first error with `code`, typed by it, or undefined.
 * @example
 * const result = await client.request(UpdateProductSelectionDocument, { key: 'summer', version: 1, actions });
 * const conflict = findError(result, 'ConcurrentModification');
 * if (conflict) console.log('now at version', conflict.extensions.currentVersion);
 */
export function findError<C extends GraphqlErrorCode>(
  result: { errors?: readonly GraphqlError[] | undefined },
  code: C,
): (GraphqlError & { extensions: GraphqlErrorExtensions & { code: C } }) | undefined {
  return result.errors?.find((e): e is GraphqlError & { extensions: GraphqlErrorExtensions & { code: C } } => e.extensions.code === code);
}
