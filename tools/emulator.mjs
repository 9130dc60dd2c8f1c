/**
 * `pnpm emulator`: the emulator's CLI (packages/test-fixtures/src/cli.ts) from its TypeScript
 * sources, in this one Node process: tsx's loader is registered here rather than by tsx's own CLI,
 * which would run the CLI in a child process. So the CLI is the package manager's shell's only
 * child, and a SIGTERM or SIGINT reaches it (see `stopWhenOrphaned` in the CLI for the shell).
 */
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../packages/test-fixtures/tsconfig.json', import.meta.url)) });
await import('../packages/test-fixtures/src/cli.ts');
