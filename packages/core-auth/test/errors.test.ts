import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  OAuthError,
  ResponseError,
  clientCredentialsFlow,
  createCallbackHandler,
  createTokenProvider,
  introspectToken,
  passwordFlow,
  refreshTokenFlow,
  revokeToken,
  type AuthConfig,
} from '../src/index.js';
import { everythingShown, setup } from './helpers.js';

const CLIENT_SECRET = 'cs-SECRET-7a1f93e2b4';
const PASSWORD = 'pw-SECRET-c0ffee';
const REFRESH_TOKEN = 'rt-SECRET-5e5e5e5e';
const ACCESS_TOKEN = 'at-SECRET-0d15ea5e';
const ALL = [CLIENT_SECRET, PASSWORD, REFRESH_TOKEN, ACCESS_TOKEN, 'SECRET'];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function expectNoSecret(error: unknown): Promise<void> {
  const shown = await everythingShown(error);
  for (const secret of ALL) expect(shown).not.toContain(secret);
  for (const secret of ALL) expect(shown).not.toContain(encodeURIComponent(secret));
}

/** A server that breaks the protocol in one chosen way (a stand-in for a faulty service, not for our code). */
function server(respond: () => Response): AuthConfig {
  return {
    authUrl: 'https://auth.europe-west1.gcp.commercetools.com',
    projectKey: 'p',
    credentials: { clientId: 'client', clientSecret: CLIENT_SECRET },
    fetch: (async () => respond()) as typeof fetch,
  };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-correlation-id': 'corr-12345678', ...headers },
  });

describe('OAuthError', () => {
  it('from the emulator: invalid_client, invalid_customer_account_credentials, invalid_grant, none with a secret', async () => {
    const s = setup();
    const wrongSecret = { ...s.config, credentials: { clientId: s.config.credentials.clientId, clientSecret: CLIENT_SECRET } };
    const errors = [
      await rejection(clientCredentialsFlow(wrongSecret)),
      await rejection(passwordFlow(s.config, { username: 'nobody@example.com', password: PASSWORD })),
      await rejection(refreshTokenFlow(s.config, { refreshToken: REFRESH_TOKEN })),
      await rejection(introspectToken(wrongSecret, { token: ACCESS_TOKEN })),
      await rejection(revokeToken(wrongSecret, { token: ACCESS_TOKEN })),
    ];
    expect(errors.map((e) => (e as OAuthError).error)).toEqual([
      'invalid_client',
      'invalid_customer_account_credentials',
      'invalid_grant',
      'invalid_client',
      'invalid_client',
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(OAuthError);
      expect((error as OAuthError).correlationId).toEqual(expect.any(String));
      await expectNoSecret(error);
    }
  });

  it('cuts secrets a server echoes out of description and cause', async () => {
    const body = {
      error: 'invalid_grant',
      error_description: `refresh token ${REFRESH_TOKEN} of client secret ${encodeURIComponent(CLIENT_SECRET)} unknown`,
      refresh_token: 'unrelated-value',
      errors: [{ code: 'invalid_grant', message: `token ${REFRESH_TOKEN}`, client_secret: 'x' }],
    };
    const error = await rejection(
      refreshTokenFlow(
        server(() => json(body, 400)),
        { refreshToken: REFRESH_TOKEN },
      ),
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      error: 'invalid_grant',
      status: 400,
      correlationId: 'corr-12345678',
      description: 'refresh token [REDACTED] of client secret [REDACTED] unknown',
    });
    expect((error as Error).cause).toMatchObject({
      refresh_token: '[REDACTED]',
      errors: [{ message: 'token [REDACTED]', client_secret: '[REDACTED]' }],
    });
    await expectNoSecret(error);
  });
});

describe('ResponseError, in the order the checks run', () => {
  const cases: [string, string, () => Response][] = [
    [
      'a 5xx without OAuth body',
      'UNEXPECTED_STATUS',
      () => json({ statusCode: 503, message: `over capacity for ${CLIENT_SECRET}`, client_secret: CLIENT_SECRET }, 503),
    ],
    [
      'the HTML 404 of plain HTTP',
      'UNEXPECTED_STATUS',
      () => new Response('<html>404</html>', { status: 404, headers: { 'content-type': 'text/html' } }),
    ],
    [
      'a 200 that is not JSON',
      'INVALID_CONTENT_TYPE',
      () => new Response(`access_token=${ACCESS_TOKEN}`, { status: 200, headers: { 'content-type': 'text/plain' } }),
    ],
    [
      'a 200 with broken JSON',
      'INVALID_JSON',
      () => new Response(`{"access_token":"${ACCESS_TOKEN}"`, { status: 200, headers: { 'content-type': 'application/json' } }),
    ],
    ['a 200 with a JSON array', 'INVALID_JSON', () => json([ACCESS_TOKEN])],
    ['a token without token_type', 'MISSING_FIELD', () => json({ access_token: ACCESS_TOKEN, expires_in: 10, scope: 's' })],
    ['a token of another type', 'INVALID_FIELD', () => json({ access_token: ACCESS_TOKEN, token_type: 'MAC', expires_in: 10, scope: 's' })],
    [
      'a token with expires_in as text',
      'INVALID_FIELD',
      () => json({ access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: '10', scope: 's' }),
    ],
    ['a token without scope', 'MISSING_FIELD', () => json({ access_token: ACCESS_TOKEN, token_type: 'bearer', expires_in: 10 })],
    ['an empty access token', 'INVALID_FIELD', () => json({ access_token: '', token_type: 'Bearer', expires_in: 10, scope: 's' })],
  ];

  it.each(cases)('%s → %s', async (_name, code, respond) => {
    const error = await rejection(clientCredentialsFlow(server(respond)));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ name: 'ResponseError', code });
    await expectNoSecret(error);
  });

  it('names the broken member or the JSON value found in the evidence, never a value', async () => {
    const broken = (body: string) => () =>
      new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
    await expect(clientCredentialsFlow(server(broken(`["${ACCESS_TOKEN}"]`)))).rejects.toMatchObject({
      code: 'INVALID_JSON',
      cause: { type: 'array' },
    });
    await expect(clientCredentialsFlow(server(broken('null')))).rejects.toMatchObject({ code: 'INVALID_JSON', cause: { type: 'null' } });
    await expect(clientCredentialsFlow(server(broken(`{"access_token":"${ACCESS_TOKEN}"`)))).rejects.toMatchObject({
      code: 'INVALID_JSON',
      cause: { type: 'SyntaxError' },
    });
    const negative = { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: -1, scope: 's' };
    const error = await rejection(clientCredentialsFlow(server(() => json(negative))));
    expect(error).toMatchObject({
      code: 'INVALID_FIELD',
      status: 200,
      correlationId: 'corr-12345678',
      cause: { field: 'expires_in', expected: 'a number >= 0', actual: 'number' },
    });
    expect((error as Error).message).toBe('response member "expires_in" is not a number >= 0');
    await expectNoSecret(error);
  });

  it('requires the refresh token of the session flows, and the members of an active introspection', async () => {
    const token = { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 10, scope: 's' };
    await expect(
      passwordFlow(
        server(() => json(token)),
        { username: 'u', password: PASSWORD },
      ),
    ).rejects.toMatchObject({ code: 'MISSING_FIELD', cause: { field: 'refresh_token' } });
    await expect(
      introspectToken(
        server(() => json({ active: true, scope: 's', exp: 1 })),
        { token: ACCESS_TOKEN },
      ),
    ).rejects.toMatchObject({ code: 'MISSING_FIELD', cause: { field: 'client_id' } });
    await expect(
      introspectToken(
        server(() => json({ active: 'yes' })),
        { token: ACCESS_TOKEN },
      ),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD' });
    expect(
      await introspectToken(
        server(() => json({ active: false, extra: 1 })),
        { token: ACCESS_TOKEN },
      ),
    ).toEqual({ active: false });
  });

  it('takes a lower-case bearer type and ignores unknown members', async () => {
    const token = await clientCredentialsFlow(
      server(() => json({ access_token: 'a', token_type: 'bearer', expires_in: 10, scope: 's', extra: true })),
    );
    expect(token).toEqual({ access_token: 'a', token_type: 'Bearer', expires_in: 10, scope: 's' });
  });
});

describe('the error objects', () => {
  it('are Errors with their name, code and fields as own enumerable properties', async () => {
    const answer = () => json({ error: 'invalid_grant', error_description: 'gone' }, 400);
    const oauth = await rejection(refreshTokenFlow(server(answer), { refreshToken: REFRESH_TOKEN }));
    expect(oauth).toBeInstanceOf(Error);
    expect(String(oauth)).toBe('OAuthError: authorization service answered 400 invalid_grant: gone');
    expect(JSON.parse(JSON.stringify(oauth))).toEqual({
      name: 'OAuthError',
      code: 'OAUTH_ERROR_RESPONSE',
      error: 'invalid_grant',
      status: 400,
      description: 'gone',
      correlationId: 'corr-12345678',
    });
    const response = await rejection(clientCredentialsFlow(server(() => json({}, 503))));
    expect(response).toBeInstanceOf(ResponseError);
    expect(JSON.parse(JSON.stringify(response))).toEqual({
      name: 'ResponseError',
      code: 'UNEXPECTED_STATUS',
      status: 503,
      correlationId: 'corr-12345678',
    });
    const configuration = new ConfigurationError('clock must have now()', { code: 'INVALID_OPTION' });
    expect(configuration).toBeInstanceOf(Error);
    expect(JSON.parse(JSON.stringify(configuration))).toEqual({ name: 'ConfigurationError', code: 'INVALID_OPTION' });
    expect(String(configuration)).toBe('ConfigurationError: clock must have now()');
  });
});

describe('ConfigurationError', () => {
  it('never repeats a secret it was given', async () => {
    const base = server(() => json({}));
    const errors = [
      await rejection(clientCredentialsFlow({ ...base, authUrl: `https://client:${CLIENT_SECRET}@auth.example.com` })),
      await rejection(clientCredentialsFlow({ ...base, authUrl: `http://auth.example.com/${CLIENT_SECRET}` })),
      await rejection(clientCredentialsFlow({ ...base, authUrl: `not a url ${CLIENT_SECRET}` })),
      await rejection(passwordFlow(base, { username: PASSWORD, password: '' })),
      await rejection(revokeToken(base, { token: ACCESS_TOKEN, tokenTypeHint: REFRESH_TOKEN as 'refresh_token' })),
      await rejection(
        Promise.resolve().then(() =>
          createTokenProvider({ ...base, flow: 'password', username: 'u', password: PASSWORD, refreshSkewSeconds: -1 }),
        ),
      ),
      await rejection(
        Promise.resolve().then(() => createCallbackHandler({ apiKey: ACCESS_TOKEN, basePath: 'no-slash', resolveCart: () => undefined })),
      ),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).code).toEqual(expect.any(String));
      await expectNoSecret(error);
    }
  });
});
