import commerceDocument from '../../generated/commerce.openapi.json' with { type: 'json' };
import historyDocument from '../../generated/history.openapi.json' with { type: 'json' };
import { OpenApiValidator, type OpenApiDocument } from './openapi-validator.js';

let commerce: OpenApiValidator | undefined;
let history: OpenApiValidator | undefined;

/** Validator over the bundled `schemas/openapi/commerce/` (compiled lazily, once per process). */
export function commerceContract(): OpenApiValidator {
  commerce ??= new OpenApiValidator('commerce', commerceDocument as OpenApiDocument);
  return commerce;
}

/** Validator over the bundled `schemas/openapi/history.yaml`. */
export function historyContract(): OpenApiValidator {
  history ??= new OpenApiValidator('history', historyDocument as OpenApiDocument);
  return history;
}

/**
 * The schema name of one update action, read from the discriminator mapping of a union schema
 * (e.g. `ProductSelectionUpdateAction` + `addProduct` → `ProductSelectionAddProductAction`).
 */
export function actionSchemaName(validator: OpenApiValidator, unionName: string, action: string): string | undefined {
  const union = validator.schema(unionName) as { discriminator?: { mapping?: Record<string, string> } } | undefined;
  const ref = union?.discriminator?.mapping?.[action];
  return ref?.split('/').pop();
}

/** The endpoints of `schemas/openapi/commerce/` as `METHOD /template` (`GET /stores/{ID}`): what the emulator serves. */
export function commerceEndpoints(): string[] {
  const paths = (commerceDocument as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  const methods = ['get', 'post', 'delete', 'put', 'patch', 'head'];
  return Object.entries(paths).flatMap(([template, item]) => methods.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${template}`));
}
