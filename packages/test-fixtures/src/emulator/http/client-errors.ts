/**
 * Requests that Node's HTTP parser refuses before the app sees them (URL plus headers far
 * over the limit, an unknown HTTP version, a malformed request line), answered on the socket with
 * the same JSON error body and X-Correlation-ID as every other refusal (and, when CORS allows any
 * origin, its headers), instead of Node's bare status line.
 */
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import type { ResolvedEmulatorOptions } from '../options.js';
import { CORS_EXPOSE_HEADERS } from './cors.js';
import { CORRELATION_ID } from './correlation.js';
import { errors, type ApiError } from './errors.js';

/**
 * The caller's `X-Correlation-ID` when it is in the part of the refused head Node hands over (the
 * packet it was parsing) and keeps the header's rule; undefined otherwise.
 */
function correlationIdIn(rawPacket: Buffer | undefined): string | undefined {
  if (rawPacket === undefined) return undefined;
  const found = /(?:^|\r\n)x-correlation-id:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(rawPacket.toString('latin1'));
  return found !== null && CORRELATION_ID.test(found[1]!) ? found[1] : undefined;
}

/** The refusal for a parser error of Node (`HPE_*` codes). */
function refusalOf(error: Error & { code?: string }): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return errors.requestHeaderFieldsTooLarge();
  if (error.code === 'HPE_INVALID_VERSION') return errors.unknownHttpVersion();
  return errors.invalidInput('Malformed HTTP request; the request was blocked.');
}

/**
 * The CORS headers of a refusal: with any origin allowed, `Access-Control-Allow-Origin: *` and the
 * exposed headers, so that a browser app reads the 431 instead of a CORS error. With a list of
 * origins none, since the refused request's `Origin` cannot be read; with CORS off none.
 */
function corsLines(cors: ResolvedEmulatorOptions['cors']): string[] {
  if (cors === false || cors.origins !== '*') return [];
  return ['access-control-allow-origin: *', `access-control-expose-headers: ${CORS_EXPOSE_HEADERS}`];
}

/**
 * Answers the requests Node's parser refuses with the emulator's error body, then closes the
 * connection (what follows on it cannot be read). A timeout or a reset just closes the socket.
 * `cors` is the emulator's resolved option: when it allows any origin the answer carries the CORS
 * headers; with a list of origins it carries none (the request's `Origin` is past reading).
 *
 * @example
 * const server = serve({ fetch: app.fetch, serverOptions: { maxHeaderSize: MAX_URL_AND_HEADERS_BYTES } });
 * answerClientErrors(server, emulator.context.options.cors);
 */
export function answerClientErrors(server: EventEmitter, cors: ResolvedEmulatorOptions['cors']): void {
  const corsHeaderLines = corsLines(cors);
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error);
    const body = JSON.stringify(refusal.body());
    const correlationId = correlationIdIn(error.rawPacket) ?? `emulator-${randomUUID()}`;
    const reason = refusal.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(
      [
        `HTTP/1.1 ${refusal.status} ${reason}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        `x-correlation-id: ${correlationId}`,
        ...corsHeaderLines,
        'connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}
