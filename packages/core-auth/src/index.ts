export * from './scopes.js';
export {
  OAuthError,
  ResponseError,
  ConfigurationError,
  type OAuthErrorCode,
  type ResponseErrorCode,
  type ConfigurationErrorCode,
} from './errors.js';
export {
  REGIONS,
  DEPRECATED_HOSTS,
  regionUrls,
  resolveBaseUrl,
  assertSecureUrl,
  isLoopbackHost,
  type Region,
  type RegionUrls,
  type ResolveBaseUrlOptions,
  type SecureUrlOptions,
} from './regions.js';
export {
  clientCredentialsFlow,
  passwordFlow,
  inStorePasswordFlow,
  anonymousSessionFlow,
  refreshTokenFlow,
  introspectToken,
  revokeToken,
  type AuthConfig,
  type AuthEndpoint,
  type ClientCredentials,
  type TokenResponse,
  type TokenResponseWithRefreshToken,
  type ScopeRequest,
  type PasswordParams,
  type IntrospectionResponse,
  type ActiveIntrospection,
} from './flows.js';
export type { RetryOptions, RetryEvent } from './http/retry.js';
export { memoryTokenStore, webStorageTokenStore, type TokenEntry, type TokenStore, type WebStorageLike } from './token-store.js';
export {
  createTokenProvider,
  type Clock,
  type TokenInfo,
  type TokenProvider,
  type TokenProviderOptions,
  type TokenProviderCommonOptions,
} from './token-provider.js';
export {
  createCallbackHandler,
  timingSafeEqualText,
  type CallbackHandlerOptions,
  type CallbackKind,
  type CallbackResult,
} from './callbacks.js';
export { scopesFor, allowsEndpoint, type Endpoint } from './endpoint-scopes.js';
