/**
 * `pnpm generate`: the one step from the hand-written schemas in `schemas/` to the committed,
 * drift-checked code in `packages/<name>/src/generated/`. One file per generator:
 *
 * - endpoint-scopes.ts: the scopes of each REST endpoint (core-auth);
 * - method-paths.ts: rest-client's call tables by method and path;
 * - openapi.ts: openapi-typescript for each OpenAPI document, and its JSON copy (test-fixtures);
 * - graphql.ts: @graphql-codegen for each SDL and the clients' operation documents, and SDL copies;
 * - builders.ts: a test-data builder per object schema (test-fixtures);
 * - live-endpoints.ts: the live API's endpoints, from the official SDK's request builders (test-fixtures);
 * - live-graphql-fields.ts: the live GraphQL API's fields, from a checked-in copy of names (test-fixtures).
 *
 * Output goes through output.ts: formatted with prettier, only into `packages/*\/src/generated/`.
 */
import { generateBuilders } from './builders.js';
import { generateEndpointScopes } from './endpoint-scopes.js';
import { generateGraphql, graphqlTargets } from './graphql.js';
import { generateLiveEndpoints } from './live-endpoints.js';
import { generateLiveGraphqlFields } from './live-graphql-fields.js';
import { generateMethodPaths } from './method-paths.js';
import { generateOpenApi, openapiTargets } from './openapi.js';
import { counts } from './output.js';

const started = Date.now();
await generateEndpointScopes();
await generateMethodPaths();
for (const target of openapiTargets) await generateOpenApi(target);
for (const target of graphqlTargets) await generateGraphql(target);
await generateBuilders();
await generateLiveEndpoints();
await generateLiveGraphqlFields();
console.log(`generate: ${counts.written} written, ${counts.unchanged} unchanged in ${Date.now() - started} ms`);
