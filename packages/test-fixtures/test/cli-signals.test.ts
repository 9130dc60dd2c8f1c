import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installedPackage } from './helpers/installed-bin.js';

/**
 * A SIGTERM or SIGINT to the process a user started stops the emulator and writes its
 * `--state-file`, whatever started it: `pnpm emulator` (which runs the sources with tsx's loader
 * in one process), the `commerce-emulator` bin of the installed package, or `npx`, which runs the
 * bin through a shell (the emulator stops when that shell goes away).
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const CLIENT = ['--client-id', 'signal-client', '--client-secret', 'signal-client-secret-0123456789'];
const PROJECT = 'signal-project';

interface Started {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

const started: Started[] = [];

function start(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Started {
  // Its own process group: a terminal's Ctrl-C signals the whole group, and cleanup kills it.
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...(options.env ?? process.env), NO_COLOR: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const entry = { child, exited, output: () => output };
  started.push(entry);
  return entry;
}

afterEach(() => {
  for (const { child } of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  output: () => string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts an entry point, stores a selection, sends `signal`, and checks the server stopped and the state was written. */
async function stopsAndSaves(
  launch: (args: string[]) => Started,
  signal: 'SIGTERM' | 'SIGINT',
  to: 'process' | 'group' = 'process',
  repeat = false,
): Promise<void> {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'emulator-state-')), 'state.json');
  const cli = launch(['--port', '0', '--project', PROJECT, '--state-file', stateFile, ...CLIENT]);
  const origin = await until('the banner', () => /listening on (http:\/\/\S+)/.exec(cli.output())?.[1], cli.output);
  await until('the end of the banner', () => (cli.output().includes('try:') ? true : undefined), cli.output);
  const token = (await (
    await fetch(`${origin}/auth/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa('signal-client:signal-client-secret-0123456789')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
  ).json()) as { access_token: string };
  const created = await fetch(`${origin}/${PROJECT}/product-selections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'kept-across-restarts', name: { en: 'Kept' } }),
  });
  expect(created.status).toBe(201);

  const send = () => process.kill(to === 'group' ? -cli.child.pid! : cli.child.pid!, signal);
  send();
  let exited = false;
  void cli.exited.then(() => (exited = true));
  // `repeat`: the signal again at every turn until it exits, as a second Ctrl-C (or pnpm forwarding one) does.
  while (repeat && !exited) {
    try {
      send();
    } catch {
      // The group is gone.
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await cli.exited;
  const saved = await until(
    'the state file',
    () => (existsSync(stateFile) ? readFileSync(stateFile, 'utf8') : undefined),
    cli.output,
    15_000,
  );
  expect(saved).toContain('kept-across-restarts');
  // Nothing is left serving, orphaned.
  await until(
    'the server to stop',
    async () =>
      (await fetch(`${origin}/_emulator/health`).then(
        () => false,
        () => true,
      ))
        ? true
        : undefined,
    cli.output,
    15_000,
  );
  expect(cli.output()).not.toMatch(/unexpected error|Error:/);
}

describe('stopping the emulator with a signal writes --state-file and leaves nothing running', { timeout: 60_000 }, () => {
  describe('pnpm emulator', () => {
    const launch = (args: string[]) => start('pnpm', ['--silent', 'emulator', ...args], { cwd: repoRoot });
    it.each(['SIGTERM', 'SIGINT'] as const)('%s to pnpm', (signal) => stopsAndSaves(launch, signal));
    it('Ctrl-C again and again (SIGINT to the process group until it exits)', () => stopsAndSaves(launch, 'SIGINT', 'group', true));
  });

  describe('the installed package', () => {
    let installed: { project: string; bin: string };
    beforeAll(() => {
      installed = installedPackage();
    });
    // Started directly, not by a package manager.
    const { npm_lifecycle_event: _event, ...plainEnv } = process.env;

    it.each(['SIGTERM', 'SIGINT'] as const)('the commerce-emulator bin: %s', (signal) =>
      stopsAndSaves((args) => start(installed.bin, args, { cwd: installed.project, env: plainEnv }), signal),
    );

    const npx = (args: string[]) =>
      start('npx', ['-p', '@commerce-kit/test-fixtures', 'commerce-emulator', ...args], { cwd: installed.project, env: plainEnv });
    it('npx -p @commerce-kit/test-fixtures commerce-emulator: SIGTERM to npx', () => stopsAndSaves(npx, 'SIGTERM'));
    it('npx -p @commerce-kit/test-fixtures commerce-emulator: SIGINT as a terminal sends it (Ctrl-C, to the process group)', () =>
      stopsAndSaves(npx, 'SIGINT', 'group'));
  });
});
