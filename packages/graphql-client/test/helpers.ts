import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createTokenProvider, type TokenProvider } from '@commerce-kit/core-auth';
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures/emulator/app.js';
import { createGraphqlClient, type GraphqlClient, type GraphqlClientOptions, type GraphqlResult } from '../src/index.js';
import { expectShape } from './shape.js';

/** An in-process emulator, a token provider of its bootstrap client, and a GraphQL client over both. */
export interface Setup {
  emulator: Emulator;
  projectKey: string;
  tokenProvider: TokenProvider;
  client: GraphqlClient;
  /** A REST call with the bootstrap client's token (to seed data and to compare). */
  rest<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function setUp(projectKey = 'graphql-client', clientOptions: Partial<GraphqlClientOptions> = {}): Promise<Setup> {
  const emulator = createEmulator({ projectKey });
  return { emulator, ...clientsOf(emulator.urls(), projectKey, emulator.credentials, emulator.fetch, clientOptions) };
}

/** The base URLs of an emulator, in-process or served on a loopback port. */
export interface LoopbackUrls {
  api: string;
  auth: string;
}

/**
 * A token provider, a GraphQL client and REST calls on an emulator served on a loopback port,
 * all over the global `fetch`, as a user's application talks to it.
 */
export function overLoopback(
  urls: LoopbackUrls,
  projectKey: string,
  credentials: { clientId: string; clientSecret: string },
): Omit<Setup, 'emulator'> {
  return clientsOf(urls, projectKey, credentials, globalThis.fetch);
}

/** A token provider of the client `credentials`, a GraphQL client and REST calls, all over `fetchWith`. */
function clientsOf(
  urls: LoopbackUrls,
  projectKey: string,
  credentials: { clientId: string; clientSecret: string },
  fetchWith: typeof fetch,
  clientOptions: Partial<GraphqlClientOptions> = {},
): Omit<Setup, 'emulator'> {
  const { clientId, clientSecret } = credentials;
  const tokenProvider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: urls.auth,
    projectKey,
    credentials: { clientId, clientSecret },
    fetch: fetchWith,
  });
  const client = createGraphqlClient({ baseUrl: urls.api, projectKey, auth: { tokenProvider }, fetch: fetchWith, ...clientOptions });
  const rest: Setup['rest'] = async (method, path, body) => {
    const res = await fetchWith(`${urls.api}/${projectKey}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokenProvider.getToken()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as never };
  };
  return { projectKey, tokenProvider, client, rest };
}

/** `pnpm emulator` running as a process of its own. */
export interface EmulatorProcess {
  urls: LoopbackUrls & { history: string };
  credentials: { clientId: string; clientSecret: string };
  /** What the command printed so far. */
  output(): string;
  /**
   * Closes the command's stdin (it runs with `--stop-on-stdin-end`); after 10 s without an exit,
   * kills its process group. Resolves with how pnpm ended.
   */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Starts `pnpm emulator --port 0 --stop-on-stdin-end` in the repository, as its README says, and
 * reads the base URLs from the banner. Its stdin is a pipe of this process: should the tests die,
 * the pipe closes and the emulator stops by itself. The command runs in a process group of its
 * own, so that a kill reaches pnpm, tsx and the emulator alike.
 */
export async function startEmulatorCommand(projectKey: string): Promise<EmulatorProcess> {
  const credentials = { clientId: 'cli-client', clientSecret: randomUUID() };
  const args = ['--silent', 'emulator', '--port', '0', '--project', projectKey, '--stop-on-stdin-end'];
  const child = spawn('pnpm', [...args, '--client-id', credentials.clientId, '--client-secret', credentials.clientSecret], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stopping: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  const stop = () =>
    (stopping ??= (() => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
      child.stdin.end();
      return exited.finally(() => clearTimeout(force));
    })());
  const url = (label: string) => {
    const found = new RegExp(`^\\s+${label}\\s+(http://127\\.0\\.0\\.1:\\d+\\S*)\\s`, 'm').exec(output)?.[1];
    if (found === undefined) throw new Error(`no ${label} URL in the banner:\n${output}`);
    return found;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner within 30 s:\n${output}`)), 30_000);
      child.stdout.on('data', () => {
        if (!/^try:$/m.test(output)) return;
        clearTimeout(timer);
        resolve();
      });
      void exited.then(({ code }) => {
        clearTimeout(timer);
        reject(new Error(`pnpm emulator exited with ${code} before listening:\n${output}`));
      });
    });
    return { urls: { api: url('API'), auth: url('auth'), history: url('history') }, credentials, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A product type and two published Products, `inside` and `outside`, over REST. */
export async function seedProducts(setup: Pick<Setup, 'rest'>): Promise<{ inside: string; outside: string }> {
  await setup.rest('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' });
  const ids: string[] = [];
  for (const key of ['inside', 'outside']) {
    const res = await setup.rest<{ id: string }>('POST', '/products', {
      key,
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: `Shirt ${key}` },
      slug: { en: `shirt-${key}` },
      masterVariant: { sku: `sku-${key}`, key: `variant-${key}` },
      publish: true,
    });
    if (res.status !== 201) throw new Error(`seeding product ${key} failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  return { inside: ids[0]!, outside: ids[1]! };
}

/** The data of a result that must have succeeded, after checking its shape against the SDL. */
export function ok<R>(document: string | { toString(): string }, result: GraphqlResult<R>): R {
  if (result.errors) throw new Error(`expected data, got errors: ${JSON.stringify(result.errors)}`);
  expectShape(document, result.data);
  return result.data;
}
