import {
  Kind,
  parse,
  print,
  stripIgnoredCharacters,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const upperFirst = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The typed documents of a client package: one `export const <Name>Document` per operation, a
 * plain string (the operation and every fragment it uses, with ignored characters stripped)
 * typed as `TypedDocumentString<Result, Variables>`. Written here rather than with the
 * typed-document-node plugin so that the output needs neither `graphql` nor
 * `@graphql-typed-document-node/core` at run time or for its types, and so that a bundler drops
 * every document a consumer does not import (a string constant is side-effect free; the
 * plugin's `new TypedDocumentString(...)` is not). Result and variable type names follow
 * typescript-operations (`<Name>Query`, `<Name>QueryVariables`, ...).
 */
export function typedDocuments(folder: string): string {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.graphql'))
    .sort();
  const definitions: DefinitionNode[] = files.flatMap((f) => parse(readFileSync(join(folder, f), 'utf8')).definitions);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const spreadsOf = (node: DefinitionNode): string[] => {
    const names: string[] = [];
    visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
    return names;
  };
  const usedFragments = (operation: OperationDefinitionNode): FragmentDefinitionNode[] => {
    const seen = new Set<string>();
    const queue = spreadsOf(operation);
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (seen.has(name)) continue;
      const fragment = fragments.get(name);
      if (!fragment) throw new Error(`unknown fragment ${name} in ${folder}`);
      seen.add(name);
      queue.push(...spreadsOf(fragment));
    }
    return [...seen].map((name) => fragments.get(name)!);
  };
  const out = [
    '/**',
    ' * A GraphQL document as a plain string that carries the types of its result and variables. Structurally',
    ' * compatible with `DocumentTypeDecoration` of @graphql-typed-document-node/core, so typed clients accept it.',
    ' */',
    'export type TypedDocumentString<TResult, TVariables> = string & { readonly __apiType?: (variables: TVariables) => TResult };',
    '',
  ];
  for (const d of definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    if (!d.name) throw new Error(`an operation in ${folder} has no name`);
    const name = d.name.value;
    const typeName = `${upperFirst(name)}${upperFirst(d.operation)}`;
    const source = [d, ...usedFragments(d)].map((node) => print(node)).join('\n\n');
    const comment = print(d)
      .split('\n')
      .map((line) => ` * ${line}`.trimEnd())
      .join('\n')
      .replace(/\*\//g, '*\\/');
    out.push(
      '/**',
      ' * ```graphql',
      comment,
      ' * ```',
      ' */',
      `export const ${upperFirst(name)}Document = ${JSON.stringify(stripIgnoredCharacters(source))} as TypedDocumentString<${typeName}, ${typeName}Variables>;`,
      '',
    );
  }
  return out.join('\n');
}
