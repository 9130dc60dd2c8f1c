/**
 * A library built on our packages that emits declarations for values whose types it only
 * infers: tools/check-consumer-declarations.ts compiles it (declaration emit, `skipLibCheck:
 * false`) against the built packages' bundled declarations, as a user's build would, in
 * rest-client's `lint`. Every inferred type must be nameable from the packages' entries
 * (no TS2742) and the declarations must check cleanly.
 */
import { clientCredentialsFlow, createTokenProvider, introspectToken, scopesFor, type AuthConfig } from '@commerce-kit/core-auth';
import { createTransport, InvalidRequestError, serviceCall, toServiceError } from '@commerce-kit/core-auth/http';
import { createRestClient, isConcurrentModification, paginate, updateWithRetry } from '@commerce-kit/rest-client';
import { createOpenapiFetchClient } from '@commerce-kit/rest-client/openapi-fetch';

const auth = { getToken: async () => 'token', invalidate: async () => undefined };

export const token = (config: AuthConfig) => clientCredentialsFlow(config);
export const introspect = (config: AuthConfig, value: string) => introspectToken(config, { token: value });
export const provider = (config: AuthConfig) => createTokenProvider({ flow: 'client_credentials', ...config });
export const scopes = () => scopesFor('GET /product-selections', 'p');
export const transport = () => createTransport({ auth });
export const tooLarge = () => new InvalidRequestError('too large', { code: 'REQUEST_TOO_LARGE' });
export const send = () => serviceCall(createTransport({}), 'https://api.example.com/p', {}, toServiceError);
export const client = () => createRestClient({ baseUrl: 'https://api.example.com', projectKey: 'p', auth });
export const selection = (id: string) => client().GET('/product-selections/{ID}', { params: { path: { ID: id } } });
export const selections = () => paginate(client(), '/product-selections');
export const rename = (id: string) =>
  updateWithRetry(client(), {
    path: '/product-selections/{ID}',
    params: { path: { ID: id } },
    buildActions: (current) => [{ action: 'changeName', name: { en: `${current.name['en'] ?? ''}!` } }],
  });
export const conflicted = async (id: string) => {
  const { error } = await selection(id);
  return error && isConcurrentModification(error) ? error.currentVersion : undefined;
};
export const raw = () => createOpenapiFetchClient(client());
