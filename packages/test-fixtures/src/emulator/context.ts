import type { AuthService } from './auth/service.js';
import type { FaultInjector } from './http/faults.js';
import type { MessageLog } from './messages/message-log.js';
import type { ResolvedEmulatorOptions } from './options.js';
import type { ResourceType } from './resources/resource-type.js';
import type { StoredResource } from './store/collection.js';
import type { EmulatorState } from './state.js';

/** What every route module of the emulator is given. */
export interface EmulatorContext {
  state: EmulatorState;
  auth: AuthService;
  faults: FaultInjector;
  messages: MessageLog;
  options: ResolvedEmulatorOptions;
  /** The resource types registered with REST routes, by typeId (for expansion and GraphQL). */
  resourceTypes: Map<string, ResourceType<StoredResource>>;
}
