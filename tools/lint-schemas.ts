/**
 * `pnpm lint:schemas`: no description cites a section of a document not in the repository
 * (schema-citations.ts), the OpenAPI documents through Redocly's linter (rules in redocly.yaml),
 * the SDL files through graphql-js schema validation. A schema written in parts
 * (schemas/openapi/commerce/) is linted as the one document `pnpm generate` merges from them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify as stringifyYaml } from 'yaml';
import { COMMERCE_OPENAPI, bundleOpenApi } from './generate/bundle.js';
import { describeCitation, schemaCitations } from './schema-citations.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

const citations = schemaCitations(join(root, 'schemas'), root);
if (citations.length > 0) {
  console.error(citations.map(describeCitation).join('\n'));
  process.exit(1);
}

const folder = mkdtempSync(join(tmpdir(), 'lint-schemas-'));
try {
  const commerce = join(folder, 'commerce.merged.yaml');
  writeFileSync(commerce, stringifyYaml(bundleOpenApi(COMMERCE_OPENAPI), { lineWidth: 0 }));
  console.log(`${COMMERCE_OPENAPI}/ is linted merged, as ${commerce}`);
  run('pnpm', [
    'exec',
    'redocly',
    'lint',
    '--config=redocly.yaml',
    '--format=codeframe',
    'schemas/openapi/auth.yaml',
    commerce,
    'schemas/openapi/history.yaml',
    'schemas/openapi/emulator-control.yaml',
  ]);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
run('pnpm', ['exec', 'tsx', 'tools/validate-graphql.ts']);
