import type { ApiError } from '../http/errors.js';
import { errors } from '../http/errors.js';
import type { OpenApiValidator, SchemaViolation } from './openapi-validator.js';

/** The `message` of every InvalidJsonInput; the `detailedErrorMessage` says what is wrong where. */
const INVALID_JSON = 'Request body does not contain valid JSON.';

/**
 * A path into the body as the live service writes it: member names joined by ` -> `, array
 * indexes left out (`actions -> product` for the `product` of any action).
 */
export function memberPath(...segments: readonly (string | number)[]): string {
  return segments.filter((segment) => typeof segment === 'string' && segment !== '' && !/^\d+$/.test(segment)).join(' -> ');
}

/** 400 InvalidJsonInput: the body is not JSON, or not of the expected shape; `detail` names what and where. */
export function invalidJson(detail: string): ApiError {
  return errors.invalidJsonInput(INVALID_JSON, detail);
}

/** 400 InvalidJsonInput for a required member that is absent, e.g. `actions -> product: Missing required value`. */
export function missingValue(path: string): ApiError {
  return invalidJson(`${path}: Missing required value`);
}

/** The member names of a JSON pointer such as `/actions/0/product` (`~1` and `~0` unescaped). */
function pointerSegments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Turns a schema violation into the service's error: 400 InvalidJsonInput naming the path, for a
 * missing required member as for a value of the wrong JSON type. `prefix` is the pointer of the
 * validated value inside the body (e.g. `/actions/0` for one update action).
 */
export function violationToError(violation: SchemaViolation, prefix = ''): ApiError {
  const segments = pointerSegments(prefix + violation.path);
  if (violation.keyword === 'required') return missingValue(memberPath(...segments, String(violation.params['missingProperty'])));
  const path = memberPath(...segments);
  return invalidJson(`${path === '' ? 'request body' : path}: ${violation.message}`);
}

/** Validates a value against a component schema; throws the service's error when invalid. */
export function assertValid(validator: OpenApiValidator, schemaName: string, value: unknown, prefix = ''): void {
  const violations = validator.validate(schemaName, value);
  if (violations.length > 0) throw violationToError(violations[0]!, prefix);
}
