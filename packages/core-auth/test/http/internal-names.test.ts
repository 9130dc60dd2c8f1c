import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url);
const http = new URL('packages/core-auth/src/http/', root);

/** The names of `@commerce-kit/core-auth/http` whose declaration's doc comment says `@internal`. */
function internalNames(): string[] {
  return readdirSync(http)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) =>
      [
        ...readFileSync(new URL(file, http), 'utf8').matchAll(
          /\* @internal\n \*\/\nexport (?:async )?(?:function|const|type|interface) (\w+)/g,
        ),
      ].map((match) => match[1]!),
    );
}

const USER_DOCS = [
  'README.md',
  'docs/migrating-from-commercetools-mock.md',
  ...['core-auth', 'rest-client', 'graphql-client', 'history-client', 'test-fixtures'].map((p) => `packages/${p}/README.md`),
];

describe('the internal names of @commerce-kit/core-auth/http', () => {
  it('are exported for the clients, and no page for users teaches one', () => {
    const names = internalNames();
    expect(names).toEqual(expect.arrayContaining(['setUpClient', 'resolveServiceBase', 'readAnswer', 'mergeHeaders']));
    const index = readFileSync(new URL('index.ts', http), 'utf8');
    for (const name of names) expect(index, name).toMatch(new RegExp(`\\b${name}\\b`));
    for (const page of USER_DOCS) {
      const text = readFileSync(new URL(page, root), 'utf8');
      expect(
        names.filter((name) => new RegExp(`\\b${name}\\b`).test(text)),
        page,
      ).toEqual([]);
    }
  });
});
