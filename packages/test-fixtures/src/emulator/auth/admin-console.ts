import type { MiddlewareHandler } from 'hono';
import type { EmulatorContext } from '../context.js';
import type { AppEnv } from '../http/env.js';
import { errors } from '../http/errors.js';
import { newSecret } from '../ids.js';
import { ADMIN_CONSOLE_CLIENT_ID } from './reserved-ids.js';

/**
 * The admin console of the emulator (the Basic offering tracks only its changes).
 *
 * The live admin console is a web application whose users change resources through the platform.
 * The emulator models it as one built-in API client with a reserved id,
 * {@link ADMIN_CONSOLE_CLIENT_ID}, holding `manage_project`. A write made with a token of that
 * client is a change "made through the admin console": its ChangeEvent carries source
 * `AdminConsole` and the id of the admin console user, taken from the
 * {@link ADMIN_USER_HEADER} request header (default {@link DEFAULT_ADMIN_USER}). The header is
 * refused (400) with any other client's token, so API clients cannot pass for the console.
 *
 * The client is registered the first time {@link adminConsole} is called for a project, so it
 * does not appear in `GET /api-clients` of projects that never use it.
 *
 * @example
 * const admin = adminConsole(emulator.context);
 * await emulator.fetch(`${emulator.urls().api}/${emulator.projectKey}/product-selections`, {
 *   method: 'POST',
 *   headers: { ...admin.headers('jen'), 'content-type': 'application/json' },
 *   body: JSON.stringify({ name: { en: 'Summer' } }),
 * });
 * // GET /history/<project>/product-selection?source=AdminConsole&userId=jen finds the creation.
 */

export { ADMIN_CONSOLE_CLIENT_ID };
/** Request header naming the admin console user of a change. */
export const ADMIN_USER_HEADER = 'X-Emulator-Admin-User';
/** User id of admin console changes sent without {@link ADMIN_USER_HEADER}. */
export const DEFAULT_ADMIN_USER = 'emulator-admin-user';

/** Name of the admin console client, as `GET /api-clients` shows it. */
const ADMIN_CONSOLE_NAME = 'admin console (emulator)';

const USER_ID = /^[A-Za-z0-9_.@:-]{1,256}$/;

/** How to act as the admin console of one emulator. */
export interface AdminConsole {
  readonly clientId: string;
  /** Secret of the admin console client, for the client credentials flow at `{auth_url}`. */
  readonly clientSecret: string;
  readonly scope: string;
  /** A fresh access token of the admin console client (issued in-process). */
  token(): string;
  /** Headers of a request made by admin console user `userId`: `Authorization` and {@link ADMIN_USER_HEADER}. */
  headers(userId?: string): Record<string, string>;
}

/**
 * The admin console of an emulator's project, registering its client on first use, with
 * `clientSecret` (default: a random one; the `commerce-emulator` command gives the bootstrap
 * client's, so that it prints one secret only). The client is reserved: a reset keeps it, or
 * registers it again with the same secret when it was deleted through the API, so an
 * `AdminConsole` a test suite keeps works afterwards. Later calls act as the same console.
 *
 * @example
 * const { headers } = adminConsole(emulator.context);
 * await emulator.fetch(url, { method: 'POST', headers: { ...headers('jen'), 'content-type': 'application/json' }, body });
 */
export function adminConsole(context: EmulatorContext, options: { clientSecret?: string } = {}): AdminConsole {
  const { auth } = context;
  const scope = `manage_project:${context.options.projectKey}`;
  auth.reserveClient({ id: ADMIN_CONSOLE_CLIENT_ID, secret: options.clientSecret ?? newSecret(), scope, name: ADMIN_CONSOLE_NAME });
  const clientSecret = auth.reservedSecret(ADMIN_CONSOLE_CLIENT_ID)!;
  const token = () => {
    const client = auth.getClient(ADMIN_CONSOLE_CLIENT_ID);
    if (!client) throw new Error('the admin console client was deleted');
    return auth.clientCredentialsToken(client, undefined).access_token;
  };
  return {
    clientId: ADMIN_CONSOLE_CLIENT_ID,
    clientSecret,
    scope,
    token,
    headers: (userId = DEFAULT_ADMIN_USER) => ({ authorization: `Bearer ${token()}`, [ADMIN_USER_HEADER]: userId }),
  };
}

/**
 * Runs after `authenticate` on the HTTP API: marks the request's principal as an admin console
 * user when the token is the admin console's, and refuses {@link ADMIN_USER_HEADER} otherwise.
 */
export function adminConsoleUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const header = c.req.header(ADMIN_USER_HEADER);
    const isConsole = !principal.external && principal.clientId === ADMIN_CONSOLE_CLIENT_ID;
    if (header !== undefined && !isConsole) {
      throw errors.invalidInput(
        `The ${ADMIN_USER_HEADER} header is accepted only with a token of the admin console client '${ADMIN_CONSOLE_CLIENT_ID}'.`,
      );
    }
    if (isConsole) {
      const userId = header ?? DEFAULT_ADMIN_USER;
      if (!USER_ID.test(userId)) throw errors.invalidInput(`Invalid ${ADMIN_USER_HEADER} header: 1 to 256 of [A-Za-z0-9_.@:-] expected.`);
      // A copy, so the mark never outlives this request even if a principal object were shared.
      c.set('principal', { ...principal, adminUserId: userId });
    }
    await next();
  };
}
