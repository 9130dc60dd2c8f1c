/**
 * Regions and hosts: five isolated regions, each with its own
 * API, authorization and Change History host; a few deprecated aliases that still answer and are
 * mapped to their current host; and the rule that tokens only travel over TLS.
 */
import { configurationError } from './errors.js';

/** The five regions of the service. */
export const REGIONS = ['us-central1.gcp', 'us-east-2.aws', 'europe-west1.gcp', 'eu-central-1.aws', 'australia-southeast1.gcp'] as const;

/** One of {@link REGIONS}. */
export type Region = (typeof REGIONS)[number];

/** Base URLs of the three services of one region (no trailing slash). */
export interface RegionUrls {
  /** `{base_url}`: REST and GraphQL API. */
  api: string;
  /** `{auth_url}`: the authorization service. */
  auth: string;
  /** The Change History service. */
  history: string;
}

/**
 * The hosts of a region.
 * @throws {ConfigurationError} `UNKNOWN_REGION`
 * @example
 * regionUrls('europe-west1.gcp').auth // 'https://auth.europe-west1.gcp.commercetools.com'
 */
export function regionUrls(region: Region): RegionUrls {
  if (!(REGIONS as readonly string[]).includes(region)) throw configurationError('UNKNOWN_REGION', `region must be one of ${REGIONS}`);
  const url = (service: string) => `https://${service}.${region}.commercetools.com`;
  return { api: url('api'), auth: url('auth'), history: url('history') };
}

/**
 * Deprecated host → current host. The aliases keep working, but configurations should move.
 * {@link resolveBaseUrl} maps exactly these (with one pattern rather than this table).
 */
export const DEPRECATED_HOSTS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({
  'api.sphere.io': 'api.europe-west1.gcp.commercetools.com',
  'auth.sphere.io': 'auth.europe-west1.gcp.commercetools.com',
  'api.commercetools.com': 'api.europe-west1.gcp.commercetools.com',
  'auth.commercetools.com': 'auth.europe-west1.gcp.commercetools.com',
  'api.commercetools.co': 'api.us-central1.gcp.commercetools.com',
  'auth.commercetools.co': 'auth.us-central1.gcp.commercetools.com',
});

/** The current host of a deprecated alias (one of {@link DEPRECATED_HOSTS}), else `undefined`. */
function currentHost(alias: string): string | undefined {
  const match = /^(api|auth)\.(sphere\.io|commercetools\.com?)$/.exec(alias);
  return match ? `${match[1]}.${match[2] === 'commercetools.co' ? 'us-central1' : 'europe-west1'}.gcp.commercetools.com` : undefined;
}

/** Aliases already warned about in this realm: the warning is said once, not on every request. */
const warned = new Set<string>();

/**
 * True for a loopback host: `localhost`, 127.0.0.0/8, `::1` and IPv4-mapped 127.0.0.0/8, in any
 * case, with or without brackets or a trailing dot. Takes a `URL.hostname`, where the parser has
 * already normalised forms such as `127.1` or `[::ffff:127.0.0.1]` (to `[::ffff:7f00:1]`).
 * @example
 * isLoopbackHost(new URL('http://127.0.0.1:8080').hostname) // true
 * isLoopbackHost('example.com') // false
 */
export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:7f[\da-f]{2}:[\da-f]{1,4})$/i.test(
    hostname.replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1'),
  );
}

/** Options of {@link assertSecureUrl}. */
export interface SecureUrlOptions {
  /**
   * Accept plain `http:` to a host that is not loopback, e.g. an emulator in a docker compose
   * service or a CI service container (`http://emulator:8080`). Tokens and client secrets then
   * travel unencrypted: for an emulator only. Never accepted for the service's own hosts
   * (`*.commercetools.com`, `*.commercetools.co`, `*.sphere.io`), which are `https:` only.
   * Default `false`.
   */
  allowInsecureHttp?: boolean | undefined;
}

/** The live service's domains, current and deprecated: `https:` only, whatever the options say. */
const SERVICE_DOMAIN = /(^|\.)(commercetools\.com?|sphere\.io)$/i;

/**
 * Refuses a URL a token must not travel to: anything but `https:`, except plain `http:` to a
 * loopback host (the emulator runs on `http://127.0.0.1`), or to any host but the service's own
 * with `allowInsecureHttp: true`. Returns the parsed URL. The messages never repeat the URL: it
 * may hold credentials.
 *
 * @throws {ConfigurationError} `INSECURE_URL`, `INVALID_URL`, `CREDENTIALS_IN_URL`
 * @example
 * assertSecureUrl('https://auth.europe-west1.gcp.commercetools.com'); // ok
 * assertSecureUrl('http://127.0.0.1:8989/auth'); // ok: loopback
 * assertSecureUrl('http://auth.example.com'); // throws ConfigurationError INSECURE_URL
 * assertSecureUrl('http://emulator:8080/auth', { allowInsecureHttp: true }); // ok: opted in
 */
export function assertSecureUrl(url: string | URL, options: SecureUrlOptions = {}): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw configurationError('INVALID_URL', 'URL must be absolute');
  }
  const { protocol } = parsed;
  if (parsed.username || parsed.password) throw configurationError('CREDENTIALS_IN_URL', 'URL must not hold credentials');
  if (protocol !== 'https:' && protocol !== 'http:')
    throw configurationError('INVALID_URL', 'URL must be https: (http: only to a loopback host)');
  if (protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    if (options.allowInsecureHttp !== true) {
      throw configurationError(
        'INSECURE_URL',
        'URL must be https: (http: only to a loopback host, or to an emulator elsewhere with allowInsecureHttp: true)',
      );
    }
    if (SERVICE_DOMAIN.test(parsed.hostname.replace(/\.$/, ''))) {
      throw configurationError('INSECURE_URL', "URL must be https: for the service's own hosts, even with allowInsecureHttp: true");
    }
  }
  return parsed;
}

/** Options of {@link resolveBaseUrl}. */
export interface ResolveBaseUrlOptions extends SecureUrlOptions {
  /** Where the one-time notices (deprecated alias, fixed IP address, plain http) go. Default `console.warn`. */
  warn?: (message: string) => void;
}

/**
 * Normalises a configured base URL: checks it with {@link assertSecureUrl}, maps a deprecated
 * alias host to its current host (saying so once per alias), and drops a trailing slash. The
 * path is kept (the emulator serves the authorization service under `/auth`). A fixed IP address
 * other than loopback is used as given, with a one-time notice (clients use host names).
 * @throws {ConfigurationError} `INSECURE_URL`, `INVALID_URL`, `CREDENTIALS_IN_URL`
 * @example
 * resolveBaseUrl('https://auth.sphere.io/') // 'https://auth.europe-west1.gcp.commercetools.com' (warns once)
 * resolveBaseUrl('http://127.0.0.1/auth') // 'http://127.0.0.1/auth'
 */
export function resolveBaseUrl(url: string | URL, options: ResolveBaseUrlOptions = {}): string {
  const parsed = assertSecureUrl(url, options);
  if (parsed.search || parsed.hash) throw configurationError('INVALID_URL', 'URL must not have a query or fragment');
  // The parser has lower-cased the host; a trailing dot names the same host.
  const alias = parsed.hostname.replace(/\.$/, '');
  const current = currentHost(alias);
  const notice = current
    ? `${alias} is a deprecated host alias; using ${current}`
    : parsed.protocol === 'http:' && !isLoopbackHost(alias)
      ? `allowInsecureHttp: tokens and client secrets go to ${alias} over plain http, unencrypted (for an emulator only)`
      : // Clients use host names, never fixed IP addresses: the service's addresses change.
        /^[\d.]+$|^\[/.test(alias) &&
        !isLoopbackHost(alias) &&
        `${alias} is a fixed IP address: the service's addresses change, use its host name`;
  if (current) parsed.hostname = current;
  if (notice && !warned.has(alias)) {
    warned.add(alias);
    (options.warn ?? console.warn)(`[commerce-kit] ${notice}`);
  }
  return parsed.href.replace(/\/+$/, '');
}
