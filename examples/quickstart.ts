/**
 * The commerce-kit quickstart: `pnpm demo`.
 *
 * Walks through the whole SDK with the packages' public API, against the embedded emulator (in-process,
 * no set-up) or, when CTP_PROJECT_KEY, CTP_CLIENT_ID, CTP_CLIENT_SECRET, CTP_AUTH_URL and CTP_API_URL
 * are set (or written in an `.env` file, as the Merchant Center gives them), against that service:
 * the live one, or an emulator (`commerce-emulator --write-env .env`, `commerce-emulator exec`).
 * It prints what it calls, the status and the key fields; never a secret.
 */
import { runQuickstart } from './quickstart-steps.js';
import { targetFromEnvironment } from './target.js';

// The environment wins over .env (loadEnvFile leaves variables already set alone).
try {
  process.loadEnvFile('.env');
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
const target = await targetFromEnvironment(process.env);
const ok = await runQuickstart(target, { log: console.log });
process.exitCode = ok ? 0 : 1;
