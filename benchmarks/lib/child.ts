/** Parent side of lib/loopback-server.ts: starts the child and talks to it over IPC. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage, ReadyMessage, ServerKind } from './loopback-server.js';
import type { FillResource, Seeded } from './mix.js';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

export interface LoopbackServer {
  ready: ReadyMessage;
  fill(from: number, to: number, prefix: string, resource?: FillResource): Promise<Seeded[]>;
  /** Deletes Product Selections inside the server process. */
  remove(items: readonly { id: string; version: number }[]): Promise<void>;
  /** CPU time (user + system) the child has used so far, in microseconds. */
  cpuMicros(): Promise<number>;
  close(): Promise<void>;
}

export async function startLoopbackServer(kind: ServerKind): Promise<LoopbackServer> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./loopback-server.ts', import.meta.url)), [kind], {
    cwd: benchDir,
    // BENCH_SERVER_CPU_PROF=<dir> writes a V8 CPU profile of the server process (for finding bottlenecks).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env['BENCH_SERVER_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_SERVER_CPU_PROF']}`] : []),
    ],
    env: { ...process.env, TSX_TSCONFIG_PATH: `${benchDir}tsconfig.json` },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: ((message: ChildMessage) => void)[] = [];
  let failure: Error | undefined;
  child.on('message', (message: ChildMessage) => {
    if (message.type === 'error') {
      failure = new Error(`${kind} server: ${message.message}`);
      for (const waiter of waiters.splice(0)) waiter(message);
      return;
    }
    waiters.shift()?.(message);
  });
  child.on('exit', (code) => {
    failure ??= new Error(`${kind} server exited with code ${code}`);
    for (const waiter of waiters.splice(0)) waiter({ type: 'error', message: failure.message });
  });
  const next = <T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      waiters.push((message) =>
        message.type === type
          ? resolve(message as Extract<ChildMessage, { type: T }>)
          : reject(failure ?? new Error(`unexpected ${message.type}`)),
      );
    });
  const send = (message: ParentMessage): void => void child.send(message);
  const ready = await next('ready');
  return {
    ready,
    async fill(from, to, prefix, resource) {
      const answer = next('filled');
      send({ type: 'fill', from, to, prefix, ...(resource ? { resource } : {}) });
      return (await answer).items;
    },
    async remove(items) {
      const answer = next('removed');
      send({ type: 'remove', items: [...items] });
      await answer;
    },
    async cpuMicros() {
      const answer = next('cpu');
      send({ type: 'cpu' });
      const { userMicros, systemMicros } = await answer;
      return userMicros + systemMicros;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        failure = new Error('closed');
        send({ type: 'close' });
      }),
  };
}
