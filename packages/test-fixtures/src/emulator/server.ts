import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createEmulator, emulatorUrls, type Emulator, type EmulatorUrls } from './app.js';
import { answerClientErrors } from './http/client-errors.js';
import type { IncomingRequest } from './http/env.js';
import { MAX_URL_AND_HEADERS_BYTES } from './http/limits.js';
import type { EmulatorOptions } from './options.js';
import { reportingRequests, type ServedRequest } from './http/served-request.js';

/** Addresses that listen on every interface, and the loopback address a client on this machine uses for them. */
const WILDCARD_HOSTS: Readonly<Record<string, string>> = { '0.0.0.0': '127.0.0.1', '::': '::1' };

/** Options of {@link startEmulator}. */
export interface ServerOptions extends EmulatorOptions, ListenOptions {}

/** An emulator served over a real socket. */
export interface RunningEmulator {
  emulator: Emulator;
  /** `http://<host>:<port>` */
  origin: string;
  urls: EmulatorUrls;
  port: number;
  /** Stops accepting connections and closes open ones. */
  close(): Promise<void>;
}

/** Where {@link serveEmulator} listens. */
export interface ListenOptions {
  /** Port to bind; 0 (default) picks a free one. */
  port?: number;
  /**
   * Host to bind. Default `127.0.0.1` (loopback only). A wildcard (`0.0.0.0`, `::`) listens on
   * every interface; `origin` and `urls` then name the loopback address, which this machine's
   * clients can use.
   */
  host?: string;
  /** Hears of every request served, once answered (a request log; no token, secret or body in it). */
  onRequest?: (served: ServedRequest) => void;
}

/**
 * Starts the emulator on a loopback port, so a user's test suite, curl, or another language's
 * client can talk to it over HTTP.
 *
 * @example
 * const server = await startEmulator({ projectKey: 'my-project' });
 * console.log(server.urls.api, server.emulator.credentials.clientId);
 * await server.close();
 */
export async function startEmulator(options: ServerOptions = {}): Promise<RunningEmulator> {
  const emulator = createEmulator(options);
  let running: RunningEmulator;
  try {
    running = await serveEmulator(emulator, options);
  } catch (error) {
    emulator.close();
    throw error;
  }
  // The emulator is this server's own: closing the server closes it (and its data dir) too.
  return { ...running, close: () => running.close().finally(() => emulator.close()) };
}

/**
 * Serves an emulator created (and perhaps seeded or restored) in-process on a loopback port: the
 * same data answers over the socket and through `emulator.fetch`.
 *
 * @example
 * const emulator = createEmulator({ projectKey: 'my-project' });
 * emulator.restore(savedSnapshot);
 * const server = await serveEmulator(emulator, { port: 8080 });
 */
export async function serveEmulator(emulator: Emulator, options: ListenOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  // The control API answers to the bound host's name (control/access.ts).
  const handler = (request: Request, env: { incoming?: IncomingRequest }) => emulator.app.fetch(request, { ...env, boundHost: host });
  const server = serve({
    fetch: options.onRequest ? reportingRequests(handler, options.onRequest) : handler,
    port: options.port ?? 0,
    hostname: host,
    // The service's 15 KB of URL plus headers, on the raw head: Node counts the URL and every header
    // name and value it reads, whatever their number (the app's check counts line breaks too).
    serverOptions: { maxHeaderSize: MAX_URL_AND_HEADERS_BYTES },
    // By default serve() replaces the process's global Request and Response with light classes of
    // its own. That changes the user's globals, and Hono answers HEAD with
    // `new Response(null, getAnswer)`, which with the light class keeps only the headers given at
    // construction: the CORS headers and X-Correlation-ID, set afterwards, were lost.
    overrideGlobalObjects: false,
  });
  // Every header of a head Node reads is kept (its size is bounded by maxHeaderSize), so the app's
  // size check sees them all; by default Node drops those past 2 000.
  (server as { maxHeadersCount: number | null }).maxHeadersCount = 0;
  answerClientErrors(server, emulator.context.options.cors);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const reachable = WILDCARD_HOSTS[host] ?? host;
  const origin = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
  return {
    emulator,
    origin,
    urls: emulatorUrls(origin, emulator.projectKey),
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        const closable = server as unknown as { closeAllConnections?: () => void };
        server.close((error) => (error ? reject(error) : resolve()));
        closable.closeAllConnections?.();
      }),
  };
}
