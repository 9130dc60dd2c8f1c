import { createTokenProvider, type TokenProvider } from '@commerce-kit/core-auth';
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures/emulator/app.js';
import { createGraphqlClient, type GraphqlClient, type GraphqlClientOptions, type GraphqlResult } from '../src/index.js';
import { expectShape } from './shape.js';

/** An in-process emulator, a token provider of its bootstrap client, and a GraphQL client over both. */
export interface Setup {
  emulator: Emulator;
  projectKey: string;
  tokenProvider: TokenProvider;
  client: GraphqlClient;
  /** A REST call with the bootstrap client's token (to seed data and to compare). */
  rest<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function setUp(projectKey = 'graphql-client', clientOptions: Partial<GraphqlClientOptions> = {}): Promise<Setup> {
  const emulator = createEmulator({ projectKey });
  const urls = emulator.urls();
  const tokenProvider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: urls.auth,
    projectKey,
    credentials: { clientId: emulator.credentials.clientId, clientSecret: emulator.credentials.clientSecret },
    fetch: emulator.fetch,
  });
  const client = createGraphqlClient({ url: urls.api, projectKey, auth: { tokenProvider }, fetch: emulator.fetch, ...clientOptions });
  const rest: Setup['rest'] = async (method, path, body) => {
    const res = await emulator.fetch(`${urls.api}/${projectKey}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokenProvider.getToken()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as never };
  };
  return { emulator, projectKey, tokenProvider, client, rest };
}

/** A product type and two published Products, `inside` and `outside`, over REST. */
export async function seedProducts(setup: Setup): Promise<{ inside: string; outside: string }> {
  await setup.rest('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' });
  const ids: string[] = [];
  for (const key of ['inside', 'outside']) {
    const res = await setup.rest<{ id: string }>('POST', '/products', {
      key,
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: `Shirt ${key}` },
      slug: { en: `shirt-${key}` },
      masterVariant: { sku: `sku-${key}`, key: `variant-${key}` },
      publish: true,
    });
    if (res.status !== 201) throw new Error(`seeding product ${key} failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  return { inside: ids[0]!, outside: ids[1]! };
}

/** The data of a result that must have succeeded, after checking its shape against the SDL. */
export function ok<R>(document: string | { toString(): string }, result: GraphqlResult<R>): R {
  if (result.errors) throw new Error(`expected data, got errors: ${JSON.stringify(result.errors)}`);
  expectShape(document, result.data);
  return result.data;
}
