import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createTokenProvider, type TokenProvider } from '../src/index.js';
import { NetworkError } from '../src/http/index.js';
import { everythingShown, setup } from './helpers.js';

/**
 * `allowInsecureHttp`: plain http to an emulator that is not on loopback (a docker compose
 * service, a CI service container); and network failures named with their URL.
 */

afterEach(() => vi.restoreAllMocks());

function provider(s: ReturnType<typeof setup>, authUrl: string, allowInsecureHttp?: boolean): TokenProvider {
  return createTokenProvider({
    flow: 'client_credentials',
    ...s.config,
    authUrl,
    ...(allowInsecureHttp === undefined ? {} : { allowInsecureHttp }),
  });
}

describe('the token provider and plain http to a host that is not loopback', () => {
  it('refuses it by default, before sending anything', async () => {
    const s = setup();
    expect(() => provider(s, 'http://emulator:8080/auth')).toThrow(
      expect.objectContaining({ name: 'ConfigurationError', code: 'INSECURE_URL' }),
    );
    expect(s.counter.seen).toEqual([]);
  });

  it('accepts it with allowInsecureHttp: true, saying once that secrets travel unencrypted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = setup();
    // The in-process emulator ignores the host: this is what the provider sends to http://emulator:8080.
    const token = await provider(s, 'http://emulator:8080/auth', true).getToken();
    expect(token).toEqual(expect.any(String));
    expect(s.counter.seen).toEqual([{ path: '/auth/oauth/token', grantType: 'client_credentials' }]);
    expect(warn.mock.calls.flat().join('\n')).toContain(
      'allowInsecureHttp: tokens and client secrets go to emulator over plain http, unencrypted',
    );
  });

  it.each([['http://auth.europe-west1.gcp.commercetools.com'], ['http://auth.sphere.io']])(
    'refuses %s, a host of the service, even with allowInsecureHttp: true',
    (authUrl) => {
      const s = setup();
      let error: unknown;
      try {
        provider(s, authUrl, true);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ code: 'INSECURE_URL', message: expect.stringContaining("service's own hosts") });
      expect(s.counter.seen).toEqual([]);
    },
  );
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a token request the network fails', () => {
  it('is a NetworkError naming the URL, not a bare "fetch failed"', async () => {
    const s = setup();
    const port = await closedPort();
    const error = await createTokenProvider({
      flow: 'client_credentials',
      ...s.config,
      authUrl: `http://127.0.0.1:${port}/auth`,
      fetch: undefined,
    })
      .getToken()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      request: { method: 'POST', origin: `http://127.0.0.1:${port}`, path: '/auth/oauth/token' },
    });
    expect((error as Error).message).toBe(`network error on POST http://127.0.0.1:${port}/auth/oauth/token after 4 attempts`);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it("says to pass emulator.fetch when the URL is an in-process emulator's (http://127.0.0.1 without a port)", async () => {
    const s = setup();
    // emulator.urls() without fetch: emulator.fetch, as a user forgets it.
    const error = await createTokenProvider({ flow: 'client_credentials', ...s.config, authUrl: s.emu.urls().auth, fetch: undefined })
      .getToken()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      "network error on POST http://127.0.0.1/auth/oauth/token after 4 attempts (http://127.0.0.1, without a port, is an in-process emulator's origin: pass fetch: emulator.fetch to the client and the token provider, or serve it on a port with startEmulator)",
    );
    expect(await everythingShown(error)).not.toContain(s.config.credentials.clientSecret);
  });
});
