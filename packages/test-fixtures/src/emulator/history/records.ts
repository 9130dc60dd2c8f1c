import type { ChangeEvent, ChangeSource, EmulatorState } from '../state.js';
import type { StoredResource } from '../store/collection.js';
import type { ResourceHistoryRules } from './change-kit.js';
import { changesOf, type Change } from './changes.js';

/**
 * A Record of the Change History (history.yaml `Record`), built once when the change is made.
 * Label decisions (history.yaml `Label`): the type's own (ProductLabel, CustomerLabel: see their
 * modules in the registry), else a LocalizedLabel of a localized name, a StringLabel of a plain
 * name, else of the code, SKU, key or id.
 */

export type Label = { type: string; [field: string]: unknown };

export interface ModifiedBy {
  id?: string;
  type: 'user' | 'external-user' | 'associate';
  clientId?: string;
  isPlatformClient: boolean;
  anonymousId?: string;
  customer?: { typeId: 'customer'; id: string; obj?: unknown };
  associate?: { typeId: 'customer'; id: string; obj?: unknown };
}

export interface HistoryRecord {
  version: number;
  previousVersion: number;
  type: 'ResourceCreated' | 'ResourceUpdated' | 'ResourceDeleted';
  modifiedBy: ModifiedBy;
  modifiedAt: string;
  label: Label;
  previousLabel: Label;
  changes: Change[];
  resource: { id: string; typeId: string; key?: string };
  stores: { key: string; typeId: 'store' }[];
  businessUnit?: { key: string; typeId: 'business-unit' };
  withoutChanges: boolean;
}

/** A Record with what the filters need besides its own fields. */
export interface StoredRecord {
  /** Order of recording, to keep Records of the same millisecond in order. */
  sequence: number;
  /** `modifiedAt` in milliseconds. */
  at: number;
  source: ChangeSource;
  record: HistoryRecord;
}

/**
 * What the Change History knows of one resource type, declared by its module in the registry: the
 * Label of its Records (default below) and its Changes by field (default: `set<Field>`).
 */
export interface ResourceHistory {
  label?(resource: StoredResource): Label;
  changes?: ResourceHistoryRules;
}

/** The types' knowledge by typeId, from the registry. */
export type HistoryKnowledge = ReadonlyMap<string, ResourceHistory>;

/** Whether a value is a localized string (a locale map). */
export const isLocalized = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/** The Label of a resource at one version: its type's own, else of its name, code, SKU, key or id. */
export function labelOf(history: ResourceHistory | undefined, resource: StoredResource): Label {
  if (history?.label) return history.label(resource);
  const name = resource['name'];
  if (isLocalized(name)) return { type: 'LocalizedLabel', value: { ...name } };
  for (const value of [name, resource['code'], resource['sku'], resource.key, resource.id]) {
    if (typeof value === 'string' && value !== '') return { type: 'StringLabel', value };
  }
  return { type: 'StringLabel', value: resource.id };
}

/**
 * The Stores a resource belongs to: a Store itself, the `stores` of a customer (or any resource
 * with such a list), the `store` of a store-bound resource; none otherwise.
 */
export function storesOf(typeId: string, resource: StoredResource): HistoryRecord['stores'] {
  if (typeId === 'store' && typeof resource.key === 'string') return [{ key: resource.key, typeId: 'store' }];
  const keys: string[] = [];
  for (const entry of Array.isArray(resource['stores']) ? (resource['stores'] as unknown[]) : []) {
    const key = (entry as { key?: unknown } | null)?.key;
    if (typeof key === 'string') keys.push(key);
  }
  const store = (resource['store'] as { key?: unknown } | undefined)?.key;
  if (typeof store === 'string') keys.push(store);
  return [...new Set(keys)].map((key) => ({ key, typeId: 'store' }));
}

/** Who made the change (history.yaml `ModifiedBy`): a background change names no client or user. */
export function modifiedByOf(event: ChangeEvent): ModifiedBy {
  if (event.background) return { type: 'user', isPlatformClient: true };
  if (event.source === 'AdminConsole') return { id: event.userId ?? 'unknown', type: 'user', isPlatformClient: true };
  const { principal } = event;
  const modifiedBy: ModifiedBy = { type: event.externalUserId !== undefined ? 'external-user' : 'user', isPlatformClient: false };
  if (principal.clientId) modifiedBy.clientId = principal.clientId;
  if (principal.customerId !== undefined) modifiedBy.customer = { typeId: 'customer', id: principal.customerId };
  if (principal.anonymousId !== undefined) modifiedBy.anonymousId = principal.anonymousId;
  return modifiedBy;
}

const TYPES = { created: 'ResourceCreated', updated: 'ResourceUpdated', deleted: 'ResourceDeleted' } as const;

/**
 * The Record of one write. Creation: `previousVersion` 0 and both labels of the new resource;
 * deletion: both versions the last one and both labels of the deleted resource; neither has
 * Changes (history.yaml `Record`).
 */
export function recordOf(event: ChangeEvent, state: EmulatorState, knowledge: HistoryKnowledge): HistoryRecord {
  const subject = (event.after ?? event.before)!;
  const previous = event.before ?? subject;
  const history = knowledge.get(event.typeId);
  const changes = changesOf(event, state, history?.changes);
  const record: HistoryRecord = {
    version: subject.version,
    previousVersion: event.kind === 'created' ? 0 : previous.version,
    type: TYPES[event.kind],
    modifiedBy: modifiedByOf(event),
    modifiedAt: new Date(event.at).toISOString(),
    label: labelOf(history, subject),
    previousLabel: labelOf(history, previous),
    changes,
    resource: { id: subject.id, typeId: event.typeId, ...(typeof subject.key === 'string' ? { key: subject.key } : {}) },
    stores: storesOf(event.typeId, subject),
    withoutChanges: event.kind === 'updated' && changes.length === 0,
  };
  const businessUnit = (subject['businessUnit'] as { key?: unknown } | undefined)?.key;
  if (typeof businessUnit === 'string') record.businessUnit = { key: businessUnit, typeId: 'business-unit' };
  return record;
}
