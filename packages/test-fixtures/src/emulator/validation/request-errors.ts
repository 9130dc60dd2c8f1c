import type { ApiError} from '../http/errors.js';
import { errors } from '../http/errors.js';
import type { OpenApiValidator, SchemaViolation } from './openapi-validator.js';

function fieldName(violation: SchemaViolation): string {
  const path = violation.path.replace(/^\//, '').replace(/\//g, '.');
  if (violation.keyword === 'required') {
    const missing = String(violation.params['missingProperty']);
    return path === '' ? missing : `${path}.${missing}`;
  }
  return path;
}

/** Turns the first schema violation into the service's error: RequiredField, or InvalidJsonInput. */
export function violationToError(violation: SchemaViolation): ApiError {
  const field = fieldName(violation);
  if (violation.keyword === 'required') return errors.requiredField(field);
  const where = field === '' ? 'request body' : field;
  return errors.invalidJsonInput('Request body does not contain valid JSON.', `${where}: ${violation.message}`);
}

/** Validates a request body against a component schema; throws the service's error when invalid. */
export function assertValid(validator: OpenApiValidator, schemaName: string, value: unknown): void {
  const violations = validator.validate(schemaName, value);
  if (violations.length > 0) throw violationToError(violations[0]!);
}
