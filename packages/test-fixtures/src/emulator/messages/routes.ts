import type { Hono } from 'hono';
import { requireScope } from '../auth/principal.js';
import type { EmulatorContext } from '../context.js';
import { json } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { errors } from '../http/errors.js';
import { parseQueryParams, runQuery, type QuerySchema } from '../query/index.js';
import { presentReferenced } from '../resources/kit/rest-routes.js';
import { commerceContract } from '../validation/contract.js';

/** `GET /{projectKey}/messages` and `/messages/{ID}`, scope view_messages. */
export function registerMessageRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const resolve = (typeId: string, id: string) => presentReferenced(context, typeId, id);

  api.get('/:projectKey/messages', (c) => {
    requireScope(c.get('principal'), projectKey, ['view_messages']);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    return json(runQuery(context.messages.collection, params, { schema: commerceContract().schema('Message') as QuerySchema, resolve }));
  });

  api.get('/:projectKey/messages/:id', (c) => {
    requireScope(c.get('principal'), projectKey, ['view_messages']);
    const message = context.messages.collection.get(c.req.param('id'));
    if (!message) throw errors.notFoundById(c.req.param('id'));
    return json(message);
  });
}
