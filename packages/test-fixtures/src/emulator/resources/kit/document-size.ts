import { errors } from '../../http/errors.js';
import { MAX_REQUEST_BODY_BYTES } from '../../http/limits.js';

/**
 * The largest resource the emulator stores, as JSON: the live service's 16 MB document limit
 * (https://docs.commercetools.com/api/limits), the same as the largest request body.
 */
export const MAX_DOCUMENT_BYTES = MAX_REQUEST_BODY_BYTES;

/** Upper bounds of the JSON size of stored resources, so that most writes need not serialize one. */
const bounds = new WeakMap<object, number>();

/** An upper bound of the JSON size of a stored resource; unknown (one restored, say) is infinite. */
export function sizeBound(resource: object): number {
  return bounds.get(resource) ?? Number.POSITIVE_INFINITY;
}

/**
 * A bound of what a write can add to a resource: each byte of its input may be stored in a larger
 * form (a Money draft gains its type and fraction digits, a price its id), and a Product keeps its
 * data twice (current and staged), so a write may at most double what was there.
 *
 * @example
 * checkDocumentSize(updated, grownBound(sizeBound(current), actions));
 */
export function grownBound(before: number, input: unknown): number {
  return 2 * (before + 4 * JSON.stringify(input).length + 4096);
}

/**
 * Refuses (400 InvalidInput naming the limit) a resource whose JSON would pass
 * {@link MAX_DOCUMENT_BYTES}. The resource is serialized only when `bound`, an upper bound of
 * its size, passes the limit; then its exact size becomes its bound.
 */
export function checkDocumentSize(resource: object, bound: number): void {
  if (bound <= MAX_DOCUMENT_BYTES) {
    bounds.set(resource, bound);
    return;
  }
  const size = Buffer.byteLength(JSON.stringify(resource));
  if (size > MAX_DOCUMENT_BYTES) {
    throw errors.invalidInput(
      `The resource would take ${size} bytes as JSON, more than ${MAX_DOCUMENT_BYTES} bytes, the limit of a stored document.`,
    );
  }
  bounds.set(resource, size);
}
