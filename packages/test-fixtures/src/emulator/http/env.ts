import type { Principal } from '../auth/principal.js';

/**
 * The parts of Node's `IncomingMessage` the emulator reads, written out so that the package's
 * public declarations need no `@types/node` (a consumer type-checks with `types: []`).
 */
export interface IncomingRequest {
  /** `'1.1'`, `'1.0'`, ... */
  readonly httpVersion: string;
  readonly socket: { destroy(): void };
}

/** Hono environment of the emulator's app. */
export interface AppEnv {
  Bindings: {
    /** Present when served over a socket by @hono/node-server. */
    incoming?: IncomingRequest;
    /** The host a server was told to bind (serveEmulator's `host`), when served over a socket. */
    boundHost?: string;
    /** The request's correlation id, when the emulator's app hands the request to a project's routes. */
    correlationId?: string;
  };
  Variables: {
    correlationId: string;
    principal: Principal;
    /** From the X-External-User-ID header, or the token's `external_user_id:` scope. */
    externalUserId?: string;
    /** The authorization service's form body, read once (the client lookup and the flow both need it). */
    formBody?: Promise<Uint8Array | undefined>;
  };
}
