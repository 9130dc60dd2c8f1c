/**
 * `POST /{projectKey}/graphql`: body `{ query, operationName?, variables? }`,
 * executed with graphql-js against the commerce SDL over the same store as REST.
 */
import { execute, getOperationAST, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import type { Context, Hono } from 'hono';
import type { EmulatorContext } from '../context.js';
import { decodeUtf8, json, parseJson, readBodyBytes } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { callerOf } from '../resources/kit/rest-routes.js';
import { invalidJson, missingValue } from '../validation/request-errors.js';
import { requireEntryScope, type GraphqlContext } from './context.js';
import { formatFieldError, requestError, validationError } from './errors.js';
import { MAX_BODY_BYTES, MAX_COMPLEXITY, MAX_DEPTH, MAX_DOCUMENT_BYTES, MAX_TOKENS, operationLimits } from './limits.js';
import type { ResolverMap } from './resolver-types.js';
import { commerceSchema } from './schema.js';

interface GraphqlRequest {
  query: string;
  operationName: string | undefined;
  variables: Record<string, unknown>;
}

const utf8 = new TextEncoder();

/** The request body, read up to its size limit, checked for encoding and shape; the document is not parsed yet. */
async function readRequest(c: Context): Promise<GraphqlRequest> {
  const bytes = await readBodyBytes(c, MAX_BODY_BYTES);
  if (bytes === undefined) throw requestError('TOO_LARGE', [`The request body exceeds ${MAX_BODY_BYTES} bytes.`]);
  const text = decodeUtf8(bytes);
  if (text === undefined) throw invalidJson('request body: not valid UTF-8');
  const body = parseJson(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidJson('request body: must be an object with a query');
  const { query, operationName, variables } = body as Record<string, unknown>;
  if (query === undefined) throw missingValue('query');
  if (typeof query !== 'string') throw invalidJson('query: must be a string');
  if (operationName != null && typeof operationName !== 'string') throw invalidJson('operationName: must be a string');
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) throw invalidJson('variables: must be an object');
  const size = utf8.encode(query).length;
  if (size > MAX_DOCUMENT_BYTES) {
    throw requestError('TOO_LARGE', [`The GraphQL document has ${size} bytes; the limit is ${MAX_DOCUMENT_BYTES}. It was not parsed.`]);
  }
  return {
    query,
    operationName: (operationName as string | null | undefined) ?? undefined,
    variables: (variables as Record<string, unknown> | null) ?? {},
  };
}

function parseDocument(query: string): DocumentNode {
  try {
    return parse(query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (error instanceof GraphQLError) throw requestError('SYNTAX', [error]);
    throw error;
  }
}

/** Registers the GraphQL endpoint. */
export function registerGraphqlRoute(api: Hono<AppEnv>, context: EmulatorContext, resolvers: readonly ResolverMap[]): void {
  const { projectKey } = context.options;
  const schema = commerceSchema(resolvers);

  api.post('/:projectKey/graphql', async (c) => {
    const principal = c.get('principal');
    requireEntryScope(principal, projectKey);
    const request = await readRequest(c);
    const document = parseDocument(request.query);

    const invalid = validate(schema, document);
    if (invalid.length > 0) throw validationError(invalid);
    const tooMuch = validate(schema, document, [
      operationLimits({ maxDepth: MAX_DEPTH, maxComplexity: MAX_COMPLEXITY, variables: request.variables }),
    ]);
    if (tooMuch.length > 0) throw requestError('DEPTH', tooMuch);
    if (!getOperationAST(document, request.operationName)) {
      throw requestError('OPERATION', [
        request.operationName === undefined
          ? 'The document must contain exactly one operation, or operationName must name one.'
          : `The document has no operation named '${request.operationName}'.`,
      ]);
    }

    const contextValue: GraphqlContext = { emulator: context, principal, caller: callerOf(c), projectKey };
    const result = await execute({
      schema,
      document,
      contextValue,
      variableValues: request.variables,
      operationName: request.operationName,
    });
    // No `data` at all: the variables did not fit the operation (a request error in GraphQL terms).
    if (!('data' in result) || result.data === undefined) throw requestError('VARIABLES', result.errors ?? []);
    return json({ data: result.data, ...(result.errors?.length ? { errors: result.errors.map(formatFieldError) } : {}) });
  });
}
