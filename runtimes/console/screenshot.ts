/**
 * `pnpm console:screenshot`: the browser test's walk-through of the web console, its screenshot
 * written to docs/console.png (shown by the README).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openConsoleSession, walkThroughConsole } from './console-scenario.js';

const target = fileURLToPath(new URL('../../docs/console.png', import.meta.url));
const session = await openConsoleSession();
try {
  const { screenshot } = await walkThroughConsole(session);
  writeFileSync(target, screenshot);
  console.log(`console screenshot written to ${target}`);
} finally {
  await session.close();
}
