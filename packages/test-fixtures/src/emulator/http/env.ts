import type { IncomingMessage } from 'node:http';
import type { Principal } from '../auth/principal.js';

/** Hono environment of the emulator's app. */
export interface AppEnv {
  Bindings: {
    /** Present when served over a socket by @hono/node-server. */
    incoming?: IncomingMessage;
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
