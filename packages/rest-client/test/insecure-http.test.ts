import { networkInterfaces } from 'node:os';
import { createTokenProvider } from '@commerce-kit/core-auth';
import { startEmulator } from '@commerce-kit/test-fixtures/emulator/server.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRestClient, unwrap } from '../src/index.js';
import { PROJECT, setup } from './helpers.js';

/**
 * `allowInsecureHttp: true`: the client and the token provider reach an emulator that is not on
 * loopback (a docker compose service `http://emulator:8080`, a CI service container).
 */

afterEach(() => vi.restoreAllMocks());

describe('createRestClient and plain http to a host that is not loopback', () => {
  it('refuses it by default: ConfigurationError INSECURE_URL', () => {
    const s = setup();
    expect(() => s.makeClient({ baseUrl: 'http://emulator:8080' })).toThrow(expect.objectContaining({ code: 'INSECURE_URL' }));
  });

  it('accepts it with allowInsecureHttp: true (the in-process emulator answers for http://emulator:8080)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = setup();
    const client = s.makeClient({ baseUrl: 'http://emulator:8080', allowInsecureHttp: true });
    const created = unwrap(await client.POST('/product-selections', { body: { key: 'compose', name: { en: 'Compose' } } }));
    expect(created).toMatchObject({ key: 'compose', version: 1 });
    expect(s.rec.api().map((request) => `${request.method} ${request.path}`)).toEqual([`POST /${PROJECT}/product-selections`]);
  });

  it.each([['http://api.europe-west1.gcp.commercetools.com'], ['http://api.sphere.io']])(
    'refuses %s, the service, even with allowInsecureHttp: true',
    (baseUrl) => {
      const s = setup();
      expect(() => s.makeClient({ baseUrl, allowInsecureHttp: true })).toThrow(
        expect.objectContaining({ code: 'INSECURE_URL', message: expect.stringContaining("service's own hosts") }),
      );
    },
  );
});

/** An address of this machine that is not loopback, as another container would reach it. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')?.address;

describe.skipIf(lanAddress === undefined)(
  `over a real socket to ${lanAddress ?? 'a non-loopback address'} (as from another container)`,
  () => {
    it('an emulator bound to 0.0.0.0 answers the client and the token provider, with allowInsecureHttp: true', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const server = await startEmulator({ projectKey: PROJECT, host: '0.0.0.0' });
      try {
        const origin = `http://${lanAddress}:${server.port}`;
        const tokenProvider = createTokenProvider({
          flow: 'client_credentials',
          authUrl: `${origin}/auth`,
          projectKey: PROJECT,
          credentials: server.emulator.credentials,
          allowInsecureHttp: true,
        });
        const client = createRestClient({ baseUrl: origin, projectKey: PROJECT, auth: { tokenProvider }, allowInsecureHttp: true });
        unwrap(await client.POST('/product-selections', { body: { key: 'lan', name: { en: 'LAN' } } }));
        expect(unwrap(await client.GET('/product-selections')).results.map((selection) => selection.key)).toEqual(['lan']);
      } finally {
        await server.close();
      }
    });
  },
);

describe('a client pointed at an in-process emulator without its fetch', () => {
  it('fails with a NetworkError that names the URL and says to pass emulator.fetch', async () => {
    const s = setup();
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: s.emu.urls().auth,
      projectKey: PROJECT,
      credentials: s.emu.credentials,
    });
    const client = createRestClient({ baseUrl: s.emu.urls().api, projectKey: PROJECT, auth: { tokenProvider }, retry: false });
    const error = await client.GET('/product-selections').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NetworkError', code: 'NETWORK_ERROR' });
    expect((error as Error).message).toContain('network error on POST http://127.0.0.1/auth/oauth/token');
    expect((error as Error).message).toContain('pass fetch: emulator.fetch to the client and the token provider');
  });
});
