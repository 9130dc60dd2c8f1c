/**
 * A small consumer of our packages, for the bundle-size and type-check benchmarks
 * (benchmarks/rest-client.ts): it gets a token, creates a Product Selection and queries it by key.
 * official-consumer.ts does the same with the official SDK.
 */
import { createTokenProvider } from '@commerce-kit/core-auth';
import { createRestClient } from '@commerce-kit/rest-client';

export interface ConsumerConfig {
  authUrl: string;
  apiUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
  key: string;
}

export async function run(config: ConsumerConfig): Promise<{ id: string; version: number; found: number }> {
  const tokenProvider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: config.authUrl,
    projectKey: config.projectKey,
    credentials: { clientId: config.clientId, clientSecret: config.clientSecret },
  });
  const client = createRestClient({ baseUrl: config.apiUrl, projectKey: config.projectKey, auth: { tokenProvider } });

  const created = await client.POST('/product-selections', { body: { key: config.key, name: { en: 'Summer' } } });
  if (created.error) throw new Error(`create failed: ${created.error.code} ${created.error.message}`);

  const page = await client.GET('/product-selections', { params: { query: { where: ['key = :key'], var: { key: config.key } } } });
  if (page.error) throw new Error(`query failed: ${page.error.code} ${page.error.message}`);

  return { id: created.data.id, version: created.data.version, found: page.data.results.length };
}
