import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/emulator/app.js';
import { adminConsole } from '../src/emulator/auth/admin-console.js';
import type { EmulatorOptions } from '../src/emulator/options.js';
import { startEmulator } from '../src/emulator/server.js';
import { loopbackEmulator, rawRequest } from './helpers/loopback.js';

/**
 * CORS (a browser app on another origin calls the emulator): preflights answered before anything
 * else, CORS headers on every answer, restricted origins, and CORS off.
 */

const PROJECT = 'cors-project';
const APP = 'http://localhost:5173';
const OTHER = 'https://evil.example';
const METHODS = 'GET, HEAD, POST, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Correlation-ID, X-External-User-ID, User-Agent, X-Emulator-Admin-User';
const EXPOSE = 'X-Correlation-ID, Retry-After, WWW-Authenticate';

function emulatorWith(options: EmulatorOptions = {}): Emulator {
  return createEmulator({ projectKey: PROJECT, ...options });
}

/** What a browser sends before a POST with a JSON body and a bearer token. */
function preflightInit(origin = APP, method = 'POST'): RequestInit {
  return {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, x-correlation-id',
    },
  };
}

async function tokenOf(emulator: Emulator): Promise<string> {
  const { clientId, clientSecret } = emulator.credentials;
  const res = await emulator.fetch(`${emulator.urls().auth}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The `access-control-*` headers of an answer, by lower-case name. */
function corsHeaders(res: { headers: Headers }): Record<string, string> {
  const found: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name.startsWith('access-control-')) found[name] = value;
  });
  return found;
}

const anyOriginPreflight = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': METHODS,
  'access-control-allow-headers': ALLOW_HEADERS,
  'access-control-max-age': '600',
};
const anyOriginAnswer = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE };

describe('CORS, any origin (the default)', () => {
  const emulator = emulatorWith();
  const { api, auth, history } = emulator.urls();

  it.each([
    ['the REST API', `${api}/${PROJECT}/product-selections`],
    ['a REST resource by key', `${api}/${PROJECT}/product-selections/key=summer`],
    ['GraphQL', `${api}/${PROJECT}/graphql`],
    ['the token endpoint', `${auth}/oauth/token`],
    ['introspection', `${auth}/oauth/introspect`],
    ['the Change History', `${history}/${PROJECT}/product-selection`],
    ['the Change History GraphQL', `${history}/${PROJECT}/graphql`],
    ['a path the emulator does not serve', `${api}/no-such-project/whatever`],
  ])('answers a preflight on %s with 204 and the allow lists, without a token', async (_name, url) => {
    const res = await emulator.fetch(url, preflightInit());
    expect(res.status).toBe(204);
    expect(corsHeaders(res)).toEqual(anyOriginPreflight);
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it('answers the preflight of a DELETE and of a GET alike (the lists do not depend on the request)', async () => {
    for (const method of ['DELETE', 'GET']) {
      const res = await emulator.fetch(`${api}/${PROJECT}/product-selections/key=summer`, preflightInit(APP, method));
      expect(res.status).toBe(204);
      expect(corsHeaders(res)).toEqual(anyOriginPreflight);
    }
  });

  it('answers the preflight of a PUT or a PATCH with the same lists, which do not name them, so a browser blocks the request', async () => {
    // The emulator routes neither (the token endpoint answers them 405): a browser app sees a CORS failure, not the 405.
    for (const method of ['PUT', 'PATCH']) {
      const res = await emulator.fetch(`${auth}/oauth/token`, preflightInit(APP, method));
      expect(res.status).toBe(204);
      expect(corsHeaders(res)).toEqual(anyOriginPreflight);
      expect(res.headers.get('access-control-allow-methods')!.split(', ')).not.toContain(method);
    }
  });

  it('allows X-Emulator-Admin-User, so a browser app can make admin console changes', async () => {
    // An emulator of its own: the suite's one must stay without Product Selections.
    const own = emulatorWith();
    const url = `${own.urls().api}/${PROJECT}/product-selections`;
    const preflight = await own.fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-emulator-admin-user',
      },
    });
    expect(preflight.status).toBe(204);
    expect(corsHeaders(preflight)).toEqual(anyOriginPreflight);
    expect(preflight.headers.get('access-control-allow-headers')!.split(', ')).toContain('X-Emulator-Admin-User');

    // The request the preflight let through: an admin console change, recorded as such.
    const created = await own.fetch(url, {
      method: 'POST',
      headers: { origin: APP, ...adminConsole(own.context).headers('jen'), 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'admin-made', name: { en: 'Admin made' } }),
    });
    expect(created.status).toBe(201);
    expect(corsHeaders(created)).toEqual(anyOriginAnswer);
    const token = await tokenOf(own);
    const records = await own.fetch(`${own.urls().history}/${PROJECT}/product-selection?source=AdminConsole&userId=jen`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(records.status).toBe(200);
    expect(((await records.json()) as { results: { type: string }[] }).results.map((r) => r.type)).toEqual(['ResourceCreated']);
  });

  it('never allows credentials (tokens travel in Authorization, not in cookies)', async () => {
    const preflight = await emulator.fetch(`${api}/${PROJECT}/product-selections`, preflightInit());
    const answer = await emulator.fetch(`${api}/${PROJECT}/product-selections`, { headers: { origin: APP } });
    expect(preflight.headers.has('access-control-allow-credentials')).toBe(false);
    expect(answer.headers.has('access-control-allow-credentials')).toBe(false);
  });

  it('a 200 of the REST API carries the allow origin and the exposed headers, next to X-Correlation-ID', async () => {
    const token = await tokenOf(emulator);
    const res = await emulator.fetch(`${api}/${PROJECT}/product-selections`, {
      headers: { origin: APP, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(corsHeaders(res)).toEqual(anyOriginAnswer);
    expect(res.headers.get('x-correlation-id')).toMatch(/^emulator-/);
  });

  it('a 200 of the token endpoint and of GraphQL carry them too', async () => {
    const token = await tokenOf(emulator);
    const graphql = await emulator.fetch(`${api}/${PROJECT}/graphql`, {
      method: 'POST',
      headers: { origin: APP, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ productSelections { total } }' }),
    });
    expect(graphql.status).toBe(200);
    expect(await graphql.json()).toEqual({ data: { productSelections: { total: 0 } } });
    expect(corsHeaders(graphql)).toEqual(anyOriginAnswer);

    const { clientId, clientSecret } = emulator.credentials;
    const tokenAnswer = await emulator.fetch(`${auth}/oauth/token`, {
      method: 'POST',
      headers: {
        origin: APP,
        authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(tokenAnswer.status).toBe(200);
    expect(corsHeaders(tokenAnswer)).toEqual(anyOriginAnswer);
  });

  it('a 401 of the API (no token) and of the token endpoint (bad client, WWW-Authenticate) carry them', async () => {
    const noToken = await emulator.fetch(`${api}/${PROJECT}/product-selections`, { headers: { origin: APP } });
    expect(noToken.status).toBe(401);
    expect(corsHeaders(noToken)).toEqual(anyOriginAnswer);

    const badClient = await emulator.fetch(`${auth}/oauth/token`, {
      method: 'POST',
      headers: { origin: APP, authorization: `Basic ${btoa('nobody:wrong')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(badClient.status).toBe(401);
    expect(badClient.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(((await badClient.json()) as { error: string }).error).toBe('invalid_client');
    expect(corsHeaders(badClient)).toEqual(anyOriginAnswer);
  });

  it('a 404 (unknown endpoint, unknown project, unknown resource) and a 400 of the correlation id carry them', async () => {
    const token = await tokenOf(emulator);
    const headers = { origin: APP, authorization: `Bearer ${token}` };
    for (const url of [
      `${api}/${PROJECT}/no-such-endpoint`,
      `${api}/other-project/product-selections`,
      `${api}/${PROJECT}/product-selections/key=none`,
    ]) {
      const res = await emulator.fetch(url, { headers });
      expect(res.status, url).toBe(404);
      expect(corsHeaders(res), url).toEqual(anyOriginAnswer);
    }
    const badCorrelation = await emulator.fetch(`${api}/${PROJECT}/product-selections`, {
      headers: { ...headers, 'x-correlation-id': 'bad id!' },
    });
    expect(badCorrelation.status).toBe(400);
    expect(corsHeaders(badCorrelation)).toEqual(anyOriginAnswer);
  });

  it('a Change History answer carries them', async () => {
    const token = await tokenOf(emulator);
    const res = await emulator.fetch(`${history}/${PROJECT}/product-selection`, {
      headers: { origin: APP, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(corsHeaders(res)).toEqual(anyOriginAnswer);
  });

  it('a 503 of fault injection carries them, with Retry-After (which the exposed list names)', async () => {
    const faulty = emulatorWith();
    const token = await tokenOf(faulty);
    faulty.faults.inject({ kind: 'error', status: 503, retryAfterSeconds: 3, times: 1 });
    const before = await faulty.fetch(`${faulty.urls().api}/${PROJECT}/product-selections`, {
      headers: { origin: APP, authorization: `Bearer ${token}` },
    });
    expect(before.status).toBe(503);
    expect(before.headers.get('retry-after')).toBe('3');
    expect(corsHeaders(before)).toEqual(anyOriginAnswer);

    faulty.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', times: 1 });
    const after = await faulty.fetch(`${faulty.urls().api}/${PROJECT}/product-selections`, {
      method: 'POST',
      headers: { origin: APP, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'summer', name: { en: 'Summer' } }),
    });
    expect(after.status).toBe(500);
    expect(corsHeaders(after)).toEqual(anyOriginAnswer);
  });

  it('an answer to a request without Origin carries them as well (the same answer for every origin)', async () => {
    const res = await emulator.fetch(`${api}/${PROJECT}/product-selections`);
    expect(res.status).toBe(401);
    expect(corsHeaders(res)).toEqual(anyOriginAnswer);
  });

  it('an OPTIONS that is not a preflight (no Access-Control-Request-Method) is an ordinary request: 401, 404', async () => {
    const noToken = await emulator.fetch(`${api}/${PROJECT}/product-selections`, { method: 'OPTIONS', headers: { origin: APP } });
    expect(noToken.status).toBe(401);
    expect(corsHeaders(noToken)).toEqual(anyOriginAnswer);
    expect(noToken.headers.get('x-correlation-id')).toMatch(/^emulator-/);
    const token = await tokenOf(emulator);
    const notRouted = await emulator.fetch(`${api}/${PROJECT}/product-selections`, {
      method: 'OPTIONS',
      headers: { origin: APP, authorization: `Bearer ${token}` },
    });
    expect(notRouted.status).toBe(404);
    expect(corsHeaders(notRouted)).toEqual(anyOriginAnswer);
  });
});

describe('a preflight is no request of the app', () => {
  it('neither fires nor consumes an injected fault, even one on OPTIONS or a cut', async () => {
    const emulator = emulatorWith();
    const url = `${emulator.urls().api}/${PROJECT}/product-selections`;
    const token = await tokenOf(emulator);
    emulator.faults.inject({ kind: 'cut', method: 'OPTIONS' });
    emulator.faults.inject({ kind: 'error', status: 503, times: 1 });
    for (let i = 0; i < 3; i++) {
      const preflight = await emulator.fetch(url, preflightInit());
      expect(preflight.status).toBe(204);
      expect(corsHeaders(preflight)).toEqual(anyOriginPreflight);
    }
    // The 503 is still there for the actual request, then spent.
    const headers = { origin: APP, authorization: `Bearer ${token}` };
    expect((await emulator.fetch(url, { headers })).status).toBe(503);
    expect((await emulator.fetch(url, { headers })).status).toBe(200);
  });

  it('never enters the request pipeline: no correlation id, and nothing recorded (no change, message or Change History record)', async () => {
    const emulator = emulatorWith();
    const { api, history } = emulator.urls();
    const token = await tokenOf(emulator);
    const preflight = await emulator.fetch(`${api}/${PROJECT}/product-selections`, preflightInit());
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('x-correlation-id')).toBeNull();
    const headers = { authorization: `Bearer ${token}` };
    const selections = (await (await emulator.fetch(`${api}/${PROJECT}/product-selections`, { headers })).json()) as { total: number };
    expect(selections.total).toBe(0);
    const messages = (await (await emulator.fetch(`${api}/${PROJECT}/messages`, { headers })).json()) as { total: number };
    expect(messages.total).toBe(0);
    const records = (await (await emulator.fetch(`${history}/${PROJECT}`, { headers })).json()) as { count: number; results: unknown[] };
    expect(records).toMatchObject({ count: 0, results: [] });
  });

  it('is answered even when its URL and headers are over the 15 KB limit of actual requests (no limit runs before it)', async () => {
    const emulator = emulatorWith();
    const long = `${emulator.urls().api}/${PROJECT}/product-selections?where=${'a'.repeat(16 * 1024)}`;
    const preflight = await emulator.fetch(long, preflightInit());
    expect(preflight.status).toBe(204);
    const actual = await emulator.fetch(long, { headers: { origin: APP } });
    expect(actual.status).toBe(431);
    expect(corsHeaders(actual)).toEqual(anyOriginAnswer);
  });
});

describe('the control API invites no web page', () => {
  it.each([
    ['any origin', undefined],
    ['a listed origin', { origins: [APP] }],
  ] as const)(
    'with %s: a preflight to /_emulator gets no CORS header and no 2xx, so the browser never sends the request',
    async (_, cors) => {
      const emulator = emulatorWith(cors === undefined ? {} : { cors });
      for (const [path, method] of [
        ['/_emulator/reset', 'POST'],
        ['/_emulator/faults', 'DELETE'],
        ['/_emulator/state', 'GET'],
        ['/_emulator/health', 'GET'],
      ] as const) {
        const preflight = await emulator.fetch(`${emulator.urls().api}${path}`, preflightInit(APP, method));
        expect(corsHeaders(preflight), path).toEqual({});
        expect(preflight.status, path).toBe(403);
      }
    },
  );

  it('an answer of the control API to a page carries no CORS header either, so the page cannot read it', async () => {
    const emulator = emulatorWith();
    const health = await emulator.fetch(`${emulator.urls().api}/_emulator/health`, { headers: { origin: APP } });
    expect(health.status).toBe(200);
    expect(corsHeaders(health)).toEqual({});
    const reset = await emulator.fetch(`${emulator.urls().api}/_emulator/reset`, { method: 'POST', headers: { origin: APP } });
    expect(reset.status).toBe(403);
    expect(corsHeaders(reset)).toEqual({});
  });
});

describe('CORS for listed origins only', () => {
  const origins = [APP, 'https://shop.example.com:8443'];
  const emulator = emulatorWith({ cors: { origins } });
  const url = `${emulator.urls().api}/${PROJECT}/product-selections`;

  it('answers the preflight of a listed origin with that origin, the lists and Vary: Origin', async () => {
    for (const origin of origins) {
      const res = await emulator.fetch(url, preflightInit(origin));
      expect(res.status).toBe(204);
      expect(corsHeaders(res)).toEqual({ ...anyOriginPreflight, 'access-control-allow-origin': origin });
      expect(res.headers.get('vary')).toBe('Origin');
    }
  });

  it('answers the preflight of another origin with 204 and no CORS header, so the browser blocks', async () => {
    for (const origin of [OTHER, 'http://localhost:5174', 'HTTP://LOCALHOST:5173']) {
      const res = await emulator.fetch(url, preflightInit(origin));
      expect(res.status).toBe(204);
      expect(corsHeaders(res), origin).toEqual({});
      expect(res.headers.get('vary')).toBe('Origin');
    }
  });

  it('reflects a listed origin on an actual answer (200 and 401), and gives another origin or none no CORS header', async () => {
    const token = await tokenOf(emulator);
    const ok = await emulator.fetch(url, { headers: { origin: APP, authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(corsHeaders(ok)).toEqual({ 'access-control-allow-origin': APP, 'access-control-expose-headers': EXPOSE });
    expect(ok.headers.get('vary')).toBe('Origin');

    const unauthorized = await emulator.fetch(url, { headers: { origin: origins[1]! } });
    expect(unauthorized.status).toBe(401);
    expect(corsHeaders(unauthorized)).toEqual({ 'access-control-allow-origin': origins[1], 'access-control-expose-headers': EXPOSE });

    // The server still answers (a browser blocks the app from reading it); a cache must not reuse it for a listed origin.
    const variants: Record<string, string>[] = [{ origin: OTHER, authorization: `Bearer ${token}` }, { authorization: `Bearer ${token}` }];
    for (const headers of variants) {
      const res = await emulator.fetch(url, { headers });
      expect(res.status).toBe(200);
      expect(corsHeaders(res)).toEqual({});
      expect(res.headers.get('vary')).toBe('Origin');
    }
  });
});

describe('CORS off (cors: false)', () => {
  it('sends no CORS header on any answer', async () => {
    const emulator = emulatorWith({ cors: false });
    const token = await tokenOf(emulator);
    const url = `${emulator.urls().api}/${PROJECT}/product-selections`;
    const variants: [Record<string, string>, number][] = [
      [{ origin: APP, authorization: `Bearer ${token}` }, 200],
      [{ origin: APP }, 401],
      [{ authorization: `Bearer ${token}` }, 200],
    ];
    for (const [headers, status] of variants) {
      const res = await emulator.fetch(url, { headers });
      expect(res.status, JSON.stringify(Object.keys(headers))).toBe(status);
      expect(corsHeaders(res)).toEqual({});
      expect(res.headers.get('vary')).toBeNull();
    }
  });

  it('treats a preflight as an ordinary request: 401 on the API, 404 on the token endpoint, and a fault fires on it', async () => {
    const emulator = emulatorWith({ cors: false });
    const url = `${emulator.urls().api}/${PROJECT}/product-selections`;
    const res = await emulator.fetch(url, preflightInit());
    expect(res.status).toBe(401);
    expect(corsHeaders(res)).toEqual({});
    expect(res.headers.get('x-correlation-id')).toMatch(/^emulator-/);
    const tokenEndpoint = await emulator.fetch(`${emulator.urls().auth}/oauth/token`, preflightInit());
    expect(tokenEndpoint.status).toBe(404);
    expect(corsHeaders(tokenEndpoint)).toEqual({});

    emulator.faults.inject({ kind: 'error', status: 503, method: 'OPTIONS', times: 1 });
    expect((await emulator.fetch(url, preflightInit())).status).toBe(503);
    expect((await emulator.fetch(url, preflightInit())).status).toBe(401);
  });
});

describe('the cors option is checked', () => {
  it.each([
    ['a trailing slash', 'http://localhost:5173/', /a browser sends it as http:\/\/localhost:5173;/],
    ['a path', 'http://localhost:5173/app', /a browser sends it as http:\/\/localhost:5173;/],
    ['upper case', 'HTTP://LOCALHOST:5173', /a browser sends it as http:\/\/localhost:5173;/],
    ['a default port', 'https://shop.example.com:443', /a browser sends it as https:\/\/shop\.example\.com;/],
    ['user info', 'http://me@localhost:5173', /a browser sends it as http:\/\/localhost:5173;/],
    ['no scheme', 'localhost:5173', /not an origin/],
    ['a wildcard', '*', /not an origin/],
    ['the null origin', 'null', /not an origin/],
    ['an empty string', '', /not an origin/],
    ['a file URL', 'file:///tmp/app.html', /not an origin/],
  ])('refuses an origin with %s (TypeError)', (_why, origin, message) => {
    expect(() => createEmulator({ cors: { origins: [APP, origin] } })).toThrow(TypeError);
    expect(() => createEmulator({ cors: { origins: [APP, origin] } })).toThrow(message);
  });

  it('refuses an empty list, a list that is not an array and a value of another type', () => {
    expect(() => createEmulator({ cors: { origins: [] } })).toThrow(/origins is empty; pass cors: false/);
    expect(() => createEmulator({ cors: { origins: APP } as unknown as { origins: string[] } })).toThrow(TypeError);
    expect(() => createEmulator({ cors: 'http://localhost:5173' as unknown as boolean })).toThrow(/true, false or \{ origins/);
    expect(() => createEmulator({ cors: null as unknown as boolean })).toThrow(TypeError);
  });

  it('accepts origins with a port, an IPv6 host, https and a non-web scheme (an app shell), and resolves them', () => {
    const origins = [APP, 'http://[::1]:8080', 'https://shop.example.com', 'capacitor://localhost', APP];
    expect(createEmulator({ cors: { origins } }).context.options.cors).toEqual({ origins: origins.slice(0, 4) });
    expect(createEmulator().context.options.cors).toEqual({ origins: '*' });
    expect(createEmulator({ cors: true }).context.options.cors).toEqual({ origins: '*' });
    expect(createEmulator({ cors: false }).context.options.cors).toBe(false);
  });
});

describe('CORS over a loopback port', () => {
  const loopback = loopbackEmulator('cors-loopback');
  const preflightHeaders = {
    origin: APP,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, content-type',
  };

  it('answers preflights on the API, GraphQL, the token endpoint and the Change History', async () => {
    const { api, auth, history } = loopback.server.urls;
    for (const url of [
      `${api}/cors-loopback/product-selections`,
      `${api}/cors-loopback/graphql`,
      `${auth}/oauth/token`,
      `${history}/cors-loopback/graphql`,
    ]) {
      const res = await rawRequest(url, { method: 'OPTIONS', headers: preflightHeaders });
      expect(res.status, url).toBe(204);
      expect(corsHeaders(res), url).toEqual(anyOriginPreflight);
      expect(res.body).toBe('');
    }
  });

  it('an actual answer (200, 401, 404) carries the CORS headers on the wire', async () => {
    const url = `${loopback.server.urls.api}/cors-loopback/product-selections`;
    const ok = await rawRequest(url, { headers: { origin: APP, authorization: `Bearer ${loopback.token}` } });
    expect(ok.status).toBe(200);
    expect(corsHeaders(ok)).toEqual(anyOriginAnswer);
    const unauthorized = await rawRequest(url, { headers: { origin: APP } });
    expect(unauthorized.status).toBe(401);
    expect(corsHeaders(unauthorized)).toEqual(anyOriginAnswer);
    const notFound = await rawRequest(`${loopback.server.urls.api}/cors-loopback/nothing-here`, {
      headers: { origin: APP, authorization: `Bearer ${loopback.token}` },
    });
    expect(notFound.status).toBe(404);
    expect(corsHeaders(notFound)).toEqual(anyOriginAnswer);
  });

  describe("a request Node's HTTP parser refuses (a 70 KB URL: 431 before the app sees it)", () => {
    const tooLong = (api: string, project: string) => `${api}/${project}/product-selections?where=${'a'.repeat(70 * 1024)}`;
    const expect431 = (answer: { status: number; headers: Headers; body: string }) => {
      expect(answer.status).toBe(431);
      expect(answer.headers.get('x-correlation-id')).toMatch(/^emulator-/);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 431, errors: [{ code: 'InvalidInput' }] });
    };

    it('carries Access-Control-Allow-Origin: * and the exposed headers when any origin is allowed, so a browser app reads the 431', async () => {
      const answer = await rawRequest(tooLong(loopback.server.urls.api, 'cors-loopback'), {
        headers: { origin: APP, authorization: `Bearer ${loopback.token}` },
      });
      expect431(answer);
      expect(corsHeaders(answer)).toEqual(anyOriginAnswer);
    });

    it('carries no CORS header with a list of origins (the Origin of a refused request cannot be read) nor with CORS off', async () => {
      for (const cors of [{ origins: [APP] }, false] as const) {
        const server = await startEmulator({ projectKey: 'cors-refused', cors });
        try {
          const answer = await rawRequest(tooLong(server.urls.api, 'cors-refused'), { headers: { origin: APP } });
          expect431(answer);
          expect(corsHeaders(answer), JSON.stringify(cors)).toEqual({});
        } finally {
          await server.close();
        }
      }
    });
  });

  it('startEmulator takes the cors option: a listed origin is reflected, another gets nothing', async () => {
    const server = await startEmulator({ projectKey: 'cors-listed', cors: { origins: [APP] } });
    try {
      const url = `${server.urls.api}/cors-listed/product-selections`;
      const allowed = await rawRequest(url, { method: 'OPTIONS', headers: preflightHeaders });
      expect(allowed.status).toBe(204);
      expect(corsHeaders(allowed)).toEqual({ ...anyOriginPreflight, 'access-control-allow-origin': APP });
      expect(allowed.headers.get('vary')).toBe('Origin');
      const refused = await rawRequest(url, { method: 'OPTIONS', headers: { ...preflightHeaders, origin: OTHER } });
      expect(refused.status).toBe(204);
      expect(corsHeaders(refused)).toEqual({});
    } finally {
      await server.close();
    }
  });
});
