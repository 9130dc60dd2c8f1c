/**
 * The check of an emulator snapshot before it is restored (see snapshot.ts): format, version,
 * project key and the shape of every part, so that a broken or foreign state file is refused
 * with the path of the first problem and nothing changes.
 */
import { needsRehash } from './auth/passwords.js';
import { SNAPSHOT_FORMAT, type EmulatorSnapshot } from './snapshot.js';

/** A snapshot that is not valid: a `TypeError` whose message starts `invalid emulator snapshot:` and names the part. */
export class InvalidSnapshotError extends TypeError {
  override readonly name = 'InvalidSnapshotError';
  constructor(problem: string) {
    super(`invalid emulator snapshot: ${problem}`);
  }
}

function invalid(problem: string): never {
  throw new InvalidSnapshotError(problem);
}

/** A short description of a wrong value, for an error message. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return typeof value === 'object' ? 'an object' : String(value);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkString(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== 'string') invalid(`${path} must be a string, not ${describe(value)}`);
  if (nonEmpty && value === '') invalid(`${path} must not be empty`);
  return value;
}

/** The fields of one object of the snapshot, each read with its path for the error messages. */
class Fields {
  private constructor(
    private readonly value: Record<string, unknown>,
    readonly path: string,
  ) {}

  /** `value` as an object; `path` '' for the snapshot itself. */
  static of(value: unknown, path: string): Fields {
    if (!isObject(value)) invalid(`${path === '' ? 'the snapshot' : path} must be an object, not ${describe(value)}`);
    return new Fields(value, path);
  }

  private at(name: string): string {
    return this.path === '' ? name : `${this.path}.${name}`;
  }

  has(name: string): boolean {
    return this.value[name] !== undefined;
  }

  object(name: string): Fields {
    return Fields.of(this.value[name], this.at(name));
  }

  /** The own fields, each with its path. */
  entries(): [name: string, value: unknown, path: string][] {
    return Object.entries(this.value).map(([name, value]) => [name, value, this.at(name)]);
  }

  /** Each element of an array field, with its path. */
  list(name: string): [element: unknown, path: string][] {
    const value = this.value[name];
    if (!Array.isArray(value)) invalid(`${this.at(name)} must be an array, not ${describe(value)}`);
    return value.map((element, index) => [element, `${this.at(name)}[${index}]`]);
  }

  /** Each element of an array field as an object. */
  objects(name: string): Fields[] {
    return this.list(name).map(([element, path]) => Fields.of(element, path));
  }

  string(name: string, nonEmpty = false): string {
    return checkString(this.value[name], this.at(name), nonEmpty);
  }

  /**
   * A salted scrypt hash as this emulator makes them (N=16384, r=8, p=1): other parameters would
   * fail every login with a 500, or tie up memory and CPU at each one.
   */
  scryptHash(name: string): string {
    const hash = this.string(name, true);
    if (needsRehash(hash)) invalid(`${this.at(name)} is not a salted scrypt hash of this emulator (scrypt$16384$8$1$<salt>$<key>)`);
    return hash;
  }

  optionalString(name: string): string | undefined {
    return this.has(name) ? this.string(name) : undefined;
  }

  strings(name: string): string[] {
    return this.list(name).map(([element, path]) => checkString(element, path));
  }

  /** A time as an ISO 8601 string. */
  timestamp(name: string): string {
    const value = this.string(name);
    if (Number.isNaN(Date.parse(value))) invalid(`${this.at(name)} must be an ISO 8601 time, not ${describe(value)}`);
    return value;
  }

  number(name: string): number {
    const value = this.value[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`${this.at(name)} must be a finite number, not ${describe(value)}`);
    return value;
  }

  integer(name: string, min: number): number {
    const value = this.value[name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
      invalid(`${this.at(name)} must be an integer of at least ${min}, not ${describe(value)}`);
    return value;
  }

  boolean(name: string): boolean {
    const value = this.value[name];
    if (typeof value !== 'boolean') invalid(`${this.at(name)} must be a boolean, not ${describe(value)}`);
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T {
    const value = this.value[name];
    if (!allowed.includes(value as T)) invalid(`${this.at(name)} must be one of ${allowed.join(', ')}, not ${describe(value)}`);
    return value as T;
  }

  /** The whole object is JSON data (resources and Records may hold anything JSON can). */
  json(): void {
    checkJson(this.value, this.path, new Set());
  }
}

/** Adds `value` to `seen`; fails when it is there already. */
function once(seen: Set<string>, value: string, path: string): void {
  if (seen.has(value)) invalid(`${path} repeats ${describe(value)}`);
  seen.add(value);
}

/** JSON data: null, booleans, finite numbers, strings, arrays and plain objects, no cycle (undefined, which JSON drops, is allowed). */
function checkJson(value: unknown, path: string, ancestors: Set<object>): void {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) invalid(`${path} must be a finite number, not ${describe(value)}`);
    return;
  }
  if (typeof value !== 'object') invalid(`${path} must be JSON data, not a ${typeof value}`);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null)
    invalid(`${path} must be JSON data, not a class instance`);
  if (ancestors.has(value)) invalid(`${path} refers to itself`);
  ancestors.add(value);
  if (Array.isArray(value)) value.forEach((element: unknown, index) => checkJson(element, `${path}[${index}]`, ancestors));
  else for (const [name, field] of Object.entries(value)) checkJson(field, `${path}.${name}`, ancestors);
  ancestors.delete(value);
}

/** A typeId as the emulator names its collections. */
const TYPE_ID = /^[a-z][a-z0-9-]*$/;

/**
 * Checks every part of a snapshot for an emulator of `projectKey`, changing nothing. A part may
 * carry fields this version does not know; they are not restored (resources and Records keep
 * every field).
 *
 * @throws TypeError `invalid emulator snapshot: <part> ...` at the first problem found.
 */
export function checkSnapshot(value: unknown, projectKey: string): asserts value is EmulatorSnapshot {
  const snapshot = Fields.of(value, '');
  if (snapshot.string('format') !== SNAPSHOT_FORMAT) invalid(`format must be '${SNAPSHOT_FORMAT}'`);
  if ((value as { version?: unknown }).version !== 1)
    invalid(`version ${describe((value as { version?: unknown }).version)} is not supported (only version 1)`);
  const key = snapshot.string('projectKey');
  if (key !== projectKey) invalid(`projectKey '${key}' is not this emulator's project key '${projectKey}'`);
  snapshot.timestamp('takenAt');
  snapshot.string('bootstrapClientId', true);
  checkProject(snapshot.object('project'), projectKey);
  const messageIds = checkResources(snapshot.object('resources'));
  checkMembership(snapshot.objects('selectionMembership'));
  checkMessages(snapshot.object('messages'), messageIds);
  checkHistory(snapshot.object('history'));
  checkClients(snapshot.objects('clients'));
  checkTokens(snapshot.object('tokens'));
  checkCustomers(snapshot.objects('customers'));
  if (snapshot.has('customerTokens')) checkCustomerTokens(snapshot.objects('customerTokens'));
  snapshot.strings('anonymousIds');
}

function checkProject(project: Fields, projectKey: string): void {
  if (project.string('key') !== projectKey) invalid(`project.key must be '${projectKey}'`);
  project.string('name');
  project.integer('version', 1);
  for (const list of ['countries', 'currencies', 'languages']) project.strings(list);
  project.timestamp('createdAt');
  const messages = project.object('messages');
  messages.boolean('enabled');
  messages.integer('deleteDaysAfterCreation', 1);
  if (project.has('externalOAuth')) {
    const externalOAuth = project.object('externalOAuth');
    externalOAuth.string('url', true);
    externalOAuth.string('authorizationHeader', true);
  }
  if (project.has('carts')) {
    const carts = project.object('carts');
    carts.integer('deleteDaysAfterLastModification', 1);
    carts.boolean('countryTaxRateFallbackEnabled');
    for (const mode of ['priceRoundingMode', 'taxRoundingMode']) if (carts.has(mode)) carts.oneOf(mode, ROUNDING_MODES);
  }
  if (project.has('shoppingLists')) project.object('shoppingLists').integer('deleteDaysAfterLastModification', 1);
  if (project.has('shippingRateInputType')) {
    const inputType = project.object('shippingRateInputType');
    if (inputType.oneOf('type', ['CartValue', 'CartClassification', 'CartScore']) === 'CartClassification') {
      const keys = new Set<string>();
      for (const value of inputType.objects('values')) {
        once(keys, value.string('key'), 'project.shippingRateInputType.values key');
        value.object('label').json();
      }
    }
  }
}

const ROUNDING_MODES = ['HalfEven', 'HalfUp', 'HalfDown'] as const;

/** Checks every collection: resources with unique ids and keys. Returns the ids of the messages. */
function checkResources(resources: Fields): Set<string> {
  let messageIds = new Set<string>();
  for (const [typeId, , path] of resources.entries()) {
    if (!TYPE_ID.test(typeId)) invalid(`${path}: ${describe(typeId)} is not a resource typeId`);
    const ids = new Set<string>();
    const keys = new Set<string>();
    for (const resource of resources.objects(typeId)) {
      once(ids, resource.string('id', true), `${path} id`);
      resource.integer('version', 1);
      resource.string('createdAt');
      resource.string('lastModifiedAt');
      const key = resource.optionalString('key');
      if (key !== undefined) once(keys, typeId === 'key-value-document' ? `${resource.string('container')}/${key}` : key, `${path} key`);
      resource.json();
    }
    if (typeId === 'message') messageIds = ids;
  }
  return messageIds;
}

function checkMembership(memberships: Fields[]): void {
  const pairs = new Set<string>();
  for (const membership of memberships) {
    const pair = `${membership.string('selectionId', true)} ${membership.string('productId', true)}`;
    membership.string('createdAt');
    if (membership.has('variantSelection')) {
      const selection = membership.object('variantSelection');
      selection.oneOf('type', ['includeOnly', 'includeAllExcept']);
      selection.strings('skus');
    }
    if (membership.has('variantExclusion')) membership.object('variantExclusion').strings('skus');
    once(pairs, pair, `selectionMembership (selection and product)`);
  }
}

/** Sequence numbers are positive; the age order names each stored message exactly once. */
function checkMessages(messages: Fields, messageIds: ReadonlySet<string>): void {
  const sequenceNumbers = messages.object('sequenceNumbers');
  for (const [resourceId] of sequenceNumbers.entries()) sequenceNumbers.integer(resourceId, 1);
  const seen = new Set<string>();
  for (const [element, path] of messages.list('ageOrder')) {
    const id = checkString(element, path);
    if (!messageIds.has(id)) invalid(`${path}: no message ${describe(id)} in resources.message`);
    once(seen, id, 'messages.ageOrder');
  }
  if (seen.size !== messageIds.size)
    invalid(`messages.ageOrder must name every message of resources.message (${seen.size} of ${messageIds.size})`);
}

/** Records in increasing sequence, none above the log's sequence. */
function checkHistory(history: Fields): void {
  const sequence = history.integer('sequence', 0);
  let previous = 0;
  for (const stored of history.objects('records')) {
    const at = stored.integer('sequence', previous + 1);
    if (at > sequence) invalid(`${stored.path}.sequence must not exceed history.sequence ${sequence}`);
    previous = at;
    stored.number('at');
    stored.oneOf('source', ['ApiClient', 'AdminConsole']);
    const record = stored.object('record');
    record.integer('version', 1);
    record.integer('previousVersion', 0);
    record.oneOf('type', ['ResourceCreated', 'ResourceUpdated', 'ResourceDeleted']);
    record.object('modifiedBy');
    record.timestamp('modifiedAt');
    record.object('label');
    record.object('previousLabel');
    record.objects('changes');
    const resource = record.object('resource');
    resource.string('id', true);
    resource.string('typeId', true);
    resource.optionalString('key');
    for (const store of record.objects('stores')) store.string('key');
    if (record.has('businessUnit')) record.object('businessUnit').string('key');
    record.boolean('withoutChanges');
    stored.json();
  }
}

function checkClients(clients: Fields[]): void {
  const ids = new Set<string>();
  for (const client of clients) {
    const id = client.string('id', true);
    if (id.includes(':')) invalid(`${client.path}.id must not contain ':'`);
    once(ids, id, 'clients id');
    client.string('name');
    client.string('scope');
    client.string('createdAt');
    client.optionalString('lastUsedAt');
    client.integer('accessTokenValiditySeconds', 1);
    client.integer('refreshTokenValiditySeconds', 1);
    client.scryptHash('secretHash');
  }
}

/** Whom a token was issued for. */
function checkSubject(token: Fields): void {
  token.string('hash', true);
  token.string('clientId', true);
  token.string('scope');
  for (const name of ['customerId', 'anonymousId', 'storeKey']) token.optionalString(name);
  token.number('issuedAt');
}

function checkTokens(tokens: Fields): void {
  const access = new Set<string>();
  for (const token of tokens.objects('access')) {
    checkSubject(token);
    once(access, token.string('hash'), 'tokens.access hash');
    token.number('expiresAt');
    token.optionalString('refreshHash');
  }
  const refresh = new Set<string>();
  for (const token of tokens.objects('refresh')) {
    checkSubject(token);
    once(refresh, token.string('hash'), 'tokens.refresh hash');
    token.number('lastUsedAt');
    token.number('validityMs');
    token.strings('derived');
  }
}

function checkCustomers(customers: Fields[]): void {
  const ids = new Set<string>();
  for (const customer of customers) {
    once(ids, customer.string('customerId', true), 'customers customerId');
    customer.string('email', true);
    customer.scryptHash('passwordHash');
    customer.strings('storeKeys');
  }
}

function checkCustomerTokens(tokens: Fields[]): void {
  const hashes = new Set<string>();
  for (const token of tokens) {
    once(hashes, token.string('hash', true), 'customerTokens hash');
    token.string('id', true);
    token.oneOf('kind', ['password', 'email']);
    token.string('customerId', true);
    token.number('createdAt');
    token.number('expiresAt');
    token.boolean('invalidateOlderTokens');
  }
}
