/**
 * Builds every hand-written GraphQL SDL with graphql-js and checks that it is a valid,
 * executable schema: `buildSchema` rejects syntax and SDL errors (unknown types, duplicate
 * definitions), `assertValidSchema` rejects type-system errors (an interface implemented
 * with the wrong arguments, an input type used as output, a missing query root).
 *
 * Usage: `pnpm exec tsx tools/validate-graphql.ts [file.graphql or folder of parts ...]`
 * Without arguments it checks `schemas/graphql/commerce/` (its parts joined, as `pnpm generate`
 * joins them) and `schemas/graphql/history.graphql`. Prints one line per valid schema; exits 1
 * with the reasons on the first invalid one.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GraphQLError,
  assertValidSchema,
  buildSchema,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLSchema,
} from 'graphql';
import { bundleGraphql } from './generate/bundle.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const defaults = ['schemas/graphql/commerce', 'schemas/graphql/history.graphql'];

function describeError(error: unknown): string {
  if (error instanceof GraphQLError) {
    const where = (error.locations ?? []).map((l) => `line ${l.line}, column ${l.column}`);
    return where.length > 0 ? `${error.message} (${where.join('; ')})` : error.message;
  }
  if (error instanceof Error) {
    // assertValidSchema joins all type-system errors into one message, one per line.
    return error.message;
  }
  return String(error);
}

function summary(schema: GraphQLSchema): string {
  const named = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
  const count = (pred: (t: (typeof named)[number]) => boolean): number => named.filter(pred).length;
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
    .filter((t) => t != null)
    .map((t) => `${t.name}(${Object.keys(t.getFields()).length})`);
  return [
    `roots ${roots.join(' ')}`,
    `${count(isObjectType)} object`,
    `${count(isInterfaceType)} interface`,
    `${count(isUnionType)} union`,
    `${count(isInputObjectType)} input`,
    `${named.length} types`,
  ].join(', ');
}

function validate(file: string): string {
  const shown = relative(root, resolve(root, file));
  let source: string;
  try {
    source = bundleGraphql(shown);
  } catch (error) {
    throw new Error(`${shown}: cannot read: ${describeError(error)}`);
  }
  let schema: GraphQLSchema;
  try {
    schema = buildSchema(source);
    assertValidSchema(schema);
  } catch (error) {
    throw new Error(`${shown}: invalid schema:\n  ${describeError(error).split('\n').join('\n  ')}`);
  }
  if (schema.getQueryType() == null) {
    throw new Error(`${shown}: invalid schema: no query root type`);
  }
  return `ok ${shown}: ${summary(schema)}`;
}

const files = process.argv.slice(2);
try {
  for (const file of files.length > 0 ? files : defaults) {
    console.log(validate(file));
  }
} catch (error) {
  console.error(`validate-graphql: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
