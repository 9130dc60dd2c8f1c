import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { json } from '../http/body.js';
import { errors } from '../http/errors.js';
import { parseBasicAuthorization } from './basic.js';
import type { ApiClient } from './clients.js';
import { readForm, requiredParam } from './form.js';
import { oauthErrors } from './oauth-errors.js';
import type { AuthService } from './service.js';

/** Where the token endpoints find the authorization service of a project (the emulator's projects). */
export interface AuthDirectory {
  /** The service of the project of this key, if there is one. */
  ofProject(projectKey: string): AuthService | undefined;
  /** The service of the project a client belongs to (`scope` chooses when several have the id). */
  authOfClient(clientIds: readonly string[], scope: () => Promise<string | undefined>): Promise<AuthService | undefined>;
  /** Any service, for spending the time a verification takes on an unknown client. */
  ownAuth(): AuthService;
}

/** A store key in the in-store path segment `key=<storeKey>`. */
const STORE_KEY = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * Registers the authorization service on `app` (mounted at `/auth`):
 *
 * | path | grant |
 * |---|---|
 * | POST /oauth/token | client_credentials, refresh_token |
 * | POST /oauth/:projectKey/customers/token | password (customers without Stores) |
 * | POST /oauth/:projectKey/in-store/key=:storeKey/customers/token | password (that Store's customers) |
 * | POST /oauth/:projectKey/anonymous/token | client_credentials with anonymous_id |
 * | POST /oauth/introspect | token |
 * | POST /oauth/token/revoke | token, token_type_hint |
 *
 * Every request authenticates the client with HTTP Basic (401 invalid_client otherwise) and sends
 * a form. The client's project is the one it belongs to; a project key in the path other than
 * the client's is 400 invalid_request (decision: this service documents no 404).
 * Every answer carries `Cache-Control: no-store`.
 */
export function registerAuthRoutes(app: Hono<AppEnv>, directory: AuthDirectory): void {
  app.use('/oauth/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('Pragma', 'no-cache');
  });

  /**
   * The calling client and its project's service (401 invalid_client unless the Basic credentials
   * match). With `projectKey` (a path naming the project), the client must belong to it (400).
   */
  async function client(c: Context<AppEnv>, projectKey?: string): Promise<{ caller: ApiClient; auth: AuthService }> {
    const header = c.req.header('authorization');
    const ids = parseBasicAuthorization(header)?.clientIds ?? [];
    const named = projectKey === undefined ? undefined : directory.ofProject(projectKey);
    // The scope, read leniently, only to choose among projects that share a client id.
    const scope = async () => (await readForm(c).catch(() => undefined))?.get('scope');
    const auth = named && ids.some((id) => named.clients.has(id)) ? named : await directory.authOfClient(ids, scope);
    const caller = await (auth ?? directory.ownAuth()).authenticateClient(header);
    if (!caller || !auth) throw oauthErrors.invalidClient();
    if (projectKey !== undefined && auth !== named)
      throw oauthErrors.invalidRequest(`The project '${projectKey.slice(0, 64)}' does not exist here.`);
    return { caller, auth };
  }

  function grantType(form: Map<string, string>, supported: readonly string[]): string {
    const grant = requiredParam(form, 'grant_type');
    if (!supported.includes(grant)) throw oauthErrors.unsupportedGrantType(grant, supported);
    return grant;
  }

  app.post('/oauth/token', async (c) => {
    const { caller, auth } = await client(c);
    const form = await readForm(c);
    const grant = grantType(form, ['client_credentials', 'refresh_token']);
    if (grant === 'client_credentials') return json(auth.clientCredentialsToken(caller, form.get('scope')));
    return json(auth.refreshToken(caller, { refreshToken: requiredParam(form, 'refresh_token'), scope: form.get('scope') }));
  });

  async function passwordFlow(c: Context<AppEnv>, storeKey: string | undefined): Promise<Response> {
    const { caller, auth } = await client(c, c.req.param('projectKey'));
    const form = await readForm(c);
    grantType(form, ['password']);
    const username = requiredParam(form, 'username');
    const password = requiredParam(form, 'password');
    const input = { username, password, scope: form.get('scope'), ...(storeKey === undefined ? {} : { storeKey }) };
    return json(await auth.passwordToken(caller, input));
  }

  app.post('/oauth/:projectKey/customers/token', (c) => passwordFlow(c, undefined));

  // Hono cannot match `key=:storeKey` inside a segment: take the segment and read the prefix here.
  app.post('/oauth/:projectKey/in-store/:store/customers/token', async (c) => {
    const segment = c.req.param('store');
    const storeKey = segment.startsWith('key=') ? segment.slice(4) : undefined;
    if (storeKey === undefined) throw errors.notFound(`No endpoint POST ${new URL(c.req.url).pathname}.`);
    if (!STORE_KEY.test(storeKey)) {
      await client(c, c.req.param('projectKey'));
      throw oauthErrors.invalidRequest('The store key in the path must be 1 to 256 characters of [A-Za-z0-9_-].');
    }
    return passwordFlow(c, storeKey);
  });

  app.post('/oauth/:projectKey/anonymous/token', async (c) => {
    const { caller, auth } = await client(c, c.req.param('projectKey'));
    const form = await readForm(c);
    grantType(form, ['client_credentials']);
    const anonymousId = form.get('anonymous_id');
    return json(auth.anonymousToken(caller, { scope: form.get('scope'), anonymousId: anonymousId === '' ? undefined : anonymousId }));
  });

  app.post('/oauth/introspect', async (c) => {
    const { caller, auth } = await client(c);
    const form = await readForm(c);
    return json(auth.introspect(caller, requiredParam(form, 'token')));
  });

  // 200 when revoked and also when the request was invalid (no token, another
  // content type, an unknown token, another client's token). Only bad client credentials fail.
  app.post('/oauth/token/revoke', async (c) => {
    const { caller, auth } = await client(c);
    let form: Map<string, string>;
    try {
      form = await readForm(c);
    } catch {
      return c.body(null, 200);
    }
    const hint = form.get('token_type_hint');
    auth.revoke(caller, form.get('token') ?? '', hint === 'access_token' || hint === 'refresh_token' ? hint : undefined);
    return c.body(null, 200);
  });

  const paths = [
    '/oauth/token',
    '/oauth/introspect',
    '/oauth/token/revoke',
    '/oauth/:projectKey/customers/token',
    '/oauth/:projectKey/in-store/:store/customers/token',
    '/oauth/:projectKey/anonymous/token',
  ];
  app.on(['GET', 'PUT', 'PATCH', 'DELETE'], paths, (c) => {
    throw errors.methodNotAllowed(c.req.method);
  });
}
