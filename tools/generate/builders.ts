/** The builders generator: one test-data builder factory per object schema of the Commerce schema (test-fixtures). */
import { COMMERCE_OPENAPI, readSchema } from './bundle.js';
import { at, header, write } from './output.js';

/** Member names the generic builder keeps for its own methods (packages/test-fixtures/src/builders/builder.ts). */
const RESERVED_BUILDER_NAMES = new Set(['build', 'buildGraphql', 'with']);
const JS_RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'await',
]);

type SchemaNode = {
  $ref?: string;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  description?: string;
};

/**
 * The factories of `packages/test-fixtures/src/generated/builders.ts`: one per component schema
 * that describes an object (directly or through `allOf`), so that every draft, resource, update
 * action and nested shape has a builder. A `oneOf` union (ResourceIdentifier, Message, ...) gets
 * none: its alternatives have theirs. `kind` is `draft` (`*Draft`), `action` (`*Action`),
 * `update` (`*Update`), `resource` (extends BaseResource or MessageBase, or is the body a GET
 * operation answers with; paged answers excepted) or `other`.
 */
export async function generateBuilders(): Promise<void> {
  const source = COMMERCE_OPENAPI;
  const document = readSchema<{
    components: { schemas: Record<string, SchemaNode> };
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: SchemaNode }> }> }>>;
  }>(source);
  const schemas = document.components.schemas;
  const refTarget = (node: SchemaNode | undefined) => node?.$ref?.replace('#/components/schemas/', '');
  const propertiesOf = (node: SchemaNode, seen = new Set<string>()): string[] => {
    const name = refTarget(node);
    if (name !== undefined) {
      if (seen.has(name)) return [];
      seen.add(name);
      return propertiesOf(schemas[name]!, seen);
    }
    return [
      ...Object.keys(node.properties ?? {}),
      ...(node.allOf ?? []).flatMap((part) => propertiesOf(part, seen)),
      ...(node.oneOf ?? []).flatMap((part) => propertiesOf(part, seen)),
    ];
  };
  const answered = new Set<string>();
  for (const item of Object.values(document.paths)) {
    const body = item['get']?.responses?.['200']?.content?.['application/json']?.schema;
    const direct = refTarget(body);
    const union = direct === undefined ? body?.oneOf : schemas[direct]?.oneOf;
    for (const node of [body, ...(union ?? [])]) {
      const name = refTarget(node);
      if (name !== undefined && !schemas[name]?.oneOf) answered.add(name);
    }
  }
  const kindOf = (name: string, node: SchemaNode) => {
    if (name.endsWith('Draft')) return 'draft';
    if (name.endsWith('Action')) return 'action';
    if (name.endsWith('Update')) return 'update';
    const bases = (node.allOf ?? []).map(refTarget);
    if (bases.includes('PagedQueryResponse')) return 'other';
    if (bases.includes('BaseResource') || bases.includes('MessageBase') || answered.has(name)) return 'resource';
    return 'other';
  };
  const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
  const entries: { name: string; factory: string; kind: string; description: string }[] = [];
  for (const [name, node] of Object.entries(schemas)) {
    if (node.oneOf && !node.properties && !node.allOf) continue;
    const members = new Set(propertiesOf(node));
    if (members.size === 0) continue;
    for (const member of members) {
      if (RESERVED_BUILDER_NAMES.has(member)) throw new Error(`${name}.${member} collides with a builder method name`);
    }
    const factory = lowerFirst(name);
    if (JS_RESERVED.has(factory)) throw new Error(`builder name ${factory} is a reserved word`);
    const description = (node.description ?? (node.allOf ?? []).map((part) => part.description).find(Boolean) ?? '').split('\n')[0]!.trim();
    entries.push({ name, factory, kind: kindOf(name, node), description });
  }
  const example = (entry: (typeof entries)[number]) => {
    if (entry.kind === 'draft')
      return [` * ${entry.factory}({ seed: 42 }).build();`, ` * ${entry.factory}().buildGraphql(); // the GraphQL input form`];
    if (entry.kind === 'resource')
      return [
        ` * ${entry.factory}({ seed: 42 }).build();`,
        ` * ${entry.factory}().buildGraphql(); // the GraphQL output form (\`*AllLocales\`, \`*Ref\`)`,
      ];
    return [` * ${entry.factory}({ seed: 42 }).build();`];
  };
  const out = [
    "import { defineBuilder } from '../builders/builder.js';",
    '',
    ...entries.flatMap((entry) => [
      '/**',
      ` * Builder of a \`${entry.name}\` (${entry.kind}) of the Commerce schema, with plausible seeded defaults for its required members.${entry.description ? ` ${entry.description.replace(/\*\//g, '*\\/')}` : ''}`,
      ' *',
      ' * @example',
      ...example(entry),
      ' */',
      `export const ${entry.factory} = /* @__PURE__ */ defineBuilder('${entry.name}', '${entry.kind}');`,
      '',
    ]),
    '/** Every builder factory, by the name of the component schema it builds. */',
    'export const builderFactories = {',
    ...entries.map((entry) => `  ${entry.name}: ${entry.factory},`),
    '} as const;',
    '',
  ];
  await write(at('packages/test-fixtures/src/generated/builders.ts'), `${header(source)}\n${out.join('\n')}`, 'typescript');
}
