/**
 * The contract kit: check every answer of a deployment (the emulator, or the live service named
 * by the environment) against the schemas in `schemas/openapi/`.
 */
export {
  createResponseContract,
  ContractViolation,
  type ContractName,
  type ResponseContract,
  type ViolationDetail,
} from './response-contract.js';
export { checkedFetch, type CheckedFetch, type CheckedFetchOptions, type CheckRecord } from './checked-fetch.js';
export {
  createContractTarget,
  contractEnvironment,
  CONTRACT_ENV,
  type ContractEnvironment,
  type ContractMode,
  type ContractTarget,
  type ContractTargetOptions,
} from './contract-target.js';
export {
  openSession,
  resolveTarget,
  UnexpectedAnswerError,
  type Answer,
  type ApiSession,
  type EmulatorLike,
  type FetchLike,
  type ResolvedTarget,
  type ServiceTarget,
  type TargetLike,
} from './target.js';
