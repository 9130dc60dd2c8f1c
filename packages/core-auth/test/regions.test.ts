import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  DEPRECATED_HOSTS,
  REGIONS,
  assertSecureUrl,
  isLoopbackHost,
  regionUrls,
  resolveBaseUrl,
  type Region,
} from '../src/index.js';

describe('regionUrls', () => {
  it('maps each of the five regions to its api, auth and history hosts', () => {
    expect(REGIONS).toHaveLength(5);
    for (const region of REGIONS) {
      expect(regionUrls(region)).toEqual({
        api: `https://api.${region}.commercetools.com`,
        auth: `https://auth.${region}.commercetools.com`,
        history: `https://history.${region}.commercetools.com`,
      });
    }
  });

  it('refuses an unknown region with UNKNOWN_REGION', () => {
    const error = (() => {
      try {
        regionUrls('mars-north1.gcp' as Region);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'UNKNOWN_REGION' });
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['http://localhost:8080', true],
    ['http://127.0.0.1', true],
    ['http://127.1', true],
    ['http://127.255.3.4', true],
    ['http://[::1]:3000', true],
    ['http://[::ffff:127.0.0.1]', true],
    ['http://128.0.0.1', false],
    ['http://10.0.0.1', false],
    ['http://localhost.example.com', false],
    ['http://[::2]', false],
    ['http://example.com', false],
    ['http://LOCALHOST.:80', true],
    ['http://127.0.0.1.', true],
  ])('%s → %s', (url, expected) => {
    expect(isLoopbackHost(new URL(url).hostname)).toBe(expected);
  });
});

describe('assertSecureUrl', () => {
  it('accepts https anywhere and http to loopback hosts only', () => {
    expect(assertSecureUrl('https://auth.europe-west1.gcp.commercetools.com').host).toBe('auth.europe-west1.gcp.commercetools.com');
    expect(assertSecureUrl('http://127.0.0.1/auth').pathname).toBe('/auth');
    expect(assertSecureUrl('http://localhost:8989').port).toBe('8989');
    expect(assertSecureUrl('http://[::1]:8989').hostname).toBe('[::1]');
  });

  it.each([
    ['http://auth.example.com', 'INSECURE_URL'],
    ['http://192.168.1.10/auth', 'INSECURE_URL'],
    ['ftp://auth.example.com', 'INVALID_URL'],
    ['auth.example.com', 'INVALID_URL'],
    ['https://id:secret@auth.example.com', 'CREDENTIALS_IN_URL'],
  ])('refuses %s with %s', (url, code) => {
    expect(() => assertSecureUrl(url)).toThrow(ConfigurationError);
    try {
      assertSecureUrl(url);
    } catch (e) {
      expect((e as ConfigurationError).code).toBe(code);
      expect(String(e)).not.toContain('secret');
    }
  });
});

describe('assertSecureUrl with allowInsecureHttp: true (an emulator in a container)', () => {
  it("accepts plain http to any host but the service's own", () => {
    const options = { allowInsecureHttp: true };
    expect(assertSecureUrl('http://emulator:8080/auth', options).host).toBe('emulator:8080');
    expect(assertSecureUrl('http://192.168.1.10/auth', options).hostname).toBe('192.168.1.10');
    expect(assertSecureUrl('http://api.commercetools.community', options).hostname).toBe('api.commercetools.community');
    expect(() => assertSecureUrl('http://emulator:8080')).toThrow(
      expect.objectContaining({ code: 'INSECURE_URL', message: expect.stringContaining('allowInsecureHttp: true') }),
    );
  });

  it.each([
    ['http://api.europe-west1.gcp.commercetools.com'],
    ['http://AUTH.us-central1.gcp.commercetools.com./'],
    ['http://auth.sphere.io'],
    ['http://api.commercetools.co'],
    ['http://commercetools.com'],
  ])('refuses %s, a host of the service, with INSECURE_URL', (url) => {
    expect(() => assertSecureUrl(url, { allowInsecureHttp: true })).toThrow(
      expect.objectContaining({ code: 'INSECURE_URL', message: expect.stringContaining("service's own hosts") }),
    );
  });

  it('still refuses credentials in the URL and other schemes', () => {
    expect(() => assertSecureUrl('http://id:secret@emulator:8080', { allowInsecureHttp: true })).toThrow(
      expect.objectContaining({ code: 'CREDENTIALS_IN_URL' }),
    );
    expect(() => assertSecureUrl('ftp://emulator:8080', { allowInsecureHttp: true })).toThrow(
      expect.objectContaining({ code: 'INVALID_URL' }),
    );
  });

  it('resolveBaseUrl says once per host that tokens travel unencrypted', () => {
    const warn = vi.fn();
    expect(resolveBaseUrl('http://emulator:8080/auth/', { allowInsecureHttp: true, warn })).toBe('http://emulator:8080/auth');
    resolveBaseUrl('http://emulator:8080', { allowInsecureHttp: true, warn });
    resolveBaseUrl('http://127.0.0.1:8080', { allowInsecureHttp: true, warn });
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      '[commerce-kit] allowInsecureHttp: tokens and client secrets go to emulator over plain http, unencrypted (for an emulator only)',
    ]);
  });
});

describe('resolveBaseUrl', () => {
  it('keeps the path and drops a trailing slash', () => {
    expect(resolveBaseUrl('http://127.0.0.1/auth/')).toBe('http://127.0.0.1/auth');
    expect(resolveBaseUrl('https://auth.us-east-2.aws.commercetools.com/')).toBe('https://auth.us-east-2.aws.commercetools.com');
  });

  it('maps every deprecated alias to its current host', () => {
    const warn = vi.fn();
    expect(resolveBaseUrl('https://api.sphere.io', { warn })).toBe('https://api.europe-west1.gcp.commercetools.com');
    expect(resolveBaseUrl('https://auth.sphere.io/', { warn })).toBe('https://auth.europe-west1.gcp.commercetools.com');
    expect(resolveBaseUrl('https://api.commercetools.com', { warn })).toBe('https://api.europe-west1.gcp.commercetools.com');
    expect(resolveBaseUrl('https://auth.commercetools.com', { warn })).toBe('https://auth.europe-west1.gcp.commercetools.com');
    expect(resolveBaseUrl('https://api.commercetools.co', { warn })).toBe('https://api.us-central1.gcp.commercetools.com');
    expect(resolveBaseUrl('https://AUTH.commercetools.co', { warn })).toBe('https://auth.us-central1.gcp.commercetools.com');
    // A second use of an alias is silent.
    resolveBaseUrl('https://api.sphere.io/', { warn });
    expect(Object.keys(DEPRECATED_HOSTS)).toHaveLength(6);
    expect(warn).toHaveBeenCalledTimes(6);
  });

  it('maps exactly the hosts of DEPRECATED_HOSTS, to the host the table names', () => {
    const warn = vi.fn();
    for (const [alias, current] of Object.entries(DEPRECATED_HOSTS)) {
      expect(resolveBaseUrl(`https://${alias}./path/`, { warn })).toBe(`https://${current}/path`);
    }
    const others = [
      'history.sphere.io',
      'xapi.sphere.io',
      'api.sphere.io.example.com',
      'api.commercetools.co.uk',
      'api.commercetools.community',
    ];
    for (const host of others) expect(resolveBaseUrl(`https://${host}`, { warn })).toBe(`https://${host}`);
  });

  it('warns on the console, once per alias', async () => {
    vi.resetModules();
    const fresh = await import('../src/regions.js');
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      fresh.resolveBaseUrl('https://auth.sphere.io');
      fresh.resolveBaseUrl('https://auth.sphere.io/');
      fresh.resolveBaseUrl('https://api.sphere.io');
      fresh.resolveBaseUrl('https://api.sphere.io');
      expect(spy).toHaveBeenCalledTimes(2);
      expect(spy.mock.calls.map(([message]) => String(message))).toEqual([
        expect.stringContaining('auth.sphere.io is a deprecated host alias; using auth.europe-west1.gcp.commercetools.com'),
        expect.stringContaining('api.sphere.io is a deprecated host alias; using api.europe-west1.gcp.commercetools.com'),
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('uses a fixed IP address as given but says once that the service wants its host name; loopback is quiet', () => {
    const warn = vi.fn();
    expect(resolveBaseUrl('https://203.0.113.7/', { warn })).toBe('https://203.0.113.7');
    expect(resolveBaseUrl('https://203.0.113.7', { warn })).toBe('https://203.0.113.7');
    expect(resolveBaseUrl('https://[2001:db8::7]/auth', { warn })).toBe('https://[2001:db8::7]/auth');
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      "[commerce-kit] 203.0.113.7 is a fixed IP address: the service's addresses change, use its host name",
      "[commerce-kit] [2001:db8::7] is a fixed IP address: the service's addresses change, use its host name",
    ]);
    for (const url of [
      'http://127.0.0.1:8080/auth',
      'https://[::1]:8443',
      'https://api.europe-west1.gcp.commercetools.com',
      'https://1-2-3.example.com',
    ]) {
      resolveBaseUrl(url, { warn });
    }
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('refuses a base URL with a query or fragment, and insecure ones', () => {
    expect(() => resolveBaseUrl('https://auth.sphere.io/?x=1')).toThrow(expect.objectContaining({ code: 'INVALID_URL' }));
    expect(() => resolveBaseUrl('http://auth.sphere.io')).toThrow(expect.objectContaining({ code: 'INSECURE_URL' }));
  });
});
