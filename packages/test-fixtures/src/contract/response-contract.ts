import authDocument from '../generated/auth.openapi.json' with { type: 'json' };
import commerceDocument from '../generated/commerce.openapi.json' with { type: 'json' };
import historyDocument from '../generated/history.openapi.json' with { type: 'json' };
import controlDocument from '../generated/emulator-control.openapi.json' with { type: 'json' };
import { commerceContract, historyContract } from '../emulator/validation/contract.js';
import { OpenApiValidator, type OpenApiDocument, type SchemaViolation } from '../emulator/validation/openapi-validator.js';
import { explainViolations } from './explain.js';

/**
 * The three contracts of the service, as bundled from `schemas/openapi/`, and the emulator's own
 * control API (`emulator-control`, base URL `<origin>/_emulator`).
 */
export type ContractName = 'auth' | 'commerce' | 'history' | 'emulator-control';

const documents: Record<ContractName, OpenApiDocument> = {
  auth: authDocument as OpenApiDocument,
  commerce: commerceDocument as OpenApiDocument,
  history: historyDocument as OpenApiDocument,
  'emulator-control': controlDocument as OpenApiDocument,
};

/**
 * One validator per contract for the process, shared by every checker, and for commerce and history
 * with the emulator's request validation: compiling the schemas is most of what a new checker cost,
 * and compiled schemas never change.
 */
const validators = new Map<ContractName, OpenApiValidator>();
function validatorOf(name: ContractName): OpenApiValidator {
  let validator = validators.get(name);
  if (!validator) {
    if (name === 'commerce') validator = commerceContract();
    else if (name === 'history') validator = historyContract();
    else validator = new OpenApiValidator(name, documents[name]);
    validators.set(name, validator);
  }
  return validator;
}

/** The operations of each contract, most specific template first, computed once. */
const operationsByName = new Map<ContractName, Operation[]>();

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  literalLength: number;
  pointer: string;
  operationId: string;
}

/** Where and how an answer departs from the schema, as {@link ContractViolation} reports it. */
export interface ViolationDetail {
  /** JSON pointer of the offending member in the body, `''` for the body itself: `/name/en`. */
  field: string;
  /** What is wrong: `must be string`, `is missing`, ... */
  message: string;
  /** What the schema expects there: `string`, `integer (minimum 1)`, `LocalizedString (object)`, `"Individual"`. */
  expectedType: string;
  /** The endpoint as written in the schema: `GET /product-selections/{ID}`. */
  endpoint?: string;
  /** The URL of the request, without its query. */
  url?: string;
}

/**
 * A response that does not match the schema: names the operation, the status, the field (a JSON
 * pointer into the body) and the type the schema expects there, e.g.
 * `getProductSelectionById → 200: /name/en must be string (expected type string) at GET /product-selections/{ID}`.
 *
 * @example
 * try {
 *   await checkedFetch(target)(`${target.apiUrl}/${target.projectKey}/product-selections`, { headers });
 * } catch (error) {
 *   if (error instanceof ContractViolation) console.log(error.operation, error.status, error.field, error.expectedType);
 * }
 */
export class ContractViolation extends Error {
  /** JSON pointer of the offending member, `''` for the whole body. */
  readonly field: string;
  /** The type the schema expects at {@link ContractViolation.field}. */
  readonly expectedType: string;
  /** The endpoint as written in the schema, when known. */
  readonly endpoint: string | undefined;
  /** The request URL without its query, when known. */
  readonly url: string | undefined;

  constructor(
    readonly operation: string,
    readonly status: number,
    readonly violations: SchemaViolation[],
    detail?: ViolationDetail,
  ) {
    const first = violations[0];
    const resolved: ViolationDetail = detail ?? {
      field: first ? first.path : '',
      message: first?.message ?? 'does not match the schema',
      expectedType: typeof first?.params['type'] === 'string' ? first.params['type'] : first ? JSON.stringify(first.params) : 'unknown',
    };
    const where = resolved.endpoint !== undefined ? ` at ${resolved.endpoint}` : '';
    super(`${operation} → ${status}: ${resolved.field || '(body)'} ${resolved.message} (expected type ${resolved.expectedType})${where}`);
    this.name = 'ContractViolation';
    this.field = resolved.field;
    this.expectedType = resolved.expectedType;
    this.endpoint = resolved.endpoint;
    this.url = resolved.url;
  }
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function compileOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  const paths = (document['paths'] ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  for (const [template, item] of Object.entries(paths)) {
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        literalLength: template.replace(/\{[^}]+\}/g, '').length,
        pointer: `#/paths/${escapePointer(template)}/${method}`,
        operationId: operation.operationId ?? `${method.toUpperCase()} ${template}`,
      });
    }
  }
  // The most specific template wins: `/x/key={key}` before `/x/{ID}`.
  return operations.sort((a, b) => b.literalLength - a.literalLength);
}

/**
 * Checks answers of the service (the emulator or the live one) against the schemas. Given the base
 * URL a client uses for that service (e.g. `<api>/<projectKey>` for commerce, `<auth>` for auth),
 * it finds the operation of a request, the response schema of its status, and validates the body.
 *
 * @example
 * const contract = createResponseContract('commerce', `${emulator.urls().api}/my-project`);
 * contract.check('GET', url, response.status, await response.json()); // throws ContractViolation
 */
export function createResponseContract(name: ContractName, baseUrl: string) {
  const document = documents[name];
  const validator = validatorOf(name);
  const operations = operationsByName.get(name) ?? compileOperations(document);
  operationsByName.set(name, operations);
  const base = new URL(baseUrl.replace(/\/+$/, ''));
  const basePath = base.pathname === '/' ? '' : base.pathname;

  function operationOf(method: string, url: string): Operation | undefined {
    const { pathname } = new URL(url, base);
    if (!pathname.startsWith(basePath)) return undefined;
    const path = pathname.slice(basePath.length) || '/';
    return operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(path));
  }

  /** The JSON pointer of the response body schema, following `$ref`ed response objects. */
  function responseSchemaPointer(operation: Operation, status: number): string | undefined {
    const op = resolvePointer(document, operation.pointer) as { responses?: Record<string, unknown> };
    const responses = op.responses ?? {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return undefined;
    let pointer = `${operation.pointer}/responses/${key}`;
    let response = responses[key] as { $ref?: string; content?: Record<string, unknown> };
    while (response.$ref) {
      pointer = response.$ref;
      response = resolvePointer(document, pointer) as typeof response;
    }
    const mediaType = Object.keys(response.content ?? {}).find((type) => type.includes('json'));
    return mediaType === undefined ? undefined : `${pointer}/content/${escapePointer(mediaType)}/schema`;
  }

  return {
    /** The contract this checker reads. */
    name,
    /** The operationId a request maps to, or undefined when the schema has no such operation. */
    operationOf: (method: string, url: string) => operationOf(method, url)?.operationId,
    /** The endpoint as written in the schema (`GET /product-selections/{ID}`), or undefined. */
    endpointOf: (method: string, url: string) => {
      const operation = operationOf(method, url);
      return operation ? `${operation.method} ${operation.template}` : undefined;
    },
    /**
     * Validates one answer; throws {@link ContractViolation} naming the field and the expected type,
     * or an Error when the request matches no operation or the status is not documented.
     */
    check(method: string, url: string, status: number, body: unknown): void {
      const operation = operationOf(method, url);
      if (!operation) throw new Error(`${method} ${url}: no operation of the ${name} schema matches this request`);
      const pointer = responseSchemaPointer(operation, status);
      if (pointer === undefined) {
        if (body === undefined || body === null || body === '') return;
        throw new Error(`${operation.operationId}: status ${status} is not documented with a JSON body in the ${name} schema`);
      }
      const violations = validator.validateRef(pointer, body);
      if (violations.length > 0) {
        const explained = explainViolations(document, validator, pointer, body, violations);
        const endpoint = `${operation.method} ${operation.template}`;
        throw new ContractViolation(operation.operationId, status, violations, { ...explained, endpoint, url: url.split('?')[0]! });
      }
    },
  };
}

/**
 * The checker of one schema made by {@link createResponseContract}: `check(method, url, status, body)`
 * throws a {@link ContractViolation} when the answer does not match.
 *
 * @example
 * const contract: ResponseContract = createResponseContract('commerce', `${apiUrl}/${projectKey}`);
 * contract.check('GET', `${apiUrl}/${projectKey}/product-selections`, 200, await res.json());
 */
export type ResponseContract = ReturnType<typeof createResponseContract>;

function resolvePointer(document: unknown, pointer: string): unknown {
  let node = document as Record<string, unknown>;
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.[segment] as Record<string, unknown>;
  }
  return node;
}
