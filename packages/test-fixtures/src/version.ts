import { readFileSync } from 'node:fs';

let cached: string | undefined;

/**
 * The package's version, from its package.json: one folder up from src/, from dist/ and from the
 * one-file bundle of the CLI alike. Read once, when first asked.
 */
export function packageVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}
