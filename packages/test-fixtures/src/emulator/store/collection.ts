import type { ChangeJournal } from '../storage/journal.js';

/** Fields every stored resource has. */
export interface StoredResource {
  id: string;
  version: number;
  key?: string;
  createdAt: string;
  lastModifiedAt: string;
  [field: string]: unknown;
}

/** Index of the first element of `sorted` that is greater than `id` (strict), by binary search. */
function upperBound(sorted: readonly string[], id: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBound(sorted: readonly string[], id: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Custom Objects: their keys are unique only within their container. */
const KEYS_PER_CONTAINER = 'key-value-document';

/**
 * What a type's key index holds for a resource: its `key`; for Custom Objects
 * `<container>/<key>` (a container never holds `/`).
 */
export function indexKeyOf(typeId: string): (resource: StoredResource) => string | undefined {
  if (typeId === KEYS_PER_CONTAINER) return (resource) => `${String(resource['container'])}/${String(resource.key)}`;
  return (resource) => resource.key;
}

/**
 * An in-memory collection with an id index, a key index and an ordered id index, so that the
 * spec's `id > <last>` iteration costs O(log n) per page instead of a scan.
 * Stored objects are treated as immutable: updates replace them.
 */
export class Collection<T extends StoredResource> {
  private readonly byId = new Map<string, T>();
  private readonly byKey = new Map<string, string>();
  /** Indexes of other unique string fields (e.g. an Order's `orderNumber`), built on first use: field → value → id. */
  private readonly byField = new Map<string, Map<string, string>>();
  /** All ids in ascending (code point) order, as `sort=id asc` orders them. */
  private readonly orderedIds: string[] = [];
  private readonly indexKey: (resource: StoredResource) => string | undefined;
  /** False when the key index holds something else than `key` (Custom Objects): `getByKey` then takes that. */
  readonly keyIndexIsKey: boolean;
  private writes = 0;

  /** `journal`: told of every insert, replace and delete (durable mode); none in memory mode. */
  constructor(
    readonly typeId: string,
    private readonly journal?: ChangeJournal,
  ) {
    this.indexKey = indexKeyOf(typeId);
    this.keyIndexIsKey = typeId !== KEYS_PER_CONTAINER;
  }

  /** Counts every write (insert, replace, delete, restore, clear): derived data cached by it stays right. */
  get generation(): number {
    return this.writes;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  getByKey(key: string): T | undefined {
    const id = this.byKey.get(key);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /**
   * The resource whose `field` is `value`, for a field the caller keeps unique (as for `key`). The
   * first lookup of a field indexes it (a scan); the index then follows every write.
   */
  getByField(field: string, value: string): T | undefined {
    let index = this.byField.get(field);
    if (!index) {
      index = new Map();
      for (const resource of this.byId.values()) if (typeof resource[field] === 'string') index.set(resource[field], resource.id);
      this.byField.set(field, index);
    }
    const id = index.get(value);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Moves the field indexes from `previous` (none when inserted) to `next` (none when deleted). */
  private reindexFields(previous: T | undefined, next: T | undefined): void {
    for (const [field, index] of this.byField) {
      if (typeof previous?.[field] === 'string' && index.get(previous[field]) === previous.id) index.delete(previous[field]);
      if (typeof next?.[field] === 'string') index.set(next[field], next.id);
    }
  }

  /** True when `key` belongs to a resource other than `exceptId`. */
  keyTaken(key: string, exceptId?: string): boolean {
    const owner = this.byKey.get(key);
    return owner !== undefined && owner !== exceptId;
  }

  /** Adds a new resource; the caller has checked key uniqueness. */
  insert(resource: T): void {
    this.writes++;
    if (this.byId.has(resource.id)) throw new Error(`duplicate id ${resource.id}`);
    this.byId.set(resource.id, resource);
    const key = this.indexKey(resource);
    if (key !== undefined) this.byKey.set(key, resource.id);
    this.reindexFields(undefined, resource);
    this.orderedIds.splice(upperBound(this.orderedIds, resource.id), 0, resource.id);
    this.journal?.resource(this.typeId, resource.id, true);
  }

  /** Replaces a stored resource by a new version of it, keeping the key index right. */
  replace(resource: T): void {
    this.writes++;
    const previous = this.byId.get(resource.id);
    if (!previous) throw new Error(`unknown id ${resource.id}`);
    const [before, after] = [this.indexKey(previous), this.indexKey(resource)];
    if (before !== after) {
      if (before !== undefined) this.byKey.delete(before);
      if (after !== undefined) this.byKey.set(after, resource.id);
    }
    this.reindexFields(previous, resource);
    this.byId.set(resource.id, resource);
    this.journal?.resource(this.typeId, resource.id, false);
  }

  delete(id: string): T | undefined {
    const previous = this.byId.get(id);
    if (!previous) return undefined;
    this.writes++;
    this.byId.delete(id);
    const key = this.indexKey(previous);
    if (key !== undefined) this.byKey.delete(key);
    this.reindexFields(previous, undefined);
    const at = lowerBound(this.orderedIds, id);
    if (this.orderedIds[at] === id) this.orderedIds.splice(at, 1);
    this.journal?.resource(this.typeId, id, false);
    return previous;
  }

  /** All resources in ascending id order. */
  *values(): IterableIterator<T> {
    for (const id of this.orderedIds) yield this.byId.get(id)!;
  }

  /** Resources with id strictly greater (`inclusive` false) or greater-or-equal than `id`, ascending. */
  *valuesFrom(id: string, inclusive = false): IterableIterator<T> {
    const start = inclusive ? lowerBound(this.orderedIds, id) : upperBound(this.orderedIds, id);
    for (let i = start; i < this.orderedIds.length; i++) yield this.byId.get(this.orderedIds[i]!)!;
  }

  /** Resources with id strictly less (`inclusive` false) or less-or-equal than `id`, descending. */
  *valuesBefore(id: string, inclusive = false): IterableIterator<T> {
    const end = inclusive ? upperBound(this.orderedIds, id) : lowerBound(this.orderedIds, id);
    for (let i = end - 1; i >= 0; i--) yield this.byId.get(this.orderedIds[i]!)!;
  }

  /** Deep copies of every resource, in ascending id order (an emulator snapshot). */
  toSnapshot(): T[] {
    return structuredClone([...this.values()]);
  }

  /**
   * Fills the collection, emptied by {@link clear}, with deep copies of `resources` (an emulator
   * restore). The caller has checked that ids and keys are unique.
   */
  restoreFrom(resources: readonly T[]): void {
    this.writes++;
    this.byField.clear();
    for (const resource of structuredClone(resources)) {
      this.byId.set(resource.id, resource);
      const key = this.indexKey(resource);
      if (key !== undefined) this.byKey.set(key, resource.id);
      this.orderedIds.push(resource.id);
    }
    // Code unit order, as the binary searches compare.
    this.orderedIds.sort();
  }

  /**
   * Removes every resource, in place (an emulator reset). In place because modules keep the
   * Collection object they got once (e.g. the MessageLog), so a new one would go unseen.
   */
  clear(): void {
    this.writes++;
    this.byId.clear();
    this.byKey.clear();
    // Rebuilt on their next lookup.
    this.byField.clear();
    this.orderedIds.length = 0;
  }
}
