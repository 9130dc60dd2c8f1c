/**
 * Regions and hosts (spec 1.2, contract-notes "Hosts"): five isolated regions, each with its own
 * API, authorization and Change History host; a few deprecated aliases that still answer and
 * are mapped to their current host; and the rule that tokens only travel over TLS.
 */
import { ConfigurationError } from './errors.js';

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
 *
 * @throws {ConfigurationError} `UNKNOWN_REGION`
 * @example
 * regionUrls('europe-west1.gcp').auth // 'https://auth.europe-west1.gcp.commercetools.com'
 */
export function regionUrls(region: Region): RegionUrls {
  if (!(REGIONS as readonly string[]).includes(region)) {
    throw new ConfigurationError(`unknown region ${JSON.stringify(String(region))}; expected one of ${REGIONS.join(', ')}`, {
      code: 'UNKNOWN_REGION',
    });
  }
  return {
    api: `https://api.${region}.commercetools.com`,
    auth: `https://auth.${region}.commercetools.com`,
    history: `https://history.${region}.commercetools.com`,
  };
}

/** Deprecated host → current host. The aliases keep working, but configurations should move. */
export const DEPRECATED_HOSTS: Readonly<Record<string, string>> = Object.freeze({
  'api.sphere.io': 'api.europe-west1.gcp.commercetools.com',
  'auth.sphere.io': 'auth.europe-west1.gcp.commercetools.com',
  'api.commercetools.com': 'api.europe-west1.gcp.commercetools.com',
  'auth.commercetools.com': 'auth.europe-west1.gcp.commercetools.com',
  'api.commercetools.co': 'api.us-central1.gcp.commercetools.com',
  'auth.commercetools.co': 'auth.us-central1.gcp.commercetools.com',
});

/** Aliases already warned about in this realm: the warning is said once, not on every request. */
const warned = new Set<string>();

/**
 * True for a loopback host: `localhost`, 127.0.0.0/8, `::1` and IPv4-mapped 127.0.0.0/8. Takes
 * a `URL.hostname`, where the parser has already normalised forms such as `127.1` or `[::1]`.
 *
 * @example
 * isLoopbackHost(new URL('http://127.0.0.1:8080').hostname) // true
 * isLoopbackHost('example.com') // false
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  if (/^127(\.\d{1,3}){3}$/.test(host)) return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare === '::1') return true;
  // IPv4-mapped, as the WHATWG parser writes it: ::ffff:7f00:1 for 127.0.0.1.
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(bare);
}

function parseUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch (error) {
    // The input may carry credentials: say what is wrong, not what it was.
    throw new ConfigurationError('not an absolute URL', { code: 'INVALID_URL', cause: { name: (error as Error).name } });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new ConfigurationError(`credentials inside the URL of ${parsed.host} are refused; pass them as options`, { code: 'CREDENTIALS_IN_URL' });
  }
  return parsed;
}

/**
 * Refuses a URL a token must not travel to: anything but `https:`, except plain `http:` to a
 * loopback host (the emulator runs on `http://127.0.0.1`). Returns the parsed URL.
 *
 * @throws {ConfigurationError} `INSECURE_URL`, `INVALID_URL`, `CREDENTIALS_IN_URL`
 * @example
 * assertSecureUrl('https://auth.europe-west1.gcp.commercetools.com'); // ok
 * assertSecureUrl('http://127.0.0.1:8989/auth'); // ok: loopback
 * assertSecureUrl('http://auth.example.com'); // throws ConfigurationError INSECURE_URL
 */
export function assertSecureUrl(url: string | URL): URL {
  const parsed = parseUrl(url);
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:') {
    if (isLoopbackHost(parsed.hostname)) return parsed;
    throw new ConfigurationError(`plain http to ${parsed.hostname} refused: tokens travel over TLS (http only to loopback hosts)`, {
      code: 'INSECURE_URL',
    });
  }
  throw new ConfigurationError(`unsupported protocol ${parsed.protocol}; expected https:`, { code: 'INVALID_URL' });
}

/** Options of {@link resolveBaseUrl}. */
export interface ResolveBaseUrlOptions {
  /** Where the one-time deprecation notice goes. Default `console.warn`. */
  warn?: (message: string) => void;
}

/**
 * Normalises a configured base URL: checks it with {@link assertSecureUrl}, maps a deprecated
 * alias host to its current host (saying so once per alias), and drops a trailing slash. The
 * path is kept (the emulator serves the authorization service under `/auth`).
 *
 * @throws {ConfigurationError} `INSECURE_URL`, `INVALID_URL`, `CREDENTIALS_IN_URL`
 * @example
 * resolveBaseUrl('https://auth.sphere.io/') // 'https://auth.europe-west1.gcp.commercetools.com' (warns once)
 * resolveBaseUrl('http://127.0.0.1/auth') // 'http://127.0.0.1/auth'
 */
export function resolveBaseUrl(url: string | URL, options: ResolveBaseUrlOptions = {}): string {
  const parsed = assertSecureUrl(url);
  if (parsed.search !== '' || parsed.hash !== '') {
    throw new ConfigurationError('a base URL has no query or fragment', { code: 'INVALID_URL' });
  }
  const alias = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const current = DEPRECATED_HOSTS[alias];
  if (current !== undefined) {
    parsed.hostname = current;
    if (!warned.has(alias)) {
      warned.add(alias);
      (options.warn ?? console.warn)(`[commerce-kit] ${alias} is a deprecated host alias; using ${current}. Update the configuration.`);
    }
  }
  return parsed.href.replace(/\/+$/, '');
}
