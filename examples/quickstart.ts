/**
 * The commerce-kit quickstart: `pnpm demo`.
 *
 * Walks through the whole SDK with the packages' public API, against the embedded emulator (in-process,
 * no set-up) or, when COMMERCE_REGION, COMMERCE_PROJECT_KEY, COMMERCE_CLIENT_ID and
 * COMMERCE_CLIENT_SECRET are set (or written in an `.env` file), against the live service.
 * It prints what it calls, the status and the key fields; never a secret.
 */
import { runQuickstart } from './quickstart-steps.js';
import { targetFromEnvironment } from './target.js';

const target = await targetFromEnvironment(process.env);
const ok = await runQuickstart(target, { log: console.log });
process.exitCode = ok ? 0 : 1;
