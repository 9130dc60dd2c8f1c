/**
 * The emulator on a loopback port, seen from its own side: a plain Node server hands every request
 * to the emulator's in-process `fetch` and writes down what arrived (preflights included): method,
 * path, status, the form of a token request (grant type, anonymous id, a fingerprint of the
 * refresh token) and a fingerprint of the bearer token of an API call. The tests count token
 * requests by grant type from this log, whatever the browser did or says it did.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator, emulatorUrls, type Emulator, type EmulatorOptions, type EmulatorUrls } from '@commerce-kit/test-fixtures';
import { closeServer } from './browser-helpers.js';

/** The first 16 hex digits of a token's SHA-256: tells tokens apart without printing them. */
export const fingerprint = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 16);

/** One request as it reached the emulator. */
export interface SeenCall {
  method: string;
  path: string;
  /** The emulator's answer (0 until it answered). */
  status: number;
  /** Of a POST to a token endpoint (`/auth/oauth/.../token`), from its form. */
  grant?: { type: string | null; anonymousId: string | null; refreshToken: string | null };
  /** Fingerprint of the `Authorization: Bearer` token, when there is one. */
  bearer?: string;
}

/** The emulator behind a recording server. */
export interface RecordingEmulator {
  emulator: Emulator;
  origin: string;
  urls: EmulatorUrls;
  /** Every request, in arrival order. */
  calls: SeenCall[];
  close(): Promise<void>;
}

const TOKEN_PATH = /^\/auth\/oauth\/(.+\/)?token$/;

function seen(method: string, url: URL, headers: Headers, body: Buffer | undefined): SeenCall {
  const call: SeenCall = { method, path: url.pathname, status: 0 };
  if (method === 'POST' && TOKEN_PATH.test(url.pathname)) {
    const form = new URLSearchParams(body?.toString('utf8') ?? '');
    const refreshToken = form.get('refresh_token');
    call.grant = {
      type: form.get('grant_type'),
      anonymousId: form.get('anonymous_id'),
      refreshToken: refreshToken && fingerprint(refreshToken),
    };
  }
  const bearer = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1];
  if (bearer) call.bearer = fingerprint(bearer);
  return call;
}

/**
 * Starts `createEmulator(options)` on a free port of 127.0.0.1 behind a server that records every
 * request. (Not `startEmulator`: its server hands requests to the emulator out of reach.)
 */
export async function serveRecordingEmulator(options: EmulatorOptions): Promise<RecordingEmulator> {
  const emulator = createEmulator(options);
  const calls: SeenCall[] = [];
  let origin = '';

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const method = incoming.method ?? 'GET';
    const headers = new Headers();
    for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
    const body = method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks);
    const url = new URL(incoming.url ?? '/', origin);
    const call = seen(method, url, headers, body);
    calls.push(call);
    const response = await emulator.fetch(new Request(url, { method, headers, body }));
    const answer = Buffer.from(await response.arrayBuffer());
    call.status = response.status;
    response.headers.forEach((value, name) => outgoing.setHeader(name, value));
    outgoing.writeHead(response.status);
    outgoing.end(answer);
  }

  // A cut connection (fault injection) rejects: the socket is dropped, as the emulator's own server does.
  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing).catch(() => outgoing.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { emulator, origin, urls: emulatorUrls(origin, emulator.projectKey), calls, close: () => closeServer(server) };
}
