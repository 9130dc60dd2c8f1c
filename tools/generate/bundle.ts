/**
 * A schema written in parts, merged into the one document the generators, the clients and the
 * emulator use. A schema source (a path below the repository root) is a file, read as it is, or a
 * folder of parts: for OpenAPI, `openapi.yaml` (the root: info, servers, tags, security schemes)
 * and one file per resource with its `paths` and `components`; for GraphQL, `schema.graphql` and
 * one SDL file per resource (adding its root fields with `extend type Query`). The root comes
 * first, then the other parts by file name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { atPointer } from './openapi-document.js';
import { root } from './output.js';

/** A source below the repository root (or an absolute path). */
const at = (source: string): string => resolvePath(root, source);

/** The files of a folder of parts: the root first, then the others with `extension` by name. */
function partsOf(folder: string, rootName: string, extension: string): string[] {
  const others = readdirSync(at(folder))
    .filter((name) => name.endsWith(extension) && name !== rootName)
    .sort();
  return [rootName, ...others].map((name) => join(folder, name));
}

const isFolder = (source: string): boolean => statSync(at(source)).isDirectory();

/** The members of `components`, in the order of the OpenAPI specification. */
const COMPONENT_SECTIONS = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
];
/** What a part other than the root may hold. */
const PART_MEMBERS = new Set(['paths', 'webhooks', 'components']);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A key as one part of a JSON pointer (`/` is `~1`, `~` is `~0`). */
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every `$ref` in `node`, with where it is. */
function* refsOf(node: unknown, where: string): Generator<{ ref: string; where: string }> {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) yield* refsOf(item, `${where}/${i}`);
  else if (isNode(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') yield { ref: value, where };
      else yield* refsOf(value, `${where}/${escape(key)}`);
    }
}

/**
 * The OpenAPI document at `source`: a YAML file, or the merge of a folder of parts. The merge
 * fails on a path or component defined twice, on a part holding anything but `paths`, `webhooks`
 * and `components`, and on a `$ref` that is not a local pointer resolving in the merged document.
 */
export function bundleOpenApi(source: string): Node {
  if (!isFolder(source)) return parseYaml(readFileSync(at(source), 'utf8')) as Node;
  const [rootFile, ...partFiles] = partsOf(source, 'openapi.yaml', '.yaml');
  const document = parseYaml(readFileSync(at(rootFile!), 'utf8')) as Node;
  const definedIn = new Map<string, string>();
  const add = (map: Node, key: string, value: unknown, pointer: string, file: string) => {
    const earlier = definedIn.get(pointer);
    if (earlier !== undefined || key in map) throw new Error(`${file}: ${pointer} is defined in ${earlier ?? rootFile} too`);
    definedIn.set(pointer, file);
    map[key] = value;
  };
  for (const file of partFiles) {
    const part = (parseYaml(readFileSync(at(file), 'utf8')) ?? {}) as Node;
    for (const member of Object.keys(part))
      if (!PART_MEMBERS.has(member)) throw new Error(`${file}: a part holds only paths, webhooks and components, not ${member}`);
    for (const member of ['paths', 'webhooks'] as const) {
      if (part[member] === undefined) continue;
      const into = (document[member] ??= {}) as Node;
      for (const [key, value] of Object.entries(part[member] as Node)) add(into, key, value, `#/${member}/${escape(key)}`, file);
    }
    for (const [section, entries] of Object.entries((part.components ?? {}) as Node)) {
      const components = (document.components ??= {}) as Node;
      const into = (components[section] ??= {}) as Node;
      for (const [key, value] of Object.entries(entries as Node)) add(into, key, value, `#/components/${section}/${escape(key)}`, file);
    }
  }
  if (isNode(document.components)) {
    const components = document.components;
    const known = COMPONENT_SECTIONS.filter((section) => section in components);
    const others = Object.keys(components).filter((section) => !COMPONENT_SECTIONS.includes(section));
    document.components = Object.fromEntries([...known, ...others].map((section) => [section, components[section]]));
  }
  // As a single document is written: the paths and webhooks, then the components.
  for (const member of ['paths', 'webhooks', 'components'])
    if (member in document) {
      const value = document[member];
      delete document[member];
      document[member] = value;
    }
  for (const { ref, where } of refsOf(document, '#')) {
    if (!ref.startsWith('#/') || atPointer(document, ref) === undefined) {
      const top = /^#\/(?:paths|webhooks|components\/[^/]+)\/[^/]+/.exec(where)?.[0];
      throw new Error(`${(top && definedIn.get(top)) ?? rootFile}: $ref ${ref} at ${where} does not resolve in the merged document`);
    }
  }
  return document;
}

/** The Commerce REST API: a folder of parts, one per resource. */
export const COMMERCE_OPENAPI = 'schemas/openapi/commerce';

/** The OpenAPI document at `source` (a YAML file or a folder of parts), parsed and merged. */
export const readSchema = <T>(source: string): T => bundleOpenApi(source) as T;

/** The GraphQL SDL at `source`: a file, or the parts of a folder joined. */
export function bundleGraphql(source: string): string {
  if (!isFolder(source)) return readFileSync(at(source), 'utf8');
  return partsOf(source, 'schema.graphql', '.graphql')
    .map((file) => readFileSync(at(file), 'utf8').trimEnd())
    .join('\n\n')
    .concat('\n');
}
