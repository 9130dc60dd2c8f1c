import { createTokenProvider } from '@commerce-kit/core-auth';
import { createRestClient } from '@commerce-kit/rest-client';
import { connectEmulator } from '@commerce-kit/test-fixtures';
import { inject } from 'vitest';

/** The emulator the global setup started, its control API, and a REST client of its bootstrap client. */
export function sharedEmulator() {
  const { origin, projectKey, clientId, clientSecret } = inject('emulator');
  const control = connectEmulator({ origin, clientId, clientSecret });
  const tokenProvider = createTokenProvider({ flow: 'client_credentials', authUrl: `${origin}/auth`, projectKey, credentials: { clientId, clientSecret } });
  // retry.sleep: the waits of the retries are not spent for real in a test.
  const client = createRestClient({ baseUrl: origin, projectKey, auth: { tokenProvider }, retry: { sleep: async () => {} } });
  return { control, client, tokenProvider };
}
