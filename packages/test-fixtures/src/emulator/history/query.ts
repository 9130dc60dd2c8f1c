import type { Principal } from '../auth/principal.js';
import type { EmulatorContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { makeQueryParams } from '../query/index.js';
import { presentReferenced } from '../resources/kit/rest-routes.js';
import { accessTo, requireAccess, type TypeAccess } from './access.js';
import { historyErrors } from './errors.js';
import type { HistoryLog } from './log.js';
import type { HistoryRecord, StoredRecord } from './records.js';
import {
  ASSOCIATE_TYPES,
  CHANGE_HISTORY_TYPES,
  HISTORY_TYPES,
  PLATFORM_INITIATED_CHANGES,
  RESOURCE_KEY_TYPES,
  STORE_SCOPED_TYPES,
  typeOfSegment,
  type HistoryResourceType,
} from './resource-types.js';

/**
 * Filters of a Record query, as given (REST query parameters or GraphQL arguments), and their
 * meaning: the live service's filter rules and the decisions of history.yaml.
 */
export interface FilterInput {
  limit?: number | string;
  offset?: number | string;
  withTotal?: boolean | string;
  expand?: boolean | string;
  dateFrom?: number | string;
  dateTo?: number | string;
  userId?: string;
  clientId?: string;
  customerId?: string;
  associateId?: string;
  businessUnit?: string;
  type?: string;
  resourceId?: string;
  resourceKey?: string;
  source?: string;
  changes?: readonly string[];
  stores?: readonly string[];
  excludePlatformInitiatedChanges?: readonly string[];
  resourceTypes?: readonly string[];
}

/** Where a query comes from: one of the three GET endpoints or a GraphQL root field (one type). */
export type QueryScope =
  | { endpoint: 'all' }
  | { endpoint: 'byType'; type: HistoryResourceType }
  | { endpoint: 'byId'; type: HistoryResourceType; id: string }
  | { endpoint: 'graphql'; type: HistoryResourceType };

/** A validated query. */
export interface RecordQuery {
  /** The types searched, with the token's access to each. */
  types: ReadonlyMap<string, TypeAccess>;
  from: number;
  to: number;
  userId?: string;
  clientId?: string;
  customerId?: string;
  associateId?: string;
  businessUnit?: string;
  type?: string;
  resourceId?: string;
  resourceKey?: string;
  source?: string;
  changes?: ReadonlySet<string>;
  stores?: ReadonlySet<string>;
  excluded?: ReadonlySet<string>;
  limit: number;
  offset: number;
  withTotal: boolean;
  expand: boolean;
}

const HOUR_MS = 3600 * 1000;
/**
 * history.yaml `DateFilterValue`: the pattern of the date-time branch (so the three forms never
 * overlap), capturing year, month, day, hour, minute, second and the offset's hours and minutes.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;
/** Live spellings of `source` values. */
const SOURCE_SPELLINGS: Record<string, string> = {
  AdminConsole: 'AdminConsole',
  LegacyImport: 'LegacyImport',
  ApiClient: 'ApiClient',
  MerchantCenter: 'AdminConsole',
  ImpEx: 'LegacyImport',
};

const shown = (value: unknown) => {
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/**
 * The instant of a date-time of the `DATE_TIME` form, or undefined when its fields name no
 * calendar date or time (`2026-02-30`, `24:00`, minute 60, an offset of 24 hours): `Date.parse`
 * alone rolls such values over into the next day or month.
 */
function instantOf(value: string): number | undefined {
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((field) => Number(field ?? 0));
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  // setUTCFullYear, unlike Date.UTC, takes years 0 to 99 as they are.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

/** A date bound in milliseconds: a date-time, hours before now, or `now`. */
export function dateBound(name: string, value: number | string, now: number): number {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value >= 0) return now - value * HOUR_MS;
  } else if (value === 'now') {
    return now;
  } else if (/^[0-9]{1,15}$/.test(value)) {
    return now - Number(value) * HOUR_MS;
  } else {
    const at = instantOf(value);
    if (at !== undefined) return at;
  }
  throw historyErrors.badRequest(
    `Invalid value '${shown(value)}' for '${name}': expected an ISO 8601 date-time, a non-negative number of hours or 'now'.`,
  );
}

function oneOf(name: string, value: string | undefined, allowed: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value))
    throw historyErrors.badRequest(`Invalid value '${shown(value)}' for '${name}': expected one of ${allowed.join(', ')}.`);
  return value;
}

function booleanValue(name: string, value: boolean | string | undefined): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw historyErrors.badRequest(`Invalid value '${shown(value)}' for '${name}': expected 'true' or 'false'.`);
}

/** limit and offset with the bounds of the HTTP API's paged queries (0..500, 0..10 000). */
function paging(input: FilterInput): { limit: number; offset: number; withTotal: boolean } {
  try {
    const params = makeQueryParams({ limit: input.limit, offset: input.offset, withTotal: input.withTotal }, { withTotal: false });
    return { limit: params.limit, offset: params.offset, withTotal: params.withTotal };
  } catch (error) {
    if (error instanceof ApiError) throw historyErrors.badRequest(error.message);
    throw error;
  }
}

function restrictedFilter(
  name: string,
  allowed: ReadonlySet<string>,
  types: Map<string, TypeAccess>,
  explicit: boolean,
  scope: QueryScope,
): void {
  const unsupported = [...types.keys()].filter((t) => !allowed.has(t));
  if (unsupported.length === 0) return;
  if (scope.endpoint !== 'all' || explicit) {
    throw historyErrors.badRequest(
      `The filter '${name}' is supported only for the resource types ${[...allowed].join(', ')}; not for ${unsupported.join(', ')}.`,
    );
  }
  for (const t of unsupported) types.delete(t);
}

/**
 * Validates a query and resolves the types it searches with the token's access to each:
 * 400 for a bad value or a filter the type does not support, 403 for a missing type scope
 * (an implicit "all types" query leaves out the types the token may not read).
 */
export function planQuery(input: FilterInput, scope: QueryScope, principal: Principal, context: EmulatorContext): RecordQuery {
  const { projectKey } = context.options;
  const now = context.state.clock.now();
  const { limit, offset, withTotal } = paging(input);
  const from = dateBound('date.from', input.dateFrom ?? 24, now);
  const to = dateBound('date.to', input.dateTo ?? 'now', now);
  if (from > to) throw historyErrors.badRequest(`Parameter 'date.from' must not be after 'date.to'.`);

  const types = new Map<string, TypeAccess>();
  let explicit = true;
  if (scope.endpoint === 'all') {
    const storeForms = STORE_SCOPED_TYPES.all;
    if (input.resourceTypes !== undefined && input.resourceTypes.length > 0) {
      const named = input.resourceTypes.map((segment) => {
        const type = typeOfSegment(segment);
        if (!type)
          throw historyErrors.badRequest(
            `Invalid value '${shown(segment)}' for 'resourceTypes': not a resource type of the Change History.`,
          );
        return type;
      });
      for (const type of named) types.set(type.typeId, requireAccess(principal, projectKey, type, storeForms.has(type.typeId)));
    } else {
      explicit = false;
      for (const type of HISTORY_TYPES.values()) {
        const access = accessTo(principal, projectKey, type, storeForms.has(type.typeId));
        if (access) types.set(type.typeId, access);
      }
    }
  } else {
    const storeForms = STORE_SCOPED_TYPES[scope.endpoint];
    types.set(scope.type.typeId, requireAccess(principal, projectKey, scope.type, storeForms.has(scope.type.typeId)));
  }
  if (input.resourceKey !== undefined) restrictedFilter('resourceKey', RESOURCE_KEY_TYPES, types, explicit, scope);
  if (input.associateId !== undefined) restrictedFilter('associateId', ASSOCIATE_TYPES, types, explicit, scope);

  const source = input.source === undefined ? undefined : SOURCE_SPELLINGS[input.source];
  if (input.source !== undefined && source === undefined) oneOf('source', input.source, Object.keys(SOURCE_SPELLINGS));
  const excluded = input.excludePlatformInitiatedChanges?.map((value) =>
    oneOf('excludePlatformInitiatedChanges', value, PLATFORM_INITIATED_CHANGES)!,
  );
  const query: RecordQuery = { types, from, to, limit, offset, withTotal, expand: booleanValue('expand', input.expand) };
  const type = oneOf('type', input.type, CHANGE_HISTORY_TYPES);
  if (type !== undefined) query.type = type;
  if (source !== undefined) query.source = source;
  for (const name of ['userId', 'clientId', 'customerId', 'associateId', 'businessUnit', 'resourceId', 'resourceKey'] as const) {
    const value = input[name];
    if (value !== undefined) query[name] = value;
  }
  if (scope.endpoint === 'byId') query.resourceId = scope.id;
  if (input.changes !== undefined && input.changes.length > 0) query.changes = new Set(input.changes);
  if (input.stores !== undefined && input.stores.length > 0) query.stores = new Set(input.stores);
  if (excluded !== undefined && excluded.length > 0) {
    query.excluded = new Set(excluded.includes('excludeAll') ? PLATFORM_INITIATED_CHANGES.filter((c) => c !== 'excludeAll') : excluded);
  }
  return query;
}

/** The Changes a Record shows under the query; undefined when the Record does not match it. */
function visibleChanges(record: HistoryRecord, query: RecordQuery): HistoryRecord['changes'] | undefined {
  let changes = record.changes;
  if (query.excluded) {
    const { excluded } = query;
    const kept = changes.filter((c) => !excluded.has(c.change));
    // A Record made only of excluded background changes is itself excluded.
    if (changes.length > 0 && kept.length === 0) return undefined;
    changes = kept;
  }
  if (query.changes) {
    const wanted = query.changes;
    changes = changes.filter((c) => wanted.has(c.change));
    if (changes.length === 0) return undefined;
  }
  return changes;
}

function matches({ at, source, record }: StoredRecord, query: RecordQuery): boolean {
  if (at < query.from || at > query.to) return false;
  const access = query.types.get(record.resource.typeId);
  if (!access) return false;
  if (access.kind === 'stores' && !record.stores.some((s) => access.keys.has(s.key))) return false;
  const { modifiedBy } = record;
  if (query.userId !== undefined && modifiedBy.id !== query.userId) return false;
  if (query.clientId !== undefined && modifiedBy.clientId !== query.clientId) return false;
  if (query.customerId !== undefined && modifiedBy.customer?.id !== query.customerId) return false;
  if (query.associateId !== undefined && modifiedBy.associate?.id !== query.associateId) return false;
  if (query.businessUnit !== undefined && record.businessUnit?.key !== query.businessUnit) return false;
  if (query.type !== undefined && record.type !== query.type) return false;
  if (query.resourceId !== undefined && record.resource.id !== query.resourceId) return false;
  if (query.resourceKey !== undefined && record.resource.key !== query.resourceKey) return false;
  if (query.source !== undefined && source !== query.source) return false;
  const stores = query.stores;
  if (stores !== undefined && !record.stores.some((s) => stores.has(s.key))) return false;
  return true;
}

/** A page of Records (history.yaml `RecordPagedQueryResponse`). */
export interface RecordPage {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: HistoryRecord[];
}

/**
 * Runs a query over the log: matching Records newest first (equal times in reverse recording
 * order), then offset and limit. `total` is exact here; the live service only estimates it.
 */
export function runRecordQuery(
  log: HistoryLog,
  query: RecordQuery,
  context: EmulatorContext,
  options: { total?: boolean } = {},
): RecordPage {
  const matched: HistoryRecord[] = [];
  const stored = log.records();
  for (let i = stored.length - 1; i >= 0; i--) {
    const entry = stored[i]!;
    if (!matches(entry, query)) continue;
    const changes = visibleChanges(entry.record, query);
    if (changes === undefined) continue;
    matched.push(changes === entry.record.changes ? entry.record : { ...entry.record, changes });
  }
  const results = matched.slice(query.offset, query.offset + query.limit).map((record) => present(record, query, context));
  const page: RecordPage = { limit: query.limit, offset: query.offset, count: results.length, results };
  if (query.withTotal || options.total) page.total = matched.length;
  return page;
}

/** A copy for the answer; with `expand`, the customer of `modifiedBy` carries `obj` while it exists. */
function present(record: HistoryRecord, query: RecordQuery, context: EmulatorContext): HistoryRecord {
  const copy = structuredClone(record);
  if (query.expand) {
    for (const member of ['customer', 'associate'] as const) {
      const reference = copy.modifiedBy[member];
      const obj = reference ? presentReferenced(context, 'customer', reference.id) : undefined;
      if (reference && obj) reference.obj = obj;
    }
  }
  return copy;
}
