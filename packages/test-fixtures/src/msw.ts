/**
 * `@commerce-kit/test-fixtures/msw`: request handlers of msw 2 (an optional peer dependency) that
 * send the live service's hosts to an in-process emulator, so that code written against the live
 * hosts (the official SDK, our clients, plain `fetch`) runs unchanged in a test.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createEmulator } from '@commerce-kit/test-fixtures';
 * import { emulatorHandlers } from '@commerce-kit/test-fixtures/msw';
 *
 * const emulator = createEmulator({ projectKey: 'my-project' });
 * const server = setupServer(...emulatorHandlers(emulator));
 * server.listen({ onUnhandledRequest: 'error' });
 * // https://auth.europe-west1.gcp.commercetools.com/oauth/token now answers from the emulator.
 */
import { DEPRECATED_HOSTS, REGIONS } from '@commerce-kit/core-auth';
import { http, type HttpHandler } from 'msw';
import type { Emulator, EmulatorUrls } from './emulator/app.js';

/** The services of a region, each at its own host (`<service>.<region>.commercetools.com`). */
const SERVICES = ['api', 'auth', 'history'] as const satisfies readonly (keyof EmulatorUrls)[];

/**
 * Every host of the live service, with the emulator's base URL it stands for: the API, auth and
 * Change History hosts of every region (https://docs.commercetools.com/api/general-concepts#hosts)
 * and the deprecated aliases (`api.sphere.io`, `auth.commercetools.com`, ...).
 * @example
 * liveHosts()['auth.europe-west1.gcp.commercetools.com'] // 'auth'
 */
export function liveHosts(): Record<string, keyof EmulatorUrls> {
  const hosts: Record<string, keyof EmulatorUrls> = {};
  for (const region of REGIONS) for (const service of SERVICES) hosts[`${service}.${region}.commercetools.com`] = service;
  for (const alias of Object.keys(DEPRECATED_HOSTS)) hosts[alias] = alias.startsWith('auth.') ? 'auth' : 'api';
  return hosts;
}

/**
 * msw handlers that answer every request to a live host (see {@link liveHosts}) from `emulator`:
 * the path and query go under the emulator's base URL of that service, so
 * `https://auth.<region>.commercetools.com/oauth/token` (and `/oauth/<projectKey>/customers/token`,
 * `/oauth/<projectKey>/anonymous/token`) reach its authorization service, `https://api.<region>...`
 * its REST and GraphQL API, `https://history.<region>...` its Change History. Method, headers and
 * body pass as they are; the emulator's answer comes back as it is, errors included.
 * @example
 * const server = setupServer(...emulatorHandlers(emulator));
 */
export function emulatorHandlers(emulator: Pick<Emulator, 'fetch' | 'urls'>): HttpHandler[] {
  const urls = emulator.urls();
  return Object.entries(liveHosts()).map(([host, service]) =>
    http.all(`https://${host}/*`, async ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      return emulator.fetch(
        new Request(`${urls[service]}${pathname}${search}`, { method: request.method, headers: request.headers, body }),
      );
    }),
  );
}
