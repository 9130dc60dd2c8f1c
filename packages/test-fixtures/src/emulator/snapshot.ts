import type { AuthSnapshot } from './auth/service.js';
import type { ClientSnapshot } from './auth/clients.js';
import type { StoredCustomerCredentials } from './auth/customer-credentials.js';
import type { TokenStoreSnapshot } from './auth/tokens.js';
import { isoTimestamp } from './clock.js';
import type { EmulatorContext } from './context.js';
import { ADMIN_CONSOLE_CLIENT_ID } from './history/admin-console.js';
import type { HistoryLog, HistoryLogSnapshot } from './history/log.js';
import type { MessageLogSnapshot } from './messages/message-log.js';
import { resetEmulator } from './reset.js';
import { checkSnapshot, SNAPSHOT_FORMAT } from './snapshot-check.js';
import { membershipOf, type MembershipSnapshot } from './resources/selection-membership.js';
import type { ProjectSettings } from './state.js';
import type { StoredResource } from './store/collection.js';

export { SNAPSHOT_FORMAT };

/**
 * The data of one emulated project, as plain JSON: `JSON.parse(JSON.stringify(snapshot))`
 * restores exactly as the snapshot itself. Taken by `emulator.snapshot()`, put back by
 * `emulator.restore(snapshot)`. Its parts are the emulator's own storage format, checked when
 * restored: save and restore a snapshot whole.
 *
 * Nothing secret is in it in clear: client secrets and customer passwords as salted scrypt
 * hashes, tokens as SHA-256 hashes of their values. (The project's external OAuth server's
 * `Authorization` header is a setting of the project and is kept as set.)
 *
 * Not in it: the clock, fault rules, caches (external OAuth answers, compiled predicates) and
 * listeners.
 */
export interface EmulatorSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  /** The project the data belongs to: a snapshot restores only into an emulator of this project key. */
  projectKey: string;
  /** When it was taken, by the emulator's clock (ISO 8601). */
  takenAt: string;
  /**
   * The bootstrap client of the emulator it was taken from. That client and the admin console
   * client, with their tokens, come back only into an emulator with the same bootstrap client id
   * (a restart with the same `--client-id`); into another, they are left out, so that restarts with
   * random credentials do not pile up clients that hold `manage_project`.
   */
  bootstrapClientId: string;
  /** The project settings (`GET /{projectKey}`, plus the external OAuth server's header). */
  project: ProjectSettings;
  /** Every resource by typeId (`product-selection`, `store`, `message`, ...), ascending id order. */
  resources: Record<string, StoredResource[]>;
  /** Which Product is in which Product Selection since when, in the order they joined. */
  selectionMembership: MembershipSnapshot[];
  /** Message sequence numbers per resource and the messages' age order (the messages are in `resources.message`). */
  messages: MessageLogSnapshot;
  /** Change History Records, oldest first, and their sequence. */
  history: HistoryLogSnapshot;
  /** API clients in creation order, each with its secret's hash. */
  clients: ClientSnapshot[];
  /** Access and refresh tokens: hashes, subjects, issue and expiry times. */
  tokens: TokenStoreSnapshot;
  /** Customers' login data (e-mail, password hash, Stores). */
  customers: StoredCustomerCredentials[];
  /** Anonymous ids that have started a session. */
  anonymousIds: string[];
}

/**
 * The data of an emulator's project, as a plain JSON object that owns all its parts: later
 * changes of the emulator do not change it, and changing it does not change the emulator.
 * Synchronous; it changes nothing (a client secret still being hashed, for a client registered
 * a moment ago, is hashed at once).
 *
 * @example
 * const snapshot = takeSnapshot(context, history.log);
 * await writeFile('state.json', JSON.stringify(snapshot));
 */
export function takeSnapshot(context: EmulatorContext, history: HistoryLog): EmulatorSnapshot {
  const { project, resources } = context.state.toSnapshot();
  const auth: AuthSnapshot = context.auth.toSnapshot();
  return {
    format: SNAPSHOT_FORMAT,
    version: 1,
    projectKey: context.options.projectKey,
    takenAt: isoTimestamp(context.state.clock),
    bootstrapClientId: context.options.clientId,
    project,
    resources,
    selectionMembership: membershipOf(context.state).toSnapshot(),
    messages: context.messages.toSnapshot(),
    history: history.toSnapshot(),
    clients: auth.clients,
    tokens: auth.tokens,
    customers: auth.customers,
    anonymousIds: auth.anonymousIds,
  };
}

/**
 * Replaces the data of an emulator's project by a snapshot's, in place, so that every query
 * answers as when the snapshot was taken (same ids, versions, keys, message sequence numbers,
 * Change History Records; the snapshot's clients, customers and sessions log in again).
 *
 * First the whole snapshot is checked: a `TypeError` starting `invalid emulator snapshot:` names
 * the first part in error (e.g. `tokens.access[3].hash must be a string`), and nothing has
 * changed then. Then the emulator is reset (see `resetEmulator`: fault rules removed, external
 * OAuth answers forgotten, clock untouched) and filled with deep copies of the snapshot's data.
 *
 * Kept as a reset keeps them: the bootstrap client (`options.clientId` with the options' secret)
 * and the admin console client if registered, with the plain client tokens they hold now (valid
 * beside the snapshot's tokens). The snapshot's records of these two ids are ignored: the current
 * registration wins, and the admin console client of another emulator is not taken over (its
 * secret belongs to that emulator's `adminConsole()`). A snapshot's token of a client that is not
 * registered afterwards is dropped.
 *
 * @example
 * const seeded = emulator.snapshot();
 * beforeEach(() => emulator.restore(seeded));
 */
export function restoreSnapshot(context: EmulatorContext, history: HistoryLog, snapshot: unknown): void {
  checkSnapshot(snapshot, context.options.projectKey);
  resetEmulator(context, history);
  const { state, auth, messages, options } = context;
  state.restoreFrom(snapshot);
  // After the state: the messages are the state's `message` collection.
  messages.restoreFrom(snapshot.messages);
  membershipOf(state).restoreFrom(snapshot.selectionMembership);
  history.restoreFrom(snapshot.history);
  // Another emulator's bootstrap and admin console clients stay out, with their tokens.
  const foreign = snapshot.bootstrapClientId === options.clientId ? [] : [snapshot.bootstrapClientId, ADMIN_CONSOLE_CLIENT_ID];
  auth.restoreFrom(snapshot, [options.clientId, ADMIN_CONSOLE_CLIENT_ID], foreign);
}
