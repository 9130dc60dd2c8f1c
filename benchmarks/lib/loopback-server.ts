/**
 * Child process of the throughput benchmark: serves our emulator (`startEmulator`) or the
 * community mock server on a loopback port, so the server has its own event loop and core and the
 * load generator in the parent does not steal its time. Driven over the IPC channel:
 *
 *   parent -> { type: 'fill', from, to, prefix }   child -> { type: 'filled', items }
 *   parent -> { type: 'remove', items }            child -> { type: 'removed' }
 *   parent -> { type: 'cpu' }                      child -> { type: 'cpu', userMicros, systemMicros }
 *   parent -> { type: 'close' }                    child exits
 *
 * On start the child sends `{ type: 'ready', ... }` with its origin, token URL and credentials.
 *
 * Pre-filling is not timed. Our emulator is filled with HTTP creates through its in-process
 * `fetch` (the same validation and indexes as over the socket); the mock through its own
 * repository `create` (the same code its HTTP create calls after parsing), which is much faster
 * than HTTP for it at 10 000 items.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { clientCredentialsToken, fillDraft, fillOverHttp, type FillResource, type Seeded } from './mix.js';

/** `durable`: our emulator in its durable mode, on a new data dir (removed when it closes). */
export type ServerKind = 'emulator' | 'durable' | 'mock';

export interface ReadyMessage {
  type: 'ready';
  kind: ServerKind;
  origin: string;
  api: string;
  tokenUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
  version: string;
}

export type ParentMessage =
  | { type: 'fill'; from: number; to: number; prefix: string; resource?: FillResource }
  | { type: 'remove'; items: { id: string; version: number }[] }
  | { type: 'cpu' }
  | { type: 'close' };
export type ChildMessage =
  | ReadyMessage
  | { type: 'filled'; items: Seeded[] }
  | { type: 'removed' }
  | { type: 'cpu'; userMicros: number; systemMicros: number }
  | { type: 'error'; message: string };

const PROJECT_KEY = 'bench';

interface Served {
  ready: Omit<ReadyMessage, 'type' | 'kind'>;
  fill(from: number, to: number, prefix: string, resource?: FillResource): Promise<Seeded[]>;
  remove(items: readonly { id: string; version: number }[]): Promise<void>;
  close(): Promise<void>;
}

async function serveEmulator(durable: boolean): Promise<Served> {
  const { startEmulator } = await import('@commerce-kit/test-fixtures');
  const dataDir = durable ? mkdtempSync(join(tmpdir(), 'bench-durable-')) : undefined;
  if (dataDir) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startEmulator({ port: 0, projectKey: PROJECT_KEY, ...(dataDir ? { dataDir } : {}) });
  const { emulator } = server;
  const inProcess = emulator.urls();
  const token = await clientCredentialsToken(
    emulator.fetch,
    `${inProcess.auth}/oauth/token`,
    emulator.credentials.clientId,
    emulator.credentials.clientSecret,
  );
  return {
    ready: {
      origin: server.origin,
      api: server.urls.api,
      tokenUrl: `${server.urls.auth}/oauth/token`,
      projectKey: PROJECT_KEY,
      clientId: emulator.credentials.clientId,
      clientSecret: emulator.credentials.clientSecret,
      version: 'workspace',
    },
    fill: (from, to, prefix, resource) =>
      fillOverHttp({ fetch: emulator.fetch, api: inProcess.api, projectKey: PROJECT_KEY, token }, from, to, prefix, 8, resource),
    async remove(items) {
      // Through the in-process fetch: over the socket the emulator refuses every DELETE (see README).
      for (const item of items) {
        const res = await emulator.fetch(`${inProcess.api}/${PROJECT_KEY}/product-selections/${item.id}?version=${item.version}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status !== 200) throw new Error(`remove: HTTP ${res.status} ${await res.text()}`);
      }
    },
    close: () => server.close(),
  };
}

async function serveMock(): Promise<Served> {
  register('./msw-stub-hooks.mjs', import.meta.url);
  const { CommercetoolsMock } = await import('@labdigital/commercetools-mock');
  const { readFileSync } = await import('node:fs');
  const mockPackage = JSON.parse(
    readFileSync(new URL('../node_modules/@labdigital/commercetools-mock/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  // As its own server entry (src/server.ts) configures it, plus token checks so that, like ours,
  // every API request is authenticated against a token the mock issued.
  const mock = new CommercetoolsMock({
    strict: true,
    silent: true,
    enableAuthentication: true,
    validateCredentials: true,
    defaultProjectKey: PROJECT_KEY,
  });
  await mock.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = mock.app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const project = mock.project(PROJECT_KEY);
  return {
    ready: {
      origin,
      api: origin,
      tokenUrl: `${origin}/oauth/token`,
      projectKey: PROJECT_KEY,
      clientId: 'bench-client',
      clientSecret: 'bench-secret',
      version: mockPackage.version,
    },
    async fill(from, to, prefix, resource = 'product-selection') {
      const repository = project.getRepository(resource);
      const items: Seeded[] = [];
      for (let n = from; n < to; n++) {
        const key = `${prefix}-${n}`;
        // The draft types are the official SDK's; ours is the same JSON.
        const created = await repository.create(
          { projectKey: PROJECT_KEY, clientId: 'bench-client' },
          fillDraft(resource, key, n) as never,
        );
        items.push({ id: created.id, key, version: created.version });
      }
      return items;
    },
    async remove(items) {
      const repository = project.getRepository('product-selection');
      for (const item of items) await repository.delete({ projectKey: PROJECT_KEY, clientId: 'bench-client' }, item.id);
    },
    close: () => mock.app.close(),
  };
}

async function main(): Promise<void> {
  const kind = process.argv[2] as ServerKind;
  if (kind !== 'emulator' && kind !== 'durable' && kind !== 'mock') throw new Error(`usage: loopback-server.ts emulator|durable|mock`);
  const send = (message: ChildMessage): void => void process.send!(message);
  const served = kind === 'mock' ? await serveMock() : await serveEmulator(kind === 'durable');
  process.on('message', (message: ParentMessage) => {
    void (async () => {
      try {
        if (message.type === 'fill')
          send({ type: 'filled', items: await served.fill(message.from, message.to, message.prefix, message.resource) });
        else if (message.type === 'remove') {
          await served.remove(message.items);
          send({ type: 'removed' });
        } else if (message.type === 'cpu') {
          const { user, system } = process.cpuUsage();
          send({ type: 'cpu', userMicros: user, systemMicros: system });
        } else if (message.type === 'close') {
          await served.close();
          process.disconnect();
          process.exit(0);
        }
      } catch (error) {
        send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    })();
  });
  send({ type: 'ready', kind, ...served.ready });
}

main().catch((error: unknown) => {
  process.send?.({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  console.error(error);
  process.exit(1);
});
