/** X-Correlation-ID (8): 8 to 256 characters of `[A-Za-z0-9_-]`. */
import { invalidOption } from '../errors.js';
import { InvalidRequestError } from './errors.js';
import { randomHex } from './random.js';
import type { TransportMiddleware } from './types.js';

/** The header, as the service spells it. */
export const CORRELATION_ID_HEADER = 'X-Correlation-ID';

const VALID = /^[A-Za-z0-9_-]{8,256}$/;
const PREFIX = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Whether a value is a correlation id the service accepts.
 * @internal
 */
export function isValidCorrelationId(value: string): boolean {
  return VALID.test(value);
}

/** Options of `correlationIdMiddleware`. */
export interface CorrelationIdOptions {
  /** Makes a new id; its result must be a valid id. Default: `<prefix>-<32 random hex digits>`. */
  generate?: () => string;
  /** Start of generated ids, 1 to 200 of `[A-Za-z0-9_-]`. Default `ck`. Ignored with `generate`. */
  prefix?: string;
}

/**
 * Returns the id generator of the options, after checking them.
 * @throws {ConfigurationError} `INVALID_OPTION` for a prefix with characters the header refuses
 */
function correlationIdGenerator(options: CorrelationIdOptions = {}): () => string {
  if (options.generate !== undefined) {
    if (typeof options.generate !== 'function') throw invalidOption('correlationId.generate must be a function');
    return options.generate;
  }
  const prefix = options.prefix ?? 'ck';
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) {
    throw invalidOption('correlationId.prefix must be 1 to 200 of [A-Za-z0-9_-]');
  }
  return () => `${prefix}-${randomHex(16)}`;
}

function refuse(source: 'given' | 'generated', value: string): InvalidRequestError {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return new InvalidRequestError(`${source} X-Correlation-ID ${JSON.stringify(shown)} is not 8 to 256 of [A-Za-z0-9_-]`, {
    code: 'INVALID_CORRELATION_ID',
    cause: { source, length: value.length },
  });
}

/**
 * The step that gives every request an `X-Correlation-ID`: the caller's, after checking it, or a
 * new one.
 * @throws {InvalidRequestError} `INVALID_CORRELATION_ID` before sending, for a bad id
 */
export function correlationIdMiddleware(options: CorrelationIdOptions = {}): TransportMiddleware {
  const generate = correlationIdGenerator(options);
  // Ids of the default generator are valid by construction; a caller's generator is checked per id.
  const own = options.generate !== undefined;
  return (draft, next) => {
    const given = draft.headers['x-correlation-id'];
    if (given === undefined) {
      const id = generate();
      if (own && (typeof id !== 'string' || !VALID.test(id))) throw refuse('generated', String(id));
      draft.headers['x-correlation-id'] = id;
    } else if (!VALID.test(given)) throw refuse('given', given);
    return next(draft);
  };
}

/**
 * The correlation id of an answer (the service echoes the request's, or makes one).
 * @example
 * const res = await transport(url);
 * console.log(correlationIdOf(res));
 */
export function correlationIdOf(response: Response): string | undefined {
  return response.headers.get(CORRELATION_ID_HEADER) ?? undefined;
}
