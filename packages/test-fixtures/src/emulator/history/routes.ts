import { Hono, type MiddlewareHandler } from 'hono';
import type { EmulatorContext } from '../context.js';
import { authenticate } from '../http/authenticate.js';
import { json } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { requireAuditLog } from './access.js';
import { historyErrors } from './errors.js';
import { handleGraphql } from './graphql.js';
import { planQuery, runRecordQuery, type FilterInput, type QueryScope } from './query.js';
import { ENDPOINT_PARAMETERS, typeOfSegment, type Endpoint, type HistoryResourceType } from './resource-types.js';

type ListMember = 'resourceTypes' | 'changes' | 'stores' | 'excludePlatformInitiatedChanges';

/** Query parameter name → filter member, for the parameters given once (history.yaml parameter names). */
const SINGLE: Record<string, Exclude<keyof FilterInput, ListMember>> = {
  expand: 'expand',
  limit: 'limit',
  offset: 'offset',
  withTotal: 'withTotal',
  'date.from': 'dateFrom',
  'date.to': 'dateTo',
  userId: 'userId',
  clientId: 'clientId',
  customerId: 'customerId',
  associateId: 'associateId',
  businessUnit: 'businessUnit',
  type: 'type',
  resourceId: 'resourceId',
  resourceKey: 'resourceKey',
  source: 'source',
};

const ENDPOINT_NAMES: Record<Endpoint, string> = {
  all: 'the all-types endpoint',
  byType: 'the by-type endpoint',
  byId: 'the by-id endpoint',
};

/**
 * The filters of a GET request. Every parameter is accepted only on the endpoints that take it
 * (see `history.yaml`: all types, one type, one resource), and a non-repeatable one only once; anything else is 400 (decision).
 */
function filterInputOf(url: URL, endpoint: Endpoint): FilterInput {
  const { names, repeatable } = ENDPOINT_PARAMETERS[endpoint];
  const input: FilterInput = {};
  for (const name of new Set(url.searchParams.keys())) {
    if (!names.has(name)) {
      const elsewhere = (Object.keys(ENDPOINT_PARAMETERS) as Endpoint[]).filter((e) => ENDPOINT_PARAMETERS[e].names.has(name));
      throw historyErrors.badRequest(
        elsewhere.length > 0
          ? `The query parameter '${name}' is not accepted by ${ENDPOINT_NAMES[endpoint]}; only by ${elsewhere.map((e) => ENDPOINT_NAMES[e]).join(' and ')}.`
          : `Unknown query parameter '${name}'.`,
      );
    }
    const values = url.searchParams.getAll(name);
    if (repeatable.has(name)) {
      input[name as ListMember] = values;
      continue;
    }
    if (values.length > 1)
      throw historyErrors.badRequest(`The query parameter '${name}' may be given only once, got ${values.length} values.`);
    const member = SINGLE[name];
    if (member) input[member] = values[0]!;
  }
  return input;
}

function resourceTypeOf(segment: string): HistoryResourceType {
  const type = typeOfSegment(segment);
  if (!type)
    throw historyErrors.badRequest(
      `Unknown resource type '${segment}': expected a Change History resource type such as product-selection (singular or plural).`,
    );
  return type;
}

/**
 * The Change History service of one project (its store records every write), to mount at `/history`: the three GET endpoints and
 * GraphQL, bearer tokens as on the HTTP API, `view_audit_log` on every request.
 */
export function historyRoutes(context: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { projectKey } = context.options;
  const log = context.store.history;
  const auditLog: MiddlewareHandler<AppEnv> = async (c, next) => {
    requireAuditLog(c.get('principal'), projectKey);
    await next();
  };
  for (const pattern of ['/:projectKey', '/:projectKey/*']) app.use(pattern, authenticate(context.auth), auditLog);

  const answer = (url: string, endpoint: Endpoint, scope: QueryScope, principal: AppEnv['Variables']['principal']) => {
    const input = filterInputOf(new URL(url), endpoint);
    return json(runRecordQuery(log, planQuery(input, scope, principal, context), context));
  };

  app.get('/:projectKey', (c) => answer(c.req.url, 'all', { endpoint: 'all' }, c.get('principal')));
  app.post('/:projectKey/graphql', (c) => handleGraphql(c, context, log));
  app.get('/:projectKey/:resourceType', (c) => {
    const type = resourceTypeOf(c.req.param('resourceType'));
    return answer(c.req.url, 'byType', { endpoint: 'byType', type }, c.get('principal'));
  });
  app.get('/:projectKey/:resourceType/:id', (c) => {
    const type = resourceTypeOf(c.req.param('resourceType'));
    return answer(c.req.url, 'byId', { endpoint: 'byId', type, id: c.req.param('id') }, c.get('principal'));
  });
  return app;
}
