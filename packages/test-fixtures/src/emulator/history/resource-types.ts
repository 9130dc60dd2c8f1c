import historyDocument from '../../generated/history.openapi.json' with { type: 'json' };

/**
 * The resource types of the Change History and the query parameters of its three GET endpoints,
 * read from the bundled `schemas/openapi/history.yaml`, so that the emulator and the published schema
 * cannot disagree about which type exists, which scope it needs or which parameter an endpoint
 * takes.
 */

/** One tracked resource type (ChangeHistoryResourceType). */
export interface HistoryResourceType {
  /** Singular name, also `resource.typeId` of its Records (`product-selection`). */
  typeId: string;
  /** Plural spelling of the live service (`product-selections`), accepted in paths too. */
  plural: string;
  /** Root field of the GraphQL schema (`productSelections`). */
  graphqlField: string;
  /** View scope name without the project key (`view_product_selections`). */
  scope: string;
}

/** The three GET endpoints: all types, by type, by id. */
export type Endpoint = 'all' | 'byType' | 'byId';

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string };
}

type Operation = { parameters?: { $ref: string }[]; 'x-required-type-scopes'?: Record<string, string> };

const document = historyDocument as unknown as {
  paths: Record<string, { get?: Operation; post?: Operation }>;
  components: {
    parameters: Record<string, Parameter>;
    schemas: Record<string, { enum?: string[]; 'x-live-spellings'?: Record<string, string> }>;
  };
};

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`history.openapi.json lacks ${what}; run \`pnpm generate\``);
  return value;
}

/** GraphQL root fields are the plural spelling in camel case, except where that is no plural. */
const GRAPHQL_FIELD_OVERRIDES: Record<string, string> = { 'inventory-entry': 'inventoryEntries' };

const camelCase = (value: string) => value.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function loadTypes(): Map<string, HistoryResourceType> {
  const singulars = required(document.components.schemas['ChangeHistoryResourceType']?.enum, 'ChangeHistoryResourceType');
  const spellings = required(document.components.schemas['ResourceTypePathSegment']?.['x-live-spellings'], 'x-live-spellings');
  const scopes = required(document.paths['/']?.get?.['x-required-type-scopes'], 'x-required-type-scopes');
  const pluralOf = new Map(Object.entries(spellings).map(([plural, singular]) => [singular, plural]));
  const types = new Map<string, HistoryResourceType>();
  for (const typeId of singulars) {
    const plural = required(pluralOf.get(typeId), `a plural spelling of ${typeId}`);
    types.set(typeId, {
      typeId,
      plural,
      graphqlField: GRAPHQL_FIELD_OVERRIDES[typeId] ?? camelCase(plural),
      scope: required(scopes[typeId], `the scope of ${typeId}`),
    });
  }
  return types;
}

/** Every tracked type by its singular name. */
export const HISTORY_TYPES: ReadonlyMap<string, HistoryResourceType> = loadTypes();

const bySegment = new Map<string, HistoryResourceType>();
for (const type of HISTORY_TYPES.values()) {
  bySegment.set(type.typeId, type);
  bySegment.set(type.plural, type);
}

/** The type a path segment or `resourceTypes` value names, singular or plural. */
export function typeOfSegment(segment: string): HistoryResourceType | undefined {
  return bySegment.get(segment);
}

/** The type of a GraphQL root field. */
export function typeOfGraphqlField(field: string): HistoryResourceType | undefined {
  for (const type of HISTORY_TYPES.values()) if (type.graphqlField === field) return type;
  return undefined;
}

/** `resourceKey` filters only these types. */
export const RESOURCE_KEY_TYPES: ReadonlySet<string> = new Set(['business-unit', 'associate-role', 'product', 'store']);
/** `associateId` filters only these types. */
export const ASSOCIATE_TYPES: ReadonlySet<string> = new Set(['business-unit', 'order', 'quote-request', 'quote']);

/**
 * The types whose store-restricted view scope an endpoint accepts. The
 * all-types endpoint takes customers, orders and shopping lists; by type and by id only orders.
 * GraphQL root fields are one-type queries of the all-types kind (history.yaml, operation graphql).
 */
export const STORE_SCOPED_TYPES: Readonly<Record<Endpoint | 'graphql', ReadonlySet<string>>> = {
  all: new Set(['customer', 'order', 'shopping-list']),
  byType: new Set(['order']),
  byId: new Set(['order']),
  graphql: new Set(['customer', 'order', 'shopping-list']),
};

/** The query parameters an endpoint takes, and which of them repeat (A: all types, T: by type, I: by id). */
export interface EndpointParameters {
  names: ReadonlySet<string>;
  repeatable: ReadonlySet<string>;
}

function loadParameters(path: string): EndpointParameters {
  const operation = required(document.paths[path]?.get, `GET ${path}`);
  const names = new Set<string>();
  const repeatable = new Set<string>();
  for (const { $ref } of operation.parameters ?? []) {
    const parameter = required(document.components.parameters[$ref.split('/').pop()!], $ref);
    if (parameter.in !== 'query') continue;
    names.add(parameter.name);
    if (parameter.schema?.type === 'array') repeatable.add(parameter.name);
  }
  return { names, repeatable };
}

export const ENDPOINT_PARAMETERS: Readonly<Record<Endpoint, EndpointParameters>> = {
  all: loadParameters('/'),
  byType: loadParameters('/{resourceType}'),
  byId: loadParameters('/{resourceType}/{ID}'),
};

/** PlatformInitiatedChange. */
export const PLATFORM_INITIATED_CHANGES: readonly string[] = required(
  document.components.schemas['PlatformInitiatedChange']?.enum,
  'PlatformInitiatedChange',
);
/** ChangeHistoryType, with its live spellings. */
export const CHANGE_HISTORY_TYPES: readonly string[] = required(
  document.components.schemas['ChangeHistoryType']?.enum,
  'ChangeHistoryType',
);
