import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The CORS flags of the `commerce-emulator` command (src/cli.ts), run as a user runs it: a child
 * process on a free port, stopped by closing its stdin (`--stop-on-stdin-end`).
 */

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const APP = 'http://localhost:5173';

interface Cli {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** How long a CLI may take to stop once its stdin ended, before it is killed. */
const STOP_GRACE_MS = 5_000;

const running: Cli[] = [];
afterEach(async () => {
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
});

/**
 * Kills the CLI and the node process tsx runs it in (tsx's CLI is a parent that relays signals, but
 * a SIGKILL cannot be relayed): the whole process group the CLI leads (`detached`).
 */
function killTree(child: ChildProcessWithoutNullStreams): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, [tsx, '--tsconfig', 'tsconfig.json', 'src/cli.ts', ...args], {
    cwd: packageRoot,
    env: { ...process.env, NO_COLOR: '1' },
    // Its own process group, so that killTree reaches tsx's child too.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cli = { child, stdout: () => stdout, stderr: () => stderr, exit };
  running.push(cli);
  return cli;
}

/** Starts the emulator with `flags` and resolves to its origin and banner once it listens. */
async function startCli(flags: string[]): Promise<{ origin: string; banner: string }> {
  const cli = runCli(['--port', '0', '--project', 'cli-cors', '--stop-on-stdin-end', ...flags]);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const banner = cli.stdout();
    const origin = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
    if (origin && banner.includes('try:')) return { origin, banner };
    if (cli.child.exitCode !== null) throw new Error(`the CLI exited with ${cli.child.exitCode}: ${cli.stderr()}`);
    if (Date.now() > deadline) throw new Error(`the CLI did not start: ${cli.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function preflight(origin: string, from: string): Promise<Response> {
  return fetch(`${origin}/cli-cors/product-selections`, {
    method: 'OPTIONS',
    headers: { origin: from, 'access-control-request-method': 'POST' },
  });
}

describe('commerce-emulator CORS flags', () => {
  it('answers any origin by default, and says so', async () => {
    const { origin, banner } = await startCli([]);
    expect(banner).toContain('CORS for browser apps: any origin (Access-Control-Allow-Origin: *).');
    const res = await preflight(origin, APP);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, DELETE');
    const answer = await fetch(`${origin}/cli-cors/product-selections`, { headers: { origin: APP } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toBe('X-Correlation-ID, Retry-After, WWW-Authenticate');
  });

  it('--cors-origin, repeated, allows exactly those origins', async () => {
    const { origin, banner } = await startCli(['--cors-origin', APP, '--cors-origin', 'http://localhost:3000']);
    expect(banner).toContain(`CORS for browser apps: only ${APP}, http://localhost:3000.`);
    for (const from of [APP, 'http://localhost:3000']) {
      const res = await preflight(origin, from);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(from);
      expect(res.headers.get('vary')).toBe('Origin');
    }
    const other = await preflight(origin, 'https://evil.example');
    expect(other.status).toBe(204);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('--no-cors sends no CORS header, and an OPTIONS is an ordinary request', async () => {
    const { origin, banner } = await startCli(['--no-cors']);
    expect(banner).toContain('CORS for browser apps: off (--no-cors)');
    const res = await preflight(origin, APP);
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-correlation-id')).toMatch(/^emulator-/);
  });

  it.each([
    [
      ['--cors-origin', 'http://localhost:5173/'],
      /--cors-origin: invalid CORS origin "http:\/\/localhost:5173\/": a browser sends it as http:\/\/localhost:5173/,
    ],
    [['--cors-origin', 'localhost:5173'], /--cors-origin: invalid CORS origin "localhost:5173": not an origin/],
    [['--no-cors', '--cors-origin', APP], /--no-cors and --cors-origin exclude each other/],
  ])('refuses %j with exit code 2 and the usage', async (flags, message) => {
    const cli = runCli(['--port', '0', ...flags]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).toContain('Usage: commerce-emulator');
    expect(cli.stdout()).toBe('');
  });

  it('--help describes both flags', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toContain('[--cors-origin ORIGIN ... | --no-cors]');
    expect(cli.stdout()).toMatch(/--cors-origin {7}CORS only for this browser origin/);
    expect(cli.stdout()).toMatch(/--no-cors {11}no CORS headers at all/);
  });
});
