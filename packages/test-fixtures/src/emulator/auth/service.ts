import { parseScope, parseScopes } from '@commerce-kit/core-auth';
import { randomUUID } from 'node:crypto';
import type { ResolvedEmulatorOptions } from '../options.js';
import { ADMIN_CONSOLE_CLIENT_ID } from './reserved-ids.js';
import type { EmulatorState } from '../state.js';
import { parseBasicAuthorization } from './basic.js';
import { ClientRegistry, type ApiClient, type ApiClientDraft, type ClientSnapshot } from './clients.js';
import { CustomerCredentialStore, type CustomerCredentialsInput, type StoredCustomerCredentials } from './customer-credentials.js';
import { CustomerTokenStore, type StoredCustomerToken } from './customer-tokens.js';
import { ExternalTokenVerifier } from './external-oauth.js';
import { oauthErrors } from './oauth-errors.js';
import { hasScope, type Principal } from './principal.js';
import { grantScopes } from './scope-grants.js';
import {
  refreshExpiresAt,
  TokenStore,
  type AccessTokenRecord,
  type RefreshTokenRecord,
  type TokenRecord,
  type TokenStoreSnapshot,
  type TokenSubject,
} from './tokens.js';

/** Token response. */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  scope: string;
  token_type: 'Bearer';
  refresh_token?: string;
}

/** Introspection response: `exp` in milliseconds since the epoch. */
export type IntrospectionResponse = { active: true; scope: string; exp: number; client_id: string } | { active: false };

/** The data of the authorization service as plain JSON: hashes only, never a secret, password or token. */
export interface AuthSnapshot {
  /** Every API client, in creation order, with its secret's salted hash. */
  clients: ClientSnapshot[];
  tokens: TokenStoreSnapshot;
  /** Customers' login data: lower-cased e-mail, password hash, Stores. */
  customers: StoredCustomerCredentials[];
  /** Customers' password reset and e-mail verification tokens (hashes only); absent in older snapshots. */
  customerTokens?: StoredCustomerToken[];
  /** The anonymous ids of the sessions whose tokens live (an id is in use only as long as one does). */
  anonymousIds: string[];
}

/** What the service takes from the emulator's options. */
export type AuthOptions = Pick<ResolvedEmulatorOptions, 'auth' | 'fetch'>;

/** An anonymous id: no white space (it becomes part of a scope string), at most 256 characters. */
const ANONYMOUS_ID = /^[^\s]{1,256}$/;

/**
 * The authorization service of the emulator: API clients, access and refresh tokens, customer
 * login data, and the verification of bearer tokens (own ones, or at the project's external
 * OAuth server). HTTP lives in `routes.ts`; this class holds the rules.
 *
 * Nothing secret is kept in clear: client secrets and passwords as salted scrypt hashes, tokens
 * by their SHA-256.
 */
export class AuthService {
  readonly clients: ClientRegistry;
  /**
   * Clients a reset keeps, or registers again: the bootstrap client and, once used, the admin
   * console client. Each as a closure that registers it: the secret is in no field, so nothing
   * walking the service finds it.
   */
  private readonly reserved = new Map<string, { register: () => void; secret: () => string }>();
  /** Parsed scope lists by their text: every API request needs its token's, and a project has few distinct ones. */
  private readonly parsedScopes = new Map<string, ReturnType<typeof parseScopes>>();
  /** The bootstrap client's id: a snapshot of another bootstrap client leaves that client out. */
  readonly bootstrapClientId: string;
  readonly tokens: TokenStore;
  readonly customers: CustomerCredentialStore;
  /** Password reset and e-mail verification tokens of customers. */
  readonly customerTokens: CustomerTokenStore;
  private readonly external: ExternalTokenVerifier;
  private readonly projectKey: string;

  constructor(
    private readonly state: EmulatorState,
    options: AuthOptions,
    bootstrap: { id: string; secret: string },
    /** The principal of another project's token, if it is one (see {@link verifyAccessToken}). */
    private readonly elsewhere: (token: string) => Principal | undefined = () => undefined,
  ) {
    // Only what is needed is kept from `options`: they also hold the bootstrap secret in clear.
    const auth = options.auth;
    this.projectKey = state.projectKey;
    this.clients = new ClientRegistry(
      state.clock,
      { accessTokenValiditySeconds: auth.accessTokenValiditySeconds, refreshTokenValiditySeconds: auth.refreshTokenValiditySeconds },
      state.journal,
    );
    this.tokens = new TokenStore(state.clock, auth.refreshTokenCap, state.journal);
    this.customers = new CustomerCredentialStore(state.journal);
    this.customerTokens = new CustomerTokenStore(state.clock, state.journal);
    this.external = new ExternalTokenVerifier(state.projectKey, state.clock, {
      fetch: options.fetch,
      cacheMs: auth.externalTokenCacheMs,
      timeoutMs: auth.externalIntrospectionTimeoutMs,
    });
    this.bootstrapClientId = bootstrap.id;
    this.reserveClient({ ...bootstrap, scope: `manage_project:${state.projectKey}`, name: 'emulator bootstrap client' });
  }

  // ---- API clients -------------------------------------------------------------------------

  /**
   * Registers a client with a chosen id and secret that a reset keeps, and registers again when it
   * was deleted through the API (the bootstrap client, the admin console client). Registering an
   * id reserved already changes nothing.
   */
  reserveClient({ id, secret, scope, name }: { id: string; secret: string; scope: string; name: string }): void {
    if (this.reserved.has(id)) return;
    const register = () => {
      if (!this.clients.has(id)) this.clients.createWithId(id, secret, { name, scope });
    };
    this.reserved.set(id, { register, secret: () => secret });
    register();
  }

  /** True for the clients a reset keeps (see {@link reserveClient}): registered from their secret at each start, never stored. */
  isReserved(id: string): boolean {
    return this.reserved.has(id) || id === ADMIN_CONSOLE_CLIENT_ID;
  }

  /** The secret of a reserved client (see {@link reserveClient}), or undefined. */
  reservedSecret(id: string): string | undefined {
    return this.reserved.get(id)?.secret();
  }

  /** Creates a client; the secret is returned only here. The draft is assumed validated (see resources/api-clients/). */
  createClient(draft: ApiClientDraft): { client: ApiClient; secret: string } {
    return this.clients.create(draft);
  }

  getClient(id: string): ApiClient | undefined {
    return this.clients.get(id);
  }

  listClients(): ApiClient[] {
    return this.clients.list();
  }

  /** Deletes a client; every token it issued becomes inactive at once. */
  deleteClient(id: string): ApiClient | undefined {
    const deleted = this.clients.delete(id);
    if (deleted) this.tokens.revokeAllOfClient(id);
    return deleted;
  }

  /** The client of a Basic `Authorization` header, or undefined when missing or wrong. */
  async authenticateClient(authorization: string | undefined): Promise<ApiClient | undefined> {
    const credentials = parseBasicAuthorization(authorization);
    return credentials ? this.clients.authenticate(credentials) : undefined;
  }

  // ---- Customer credentials (called by the customers resource) ------------------------------

  /** Creates or replaces a customer's login data; the password is kept only as a salted hash. */
  setCustomerCredentials(input: CustomerCredentialsInput): Promise<void> {
    return this.customers.set(input);
  }

  /** Changes e-mail, password or Stores of a customer with credentials; false when there are none. */
  updateCustomerCredentials(
    customerId: string,
    patch: { email?: string; password?: string; storeKeys?: readonly string[] },
  ): Promise<boolean> {
    return this.customers.update(customerId, patch);
  }

  /** Forgets a customer's login data and its password and e-mail tokens (customer deleted). */
  removeCustomerCredentials(customerId: string): boolean {
    this.customerTokens.removeCustomer(customerId);
    return this.customers.remove(customerId);
  }

  verifyCustomerPassword(customerId: string, password: string): Promise<boolean> {
    return this.customers.verifyPassword(customerId, password);
  }

  /**
   * The customer of a login: a global login (no `storeKey`) finds only customers without Stores,
   * an in-store login only customers of that Store.
   */
  findCustomerByCredentials(email: string, password: string, storeKey?: string): Promise<string | undefined> {
    return this.customers.login(email, password, storeKey);
  }

  // ---- Token flows ---------------------------------------------------------------------

  private respond(client: ApiClient, subject: TokenSubject, refresh?: RefreshTokenRecord, refreshToken?: string): TokenResponse {
    const { token } = this.tokens.issueAccess(subject, client.accessTokenValiditySeconds, refresh);
    const response: TokenResponse = {
      access_token: token,
      expires_in: client.accessTokenValiditySeconds,
      scope: subject.scope,
      token_type: 'Bearer',
    };
    if (refreshToken !== undefined) response.refresh_token = refreshToken;
    return response;
  }

  private withRefresh(client: ApiClient, subject: TokenSubject): TokenResponse {
    const refresh = this.tokens.issueRefresh(subject, client.refreshTokenValiditySeconds);
    return this.respond(client, subject, refresh.record, refresh.token);
  }

  /** Client credentials flow: a token for the client itself, no refresh token. */
  clientCredentialsToken(client: ApiClient, scope: string | undefined): TokenResponse {
    const granted = grantScopes(client.scope, scope, this.projectKey);
    return this.respond(client, { clientId: client.id, scope: granted.join(' ') });
  }

  /**
   * Password flow, global (`storeKey` undefined) or in a Store. The scope gains
   * `customer:<customer_id>` (not `customer_id:<id>`).
   */
  async passwordToken(
    client: ApiClient,
    input: { username: string; password: string; scope: string | undefined; storeKey?: string },
  ): Promise<TokenResponse> {
    // Scope first: a bad request costs no password check.
    const granted = grantScopes(client.scope, input.scope, this.projectKey, input.storeKey);
    const customerId = await this.customers.login(input.username, input.password, input.storeKey);
    if (customerId === undefined) throw oauthErrors.invalidCustomerAccountCredentials();
    const subject: TokenSubject = {
      clientId: client.id,
      scope: [...granted, `customer:${customerId}`].join(' '),
      customerId,
    };
    if (input.storeKey !== undefined) subject.storeKey = input.storeKey;
    return this.withRefresh(client, subject);
  }

  /**
   * Anonymous session flow. The client needs `create_anonymous_token` (or `manage_project`) for
   * the project; an `anonymous_id` can start a session only while no token of it lives, so the session's
   * refresh token is the only way to a new access token for it. The scope gains
   * `anonymous_id=<id>` (not `anonymous_id:<id>`).
   */
  anonymousToken(client: ApiClient, input: { scope: string | undefined; anonymousId: string | undefined }): TokenResponse {
    const clientPrincipal: Principal = { clientId: client.id, scopes: parseScopes(client.scope), external: false };
    if (!hasScope(clientPrincipal, this.projectKey, ['create_anonymous_token'])) {
      throw oauthErrors.invalidScope(`The client needs the scope 'create_anonymous_token:${this.projectKey}' for anonymous sessions.`);
    }
    const granted = grantScopes(client.scope, input.scope, this.projectKey);
    let anonymousId = input.anonymousId;
    if (anonymousId === undefined) {
      do anonymousId = randomUUID();
      while (this.tokens.anonymousIdInUse(anonymousId));
    } else if (!ANONYMOUS_ID.test(anonymousId)) {
      throw oauthErrors.invalidRequest('The anonymous_id must be 1 to 256 characters without white space.');
    } else if (this.tokens.anonymousIdInUse(anonymousId)) {
      throw oauthErrors.invalidRequest(`The anonymous_id '${anonymousId}' is already in use.`);
    }
    const subject: TokenSubject = {
      clientId: client.id,
      scope: [...granted, `anonymous_id=${anonymousId}`].join(' '),
      anonymousId,
    };
    return this.withRefresh(client, subject);
  }

  /**
   * Refresh token flow: a new access token for the refresh token's session (same customer,
   * anonymous id and Store), no new refresh token. The scope is the session's, or a narrower
   * requested one. Only refresh tokens issued to the calling client are accepted.
   */
  refreshToken(client: ApiClient, input: { refreshToken: string; scope: string | undefined }): TokenResponse {
    const record = this.tokens.findRefresh(input.refreshToken);
    if (!record || record.clientId !== client.id) throw oauthErrors.invalidGrant();
    const permissions = grantScopes(record.scope, input.scope, this.projectKey);
    // The session's identity scopes, in the spelling they were issued in.
    const identities = record.scope.split(' ').filter((s) => {
      const kind = parseScope(s)?.kind;
      return kind !== undefined && kind !== 'permission';
    });
    const subject: TokenSubject = { clientId: client.id, scope: [...permissions, ...identities].join(' ') };
    if (record.customerId !== undefined) subject.customerId = record.customerId;
    if (record.anonymousId !== undefined) subject.anonymousId = record.anonymousId;
    if (record.storeKey !== undefined) subject.storeKey = record.storeKey;
    this.tokens.touchRefresh(record);
    return this.respond(client, subject, record);
  }

  /**
   * Introspection: a client sees its own tokens; with
   * `introspect_oauth_tokens` (or `manage_project`) any token of the project; otherwise, and for
   * unknown, expired or revoked tokens, the inactive form. Access and refresh tokens alike.
   */
  introspect(client: ApiClient, token: string): IntrospectionResponse {
    const record = token === '' ? undefined : this.tokens.find(token);
    if (!record || !this.clients.has(record.clientId)) return { active: false };
    const caller: Principal = { clientId: client.id, scopes: parseScopes(client.scope), external: false };
    if (record.clientId !== client.id && !hasScope(caller, this.projectKey, ['introspect_oauth_tokens'])) return { active: false };
    const exp = record.kind === 'access' ? record.expiresAt : refreshExpiresAt(record);
    return { active: true, scope: record.scope, exp, client_id: record.clientId };
  }

  /**
   * Revocation: only tokens issued to the calling client are revoked; anything
   * else (unknown, invalid, another client's) is left alone. Revoking a refresh token also revokes
   * the access tokens issued with it (RFC 7009 2.1). Returns whether something was revoked.
   */
  revoke(client: ApiClient, token: string, hint?: 'access_token' | 'refresh_token'): boolean {
    if (token === '') return false;
    const record = this.tokens.find(token, hint);
    if (!record || record.clientId !== client.id) return false;
    this.tokens.revoke(record);
    return true;
  }

  // ---- Bearer token verification (API requests) ---------------------------------------------

  /**
   * The principal of a bearer token: one of our own active tokens, else one of another project of
   * the emulator, else, when the project has an external OAuth server, that server's answer
   * (cached; undefined on failure or timeout).
   */
  async verifyAccessToken(token: string, context: { correlationId?: string } = {}): Promise<Principal | undefined> {
    if (token === '') return undefined;
    const own = this.ownPrincipal(token);
    if (own) {
      this.clients.markUsed(own.clientId);
      return own;
    }
    // A token of another project of the emulator is valid, but its scopes name that project: it
    // is refused as the live service refuses a token whose scopes name another project (403).
    const foreign = this.elsewhere(token);
    if (foreign) return foreign;
    const config = this.state.project.externalOAuth;
    if (!config) return undefined;
    return this.external.verify(token, config, context.correlationId);
  }

  /** The principal of one of this project's own active access tokens (not counted as a use), or undefined. */
  ownPrincipal(token: string): Principal | undefined {
    const record = this.tokens.findAccess(token);
    return record && this.clients.has(record.clientId) ? this.principalOf(record) : undefined;
  }

  /** Forgets cached answers of the external OAuth server (called when its configuration changes). */
  clearExternalTokenCache(): void {
    this.external.clearCache();
  }

  /**
   * Empties the authorization service but for the reserved clients and the admin console client
   * (an emulator reset): other clients are deleted, and the reserved ones deleted through the API
   * registered again; of the tokens, only the plain client tokens of the kept clients stay valid
   * (no customer, no anonymous session: a test harness keeps its token); customer credentials,
   * customer tokens and used anonymous ids are forgotten (an e-mail may sign up again, an
   * anonymous id may start a session again); the external OAuth server's answers are no longer cached. Kept clients keep
   * their secret, `createdAt` and `lastUsedAt`.
   */
  reset(): void {
    const kept = this.keptClientIds();
    this.clients.retainOnly(kept);
    this.tokens.retainOnly(isPlainClientTokenOf(kept));
    this.customers.clear();
    this.customerTokens.clear();
    this.external.clear();
    // As on a new emulator, even if they were deleted through the API.
    for (const { register } of this.reserved.values()) register();
  }

  /** Writes the data of the authorization service into an emulator snapshot (caches are not data). */
  saveTo(snapshot: Partial<AuthSnapshot>): void {
    snapshot.clients = this.clients.toSnapshot();
    snapshot.tokens = this.tokens.toSnapshot();
    snapshot.customers = this.customers.toSnapshot();
    snapshot.customerTokens = this.customerTokens.toSnapshot();
    snapshot.anonymousIds = this.tokens.anonymousIds();
  }

  /**
   * Adds a snapshot's data after {@link reset} emptied the service but for the kept clients:
   * those stay as they are, and the snapshot's records of these ids are ignored; their plain
   * client tokens held now stay valid beside the snapshot's tokens. A snapshot taken with another
   * bootstrap client (a restart with random credentials) leaves that client and its admin console
   * client out, with their tokens, so that such restarts do not pile up clients holding
   * `manage_project`; so is a snapshot's token whose client is not registered afterwards. The
   * snapshot is assumed checked.
   */
  restoreFrom(snapshot: AuthSnapshot & { bootstrapClientId: string }): void {
    const kept = this.keptClientIds();
    const excluded = new Set(
      snapshot.bootstrapClientId === this.bootstrapClientId ? [] : [snapshot.bootstrapClientId, ADMIN_CONSOLE_CLIENT_ID],
    );
    this.clients.restoreFrom(
      snapshot.clients.filter((client) => !excluded.has(client.id)),
      kept,
    );
    const registered = (token: { clientId: string }) => !excluded.has(token.clientId) && this.clients.has(token.clientId);
    this.tokens.restoreFrom({ access: snapshot.tokens.access.filter(registered), refresh: snapshot.tokens.refresh.filter(registered) });
    this.customers.restoreFrom(snapshot.customers);
    this.customerTokens.restoreFrom(snapshot.customerTokens ?? []);
    // snapshot.anonymousIds needs no restoring: an id is in use while a token of it lives.
  }

  /** The reserved clients and the admin console's id (a snapshot's admin console client never replaces this one's). */
  private keptClientIds(): Set<string> {
    return new Set([...this.reserved.keys(), ADMIN_CONSOLE_CLIENT_ID]);
  }

  private scopesOf(scope: string): ReturnType<typeof parseScopes> {
    let scopes = this.parsedScopes.get(scope);
    if (scopes === undefined) {
      if (this.parsedScopes.size >= 1_000) this.parsedScopes.clear();
      scopes = parseScopes(scope);
      this.parsedScopes.set(scope, scopes);
    }
    return scopes;
  }

  private principalOf(record: AccessTokenRecord): Principal {
    const principal: Principal = { clientId: record.clientId, scopes: this.scopesOf(record.scope), external: false };
    if (record.customerId !== undefined) principal.customerId = record.customerId;
    if (record.anonymousId !== undefined) principal.anonymousId = record.anonymousId;
    if (record.storeKey !== undefined) principal.storeKey = record.storeKey;
    return principal;
  }

  /** Number of stored tokens, for tests and diagnostics. */
  tokenCounts(): { access: number; refresh: number } {
    return this.tokens.counts();
  }
}

/** Accepts the plain client tokens (no customer, no anonymous session) of the clients `kept`. */
function isPlainClientTokenOf(kept: ReadonlySet<string>): (record: TokenRecord) => boolean {
  return (record) => kept.has(record.clientId) && record.customerId === undefined && record.anonymousId === undefined;
}
