/**
 * The community mock as the per-test benchmarks use it: a new `CommercetoolsMock` configured as
 * its own server entry does, plus token checks, every request through Fastify's `app.inject`.
 */
import { register } from 'node:module';
// Types only: the module itself loads after the msw stub is registered.
import type * as MockExports from '@labdigital/commercetools-mock';

let mockModule: typeof MockExports | undefined;

/** Loads the mock (once), after the stub for its optional msw import. */
export async function loadMock(): Promise<void> {
  register('./msw-stub-hooks.mjs', import.meta.url);
  mockModule ??= await import('@labdigital/commercetools-mock');
}

export interface InjectedMock {
  send(call: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<{
    status: number;
    body: Record<string, unknown>;
  }>;
  close(): Promise<void>;
}

/** A new mock for one test of project `projectKey` (call {@link loadMock} first). */
export function newInjectedMock(projectKey: string): InjectedMock {
  const mock = new mockModule!.CommercetoolsMock({
    silent: true,
    strict: true,
    enableAuthentication: true,
    validateCredentials: true,
    defaultProjectKey: projectKey,
  });
  return {
    async send({ method, path, headers, body }) {
      const res = await mock.app.inject({ method: method as 'GET', url: path, headers, ...(body === undefined ? {} : { payload: body }) });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    },
    async close() {
      await mock.clear();
      await mock.app.close();
    },
  };
}
