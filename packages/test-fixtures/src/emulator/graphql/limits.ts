/**
 * Limits on a GraphQL request (decisions, written in the SDL's description): the document size
 * is checked before parsing, the token count while parsing, and the depth and complexity of
 * the operation by a validation rule before anything executes.
 */
import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLNamedType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { DEFAULT_LIMIT } from '../query/index.js';

/** Largest `query` accepted, in UTF-8 bytes. */
export const MAX_DOCUMENT_BYTES = 64 * 1024;
/** Largest request body (document plus variables), in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Parsing stops after this many tokens. */
export const MAX_TOKENS = 10_000;
/** Deepest nesting of fields; introspection (`__schema`, `__type`) is not counted. */
export const MAX_DEPTH = 12;
/** Highest cost of an operation; see {@link operationLimits}. */
export const MAX_COMPLEXITY = 50_000;

export type LimitReason = 'DEPTH' | 'COMPLEXITY';

interface Measure {
  depth: number;
  cost: number;
}

/** The `limit` argument of a field: a literal, a variable's value, or the default page size. */
function limitOf(
  args: readonly { name: { value: string }; value: ValueNode }[],
  hasLimit: boolean,
  variables: Record<string, unknown>,
): number {
  if (!hasLimit) return 1;
  const arg = args.find((a) => a.name.value === 'limit');
  if (!arg) return DEFAULT_LIMIT;
  const value =
    arg.value.kind === Kind.INT ? Number(arg.value.value) : arg.value.kind === Kind.VARIABLE ? variables[arg.value.name.value] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, value) : DEFAULT_LIMIT;
}

/**
 * Depth and cost of a selection set. Every field costs 1; the fields below a field that takes a
 * `limit` count once per element that limit allows. Fragments are expanded (the standard rules
 * have already refused cycles); type conditions narrow the parent type.
 */
function measure(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType | undefined,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  schemaType: (name: string) => GraphQLNamedType | undefined,
): Measure {
  let depth = 0;
  let cost = 0;
  const add = (m: Measure) => {
    depth = Math.max(depth, m.depth);
    cost += m.cost;
  };
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name === '__schema' || name === '__type') {
        // Introspection: bounded by the schema, not by the data; costs 1, depth not counted.
        cost += 1;
        continue;
      }
      const field = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
      if (!selection.selectionSet) {
        add({ depth: 1, cost: 1 });
        continue;
      }
      const type = field ? (getNamedType(field.type) as GraphQLCompositeType) : undefined;
      const inner = measure(selection.selectionSet, type, fragments, variables, schemaType);
      const factor = limitOf(selection.arguments ?? [], field?.args.some((a) => a.name === 'limit') ?? false, variables);
      add({ depth: 1 + inner.depth, cost: 1 + factor * inner.cost });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? (schemaType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined) : parent;
      add(measure(selection.selectionSet, type, fragments, variables, schemaType));
    } else {
      const fragment = fragments.get(selection.name.value);
      if (fragment)
        add(
          measure(
            fragment.selectionSet,
            schemaType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined,
            fragments,
            variables,
            schemaType,
          ),
        );
    }
  }
  return { depth, cost };
}

/**
 * A validation rule that refuses an operation nested deeper than `maxDepth`, or costing more than
 * `maxComplexity`. It reads `limit` arguments given as variables from `variables`, so it is made
 * per request. Errors carry `extensions.reason` `DEPTH` or `COMPLEXITY`.
 *
 * @example
 * validate(schema, document, [operationLimits({ maxDepth: 12, maxComplexity: 10_000, variables })]);
 */
export function operationLimits(options: { maxDepth: number; maxComplexity: number; variables: Record<string, unknown> }): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const schema = context.getSchema();
    const schemaType = (name: string) => schema.getType(name);
    return {
      OperationDefinition(node: OperationDefinitionNode) {
        const root = schema.getRootType(node.operation) ?? undefined;
        const { depth, cost } = measure(node.selectionSet, root, fragments, options.variables, schemaType);
        const name = node.name ? `Operation '${node.name.value}'` : 'The operation';
        if (depth > options.maxDepth) {
          context.reportError(
            new GraphQLError(`${name} nests fields ${depth} deep; the limit is ${options.maxDepth}.`, {
              nodes: node,
              extensions: { reason: 'DEPTH' },
            }),
          );
        }
        if (cost > options.maxComplexity) {
          context.reportError(
            new GraphQLError(
              `${name} has a complexity of ${cost}; the limit is ${options.maxComplexity}. Ask for smaller pages (limit) or fewer nested lists.`,
              {
                nodes: node,
                extensions: { reason: 'COMPLEXITY' },
              },
            ),
          );
        }
      },
    };
  };
}
