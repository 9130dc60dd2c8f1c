/**
 * The service's error body: every non-2xx answer carries
 * `{ statusCode, message, errors: [{ code, message, ...extra }] }`; auth errors add
 * top-level `error` and `error_description`.
 */
export interface ErrorObject {
  code: string;
  message: string;
  [extra: string]: unknown;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  errors: ErrorObject[];
  error?: string;
  error_description?: string;
}

/** An expected failure of a request. Thrown inside handlers, turned into the error body by the app. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly oauthError: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, errors: ErrorObject[], options: { oauthError?: string; headers?: Record<string, string> } = {}) {
    super(errors[0]?.message ?? 'error');
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.oauthError = options.oauthError;
    this.headers = options.headers ?? {};
  }

  body(): ErrorBody {
    const body: ErrorBody = { statusCode: this.status, message: this.message, errors: this.errors };
    if (this.oauthError !== undefined) {
      body.error = this.oauthError;
      body.error_description = this.message;
    }
    return body;
  }

  toResponse(extraHeaders: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(this.body()), {
      status: this.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...this.headers, ...extraHeaders },
    });
  }
}

/** The message of a 413: the body is over `limit` bytes. */
export const payloadTooLargeMessage = (limit: number) =>
  `The request body exceeds the limit of ${limit / (1024 * 1024)} MB; the request was blocked.`;

function one(status: number, code: string, message: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, [{ code, message, ...extra }]);
}

function notEmulatedMessage(what: { field: string; action?: string } | { endpoint: string }): string {
  if ('endpoint' in what) return `The endpoint '${what.endpoint}' is not emulated.`;
  if (what.action !== undefined) return `The update action '${what.action}' is not emulated; the emulator does not model it.`;
  return `The field '${what.field}' is not emulated; the emulator does not model it.`;
}

/** Factories for every error code the emulator answers, so messages stay uniform. */
export const errors = {
  concurrentModification: (expected: number, currentVersion: number) =>
    one(409, 'ConcurrentModification', `Object has a different version than expected. Expected: ${expected} - Actual: ${currentVersion}.`, {
      currentVersion,
    }),
  notFoundById: (id: string) => one(404, 'ResourceNotFound', `The Resource with ID '${id}' was not found.`),
  notFoundByKey: (key: string) => one(404, 'ResourceNotFound', `The Resource with key '${key}' was not found.`),
  notFound: (message: string) => one(404, 'ResourceNotFound', message),
  invalidInput: (message: string) => one(400, 'InvalidInput', message),
  /** A Discount or Cart predicate that does not parse; the detail names the position. */
  syntaxError: (field: string, detail: string) => one(400, 'SyntaxError', `Syntax error while parsing ${field}. ${detail}`),
  /** A Discount or Cart predicate that parses but means nothing (unknown field, mismatched types). */
  semanticError: (message: string) => one(400, 'SemanticError', message),
  /** A 101st active Cart Discount without a Discount Code and without Stores (https://docs.commercetools.com/api/limits#cart-discounts). */
  maxCartDiscountsReached: (max: number) =>
    one(400, 'MaxCartDiscountsReached', `Maximum number of active cart discounts reached (${max}).`),
  /** A 101st active Cart Discount without a Discount Code in each of `stores`. */
  storeCartDiscountsLimitReached: (stores: { typeId: 'store'; key: string }[]) =>
    one(
      400,
      'StoreCartDiscountsLimitReached',
      `Maximum number of active cart discounts reached for ${stores.map((s) => s.key).join(', ')}.`,
      {
        stores,
      },
    ),
  invalidJsonInput: (message: string, detailedErrorMessage: string) => one(400, 'InvalidJsonInput', message, { detailedErrorMessage }),
  requiredField: (field: string) => one(400, 'RequiredField', `A value is required for field ${field}.`, { field }),
  invalidField: (field: string, invalidValue: unknown, message?: string, allowedValues?: unknown[]) =>
    one(400, 'InvalidField', message ?? `The value ${JSON.stringify(invalidValue)} is not valid for field ${field}.`, {
      field,
      invalidValue,
      ...(allowedValues ? { allowedValues } : {}),
    }),
  duplicateField: (field: string, duplicateValue: unknown) =>
    one(400, 'DuplicateField', `A duplicate value ${JSON.stringify(duplicateValue)} exists for field '${field}'.`, {
      field,
      duplicateValue,
    }),
  referencedResourceNotFound: (typeId: string, ref: { id?: string; key?: string }) =>
    one(
      400,
      'ReferencedResourceNotFound',
      `The referenced object of type '${typeId}' ${ref.id !== undefined ? `with id '${ref.id}'` : `with key '${ref.key}'`} was not found. It either doesn't exist, or it can't be accessed from this endpoint (e.g., if the endpoint filters by store or customer account).`,
      { typeId, ...ref },
    ),
  referenceExists: (message: string, referencedBy: string) => one(400, 'ReferenceExists', message, { referencedBy }),
  invalidOperation: (message: string) => one(400, 'InvalidOperation', message),
  missingRoleOnChannel: (channel: { typeId: 'channel'; id: string }, missingRole: string) =>
    one(400, 'MissingRoleOnChannel', `The Channel '${channel.id}' does not have the role '${missingRole}'.`, { channel, missingRole }),
  /** addProduct / excludeProduct for a Product already held with other variants (`existing` absent: every variant). */
  productPresentWithDifferentVariantSelection: (product: { typeId: 'product'; id: string }, existing: object | undefined) =>
    one(
      400,
      'ProductPresentWithDifferentVariantSelection',
      `Product is already present with the following different variant selection: ${existing === undefined ? 'all variants' : JSON.stringify(existing)}.`,
      { product, ...(existing === undefined ? {} : { existingVariantSelection: existing }) },
    ),
  enumKeyAlreadyExists: (key: string, fieldName: string) =>
    one(400, 'EnumKeyAlreadyExists', `The ${fieldName} field definition already contains an enum value with the key ${key}.`, {
      conflictingEnumKey: key,
      conflictingAttributeName: fieldName,
    }),
  enumKeyDoesNotExist: (key: string, fieldName: string) =>
    one(400, 'EnumKeyDoesNotExist', `The ${fieldName} field definition does not contain an enum value with the key ${key}.`, {
      conflictingEnumKey: key,
      conflictingAttributeName: fieldName,
    }),
  enumValuesMustMatch: () => one(400, 'EnumValuesMustMatch', 'The given values must be equal to the existing enum values.'),
  duplicateEnumValues: (duplicates: string[]) =>
    one(400, 'DuplicateEnumValues', `The enum values contain duplicate keys: ${duplicates.join(', ')}.`, { duplicates }),
  productAssignmentMissing: (product: { typeId: 'product'; id: string }, message: string) =>
    one(400, 'ProductAssignmentMissing', message, { product }),
  attributeNameDoesNotExist: (name: string, typeName: string) =>
    one(400, 'AttributeNameDoesNotExist', `Attribute definition for ${name} does not exist on type ${typeName}.`, {
      invalidAttributeName: name,
    }),
  attributeDefinitionAlreadyExists: (name: string, productType: { id: string; name: string }) =>
    one(
      400,
      'AttributeDefinitionAlreadyExists',
      `An attribute definition with name ${name} already exists on product type ${productType.name}.`,
      {
        conflictingProductTypeId: productType.id,
        conflictingProductTypeName: productType.name,
        conflictingAttributeName: name,
      },
    ),
  attributeDefinitionTypeConflict: (name: string, productType: { id: string; name: string }) =>
    one(
      400,
      'AttributeDefinitionTypeConflict',
      `The attribute with name ${name} has a different type on product type ${productType.name}.`,
      {
        conflictingProductTypeId: productType.id,
        conflictingProductTypeName: productType.name,
        conflictingAttributeName: name,
      },
    ),
  enumValueIsUsed: (keys: readonly string[], attributeName: string) =>
    one(
      400,
      'EnumValueIsUsed',
      `${keys.map((key) => `'${key}'`).join(', ')} is used by some products and cannot be deleted because the ${attributeName} attribute is required.`,
    ),
  invalidCurrentPassword: () => one(400, 'InvalidCurrentPassword', 'The given current password does not match.'),
  invalidCredentials: () => one(400, 'InvalidCredentials', 'Account with the given credentials not found.'),
  expiredCustomerToken: (kind: 'password' | 'email') =>
    kind === 'password'
      ? one(400, 'ExpiredCustomerPasswordToken', 'The given password token has expired.')
      : one(400, 'ExpiredCustomerEmailToken', 'The given email token has expired.'),
  invalidToken: (message = 'This endpoint requires an access token. You can get one from the authorization server.') =>
    new ApiError(401, [{ code: 'invalid_token', message }], { oauthError: 'invalid_token' }),
  insufficientScope: (scope: string) =>
    new ApiError(403, [{ code: 'insufficient_scope', message: `Insufficient scope. One of the following scopes is missing: ${scope}.` }], {
      oauthError: 'insufficient_scope',
    }),
  general: (message = 'Write operations are temporarily unavailable') => one(500, 'General', message),
  overCapacity: (message = 'The service is over capacity. Please retry later.') => one(503, 'OverCapacity', message),
  /** A request body over `limit` bytes, refused before it is read whole. */
  payloadTooLarge: (limit: number) => one(413, 'InvalidInput', payloadTooLargeMessage(limit)),
  requestHeaderFieldsTooLarge: () =>
    one(431, 'InvalidInput', 'Request URL plus headers exceed the limit of 15 KB; the request was blocked.'),
  /** An HTTP version other than 1.0, 1.1 and 2, named when the parser read it. */
  unknownHttpVersion: (version?: string) =>
    one(400, 'InvalidInput', `Unknown HTTP version${version === undefined ? '' : ` ${version}`}; the request was blocked.`),
  /**
   * 501: the live service defines this member or endpoint, the emulator does not model it; it
   * refuses rather than answer 2xx without it or a misleading 404. `field` names a body member
   * (as RequiredField does; `action` when it is an update action's name), `endpoint` an endpoint
   * (`POST /{projectKey}/products/search`).
   */
  notEmulated: (what: { field: string; action?: string } | { endpoint: string }) => one(501, 'NotEmulated', notEmulatedMessage(what), what),
  /** A limit of the project reached (https://docs.commercetools.com/api/errors#maxresourcelimitexceeded). */
  maxResourceLimitExceeded: (limit: number, what: string, exceededResource: string) =>
    one(400, 'MaxResourceLimitExceeded', `You have exceeded the limit of ${limit} ${what}.`, { exceededResource }),
  noMatchingProductDiscountFound: (productId: string, variantId: number, price: unknown) =>
    one(
      404,
      'NoMatchingProductDiscountFound',
      `Couldn't find a matching product discount for: [productId=${productId}, variantId=${variantId}, price=${JSON.stringify(price)}]`,
    ),
  methodNotAllowed: (method: string) => one(405, 'MethodNotAllowed', `Method ${method} is not allowed on this endpoint.`),
  /** Authorization-service errors: `error` is the OAuth code. */
  oauth: (status: number, error: string, message: string) => new ApiError(status, [{ code: error, message }], { oauthError: error }),
};
