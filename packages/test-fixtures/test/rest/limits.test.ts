import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResponseContract } from '../../src/contract/response-contract.js';
import type { ServedRequest } from '../../src/emulator/http/served-request.js';
import { bearerJson, loopbackEmulator, rawRequest } from '../helpers/loopback.js';
import {
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  ok,
  raw,
  snapshot,
  type Api,
} from './helpers.js';

const LIMIT = 15 * 1024;
const MAX_BODY = 16 * 1024 * 1024;

/** Disallowed requests: blocked before any handler, data unchanged. */
describe('limits and disallowed requests', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
    await createSelection(api, 'summer');
  });

  describe('URL plus headers above 15 KB: 431', () => {
    it('blocks an oversized header on a write; nothing is created', async () => {
      const before = await snapshot(api);
      const answer = await raw(api, 'POST', '/product-selections', {
        headers: { 'x-padding': 'p'.repeat(LIMIT) },
        body: JSON.stringify({ key: 'big', name: { en: 'Big' } }),
      });
      expect(answer.status).toBe(431);
      expect(answer.body).toMatchObject({ statusCode: 431, errors: [{ code: 'InvalidInput' }] });
      expect(answer.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
      await expectUnchanged(api, before);
    });

    it('blocks an oversized URL', async () => {
      const answer = await raw(api, 'GET', `/product-selections?where=${'x'.repeat(LIMIT)}`);
      expect(answer.status).toBe(431);
    });

    it('counts URL and headers together: each under the limit, both over it', async () => {
      const half = 'h'.repeat(LIMIT / 2);
      expect((await raw(api, 'GET', `/product-selections?sort=${'id asc'}&x=${half}`)).status).toBe(200);
      expect((await raw(api, 'GET', '/product-selections', { headers: { 'x-padding': half } })).status).toBe(200);
      expect((await raw(api, 'GET', `/product-selections?x=${half}`, { headers: { 'x-padding': half } })).status).toBe(431);
    });

    it('lets a request just under the limit through', async () => {
      const answer = await raw(api, 'GET', '/product-selections/key=summer', { headers: { 'x-padding': 'p'.repeat(LIMIT - 1024) } });
      expect(answer.status).toBe(200);
    });

    it('blocks before authentication: no token and an oversized header is 431, not 401', async () => {
      const answer = await raw(api, 'GET', '/product-selections', { token: null, headers: { 'x-padding': 'p'.repeat(LIMIT) } });
      expect(answer.status).toBe(431);
    });
  });

  describe('a request body over 16 MiB: 413', () => {
    const overLimit = (field: string) => JSON.stringify({ key: 'huge', name: { en: field } });
    const huge = 'n'.repeat(MAX_BODY + 1);

    it('blocks a create whose body is one byte over the limit; nothing is created', async () => {
      const before = await snapshot(api);
      const answer = await raw(api, 'POST', '/product-selections', { body: overLimit(huge) });
      const error = expectError(answer, 413, 'InvalidInput');
      expect(error.message).toBe('The request body exceeds the limit of 16 MB; the request was blocked.');
      await expectUnchanged(api, before);
    });

    it('blocks an update over the limit; the selection keeps its version and name', async () => {
      const before = await snapshot(api);
      const body = JSON.stringify({ version: 1, actions: [{ action: 'changeName', name: { en: huge } }] });
      expectError(await raw(api, 'POST', '/product-selections/key=summer', { body }), 413, 'InvalidInput');
      await expectUnchanged(api, before);
    });

    it('blocks a token request body over the limit with 413 invalid_request; no token is issued', async () => {
      const { clientId, clientSecret } = api.emulator.credentials;
      const url = `${api.emulator.urls().auth}/oauth/token`;
      const res = await api.emulator.fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&padding=${'p'.repeat(MAX_BODY)}`,
      });
      const body = (await res.json()) as { error: string };
      expect(res.status).toBe(413);
      createResponseContract('auth', api.emulator.urls().auth).check('POST', url, 413, body);
      expect(body).toMatchObject({
        error: 'invalid_request',
        errors: [{ code: 'invalid_request', message: 'The request body exceeds the limit of 16 MB; the request was blocked.' }],
      });
    });

    it('takes a body just under the limit, as long as what is stored fits the 16 MiB document limit too', async () => {
      // What is stored adds an id, a version, timestamps and the creator to the draft.
      const name = 'n'.repeat(MAX_BODY - overLimit('').length - 1024);
      expect((await raw(api, 'POST', '/product-selections', { body: overLimit(name) })).status).toBe(201);
      const full = 'n'.repeat(MAX_BODY - overLimit('').length);
      const refused = await raw(api, 'POST', '/product-selections', { body: overLimit(full).replace('"huge"', '"full"') });
      expect(expectError(refused, 400, 'InvalidInput')['message']).toContain('the limit of a stored document');
    });
  });

  describe('a body on DELETE, an Upgrade header: 400', () => {
    it('blocks a DELETE with a body; the selection is not deleted', async () => {
      const before = await snapshot(api);
      const answer = await raw(api, 'DELETE', '/product-selections/key=summer?version=1', { body: JSON.stringify({ version: 1 }) });
      const error = expectError(answer, 400, 'InvalidInput');
      expect(error.message).toMatch(/body is not allowed on DELETE/);
      await expectUnchanged(api, before);
    });

    it('blocks a request with an Upgrade header; nothing is created', async () => {
      const before = await snapshot(api);
      const answer = await raw(api, 'POST', '/product-selections', {
        headers: { upgrade: 'websocket' },
        body: JSON.stringify({ key: 'up', name: { en: 'Up' } }),
      });
      expect(expectError(answer, 400, 'InvalidInput').message).toMatch(/Upgrade/);
      await expectUnchanged(api, before);
    });

    it('an empty DELETE body (content-length 0) is fine', async () => {
      const answer = await raw(api, 'DELETE', '/product-selections/key=summer?version=1', { headers: { 'content-length': '0' } });
      expect(answer.status).toBe(200);
    });
  });

  describe('over a loopback socket', () => {
    const project = 'limits-project';
    const served: ServedRequest[] = [];
    const loopback = loopbackEmulator(project, { onRequest: (request) => served.push(request) });
    beforeAll(async () => {
      const created = await fetch(`${loopback.server.urls.api}/${project}/product-selections`, {
        method: 'POST',
        headers: { authorization: `Bearer ${loopback.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'summer', name: { en: 'Summer' } }),
      });
      expect(created.status).toBe(201);
    });
    const send = (method: string, path: string, body: string) =>
      rawRequest(`${loopback.server.urls.api}/${project}${path}`, { method, headers: bearerJson(loopback.token), body });

    it('blocks a GET with a body (400 InvalidInput)', async () => {
      const url = `${loopback.server.urls.api}/${project}/product-selections/key=summer`;
      const answer = await send('GET', '/product-selections/key=summer', '{"version":1}');
      expect(answer.status).toBe(400);
      const body = JSON.parse(answer.body) as { errors: { code: string; message: string }[] };
      createResponseContract('commerce', `${loopback.server.urls.api}/${project}`).check('GET', url, 400, body);
      expect(body.errors[0]).toMatchObject({ code: 'InvalidInput' });
      expect(body.errors[0]!.message).toMatch(/body is not allowed on GET/);
    });

    it('blocks a HEAD with a body (400, no body in the answer)', async () => {
      const answer = await send('HEAD', '/product-selections/key=summer', 'x');
      expect(answer.status).toBe(400);
    });

    /** Writes `head` (request line and headers, CRLF-separated, no final blank line) as it is and reads the whole answer. */
    function rawExchange(head: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
      return new Promise((resolve, reject) => {
        const socket = connect(loopback.server.port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
        let text = '';
        /** The answer once its head and `content-length` bytes of body are in (a kept-alive socket does not end). */
        const answer = (final: boolean) => {
          const split = text.indexOf('\r\n\r\n');
          if (split < 0) return final ? reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`)) : undefined;
          const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
          const headers = Object.fromEntries(
            lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
          );
          const body = text.slice(split + 4);
          if (!final && Buffer.byteLength(body) < Number(headers['content-length'] ?? Infinity)) return undefined;
          socket.destroy();
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
        };
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          text += chunk;
          answer(false);
        });
        socket.on('error', reject);
        socket.on('end', () => answer(true));
      });
    }

    it("answers URL plus headers over 15 KB, refused by the server on the raw head, with the JSON 431 and the caller's correlation id", async () => {
      const url = `${loopback.server.urls.api}/${project}/product-selections`;
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${loopback.token}`,
          'content-type': 'application/json',
          'x-correlation-id': 'over-16k-header',
          'x-padding': 'p'.repeat(20 * 1024),
        },
        body: JSON.stringify({ key: 'padded', name: { en: 'Padded' } }),
      });
      expect(answer.status).toBe(431);
      expect(answer.headers.get('x-correlation-id')).toBe('over-16k-header');
      const body = (await answer.json()) as { errors: { code: string }[] };
      createResponseContract('commerce', `${loopback.server.urls.api}/${project}`).check('POST', url, 431, body);
      expect(body.errors[0]!.code).toBe('InvalidInput');
      const created = await fetch(`${url}/key=padded`, { headers: { authorization: `Bearer ${loopback.token}` } });
      expect(created.status).toBe(404);
    });

    it('answers a 70 KB request head with the JSON 431 too', async () => {
      const answer = await rawExchange(
        [
          `GET /${project}/product-selections HTTP/1.1`,
          `host: 127.0.0.1:${loopback.server.port}`,
          `authorization: Bearer ${loopback.token}`,
          `x-padding: ${'p'.repeat(70 * 1024)}`,
        ].join('\r\n'),
      );
      expect(answer.status).toBe(431);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-correlation-id']).toMatch(/^emulator-/);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 431, errors: [{ code: 'InvalidInput' }] });
    });

    it.each([3_000, 10_000])('answers %i small headers (X<i>: v) with the JSON 431, whatever Node keeps of them', async (count) => {
      const headers = Array.from({ length: count }, (_, i) => `X${i}: v`);
      const answer = await rawExchange(
        [
          `GET /${project}/product-selections HTTP/1.1`,
          `host: 127.0.0.1:${loopback.server.port}`,
          `authorization: Bearer ${loopback.token}`,
          'x-correlation-id: many-headers',
          ...headers,
        ].join('\r\n'),
      );
      expect(answer.status).toBe(431);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({
        statusCode: 431,
        message: 'Request URL plus headers exceed the limit of 15 KB; the request was blocked.',
        errors: [{ code: 'InvalidInput', message: 'Request URL plus headers exceed the limit of 15 KB; the request was blocked.' }],
      });
    });

    it('answers an unknown HTTP version with a JSON 400', async () => {
      const answer = await rawExchange(
        [
          `GET /${project}/product-selections HTTP/1.7`,
          `host: 127.0.0.1:${loopback.server.port}`,
          `authorization: Bearer ${loopback.token}`,
        ].join('\r\n'),
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        statusCode: 400,
        errors: [{ code: 'InvalidInput', message: expect.stringMatching(/HTTP version/) }],
      });
      // The server goes on serving.
      const after = await fetch(`${loopback.server.urls.api}/${project}/product-selections/key=summer`, {
        headers: { authorization: `Bearer ${loopback.token}` },
      });
      expect(after.status).toBe(200);
    });

    it('blocks an Upgrade request (Connection: Upgrade) with the JSON 400 too', async () => {
      const answer = await rawExchange(
        [
          `GET /${project}/product-selections HTTP/1.1`,
          `host: 127.0.0.1:${loopback.server.port}`,
          `authorization: Bearer ${loopback.token}`,
          'upgrade: websocket',
          'connection: Upgrade',
        ].join('\r\n'),
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ code: 'InvalidInput', message: expect.stringMatching(/Upgrade/) }] });
    });

    it('answers a Content-Length over 16 MiB with the JSON 413 before the body is sent', async () => {
      const answer = await rawExchange(
        [
          `POST /${project}/product-selections HTTP/1.1`,
          `host: 127.0.0.1:${loopback.server.port}`,
          `authorization: Bearer ${loopback.token}`,
          'content-type: application/json',
          `content-length: ${MAX_BODY + 1}`,
        ].join('\r\n'),
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        statusCode: 413,
        message: 'The request body exceeds the limit of 16 MB; the request was blocked.',
        errors: [{ code: 'InvalidInput', message: 'The request body exceeds the limit of 16 MB; the request was blocked.' }],
      });
    });

    it('stops reading a chunked body once it passes 16 MiB: 413, nothing created', async () => {
      const url = `${loopback.server.urls.api}/${project}/product-selections`;
      const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        const req = httpRequest(url, { method: 'POST', headers: bearerJson(loopback.token) }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, sent }));
        });
        // A socket the server closes after its answer is no failure of the test.
        req.on('error', (error) => (answered ? undefined : reject(error)));
        let sent = 0;
        let answered = false;
        req.on('response', () => (answered = true));
        const chunk = Buffer.alloc(1024 * 1024, 'n');
        req.write('{"key":"chunked","name":{"en":"');
        const pump = () => {
          // Up to twice the limit: the answer must come long before.
          while (!answered && sent < 2 * MAX_BODY) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      });
      expect(answer.status).toBe(413);
      expect(answer.sent).toBeLessThan(2 * MAX_BODY);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 413, errors: [{ code: 'InvalidInput' }] });
      const created = await fetch(`${url}/key=chunked`, { headers: { authorization: `Bearer ${loopback.token}` } });
      expect(created.status).toBe(404);
    });

    it('logs nothing when a client hangs up in the middle of a token request body', async () => {
      const logged = (['error', 'warn', 'info', 'log'] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation(() => undefined),
      );
      // The token endpoint checks the client's secret (slow on purpose), then reads the body.
      const clientChecked = vi.spyOn(loopback.server.emulator.context.auth, 'authenticateClient');
      try {
        const { clientId, clientSecret } = loopback.server.emulator.credentials;
        const tokenRequests = () => served.filter((request) => request.path === '/auth/oauth/token').length;
        const earlier = tokenRequests();
        const socket = connect(loopback.server.port, '127.0.0.1');
        const closed = new Promise<void>((resolve, reject) => {
          socket.on('close', () => resolve());
          socket.on('error', reject);
        });
        socket.write(
          [
            'POST /auth/oauth/token HTTP/1.1',
            `host: 127.0.0.1:${loopback.server.port}`,
            `authorization: Basic ${btoa(`${clientId}:${clientSecret}`)}`,
            'content-type: application/x-www-form-urlencoded',
            'content-length: 1000',
            '',
            'grant_type=client_cr',
          ].join('\r\n'),
        );
        // Hang up while the server waits for the rest of the body: after the client check, when it
        // reads the body.
        await expect.poll(() => clientChecked.mock.results.length, { timeout: 5_000 }).toBe(1);
        await clientChecked.mock.results[0]!.value;
        socket.destroy();
        await closed;
        // Until the server is done with the request, whatever it would log.
        await expect.poll(tokenRequests, { timeout: 5_000 }).toBe(earlier + 1);
        const after = await fetch(`${loopback.server.urls.api}/${project}/product-selections/key=summer`, {
          headers: { authorization: `Bearer ${loopback.token}` },
        });
        expect(after.status).toBe(200);
        for (const spy of logged) expect(spy.mock.calls).toEqual([]);
      } finally {
        for (const spy of [...logged, clientChecked]) spy.mockRestore();
      }
    });

    it('blocks a DELETE with a body; the selection survives', async () => {
      const answer = await send('DELETE', '/product-selections/key=summer?version=1', '{}');
      expect(answer.status).toBe(400);
      const still = await fetch(`${loopback.server.urls.api}/${project}/product-selections/key=summer`, {
        headers: { authorization: `Bearer ${loopback.token}` },
      });
      expect(still.status).toBe(200);
      expect(((await still.json()) as { version: number }).version).toBe(1);
    });
  });

  /** GraphQL writes, and DELETE with a body on Stores, Products and Product Types: blocked before any handler too. */
  describe('on GraphQL writes, Stores and Products', () => {
    const mutation = JSON.stringify({
      query: 'mutation { createProductSelection(draft: { key: "big", name: [{ locale: "en", value: "Big" }] }) { id } }',
    });

    it('a GraphQL mutation with URL plus headers above 15 KB is 431; nothing is created', async () => {
      const before = await snapshot(api);
      const answer = await raw(api, 'POST', '/graphql', { headers: { 'x-padding': 'p'.repeat(LIMIT) }, body: mutation, check: false });
      expect(answer.status).toBe(431);
      expect(answer.body).toMatchObject({ statusCode: 431, errors: [{ code: 'InvalidInput' }] });
      await expectUnchanged(api, before);
    });

    it('a GraphQL mutation with an Upgrade header is 400; nothing is created', async () => {
      const before = await snapshot(api);
      const answer = await raw(api, 'POST', '/graphql', { headers: { upgrade: 'h2c' }, body: mutation, check: false });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, errors: [{ code: 'InvalidInput' }] });
      await expectUnchanged(api, before);
    });

    it('a DELETE with a body is 400 on Stores and Products too; both survive', async () => {
      await createStore(api, 'berlin');
      const product = await createProduct(api, 'p1');
      const before = await snapshot(api);
      for (const path of ['/stores/key=berlin?version=1', `/products/${product.id}?version=1`, '/product-types/key=shirt?version=1']) {
        const error = expectError(await raw(api, 'DELETE', path, { body: '{}' }), 400, 'InvalidInput');
        expect(error.message, path).toMatch(/body is not allowed on DELETE/);
      }
      await expectUnchanged(api, before);
      expect(ok(await api.call('GET', '/product-types/key=shirt')).version).toBe(1);
    });
  });

  it('a normal request still works after blocked ones', async () => {
    await raw(api, 'GET', '/product-selections', { headers: { 'x-padding': 'p'.repeat(LIMIT) } });
    expect(ok(await api.call('GET', '/product-selections/key=summer')).key).toBe('summer');
  });
});
