import type { AuthService } from './auth/service.js';
import type { FaultInjector } from './http/faults.js';
import type { MessageLog } from './messages/message-log.js';
import type { ResolvedEmulatorOptions } from './options.js';
import type { AnyResourceType } from './resources/kit/resource-type.js';
import type { ProjectStore } from './project/store.js';
import type { EmulatorState } from './state.js';

/**
 * What every route module of the emulator is given: one per project. `state`, `auth` and
 * `messages` are parts of the project's `store`, named here for the handlers.
 */
export interface EmulatorContext {
  /** Everything of the project (see project/store.ts). */
  store: ProjectStore;
  state: EmulatorState;
  auth: AuthService;
  faults: FaultInjector;
  messages: MessageLog;
  /** The emulator's options, with `projectKey`, `clientId` and `clientSecret` those of this project. */
  options: ResolvedEmulatorOptions;
  /** The resource types of the registry (resources/registry.ts), by typeId (for expansion and GraphQL). */
  resourceTypes: Map<string, AnyResourceType>;
}
