import type { ClientSnapshot } from './auth/clients.js';
import type { StoredCustomerCredentials } from './auth/customer-credentials.js';
import type { StoredCustomerToken } from './auth/customer-tokens.js';
import type { TokenStoreSnapshot } from './auth/tokens.js';
import type { HistoryLogSnapshot } from './history/log.js';
import type { MessageLogSnapshot } from './messages/message-log.js';
import type { MembershipSnapshot } from './resources/product-selections/membership.js';
import type { ProjectSettings } from './state.js';
import type { StoredResource } from './store/collection.js';

/** `format` of every emulator snapshot. */
export const SNAPSHOT_FORMAT = 'commerce-emulator-state';

/**
 * The data of one emulated project, as plain JSON: `JSON.parse(JSON.stringify(snapshot))`
 * restores exactly as the snapshot itself. Taken and put back by the project's store
 * (`emulator.snapshot()`, `emulator.restore(snapshot)`).
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
  /** Customers' password reset and e-mail verification tokens (hashes only); absent in older snapshots. */
  customerTokens?: StoredCustomerToken[];
  /** Anonymous ids that have started a session. */
  anonymousIds: string[];
}
