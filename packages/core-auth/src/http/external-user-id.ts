/**
 * X-External-User-ID (5): reported as `createdBy.externalUserId` and
 * `lastModifiedBy.externalUserId`; it must carry no personal data such as an e-mail address.
 */
import { invalidOption } from '../errors.js';
import { InvalidRequestError } from './errors.js';
import type { RequestSummary, TransportMiddleware } from './types.js';

/** The header, as the service spells it. */
export const EXTERNAL_USER_ID_HEADER = 'X-External-User-ID';

const MAX_LENGTH = 256;
/** `local@domain.tld` anywhere in the value, so `user:jen@example.com` is caught too. */
const EMAIL = /[^\s@<>()[\]:;,"]+@[^\s@<>()[\]:;,"]+\.[^\s@<>()[\]:;,"]+/;

/** Why a value is refused as `X-External-User-ID`, or `undefined` when it is fine. */
function externalUserIdProblem(value: string): string | undefined {
  if (value.length === 0) return 'is empty';
  if (value.length > MAX_LENGTH) return `is longer than ${MAX_LENGTH} characters`;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not percent-encoded: check it as it is.
  }
  if (EMAIL.test(value) || EMAIL.test(decoded)) return 'looks like an e-mail address (no personal data: use an opaque user id)';
  return undefined;
}

/**
 * Throws unless `value` can be sent as `X-External-User-ID`. The message does not repeat the
 * value: it may be the very personal data the check is about.
 * @throws {InvalidRequestError} `INVALID_EXTERNAL_USER_ID`
 * @internal
 */
export function assertExternalUserId(value: string): void {
  const problem = typeof value === 'string' ? externalUserIdProblem(value) : 'is not a string';
  if (problem !== undefined) {
    throw new InvalidRequestError(`${EXTERNAL_USER_ID_HEADER} ${problem}`, {
      code: 'INVALID_EXTERNAL_USER_ID',
      cause: { length: String(value).length },
    });
  }
}

/** Default external user id of a transport: a fixed value, or one looked up per request. */
export type ExternalUserIdOption = string | ((request: RequestSummary) => string | undefined);

/**
 * The step that sets `X-External-User-ID` on requests that do not carry one (from `value`), and
 * checks every value, the caller's own header included, before the request is sent.
 * @throws {ConfigurationError} `INVALID_OPTION` at creation for a bad fixed value
 * @throws {InvalidRequestError} `INVALID_EXTERNAL_USER_ID` per request
 */
export function externalUserIdMiddleware(value?: ExternalUserIdOption): TransportMiddleware {
  if (typeof value === 'string') {
    const problem = externalUserIdProblem(value);
    if (problem !== undefined) throw invalidOption(`externalUserId ${problem}`);
  } else if (value !== undefined && typeof value !== 'function') {
    throw invalidOption('externalUserId must be a string or a function');
  }
  return (draft, next) => {
    const given = draft.headers['x-external-user-id'];
    if (given !== undefined) assertExternalUserId(given);
    else {
      const id = typeof value === 'function' ? value(draft) : value;
      if (id !== undefined) {
        assertExternalUserId(id);
        draft.headers['x-external-user-id'] = id;
      }
    }
    return next(draft);
  };
}
