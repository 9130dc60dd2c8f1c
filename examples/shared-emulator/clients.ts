import { createTokenProvider } from '@commerce-kit/core-auth';
import { createRestClient } from '@commerce-kit/rest-client';
import { connectEmulator } from '@commerce-kit/test-fixtures';
import { inject } from 'vitest';

/**
 * This worker's own project of the emulator the global setup started: its control API, and a
 * REST client of the project's bootstrap client. Test files run in parallel, one worker each at a
 * time; each worker asks for its project (`POST /_emulator/projects` is idempotent, so every file
 * of the same worker gets the same project), so no file sees another worker's data, and a reset
 * empties this worker's project only.
 */
export async function sharedEmulator() {
  const { origin, clientId, clientSecret } = inject('emulator');
  const control = connectEmulator({ origin, clientId, clientSecret });
  const projectKey = `worker-${process.env['VITEST_POOL_ID'] ?? '1'}`;
  const project = await control.projects.create(projectKey);
  const credentials = { clientId: project.clientId, clientSecret: project.clientSecret };
  const tokenProvider = createTokenProvider({ flow: 'client_credentials', authUrl: `${origin}/auth`, projectKey, credentials });
  // retry.sleep: the waits of the retries are not spent for real in a test.
  const client = createRestClient({ baseUrl: origin, projectKey, auth: { tokenProvider }, retry: { sleep: async () => {} } });
  return { control, projectControl: control.project(projectKey), projectKey, client, tokenProvider };
}
