import { isDeepStrictEqual } from 'node:util';
import type { Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import type { StoredResource } from '../../store/collection.js';
import { actionSchemaName, commerceContract } from '../../validation/contract.js';
import { isNotEmulatedAction, refuseNotEmulatedMembers } from '../../validation/not-emulated-members.js';
import { assertValid } from '../../validation/request-errors.js';
import { parseUpdateRequest, type UpdateRequest } from '../../validation/update-request.js';
import { checkDocumentSize, grownBound, sizeBound } from './document-size.js';
import { actionHandler, type AnyResourceType } from './resource-type.js';
import type { Schemas } from './schemas.js';
import { WriteContext } from './write-context.js';

/** Who writes and how; shared by REST and GraphQL. */
export interface Caller {
  principal: Principal;
  externalUserId?: string;
}

/** Addresses a resource by id or by key (`key=<key>` in REST paths). */
export type Address = { id: string } | { key: string };

/**
 * Parses the last path segment of `/x/{ID}` or `/x/key={key}`, as Hono's `c.req.param()` gives it:
 * already percent-decoded once, so it is not decoded again (a key holding `%` would change or throw).
 */
export function parseAddress(segment: string): Address {
  return segment.startsWith('key=') ? { key: segment.slice(4) } : { id: segment };
}

/**
 * The stored resource of a type at an address, or 404 ResourceNotFound naming the id or key.
 *
 * @example
 * const selection = findResource<ProductSelection>(context, productSelectionType, parseAddress('key=summer'));
 */
export function findResource<T extends StoredResource>(
  context: EmulatorContext,
  type: Pick<AnyResourceType<T>, 'typeId'>,
  address: Address,
): T {
  const collection = context.state.collection<T>(type.typeId);
  const found = 'id' in address ? collection.get(address.id) : collection.getByKey(address.key);
  if (!found) throw 'id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key);
  return found;
}

function assertKeyFree(context: EmulatorContext, typeId: string, key: unknown, exceptId?: string): void {
  if (typeof key === 'string' && context.state.collection(typeId).keyTaken(key, exceptId)) throw errors.duplicateField('key', key);
}

function commit<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  ctx: WriteContext,
  kind: 'created' | 'updated' | 'deleted',
  before: T | undefined,
  after: T | undefined,
  actions?: readonly Record<string, unknown>[],
): void {
  const subject = (after ?? before)!;
  for (const hook of ctx.commitHooks) hook(subject);
  const version = kind === 'deleted' ? subject.version : after!.version;
  context.messages.append({ typeId: type.typeId, id: subject.id }, version, ctx.messages, ctx.initiator(), ctx.now);
  ctx.recordChange(type.typeId, kind, before, after, actions, { extraChanges: ctx.extraChanges });
}

/** Checks a request body against its schema and refuses the members the emulator does not model (501). */
function assertValidBody(schema: string, body: unknown): asserts body is Record<string, unknown> {
  assertValid(commerceContract(), schema, body);
  refuseNotEmulatedMembers(commerceContract(), schema, body);
}

/**
 * A request body checked against its schema, as that schema's generated type: the one place a
 * body's type is asserted after validation.
 *
 * @example
 * const signIn = validBody('MyCustomerSignin', await readJsonBody(c)); // signIn.email: string
 */
export function validBody<S extends keyof Schemas>(schema: S, body: unknown): Schemas[S] {
  assertValidBody(schema, body);
  return body as Schemas[S];
}

/** The checks and the building of a create, nothing stored yet. */
function prepareCreate<T extends StoredResource>(context: EmulatorContext, type: AnyResourceType<T>, draft: unknown, caller: Caller) {
  const body = draft;
  assertValidBody(type.schemas.draft, body);
  assertKeyFree(context, type.typeId, body['key']);
  const ctx = new WriteContext(context.state, caller.principal, caller.externalUserId);
  return { ctx, built: type.create(body, ctx) };
}

/**
 * Throws what {@link createResource} would refuse the draft with, storing nothing: for a create
 * that must do slow work first (a password hash) only for a draft it accepts.
 */
export function checkCreate<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  draft: unknown,
  caller: Caller,
): void {
  prepareCreate(context, type, draft, caller);
}

/** Creates a resource from a draft: validated against the schema, key unique, messages emitted. */
export function createResource<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  draft: unknown,
  caller: Caller,
): T {
  const { ctx, built } = prepareCreate(context, type, draft, caller);
  const initiator = ctx.initiator();
  const resource = {
    id: newId(),
    version: 1,
    ...built,
    createdAt: ctx.now,
    lastModifiedAt: ctx.now,
    createdBy: initiator,
    lastModifiedBy: initiator,
  } as unknown as T;
  type.beforeStore?.(resource, ctx);
  checkDocumentSize(resource, grownBound(0, draft));
  context.state.collection<T>(type.typeId).insert(resource);
  ctx.messages.unshift(...(type.createdMessages?.(resource) ?? []));
  commit(context, type, ctx, 'created', undefined, resource);
  return resource;
}

/** Checks the shape of an update request and each action against its own schema. */
function validateUpdate(type: AnyResourceType, body: unknown): UpdateRequest {
  const validator = commerceContract();
  const schemaOf = (name: string) =>
    actionHandler(type, name) && type.schemas.updateAction ? actionSchemaName(validator, type.schemas.updateAction, name) : undefined;
  const notEmulated = (name: string) =>
    type.schemas.updateAction !== undefined && isNotEmulatedAction(validator, type.schemas.updateAction, name);
  const request = parseUpdateRequest(body, type.typeId, (name) => schemaOf(name) !== undefined || notEmulated(name));
  request.actions.forEach((action, index) => {
    const name = action['action'] as string;
    if (notEmulated(name)) throw errors.notEmulated({ field: `actions.${index}.action`, action: name });
    assertValid(validator, schemaOf(name)!, action, `/actions/${index}`);
    refuseNotEmulatedMembers(validator, schemaOf(name)!, action, `actions.${index}`);
  });
  return request;
}

/**
 * The URL names the resource to update; a body that names another one by `id` is refused rather
 * than applied to the URL's resource.
 */
function assertSameTarget(request: UpdateRequest, target: StoredResource): void {
  if (request.id !== undefined && request.id !== target.id) {
    throw errors.invalidField(
      'id',
      request.id,
      `The id '${request.id}' in the request body does not match the resource '${target.id}' the URL names.`,
      [target.id],
    );
  }
}

/**
 * Applies update actions in order and as a unit: any failure rejects all. A version mismatch is
 * 409 ConcurrentModification. An update that changes nothing leaves version and lastModified*
 * alone.
 */
export function updateResource<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  address: Address,
  body: unknown,
  caller: Caller,
): T {
  const current = findResource<T>(context, type, address);
  const request = validateUpdate(type, body);
  assertSameTarget(request, current);
  const { version, actions } = request;
  if (version !== current.version) throw errors.concurrentModification(version, current.version);
  return applyChange(context, type, current, caller, actions, (working, ctx) => {
    for (const action of actions) actionHandler(type, action['action'] as string)!(working, action, ctx);
  });
}

/**
 * Changes a resource as one write: `change` mutates a copy (and may emit messages and register
 * commit hooks); nothing is stored if it throws. A write that changes nothing leaves version and
 * lastModified* alone. `actions` name the change for the Change History (an endpoint such as a
 * password reset names its own).
 */
export function applyChange<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  current: T,
  caller: Caller,
  actions: readonly Record<string, unknown>[],
  change: (working: T, ctx: WriteContext) => void,
): T {
  const ctx = new WriteContext(context.state, caller.principal, caller.externalUserId);
  const working = structuredClone(current);
  change(working, ctx);
  type.beforeStore?.(working, ctx);
  // A change of an index outside the resource (a selection's assignments) is a change too.
  if (isDeepStrictEqual(working, current) && ctx.commitHooks.length === 0) return current;
  assertKeyFree(context, type.typeId, working.key, current.id);
  const updated = { ...working, version: current.version + 1, lastModifiedAt: ctx.now, lastModifiedBy: ctx.initiator() } as unknown as T;
  checkDocumentSize(updated, grownBound(sizeBound(current), actions));
  context.state.collection<T>(type.typeId).replace(updated);
  commit(context, type, ctx, 'updated', current, updated, actions);
  return updated;
}

/** Deletes a resource; `version` must match (409 otherwise). */
export function deleteResource<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  address: Address,
  version: number,
  caller: Caller,
): T {
  const current = findResource<T>(context, type, address);
  if (version !== current.version) throw errors.concurrentModification(version, current.version);
  const ctx = new WriteContext(context.state, caller.principal, caller.externalUserId);
  type.beforeDelete?.(current, ctx);
  context.state.collection<T>(type.typeId).delete(current.id);
  type.afterDelete?.(current, ctx);
  ctx.messages.push(...(type.deletedMessages?.(current) ?? []));
  commit(context, type, ctx, 'deleted', current, undefined);
  return current;
}
