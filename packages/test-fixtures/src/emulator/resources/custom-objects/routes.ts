import type { Context, Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runOnArray, runQuery, type PagedQueryResult, type QuerySchema } from '../../query/index.js';
import { commerceContract } from '../../validation/contract.js';
import { deleteResource } from '../kit/operations.js';
import { callerOf, expandParams, parsedVersion, present } from '../kit/rest-routes.js';
import { customObjectAt, customObjectType, upsertCustomObject, type CustomObject } from './index.js';

/**
 * The Custom Object routes: `POST /custom-objects` (upsert), `GET|HEAD /custom-objects` (every
 * container; HEAD 404 when nothing matches), `GET /custom-objects/{container}` and
 * `GET|DELETE /custom-objects/{container}/{key}`. They replace the standard routes: a Custom
 * Object is addressed by container and key, never by id.
 */
export function registerCustomObjectRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const type = customObjectType;
  const view = [...type.scopes.view];
  const base = `/:projectKey/${type.path}`;
  const collection = () => context.state.collection<CustomObject>(type.typeId);
  const schema = () => commerceContract().schema(type.schemas.resource) as QuerySchema;
  const answer = (c: Context<AppEnv>, resource: CustomObject, status: 200 | 201 = 200) =>
    json(present(context, type, resource, expandParams(c)), status);
  const page = (c: Context<AppEnv>, result: PagedQueryResult<CustomObject>, expand: readonly string[]) => {
    if (c.req.method === 'HEAD' && result.count === 0) throw errors.notFound('No CustomObject matches the query.');
    return json({ ...result, results: result.results.map((resource) => present(context, type, resource, expand)) });
  };

  api.post(base, async (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const { resource, created } = upsertCustomObject(context, await readJsonBody(c), callerOf(c));
    return answer(c, resource, created ? 201 : 200);
  });

  api.get(base, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    return page(c, runQuery(collection(), params, { schema: schema() }), params.expand);
  });

  api.get(`${base}/:container`, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const container = c.req.param('container');
    const members = [...collection().values()].filter((resource) => resource.container === container);
    return page(c, runOnArray(members, params, { schema: schema() }), params.expand);
  });

  api.get(`${base}/:container/:key`, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    return answer(c, customObjectAt(context, c.req.param('container'), c.req.param('key')));
  });

  api.delete(`${base}/:container/:key`, (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const current = customObjectAt(context, c.req.param('container'), c.req.param('key'));
    const optionalVersion = c.req.query('version');
    return answer(
      c,
      deleteResource(
        context,
        type,
        { id: current.id },
        optionalVersion === undefined ? current.version : parsedVersion(optionalVersion),
        callerOf(c),
      ),
    );
  });
}
