import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packages = ['core-auth', 'rest-client', 'graphql-client', 'history-client', 'test-fixtures'] as const;
const root = fileURLToPath(new URL('.', import.meta.url));

// Tests run against src/ of every workspace package, never against a build.
const alias = packages.flatMap((name) => [
  { find: new RegExp(`^@commerce-kit/${name}$`), replacement: `${root}packages/${name}/src/index.ts` },
  { find: new RegExp(`^@commerce-kit/${name}/(.*)$`), replacement: `${root}packages/${name}/src/$1` },
]);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      ...packages.map((name) => ({
        resolve: { alias },
        test: {
          name,
          root: `${root}packages/${name}`,
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          testTimeout: 30_000,
          // test-fixtures: the CLI compiled once for the run's CLI tests; and the files of a worker
          // share their modules (the emulator keeps no state in module scope, only compiled
          // schemas), instead of loading and compiling them again per file: a third of the CPU.
          ...(name === 'test-fixtures' ? { globalSetup: ['./test/helpers/global-setup.ts'], isolate: false } : {}),
        },
      })),
      {
        resolve: { alias },
        test: {
          name: 'examples',
          root: `${root}examples`,
          include: ['**/*.test.ts'],
          exclude: ['shared-emulator/**', 'official-sdk/**', '**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        // The official SDK (@commercetools/ts-client, @commercetools/platform-sdk; dev dependencies
        // of examples/) unchanged against the emulator, in-process and on a port.
        test: { name: 'official-sdk', root: `${root}examples/official-sdk`, include: ['**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        resolve: { alias },
        // One emulator for the run (global setup), reached by the files through the control API;
        // the files run in parallel, each worker in a project of its own.
        test: {
          name: 'shared-emulator',
          root: `${root}examples/shared-emulator`,
          include: ['**/*.test.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The repository's own tools (the code generators).
        test: { name: 'tools', root: `${root}tools`, include: ['**/*.test.ts'] },
      },
      {
        resolve: { alias },
        // The story in EdgeVM and in headless Chromium, against the emulator on loopback ports.
        test: { name: 'runtimes', root: `${root}runtimes`, include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
      },
    ],
  },
});
