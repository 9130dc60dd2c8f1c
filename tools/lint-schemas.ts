/**
 * `pnpm lint:schemas`: the OpenAPI documents through Redocly's linter (rules in redocly.yaml),
 * the SDL files through graphql-js schema validation.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

run('pnpm', [
  'exec',
  'redocly',
  'lint',
  '--format=stylish',
  'schemas/openapi/auth.yaml',
  'schemas/openapi/commerce.yaml',
  'schemas/openapi/history.yaml',
  'schemas/openapi/emulator-control.yaml',
]);
run('pnpm', ['exec', 'tsx', 'tools/validate-graphql.ts']);
