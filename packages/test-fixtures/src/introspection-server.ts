import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers for a registered token (RFC 7662 2.2). */
export interface IntrospectionAnswer {
  active: boolean;
  scope?: string;
  client_id?: string;
  /** Expiry; RFC 7662 says seconds since the epoch. */
  exp?: number;
  [member: string]: unknown;
}

/** One request the server received, recorded before any delay or failure is applied. */
export interface IntrospectionCall {
  method: string;
  path: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The form parameter `token`, when the body was a form. */
  token: string | undefined;
  correlationId: string | undefined;
  /** Milliseconds since the epoch (wall clock). */
  at: number;
}

/**
 * Options of {@link startIntrospectionServer}.
 *
 * @example
 * const options: IntrospectionServerOptions = { authorization: 'Bearer xyz', latencyMs: 50 };
 */
export interface IntrospectionServerOptions {
  /** Loopback only: `127.0.0.1` (default), `::1` or `localhost`. */
  host?: '127.0.0.1' | '::1' | 'localhost';
  /** 0 (default) picks a free port. */
  port?: number;
  /** The exact Authorization header value callers must send, e.g. `Bearer xyz` or `Basic ...`. */
  authorization: string;
  /** Delay before every answer. */
  latencyMs?: number;
  /** Answer every request with this status instead (e.g. 500). */
  failWith?: number;
}

/**
 * A running RFC 7662 introspection server (see {@link startIntrospectionServer}).
 *
 * @example
 * server.register('token-1', { active: true, scope: 'view_products:demo-project', exp: Math.floor(Date.now() / 1000) + 3600 });
 * server.failWith(500); // later answers fail
 * server.calls.at(-1)?.correlationId; // the X-Correlation-ID the emulator sent
 */
export interface IntrospectionServer {
  /** The introspection endpoint, `http://127.0.0.1:<port>/introspect` (any path is answered). */
  readonly url: string;
  /** The port the server listens on. */
  readonly port: number;
  /** Every request received, oldest first. */
  readonly calls: IntrospectionCall[];
  /** Sets the answer for a token; unknown tokens are `{ active: false }`. */
  register(token: string, answer: IntrospectionAnswer): void;
  /** Forgets a token: it is `{ active: false }` again. */
  unregister(token: string): void;
  /** Changes the delay of later answers. */
  setLatency(ms: number): void;
  /** Makes later answers fail with `status`, or answer normally again with `undefined`. */
  failWith(status: number | undefined): void;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(undefined));
  });
}

/**
 * Starts a small RFC 7662 token introspection server on a loopback port, for tests of the
 * emulator's external OAuth support. It requires the configured Authorization header (401
 * otherwise), answers `POST` forms with a `token` parameter from its registry, records every call
 * (headers included, so tests can check `X-Correlation-ID`), and can be told to be slow or to fail.
 *
 * @example
 * const server = await startIntrospectionServer({ authorization: 'Bearer xyz' });
 * server.register('token-1', { active: true, scope: 'view_products:demo-project customer_id:c1' });
 * // ... setExternalOAuth { url: server.url, authorizationHeader: 'Bearer xyz' }
 * await server.close();
 */
export async function startIntrospectionServer(options: IntrospectionServerOptions): Promise<IntrospectionServer> {
  const host = options.host ?? '127.0.0.1';
  if (!['127.0.0.1', '::1', 'localhost'].includes(host)) throw new TypeError('the introspection server binds a loopback address only');
  if (options.authorization === '') throw new TypeError('authorization must not be empty');
  const expected = digest(options.authorization);
  const registry = new Map<string, IntrospectionAnswer>();
  const calls: IntrospectionCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let latencyMs = options.latencyMs ?? 0;
  let failure = options.failWith;

  const delay = (ms: number): Promise<void> =>
    ms <= 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, ms);
          timers.add(timer);
        });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const body = await readBody(request);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const isForm = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
    const form = isForm && body !== undefined ? new URLSearchParams(body) : undefined;
    calls.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers,
      token: form?.get('token') ?? undefined,
      correlationId: headers['x-correlation-id'],
      at: Date.now(),
    });
    await delay(latencyMs);
    if (failure !== undefined) return send(response, failure, { error: 'server_error' });
    if (request.method !== 'POST') return send(response, 405, { error: 'invalid_request' }, { allow: 'POST' });
    const given = headers['authorization'];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      return send(response, 401, { error: 'invalid_client' }, { 'www-authenticate': options.authorization.split(' ')[0] ?? 'Bearer' });
    }
    const token = form?.get('token');
    if (!form || !token) return send(response, 400, { error: 'invalid_request' });
    send(response, 200, registry.get(token) ?? { active: false });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '::1' ? '[::1]' : host;

  return {
    url: `http://${urlHost}:${port}/introspect`,
    port,
    calls,
    register: (token, answer) => void registry.set(token, { ...answer }),
    unregister: (token) => void registry.delete(token),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
