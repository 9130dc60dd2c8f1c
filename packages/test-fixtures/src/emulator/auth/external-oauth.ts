import { parseScope, type Scope } from '@commerce-kit/core-auth';
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Principal } from './principal.js';

/** The identity spellings of the authorization service's own tokens, which an external token does not use. */
const OWN_TOKEN_IDENTITY = /^(customer:|anonymous_id=)/;

/** `state.project.externalOAuth`: set through the project update action `setExternalOAuth`. */
export interface ExternalOAuthConfig {
  url: string;
  authorizationHeader: string;
}

export interface ExternalOAuthOptions {
  fetch: typeof fetch;
  /** How long an answer (active or not) is reused. */
  cacheMs: number;
  /** Limit of one introspection call, network included. */
  timeoutMs: number;
  /** Entries kept at most; the oldest go first. */
  maxCacheEntries?: number;
}

interface CacheEntry {
  principal: Principal | undefined;
  until: number;
}

/** The `client_id` reported when the external server names none. */
export const EXTERNAL_CLIENT_ID = 'external-oauth';

/** Seconds (RFC 7662) or milliseconds (the service's own sample): a value below 1e11 cannot be a recent time in ms. */
function expiryMs(exp: unknown): number | undefined {
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return undefined;
  return exp < 1e11 ? exp * 1000 : exp;
}

/**
 * Verifies bearer tokens at the RFC 7662 introspection endpoint of the project's external OAuth
 * server: one POST per cache miss, no retry within a call, a hard time limit, answers cached
 * (active and inactive alike) by a hash of configuration and token, and
 * concurrent verifications of one token share one call. Failures are not cached, so a later call
 * tries again.
 */
export class ExternalTokenVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<Principal | undefined>>();
  private readonly maxCacheEntries: number;
  /** Incremented by {@link clear}: an answer that arrives for a call started before is not cached. */
  private generation = 0;

  constructor(
    private readonly projectKey: string,
    private readonly clock: Clock,
    private readonly options: ExternalOAuthOptions,
  ) {
    this.maxCacheEntries = options.maxCacheEntries ?? 100_000;
  }

  /** Drops every cached answer (e.g. after the configuration changed). */
  clearCache(): void {
    this.cache.clear();
  }

  /**
   * Forgets everything (an emulator reset): cached answers, and the calls under way, whose
   * answers are then not cached when they arrive (their callers still get them). A later
   * verification of the same token asks the server again.
   */
  clear(): void {
    this.cache.clear();
    this.inFlight.clear();
    this.generation++;
  }

  /** The principal of an external token, or undefined (inactive, failed, timed out). Each caller gets its own copy. */
  async verify(token: string, config: ExternalOAuthConfig, correlationId: string | undefined): Promise<Principal | undefined> {
    const principal = await this.lookup(token, config, correlationId);
    return principal && { ...principal, scopes: [...principal.scopes] };
  }

  private lookup(token: string, config: ExternalOAuthConfig, correlationId: string | undefined): Promise<Principal | undefined> {
    // The configuration is part of the key: answers of a previous server are never reused.
    const key = createHash('sha256').update(`${config.url}\n${config.authorizationHeader}\n${token}`, 'utf8').digest('base64url');
    const cached = this.cache.get(key);
    if (cached) {
      if (cached.until > this.clock.now()) return Promise.resolve(cached.principal);
      this.cache.delete(key);
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    // Only its own entry: after a clear, a newer call for the same key may be under way.
    const call: Promise<Principal | undefined> = this.introspect(key, token, config, correlationId).finally(() => {
      if (this.inFlight.get(key) === call) this.inFlight.delete(key);
    });
    this.inFlight.set(key, call);
    return call;
  }

  private async introspect(
    key: string,
    token: string,
    config: ExternalOAuthConfig,
    correlationId: string | undefined,
  ): Promise<Principal | undefined> {
    const generation = this.generation;
    let answer: unknown;
    try {
      answer = await this.call(token, config, correlationId);
    } catch {
      return undefined; // timeout, network error, non-200, not JSON: the API call fails, nothing cached
    }
    if (typeof answer !== 'object' || answer === null || typeof (answer as { active?: unknown }).active !== 'boolean') return undefined;
    const now = this.clock.now();
    const body = answer as { active: boolean; scope?: unknown; client_id?: unknown; exp?: unknown };
    let until = now + this.options.cacheMs;
    let principal: Principal | undefined;
    const exp = expiryMs(body.exp);
    if (body.active && (exp === undefined || exp > now)) {
      principal = this.principalOf(body);
      if (exp !== undefined) until = Math.min(until, exp);
    }
    if (generation === this.generation) this.remember(key, { principal, until });
    return principal;
  }

  private async call(token: string, config: ExternalOAuthConfig, correlationId: string | undefined): Promise<unknown> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Authorization: config.authorizationHeader,
    };
    if (correlationId !== undefined) headers['X-Correlation-ID'] = correlationId;
    // The race guards against a `fetch` that ignores its signal: the limit holds regardless.
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    const exchange = async (): Promise<unknown> => {
      const response = await this.options.fetch(config.url, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ token }).toString(),
        signal,
        redirect: 'error',
      });
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`external introspection answered ${response.status}`);
      }
      return (await response.json()) as unknown;
    };
    return Promise.race([exchange(), aborted]);
  }

  private principalOf(body: { scope?: unknown; client_id?: unknown }): Principal {
    // Only the service's own scopes of this project count (other scopes are ignored), and
    // identities only as an external server writes them: the spellings of the service's own tokens
    // (`customer:<id>`, `anonymous_id=<id>`) are not an external server's.
    const given = (typeof body.scope === 'string' ? body.scope : '').split(/\s+/).filter((part) => !OWN_TOKEN_IDENTITY.test(part));
    const scopes: Scope[] = given
      .flatMap((part) => parseScope(part) ?? [])
      .filter((s) => s.kind !== 'permission' || s.projectKey === this.projectKey);
    const principal: Principal = {
      clientId: typeof body.client_id === 'string' && body.client_id !== '' ? body.client_id : EXTERNAL_CLIENT_ID,
      scopes,
      external: true,
    };
    for (const scope of scopes) {
      if (scope.kind === 'customer_id') principal.customerId ??= scope.value;
      else if (scope.kind === 'anonymous_id') principal.anonymousId ??= scope.value;
      else if (scope.kind === 'external_user_id') principal.externalUserId ??= scope.value;
    }
    return principal;
  }

  private remember(key: string, entry: CacheEntry): void {
    this.cache.delete(key);
    while (this.cache.size >= this.maxCacheEntries) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
    }
    this.cache.set(key, entry);
  }
}
