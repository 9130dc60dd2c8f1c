/**
 * @commerce-kit/test-fixtures: a faithful local emulator of the commerce service (authorization
 * service, REST API, GraphQL, Change History), runnable in-process as a `fetch` function or on a
 * loopback port, plus test helpers.
 *
 * @packageDocumentation
 */
export { createEmulator, emulatorUrls, IN_PROCESS_ORIGIN, type Emulator, type EmulatorProject, type EmulatorUrls } from './emulator/app.js';
export type { ProjectCredentials } from './emulator/projects.js';
export { serveEmulator, startEmulator, type ListenOptions, type RunningEmulator, type ServerOptions } from './emulator/server.js';
export type { ServedRequest } from './emulator/http/served-request.js';
export type { EmulatorOptions } from './emulator/options.js';
export type { EmulatorSnapshot } from './emulator/snapshot.js';
export { InvalidSnapshotError } from './emulator/snapshot-check.js';
export { DataDirError } from './emulator/storage/sqlite/data-dir.js';
export { SqliteMissingError } from './emulator/storage/sqlite/binding.js';
export { ManualClock, systemClock, type Clock } from './emulator/clock.js';
export { recordRequests, recordingSleep, type RequestRecording, type SeenRequest } from './recording.js';
export { checkFaultRule, InvalidFaultRuleError, type FaultRule, type FaultInjector, type InstalledFault } from './emulator/http/faults.js';
export { CONTROL_PREFIX } from './emulator/control/prefix.js';
export {
  connectEmulator,
  EmulatorControlError,
  type EmulatorControl,
  type EmulatorControlOptions,
  type EmulatorHealth,
  type ProjectControl,
  type ProjectJson,
} from './control-client.js';
export type { FaultRuleJson, InstalledFaultJson } from './emulator/control/fault-json.js';
export type { ClockState } from './emulator/control/clock-control.js';
export type { EmulatorContext } from './emulator/context.js';
export {
  adminConsole,
  ADMIN_CONSOLE_CLIENT_ID,
  ADMIN_USER_HEADER,
  DEFAULT_ADMIN_USER,
  type AdminConsole,
} from './emulator/auth/admin-console.js';
export {
  startIntrospectionServer,
  type IntrospectionAnswer,
  type IntrospectionCall,
  type IntrospectionServer,
  type IntrospectionServerOptions,
} from './introspection-server.js';
export { createResponseContract, ContractViolation, type ContractName, type ResponseContract } from './contract/response-contract.js';
export type { ViolationDetail } from './contract/response-contract.js';
export type { SchemaViolation } from './emulator/validation/openapi-validator.js';
export {
  checkedFetch,
  createContractTarget,
  contractEnvironment,
  CONTRACT_ENV,
  openSession,
  resolveTarget,
  UnexpectedAnswerError,
  type CheckedFetch,
  type CheckedFetchOptions,
  type CheckRecord,
  type ContractEnvironment,
  type ContractMode,
  type ContractTarget,
  type ContractTargetOptions,
  type Answer,
  type ApiSession,
  type EmulatorLike,
  type FetchLike,
  type ResolvedTarget,
  type ServiceTarget,
  type TargetLike,
} from './contract/index.js';
export * from './builders/index.js';
