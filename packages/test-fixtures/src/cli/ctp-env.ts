/**
 * The emulator's own coordinates under the names commercetools users keep in their `.env` (what
 * the Merchant Center hands out with an API client), so that an app reads them unchanged.
 */
import type { RunningEmulator } from '../emulator/server.js';

/** `CTP_PROJECT_KEY` ... `CTP_SCOPES` of a running emulator's own project and bootstrap client. */
export function ctpVariables(server: RunningEmulator): Record<string, string> {
  const { emulator, urls } = server;
  const { clientId, clientSecret, scope } = emulator.credentials;
  return {
    CTP_PROJECT_KEY: emulator.projectKey,
    CTP_CLIENT_ID: clientId,
    CTP_CLIENT_SECRET: clientSecret,
    CTP_AUTH_URL: urls.auth,
    CTP_API_URL: urls.api,
    CTP_SCOPES: scope,
  };
}

/** The variables as `.env` lines (`process.loadEnvFile` and dotenv read them). */
export function envFileText(variables: Record<string, string>): string {
  return Object.entries(variables)
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');
}
