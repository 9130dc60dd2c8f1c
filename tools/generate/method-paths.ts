import { COMMERCE_OPENAPI, readSchema } from './bundle.js';
import { HTTP_METHODS, atPointer } from './openapi-document.js';
import { at, header, write } from './output.js';

/** An OpenAPI object that may be a `$ref` to another one of the same document. */
type Referable = { $ref?: string } & Record<string, unknown>;
/** The parts of an operation of the Commerce schema that the call tables read. */
interface OperationNode {
  operationId?: string;
  parameters?: Referable[];
  requestBody?: Referable;
  responses?: Record<string, Referable>;
}

/** The 2xx statuses whose content is a call's `data` (as `OkStatus` of rest-client's call-types.ts). */
const OK_STATUSES = ['200', '201', '202', '203', '204', '206', '207', '2XX'];

/**
 * The paths of each HTTP method of the Commerce schema as written-out unions, and per method a table
 * from path to the call's arguments and to its JSON answer, for rest-client's call signatures: a
 * union of literals costs a consumer's type check nothing until a path is used, where computing
 * it from `paths` resolves every path item first; and a call whose options and answer are read
 * from a table is a plain indexed access, where computing them from the operation (`CallArgs`,
 * `JsonData`) takes conditional types at every call. The tables follow openapi-typescript's rules
 * (test/call-types.test-d.ts checks that they equal `CallArgs` and `JsonData` for every path):
 * `params` is required when a parameter is (every path parameter, a `required` query or header
 * parameter), `body` when the request body is `required`; the answer is the content of the 2xx
 * responses (`undefined` for one without content).
 */
export async function generateMethodPaths(): Promise<void> {
  const source = COMMERCE_OPENAPI;
  const document = readSchema<{ paths: Record<string, Record<string, unknown>> }>(source);
  const resolve = (node: Referable): Referable => {
    if (node.$ref === undefined) return node;
    const target = atPointer(document, node.$ref);
    if (typeof target !== 'object' || target === null) throw new Error(`${source}: unresolved ${node.$ref}`);
    return resolve(target as Referable);
  };
  /** The TypeScript type of a media type's schema: the component's name for a `$ref`, else `fallback` (an indexed access of `operations`). */
  const schemaType = (schema: Referable | undefined, fallback: string) => {
    const named = /^#\/components\/schemas\/([^/]+)$/.exec(schema?.$ref ?? '');
    return named ? `components['schemas'][${JSON.stringify(named[1])}]` : fallback;
  };
  const members: string[] = [];
  const calls: string[] = [];
  const answers: string[] = [];
  for (const method of HTTP_METHODS) {
    const withMethod = Object.entries(document.paths).filter(([, item]) => typeof item[method] === 'object' && item[method] !== null);
    members.push(`  ${method}: ${withMethod.length === 0 ? 'never' : withMethod.map(([path]) => JSON.stringify(path)).join(' | ')};`);
    const callRows: string[] = [];
    const answerRows: string[] = [];
    for (const [path, item] of withMethod) {
      const operation = item[method] as OperationNode;
      const id = operation.operationId;
      if (id === undefined) throw new Error(`${source}: ${method} ${path} has no operationId`);
      const op = `operations[${JSON.stringify(id)}]`;
      const parameters = [...((item.parameters as Referable[] | undefined) ?? []), ...(operation.parameters ?? [])].map(resolve);
      const needsParams = parameters.some((parameter) => parameter.in === 'path' || parameter.required === true);
      const requestBody = operation.requestBody && resolve(operation.requestBody);
      const needsBody = requestBody?.required === true;
      const bodyContent = (requestBody?.content ?? {}) as Record<string, { schema?: Referable }>;
      const body =
        Object.entries(bodyContent)
          .map(([media, { schema }]) => schemaType(schema, `NonNullable<${op}['requestBody']>['content'][${JSON.stringify(media)}]`))
          .join(' | ') || 'never';
      const shape = needsParams ? (needsBody ? 'CallParamsBody' : 'CallParams') : needsBody ? 'CallBody' : 'CallNone';
      callRows.push(`    ${JSON.stringify(path)}: ${shape}<${JSON.stringify(id)}, ${body}, As>;`);
      const answer = Object.entries(operation.responses ?? {})
        .filter(([status]) => OK_STATUSES.includes(status))
        .flatMap(([status, response]) => {
          const content = resolve(response).content as Record<string, { schema?: Referable }> | undefined;
          if (content === undefined) return ['undefined'];
          const key = /^\d+$/.test(status) ? status : JSON.stringify(status);
          return Object.entries(content).map(([media, { schema }]) =>
            schemaType(schema, `${op}['responses'][${key}]['content'][${JSON.stringify(media)}]`),
          );
        });
      answerRows.push(`    ${JSON.stringify(path)}: ${[...new Set(answer)].join(' | ') || 'never'};`);
    }
    calls.push(`  ${method}: {\n${callRows.join('\n')}\n    [path: string]: [init?: CallOptions<As>];\n  };`);
    answers.push(`  ${method}: {\n${answerRows.join('\n')}\n    [path: string]: unknown;\n  };`);
  }
  const content = `${header(source)}
import type { CallOptions, ParseAs } from '../call-types.js';
import type { components, operations } from './commerce.js';

/** The arguments of a call of operation \`Id\` whose options are optional (no required parameter, no required body). */
type CallNone<Id extends keyof operations, Body, As extends ParseAs> = [init?: { params?: operations[Id]['parameters']; body?: Body } & CallOptions<As>];
/** The arguments of a call of operation \`Id\` that needs \`params\` (a path parameter, a required query parameter). */
type CallParams<Id extends keyof operations, Body, As extends ParseAs> = [init: { params: operations[Id]['parameters']; body?: Body } & CallOptions<As>];
/** The arguments of a call of operation \`Id\` that needs a \`body\`. */
type CallBody<Id extends keyof operations, Body, As extends ParseAs> = [init: { params?: operations[Id]['parameters']; body: Body } & CallOptions<As>];
/** The arguments of a call of operation \`Id\` that needs \`params\` and a \`body\`. */
type CallParamsBody<Id extends keyof operations, Body, As extends ParseAs> = [init: { params: operations[Id]['parameters']; body: Body } & CallOptions<As>];

/**
 * The paths that accept each method (\`get\`, \`post\`, ...), as written-out unions of literals
 * (equal to \`PathsWith<Method>\` of the generated \`paths\`, which test/call-types.test-d.ts checks).
 *
 * @example
 * const path: PathsOf['get'] = '/product-selections';
 */
export interface PathsOf {
${members.join('\n')}
}

/**
 * The arguments after \`url\` of a call, by method and path: the options, required when \`params\`
 * or \`body\` is (equal to \`CallArgs\` of the operation, which test/call-types.test-d.ts checks);
 * for any other string, optional options without \`params\` or \`body\` (such a \`url\` fails to
 * compile; the fallback also types the options before the path is inferred, where its
 * \`parseAs?: As\` keeps a \`parseAs\` literal for inferring \`As\`).
 *
 * @example
 * const args: CallArgsOf<'json'>['get']['/product-selections/{ID}'] = [{ params: { path: { ID: 'id' } } }];
 */
export interface CallArgsOf<As extends ParseAs> {
${calls.join('\n')}
}

/**
 * The JSON answer of a successful call, by method and path (equal to \`JsonData\` of the
 * operation, which test/call-types.test-d.ts checks); \`unknown\` for any other string.
 *
 * @example
 * type Page = JsonDataOf['get']['/product-selections']; // ProductSelectionPagedQueryResponse
 */
export interface JsonDataOf {
${answers.join('\n')}
}
`;
  await write(at('packages/rest-client/src/generated/method-paths.ts'), content, 'typescript');
}
