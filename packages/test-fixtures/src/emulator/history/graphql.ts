import {
  buildSchema,
  defaultFieldResolver,
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLScalarType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Context } from 'hono';
import { sdl } from '../../generated/history-sdl.js';
import type { Principal } from '../auth/principal.js';
import type { EmulatorContext } from '../context.js';
import { json, readJsonBody } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { ApiError } from '../http/errors.js';
import { historyContract } from '../validation/contract.js';
import { violationToError } from '../validation/request-errors.js';
import { requireAccess } from './access.js';
import { historyErrors } from './errors.js';
import type { HistoryLog } from './log.js';
import { dateBound, planQuery, runRecordQuery, type FilterInput } from './query.js';
import { STORE_SCOPED_TYPES, typeOfGraphqlField } from './resource-types.js';

/**
 * `POST /{projectKey}/graphql` of the Change History: graphql-js over the
 * hand-written SDL (`schemas/graphql/history.graphql`). Root fields run the same query as the
 * REST by-type endpoint. Scopes are checked before execution, from the root fields the operation
 * selects: a missing one fails the whole request with 403 and the REST error body. Filter errors
 * are GraphQL errors with `extensions.code` `BadRequest`.
 */

let schema: GraphQLSchema | undefined;

function checkDateFilterValue(value: unknown): number | string {
  if (typeof value !== 'number' && typeof value !== 'string')
    throw new TypeError('DateFilterValue must be a date-time string, a number of hours or "now"');
  try {
    dateBound('date', value, 0);
  } catch {
    throw new TypeError(
      `DateFilterValue cannot represent ${JSON.stringify(value)}: expected a date-time, a non-negative number of hours or "now"`,
    );
  }
  return value;
}

function historySchema(): GraphQLSchema {
  if (schema) return schema;
  const built = buildSchema(sdl);
  const date = built.getType('DateFilterValue') as GraphQLScalarType;
  date.parseValue = checkDateFilterValue;
  date.parseLiteral = (node: ValueNode) => {
    if (node.kind === Kind.INT) return checkDateFilterValue(Number(node.value));
    if (node.kind === Kind.STRING) return checkDateFilterValue(node.value);
    throw new TypeError('DateFilterValue must be a date-time string, a number of hours or "now"');
  };
  for (const field of Object.keys(built.getQueryType()?.getFields() ?? {})) {
    if (!typeOfGraphqlField(field)) throw new Error(`history.graphql root field ${field} names no Change History resource type`);
  }
  schema = built;
  return schema;
}

/** The root fields an operation selects, through fragments; undefined when there is no such operation. */
function rootFields(document: DocumentNode, operationName: string | undefined): string[] | undefined {
  const operation = getOperationAST(document, operationName);
  if (!operation) return undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const names = new Set<string>();
  const visited = new Set<string>();
  const visit = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  visit(operation.selectionSet);
  return [...names];
}

/**
 * A validation error for an operation whose root type the schema lacks (a mutation or a
 * subscription: the Change History only reads). The GraphQL spec's "Operation Type Existence"
 * rule; graphql-js 16 only finds it while executing, and would answer `data: null`.
 */
function missingRootType(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): GraphQLError | undefined {
  const operation = getOperationAST(document, operationName);
  if (!operation || schema.getRootType(operation.operation)) return undefined;
  return new GraphQLError(`The Change History schema has no ${operation.operation} type: it only reads.`, { nodes: operation });
}

interface ExecutionContext {
  principal: Principal;
  context: EmulatorContext;
  log: HistoryLog;
}

type Args = Record<string, unknown>;

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const optionalList = (value: unknown) => (Array.isArray(value) ? (value as string[]) : undefined);

/** GraphQL arguments as the filters of the REST by-type endpoint. */
function filterInputOf(args: Args): FilterInput {
  const input: FilterInput = {};
  const date = (args['date'] ?? {}) as { from?: number | string | null; to?: number | string | null };
  if (date.from !== undefined && date.from !== null) input.dateFrom = date.from;
  if (date.to !== undefined && date.to !== null) input.dateTo = date.to;
  if (typeof args['limit'] === 'number') input.limit = args['limit'];
  if (typeof args['offset'] === 'number') input.offset = args['offset'];
  if (typeof args['expand'] === 'boolean') input.expand = args['expand'];
  for (const name of [
    'type',
    'source',
    'clientId',
    'userId',
    'customerId',
    'associateId',
    'businessUnit',
    'resourceId',
    'resourceKey',
  ] as const) {
    const value = optionalString(args[name]);
    if (value !== undefined) input[name] = value;
  }
  for (const name of ['changes', 'stores', 'excludePlatformInitiatedChanges'] as const) {
    const value = optionalList(args[name]);
    if (value !== undefined) input[name] = value;
  }
  return input;
}

const LOCALIZED_FIELDS: Record<string, readonly string[]> = { LocalizedLabel: ['value'], ProductLabel: ['slug', 'name'] };
const CHANGE_MEMBERS = new Set(['change', 'type', 'previousValue', 'nextValue']);

const fieldResolver: GraphQLFieldResolver<unknown, ExecutionContext, Args> = (source, args, execution, info) => {
  const parent = info.parentType.name;
  if (parent === 'Query') {
    const type = typeOfGraphqlField(info.fieldName)!;
    try {
      const query = planQuery(filterInputOf(args), { endpoint: 'graphql', type }, execution.principal, execution.context);
      return runRecordQuery(execution.log, query, execution.context, { total: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) throw new GraphQLError(error.message, { extensions: { code: 'BadRequest' } });
      throw error;
    }
  }
  const value = source as Record<string, unknown>;
  if (LOCALIZED_FIELDS[parent]?.includes(info.fieldName)) {
    return Object.entries((value[info.fieldName] ?? {}) as Record<string, string>).map(([locale, text]) => ({ locale, value: text }));
  }
  if (parent === 'Change' && info.fieldName === 'additionalFields') {
    const extra = Object.fromEntries(Object.entries(value).filter(([member]) => !CHANGE_MEMBERS.has(member)));
    return Object.keys(extra).length > 0 ? extra : null;
  }
  return defaultFieldResolver(source, args, execution, info);
};

/** The POST handler. */
export async function handleGraphql(c: Context<AppEnv>, context: EmulatorContext, log: HistoryLog): Promise<Response> {
  const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json')
    throw historyErrors.badRequest('A GraphQL request must be sent with the content type application/json.');
  const body = await readJsonBody(c);
  const violations = historyContract().validate('GraphQLRequest', body);
  if (violations.length > 0) throw violationToError(violations[0]!);
  const request = body as { query: string; operationName?: string | null; variables?: Record<string, unknown> | null };
  const operationName = request.operationName ?? undefined;

  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    if (error instanceof GraphQLError) return json({ errors: [error.toJSON()] });
    throw error;
  }
  const built = historySchema();
  const invalid = validate(built, document);
  const rootless = invalid.length > 0 ? undefined : missingRootType(built, document, operationName);
  const refused = rootless ? [rootless] : invalid;
  if (refused.length > 0) return json({ errors: refused.map((e) => e.toJSON()) });

  const principal = c.get('principal');
  const { projectKey } = context.options;
  for (const field of rootFields(document, operationName) ?? []) {
    const type = typeOfGraphqlField(field);
    if (type) requireAccess(principal, projectKey, type, STORE_SCOPED_TYPES.graphql.has(type.typeId));
  }
  const result = await execute({
    schema: built,
    document,
    operationName,
    variableValues: request.variables ?? undefined,
    contextValue: { principal, context, log } satisfies ExecutionContext,
    fieldResolver,
    typeResolver: (value) => (value as { type?: string }).type,
  });
  return json(result);
}
