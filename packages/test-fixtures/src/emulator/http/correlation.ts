import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AppEnv } from './env.js';
import { errors } from './errors.js';

/** 8 to 256 characters: alphanumerics, underscore, hyphen. */
export const CORRELATION_ID = /^[A-Za-z0-9_-]{8,256}$/;
export const CORRELATION_HEADER = 'X-Correlation-ID';

/**
 * Validates the caller's X-Correlation-ID (400 InvalidInput when it breaks the rule), generates
 * one when absent, and echoes it on every response, errors included.
 */
export const correlationId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const given = c.req.header(CORRELATION_HEADER);
  if (given !== undefined && !CORRELATION_ID.test(given)) {
    c.set('correlationId', `emulator-${randomUUID()}`);
    throw errors.invalidInput(`Invalid X-Correlation-ID header: it must be 8 to 256 characters of [A-Za-z0-9_-].`);
  }
  c.set('correlationId', given ?? `emulator-${randomUUID()}`);
  await next();
};
