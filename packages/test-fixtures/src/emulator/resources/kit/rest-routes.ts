import type { Context, Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { expandPaths, parseQueryParams, runQuery, type QuerySchema } from '../../query/index.js';
import type { StoredResource } from '../../store/collection.js';
import { commerceContract } from '../../validation/contract.js';
import { createResource, deleteResource, findResource, parseAddress, updateResource, type Caller } from './operations.js';
import type { AnyResourceType } from './resource-type.js';

/** The caller of a request, for the shared write operations. */
export function callerOf(c: Context<AppEnv>): Caller {
  const externalUserId = c.get('externalUserId');
  return externalUserId === undefined ? { principal: c.get('principal') } : { principal: c.get('principal'), externalUserId };
}

/** Expand parameters of a request (repeatable). */
export function expandParams(c: Context<AppEnv>): string[] {
  return new URL(c.req.url).searchParams.getAll('expand');
}

/** Presents a resource: public fields only, references expanded as asked. */
export function present<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  resource: T,
  expand: readonly string[],
): Record<string, unknown> {
  const shown = type.present ? type.present(resource) : (resource as Record<string, unknown>);
  if (expand.length === 0) return shown;
  return expandPaths(shown, [...expand], (typeId, id) => presentReferenced(context, typeId, id)) as Record<string, unknown>;
}

/** A referenced resource as expansion shows it (through its type's presenter). */
export function presentReferenced(context: EmulatorContext, typeId: string, id: string): Record<string, unknown> | undefined {
  const resource = context.state.resolve(typeId, id);
  if (!resource) return undefined;
  const presenter = context.resourceTypes.get(typeId)?.present;
  return presenter ? presenter(resource) : (resource as Record<string, unknown>);
}

/** The `version` query parameter of a delete: required, a non-negative integer (400 otherwise). */
export function versionParam(c: Context<AppEnv>): number {
  const raw = c.req.query('version');
  if (raw === undefined) throw errors.requiredField('version');
  const version = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(version))
    throw errors.invalidInput(`Malformed parameter: version: '${raw}' is not an integer.`);
  return version;
}

/**
 * Registers create, query, get, update and delete of one resource type under `/:projectKey/<path>`,
 * by id and by `key=<key>`.
 */
export function registerResourceRoutes<T extends StoredResource>(
  api: Hono<AppEnv>,
  context: EmulatorContext,
  type: AnyResourceType<T>,
): void {
  const { projectKey } = context.options;
  const base = `/:projectKey/${type.path}`;
  context.resourceTypes.set(type.typeId, type);
  const view = [...type.scopes.view, ...type.scopes.manage];

  api.post(base, async (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const created = createResource(context, type, await readJsonBody(c), callerOf(c));
    return json(present(context, type, created, expandParams(c)), 201);
  });

  api.get(base, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const page = runQuery(context.state.collection<T>(type.typeId), params, {
      schema: commerceContract().schema(type.schemas.resource) as QuerySchema,
    });
    return json({ ...page, results: page.results.map((r) => present(context, type, r, params.expand)) });
  });

  api.get(`${base}/:address`, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const resource = findResource<T>(context, type, parseAddress(c.req.param('address')));
    return json(present(context, type, resource, expandParams(c)));
  });

  if (type.actions) {
    api.post(`${base}/:address`, async (c) => {
      requireScope(c.get('principal'), projectKey, type.scopes.manage);
      const updated = updateResource(context, type, parseAddress(c.req.param('address')), await readJsonBody(c), callerOf(c));
      return json(present(context, type, updated, expandParams(c)));
    });
  }

  api.delete(`${base}/:address`, (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const deleted = deleteResource(context, type, parseAddress(c.req.param('address')), versionParam(c), callerOf(c));
    return json(present(context, type, deleted, expandParams(c)));
  });
}
