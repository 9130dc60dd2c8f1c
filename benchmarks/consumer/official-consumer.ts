/**
 * The same consumer as rest-consumer.ts written with the official SDK (@commercetools/ts-client
 * and @commercetools/platform-sdk), for the side-by-side bundle-size and type-check figures.
 */
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';

export interface ConsumerConfig {
  authUrl: string;
  apiUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
  key: string;
}

export async function run(config: ConsumerConfig): Promise<{ id: string; version: number; found: number }> {
  const client = new ClientBuilder()
    .withProjectKey(config.projectKey)
    .withClientCredentialsFlow({
      host: config.authUrl,
      projectKey: config.projectKey,
      credentials: { clientId: config.clientId, clientSecret: config.clientSecret },
      httpClient: fetch,
    })
    .withHttpMiddleware({ host: config.apiUrl, httpClient: fetch })
    .build();
  const api = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: config.projectKey });

  const created = await api
    .productSelections()
    .post({ body: { key: config.key, name: { en: 'Summer' } } })
    .execute();

  const page = await api
    .productSelections()
    .get({ queryArgs: { where: 'key = :key', 'var.key': config.key } })
    .execute();

  return { id: created.body.id, version: created.body.version, found: page.body.results.length };
}
