/**
 * One emulator for the whole run of this vitest project: started on a loopback port before the
 * first test file, stopped after the last. Test files run in parallel in worker threads and cannot
 * hold the `Emulator` object, so they get its origin and the emulator's credentials through
 * `provide`/`inject`, and each worker makes and uses a project of its own through the control API
 * (`connectEmulator`, see clients.ts). The pattern of the test-fixtures README, "One emulator for
 * the whole run".
 */
import { ManualClock, startEmulator } from '@commerce-kit/test-fixtures';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    emulator: { origin: string; projectKey: string; clientId: string; clientSecret: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startEmulator({ projectKey: 'shared-project', clock: new ManualClock() });
  const { clientId, clientSecret } = server.emulator.credentials;
  project.provide('emulator', { origin: server.origin, projectKey: 'shared-project', clientId, clientSecret });
  return () => server.close();
}
