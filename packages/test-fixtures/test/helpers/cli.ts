import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import type { ReadyLine } from '../../src/cli/ready-line.js';

/**
 * Runs the `commerce-emulator` command (src/cli.ts, compiled once per run by global-setup.ts) as a
 * user runs it: `node` on it, a child process on a free port, stopped by closing its stdin
 * (`--stop-on-stdin-end`). Call {@link stopClis} in `afterEach`.
 */

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
export interface Cli {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** How long a CLI may take to stop once its stdin ended, before it is killed. */
const STOP_GRACE_MS = 5_000;

const running: Cli[] = [];

/** Stops every CLI started since the last call; kills (and reports) one that does not stop. */
export async function stopClis(): Promise<void> {
  const hung: string[] = [];
  for (const cli of running.splice(0)) {
    if (cli.child.exitCode !== null || cli.child.signalCode !== null) continue;
    cli.child.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      cli.exit.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), STOP_GRACE_MS))),
    ]);
    clearTimeout(timer);
    if (!stopped) {
      // A hung CLI must not outlive the test (nor keep its port): kill it, then say so.
      killTree(cli.child);
      await cli.exit;
      hung.push(cli.stderr());
    }
  }
  if (hung.length > 0) {
    throw new Error(
      `${hung.length} CLI(s) did not stop within ${STOP_GRACE_MS} ms of the end of stdin and were killed; stderr: ${hung.join('\n---\n')}`,
    );
  }
}

/** Kills the CLI and anything it started: the whole process group it leads (`detached`). */
function killTree(child: ChildProcessWithoutNullStreams): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Ends the CLI's stdin (it was started with `--stop-on-stdin-end`) and resolves to its exit code. */
export function stopCli(cli: Cli): Promise<number | null> {
  cli.child.stdin.end();
  return cli.exit;
}

/** The variables the CLI reads, left out of the environment the tests run in so that only a test's own count. */
function withoutEmulatorVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('COMMERCE_EMULATOR_') && !name.startsWith('CTP_')));
}

export function runCli(args: string[], env: Record<string, string> = {}): Cli {
  const child = spawn(process.execPath, [inject('cliBundle'), ...args], {
    cwd: packageRoot,
    env: { ...withoutEmulatorVariables(process.env), NO_COLOR: '1', ...env },
    // Its own process group, so that killTree reaches whatever it started too.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // Once it exited and its output is read to the end.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const cli = { child, stdout: () => stdout, stderr: () => stderr, exit };
  running.push(cli);
  return cli;
}

/**
 * Runs the CLI with a command line or environment it refuses, and resolves to its one line on
 * stderr once it checked: exit code 2, nothing on stdout, that one line pointing to `--help`.
 */
export async function refusedLine(args: string[], env: Record<string, string> = {}): Promise<string> {
  const cli = runCli(args, env);
  expect(await cli.exit).toBe(2);
  expect(cli.stdout()).toBe('');
  const lines = cli.stderr().trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^commerce-emulator: .*\(commerce-emulator --help lists the flags\)$/);
  return lines[0]!;
}

/** Starts the emulator with `flags` and resolves to its origin and banner once it listens (and the process, to stop it). */
export async function startCli(flags: string[], project = 'cli-cors'): Promise<{ origin: string; banner: string; cli: Cli }> {
  const cli = runCli(['--port', '0', '--project', project, '--stop-on-stdin-end', ...flags]);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const banner = cli.stdout();
    const origin = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
    if (origin && banner.includes('try:')) return { origin, banner, cli };
    if (cli.child.exitCode !== null) throw new Error(`the CLI exited with ${cli.child.exitCode}: ${cli.stderr()}`);
    if (Date.now() > deadline) throw new Error(`the CLI did not start: ${cli.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `check` until it returns something other than `undefined`, for up to 20 s. */
export async function eventually<T>(check: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts the emulator with `--ready-json` (and `--stop-on-stdin-end`) and resolves to the JSON
 * line it prints first on stdout.
 */
export async function startCliReady(flags: string[], env: Record<string, string> = {}): Promise<{ ready: ReadyLine; cli: Cli }> {
  const cli = runCli(['--ready-json', '--stop-on-stdin-end', ...flags], env);
  const line = await eventually(() => {
    if (cli.child.exitCode !== null) throw new Error(`the CLI exited with ${cli.child.exitCode}: ${cli.stderr()}`);
    const end = cli.stdout().indexOf('\n');
    return end === -1 ? undefined : cli.stdout().slice(0, end);
  }, `the ready line; stderr: ${cli.stderr()}`);
  return { ready: JSON.parse(line) as ReadyLine, cli };
}
