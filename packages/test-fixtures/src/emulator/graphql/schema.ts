/**
 * The executable schema: `buildSchema` over the SDL that `pnpm generate` copies from
 * `schemas/graphql/commerce/`, with scalars that check their values and the resolvers of
 * this folder attached to its fields. Built once per process; it holds no state (resolvers get
 * the emulator through the context).
 */
import {
  buildSchema,
  GraphQLError,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  Kind,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';
import { sdl } from '../../generated/commerce-sdl.js';
import type { StoredMessage } from '../messages/message-log.js';
import type { GraphqlContext } from './context.js';
import { payloadType } from './messages.js';
import { objectResolvers } from './objects.js';
import type { ResolverMap } from './resolver-types.js';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

function invalid(type: string, value: unknown): GraphQLError {
  return new GraphQLError(`${type} cannot represent ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value)}.`);
}

/** Scalar behaviour: how a value is checked coming in (variables, literals) and going out. */
interface ScalarRules {
  /** Checks a value from variables or an output; returns it or throws. */
  check(value: unknown): unknown;
  /** The literal kinds the scalar accepts in a document. */
  literals: readonly Kind[];
}

const scalarRules: Record<string, ScalarRules> = {
  Long: {
    check: (value) => {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalid('Long', value);
      return value;
    },
    literals: [Kind.INT],
  },
  DateTime: {
    check: (value) => {
      if (typeof value !== 'string' || !ISO_DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) throw invalid('DateTime', value);
      return value;
    },
    literals: [Kind.STRING],
  },
  Locale: {
    check: (value) => {
      if (typeof value !== 'string' || value === '') throw invalid('Locale', value);
      return value;
    },
    literals: [Kind.STRING],
  },
  Country: {
    check: (value) => {
      if (typeof value !== 'string' || !/^[A-Z]{2}$/.test(value)) throw invalid('Country', value);
      return value;
    },
    literals: [Kind.STRING],
  },
  Currency: {
    check: (value) => {
      if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) throw invalid('Currency', value);
      return value;
    },
    literals: [Kind.STRING],
  },
};

function literalValue(node: ValueNode): unknown {
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.STRING) return node.value;
  return undefined;
}

function configureScalars(schema: GraphQLSchema): void {
  for (const [name, rules] of Object.entries(scalarRules)) {
    const type = schema.getType(name);
    if (!(type instanceof GraphQLScalarType)) throw new Error(`the SDL has no scalar ${name}`);
    type.serialize = rules.check;
    type.parseValue = rules.check;
    type.parseLiteral = (node) => {
      if (!rules.literals.includes(node.kind)) throw new GraphQLError(`${name} cannot represent a ${node.kind} literal.`, { nodes: node });
      return rules.check(literalValue(node));
    };
  }
}

/** Sets `resolve` on every field named in `map`; a name the schema lacks is a start-up error, not a silent null. */
function attachResolvers(schema: GraphQLSchema, map: ResolverMap): void {
  for (const [typeName, fields] of Object.entries(map)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) throw new Error(`resolvers for ${typeName}, which is not an object type of the SDL`);
    const defined = type.getFields();
    for (const [fieldName, resolver] of Object.entries(fields)) {
      const field = defined[fieldName];
      if (!field) throw new Error(`resolver for ${typeName}.${fieldName}, which the SDL does not have`);
      field.resolve = (source, args, ctx: GraphqlContext) => resolver(source as never, args as never, ctx);
    }
  }
}

function configureAbstractTypes(schema: GraphQLSchema): void {
  const payload = schema.getType('MessagePayload');
  if (!(payload instanceof GraphQLInterfaceType)) throw new Error('the SDL has no interface MessagePayload');
  const known = new Set(schema.getPossibleTypes(payload).map((t) => t.name));
  payload.resolveType = (message) => payloadType(message as StoredMessage, known);
  const variants = schema.getType('ProductVariantSelection');
  if (!(variants instanceof GraphQLInterfaceType)) throw new Error('the SDL has no interface ProductVariantSelection');
  variants.resolveType = (selection) => variantSelectionType((selection as { type: string }).type);
  const combination = schema.getType('DiscountTypeCombination');
  if (!(combination instanceof GraphQLInterfaceType)) throw new Error('the SDL has no interface DiscountTypeCombination');
  // Stored as the REST form, whose `type` (Stacking, BestDeal) names the object type.
  combination.resolveType = (value) => (value as { type: string }).type;
  const reviewTarget = schema.getType('ReviewTarget');
  if (!(reviewTarget instanceof GraphQLInterfaceType)) throw new Error('the SDL has no interface ReviewTarget');
  // Products are the only ReviewTarget of the schema (a Channel target resolves to null).
  reviewTarget.resolveType = () => 'Product';
}

/** The object type of a stored variant selection, by its `type` (`includeOnly` → ProductVariantSelectionIncludeOnly). */
function variantSelectionType(type: string): string {
  return `ProductVariantSelection${type.charAt(0).toUpperCase()}${type.slice(1)}`;
}

let built: GraphQLSchema | undefined;

/**
 * The commerce GraphQL schema with the emulator's resolvers: those of the resource modules of the
 * registry (the same list in every project, so the schema is built once) and the shared object
 * resolvers. A field no module answers resolves to null.
 */
export function commerceSchema(resolvers: readonly ResolverMap[]): GraphQLSchema {
  if (built) return built;
  const schema = buildSchema(sdl);
  configureScalars(schema);
  for (const map of [objectResolvers, ...resolvers]) attachResolvers(schema, map);
  configureAbstractTypes(schema);
  built = schema;
  return schema;
}
