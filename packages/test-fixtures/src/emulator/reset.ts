import type { EmulatorContext } from './context.js';
import { ADMIN_CONSOLE_CLIENT_ID, restoreAdminConsoleClient } from './history/admin-console.js';
import type { HistoryLog } from './history/log.js';
import { membershipOf } from './resources/selection-membership.js';

/**
 * Empties an emulator in place, so that it behaves like a new one created with the same options:
 * every resource (product selections, stores, product types, products, customers, messages), the
 * message sequence numbers, the Change History Records, the project settings (version 1, initial
 * messages configuration, no external OAuth; `createdAt` kept), every API client other than the
 * bootstrap client and the admin console client, every token except those two clients' plain
 * client tokens, customer credentials, used anonymous ids, the external OAuth server's cached
 * answers, and the fault rules (reseeded with the `faultSeed` option).
 *
 * Kept on purpose: the bootstrap client and, if registered, the admin console client, with their
 * secrets (registered again if they were deleted through the API), and their client-credentials
 * tokens, so a test harness keeps working with the token it holds; the clock, which never moves
 * backwards; and caches that hold no project data (compiled query predicates, schema validators,
 * parsed scopes).
 *
 * Synchronous, and every object is emptied in place: the routes keep the references they were
 * built with. A request under way while the reset runs may still finish against the emptied
 * project; hashing of a customer's password or an external introspection started before it leaves
 * nothing behind.
 *
 * @example
 * const history = installHistory(context);
 * // ... requests ...
 * resetEmulator(context, history.log);
 * // GET /{projectKey}/product-selections answers total 0; the bootstrap client's token still works.
 */
export function resetEmulator(context: EmulatorContext, history: HistoryLog): void {
  const { state, auth, messages, faults, options } = context;
  // The data: collections (messages included) are emptied in place, the project settings renewed.
  state.reset();
  messages.reset();
  // Which product is in which selection: an index beside the collections, keyed by the state.
  membershipOf(state).clear();
  history.reset();

  auth.resetKeeping([options.clientId, ADMIN_CONSOLE_CLIENT_ID]);
  // A new emulator has its bootstrap client, even if this one's was deleted through the API.
  if (auth.getClient(options.clientId) === undefined) {
    auth.createBootstrapClient({ id: options.clientId, secret: options.clientSecret, scope: `manage_project:${options.projectKey}` });
  }
  restoreAdminConsoleClient(context);

  faults.clear(options.faultSeed);
}
