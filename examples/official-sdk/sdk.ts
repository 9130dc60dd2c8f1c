/**
 * The official SDK's own set-up (`@commercetools/ts-client` + `@commercetools/platform-sdk`), as
 * its documentation writes it, pointed at the emulator; and what it rejects with on an error
 * answer. Shared by the tests of this folder.
 */
import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { expect } from 'vitest';

/** Where the SDK goes, and with which API client. */
export interface SdkTarget {
  projectKey: string;
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  httpClient: (url: string, init?: RequestInit) => Promise<Response>;
  scopes?: string[];
  /** The anonymous session flow (a storefront's first visit) instead of client credentials. */
  anonymous?: boolean;
}

/** The SDK's request builder of the target's project. */
export function officialSdk(target: SdkTarget): ByProjectKeyRequestBuilder {
  const { projectKey } = target;
  const auth = {
    host: target.authUrl,
    projectKey,
    credentials: { clientId: target.clientId, clientSecret: target.clientSecret },
    ...(target.scopes ? { scopes: target.scopes } : {}),
    httpClient: target.httpClient,
  };
  const builder = new ClientBuilder().withProjectKey(projectKey);
  const client = (target.anonymous ? builder.withAnonymousSessionFlow(auth) : builder.withClientCredentialsFlow(auth))
    .withHttpMiddleware({ host: target.apiUrl, httpClient: target.httpClient })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

/** What the SDK rejects with on an error answer: the status and the service's first error code. */
export async function refusal(call: Promise<unknown>): Promise<{ statusCode: number; code: string | undefined }> {
  const error = (await call.then(
    () => expect.fail('expected an error answer'),
    (reason: unknown) => reason,
  )) as { statusCode: number; body?: { errors?: { code: string }[] } };
  return { statusCode: error.statusCode, code: error.body?.errors?.[0]?.code };
}
