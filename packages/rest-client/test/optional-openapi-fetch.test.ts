/**
 * openapi-fetch is an optional peer dependency of the REST and Change History clients: only
 * their `/openapi-fetch` entries import it, so an app that does not use them installs nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../..', import.meta.url));

describe('openapi-fetch, an optional peer dependency', () => {
  for (const name of ['rest-client', 'history-client']) {
    it(`${name}: an optional peer (and a devDependency for the tests), imported by src/openapi-fetch.ts alone`, () => {
      const manifest = JSON.parse(readFileSync(`${packages}${name}/package.json`, 'utf8'));
      expect(manifest.dependencies?.['openapi-fetch']).toBeUndefined();
      expect(manifest.peerDependencies?.['openapi-fetch']).toMatch(/^\^0\.17/);
      expect(manifest.peerDependenciesMeta?.['openapi-fetch']).toEqual({ optional: true });
      expect(manifest.devDependencies?.['openapi-fetch']).toBe(manifest.peerDependencies['openapi-fetch']);
      const importers = readdirSync(`${packages}${name}/src`, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .filter((file) => /from 'openapi-fetch'/.test(readFileSync(`${packages}${name}/src/${file}`, 'utf8')));
      expect(importers).toEqual(['openapi-fetch.ts']);
    });
  }
});
