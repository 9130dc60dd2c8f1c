/**
 * One emulator for the whole run of this vitest project: started on a loopback port before the
 * first test file, stopped after the last. Test files run in worker threads and cannot hold the
 * `Emulator` object, so they get its origin and credentials through `provide`/`inject` and act on
 * it through the control API (`connectEmulator`). The pattern of the test-fixtures README, "One
 * emulator for the whole run".
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
