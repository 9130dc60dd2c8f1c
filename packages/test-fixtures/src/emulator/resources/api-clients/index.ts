import { parseScope } from '@commerce-kit/core-auth';
import type { Hono } from 'hono';
import type { ApiClient, ApiClientDraft } from '../../auth/clients.js';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { commerceContract } from '../../validation/contract.js';
import { refuseNotEmulatedMembers } from '../../validation/not-emulated-members.js';
import { invalidJson, missingValue } from '../../validation/request-errors.js';
import { parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import { isPlainObject } from '../../query/values.js';

const VIEW = ['view_api_clients', 'manage_api_clients'] as const;
const MANAGE = ['manage_api_clients'] as const;
/** Ten years: a validity beyond that is surely a mistake (decision: the service documents no bound). */
const MAX_VALIDITY_SECONDS = 10 * 365 * 24 * 3600;
const MAX_NAME_LENGTH = 256;

/** Fields `where` and `sort` may use on API clients. */
const API_CLIENT_SCHEMA: QuerySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    scope: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: 'string', format: 'date' },
    accessTokenValiditySeconds: { type: 'integer' },
    refreshTokenValiditySeconds: { type: 'integer' },
  },
};

function validity(draft: Record<string, unknown>, field: 'accessTokenValiditySeconds' | 'refreshTokenValiditySeconds'): number | undefined {
  const value = draft[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') throw invalidJson(`${field}: must be number`);
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_VALIDITY_SECONDS) {
    throw errors.invalidField(
      field,
      value,
      `The value ${JSON.stringify(value)} is not valid for field ${field}: an integer from 1 to ${MAX_VALIDITY_SECONDS} is expected.`,
    );
  }
  return value;
}

/**
 * Checks an APIClientDraft: `name` and `scope` required; every scope a permission scope of this
 * project (`<name>:<projectKey>[:<storeKey>]`); validities positive integers.
 */
export function validateApiClientDraft(body: unknown, projectKey: string): ApiClientDraft {
  if (!isPlainObject(body)) throw invalidJson('An APIClientDraft must be a JSON object.');
  const draft = body;
  if (draft.name === undefined || draft.name === null) throw missingValue('name');
  if (typeof draft.name !== 'string') throw invalidJson('name: must be string');
  if (draft.name.trim() === '' || draft.name.length > MAX_NAME_LENGTH) {
    throw errors.invalidField(
      'name',
      draft.name,
      `The value for field name must be a non-empty string of at most ${MAX_NAME_LENGTH} characters.`,
    );
  }
  // Members the schema lists as not emulated (expiring clients) are refused, not dropped.
  refuseNotEmulatedMembers(commerceContract(), 'ApiClientDraft', draft);
  if (draft.scope === undefined || draft.scope === null) throw missingValue('scope');
  if (typeof draft.scope !== 'string') throw invalidJson('scope: must be string');
  if (draft.scope.trim() === '') {
    throw errors.invalidField('scope', draft.scope, 'The value for field scope must be a non-empty, space-separated list of scopes.');
  }
  for (const part of draft.scope.split(/\s+/)) {
    if (part === '') continue;
    const scope = parseScope(part);
    if (!scope || scope.kind !== 'permission' || scope.projectKey !== projectKey) {
      throw errors.invalidField('scope', draft.scope, `The scope '${part.slice(0, 100)}' is not a scope of the project '${projectKey}'.`);
    }
  }
  const result: ApiClientDraft = { name: draft.name, scope: draft.scope };
  const access = validity(draft, 'accessTokenValiditySeconds');
  const refresh = validity(draft, 'refreshTokenValiditySeconds');
  if (access !== undefined) result.accessTokenValiditySeconds = access;
  if (refresh !== undefined) result.refreshTokenValiditySeconds = refresh;
  return result;
}

function found(client: ApiClient | undefined, id: string): ApiClient {
  if (!client) throw errors.notFoundById(id);
  return client;
}

/**
 * The API-clients endpoints under `/:projectKey/api-clients`: create (the
 * secret is in the 201 answer only), query (where, sort, limit, offset, withTotal), get by id,
 * delete by id (every token of the client becomes inactive). Scopes: view_api_clients to read,
 * manage_api_clients to change; manage_project implies both.
 */
export function registerApiClientRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { auth } = context;
  const { projectKey } = context.options;
  const base = '/:projectKey/api-clients';

  api.post(base, async (c) => {
    requireScope(c.get('principal'), projectKey, MANAGE);
    const draft = validateApiClientDraft(await readJsonBody(c), projectKey);
    const { client, secret } = auth.createClient(draft);
    return json({ ...client, secret }, 201);
  });

  api.get(base, (c) => {
    requireScope(c.get('principal'), projectKey, VIEW);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    return json(runOnArray(auth.listClients(), params, { schema: API_CLIENT_SCHEMA }));
  });

  api.get(`${base}/:id`, (c) => {
    requireScope(c.get('principal'), projectKey, VIEW);
    const id = c.req.param('id');
    return json(found(auth.getClient(id), id));
  });

  api.delete(`${base}/:id`, (c) => {
    requireScope(c.get('principal'), projectKey, MANAGE);
    const id = c.req.param('id');
    return json(found(auth.deleteClient(id), id));
  });
}
