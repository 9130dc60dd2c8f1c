import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePort } from '../../src/cli/args.js';
import { refusedLine, runCli, startCliReady, stopClis } from '../helpers/cli.js';

/** The command line of `commerce-emulator` (src/cli/args.ts), over the real CLI on 127.0.0.1. */

afterEach(stopClis);

const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const refused = refusedLine;

describe('commerce-emulator --version', () => {
  it.each([['--version'], ['-v']])("%s prints the package's version and exits 0", async (flag) => {
    const cli = runCli([flag]);
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toBe(`${packageVersion}\n`);
    expect(cli.stderr()).toBe('');
  });
});

describe('commerce-emulator refuses a command line it cannot read in one line', () => {
  it.each([
    [['--prot', '0'], 'unknown flag --prot'],
    [['-x'], 'unknown flag -x'],
    [['--port'], '--port needs a value'],
    [['--port', '--open'], '--port needs a value'],
    [['--open=yes'], '--open takes no value'],
    [['serve'], 'unexpected argument "serve"'],
  ])('%j: %s, and a pointer to --help (exit code 2)', async (args, message) => {
    expect(await refused(args)).toBe(`commerce-emulator: ${message} (commerce-emulator --help lists the flags)`);
  });
});

describe('GET /_emulator/health over a port', () => {
  it("lists the emulator's version and the resource types it serves", async () => {
    const { ready } = await startCliReady(['--port', '0']);
    const health = (await (await fetch(`${ready.control}/health`)).json()) as { version: string; resourceTypes: unknown[] };
    expect(health).toMatchObject({ status: 'ready', projectKey: ready.projectKey, version: packageVersion });
    expect(health.resourceTypes).toContainEqual({ typeId: 'tax-category', path: 'tax-categories' });
    expect(health.resourceTypes).toContainEqual({ typeId: 'product-selection', path: 'product-selections' });
  });
});

describe('commerce-emulator ports', () => {
  it.each([['0x50'], [''], ['-1'], ['65536']])('refuses --port %j: an integer from 0 to 65535 in decimal only', async (port) => {
    expect(await refused([`--port=${port}`])).toContain(
      `--port must be an integer from 0 to 65535 in decimal, not ${JSON.stringify(port)}`,
    );
  });

  it('reads ports written in decimal digits only', () => {
    expect(['0', '80', '080', '65535'].map(parsePort)).toEqual([0, 80, 80, 65535]);
    expect(['0x50', '', '1e3', '-1', '65536', ' 80', '80 ', '80.0', '+80', '0o17', '0b1', 'eighty', '١٢'].map(parsePort)).toEqual(
      Array(13).fill(undefined),
    );
  });

  it('refuses COMMERCE_EMULATOR_PORT=0x50, naming the variable', async () => {
    expect(await refused([], { COMMERCE_EMULATOR_PORT: '0x50' })).toContain(
      'COMMERCE_EMULATOR_PORT must be an integer from 0 to 65535 in decimal, not "0x50"',
    );
  });

  it('says which port is taken and suggests --port 0 (exit code 1)', async () => {
    const { ready } = await startCliReady(['--port', '0']);
    const second = runCli(['--port', String(ready.port)]);
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toContain(`commerce-emulator: port ${ready.port} on 127.0.0.1 is in use (EADDRINUSE)`);
    expect(second.stderr()).toContain('--port 0 for any free port');
    expect(second.stdout()).toBe('');
  });
});

describe('commerce-emulator --project', () => {
  it.each([['BAD'], ['a'], ['auth'], ['my_project'], ['']])('refuses --project %j in one line, changing nothing', async (key) => {
    expect(await refused(['--port', '0', '--project', key])).toContain(
      `--project: invalid project key ${JSON.stringify(key)}: 2 to 36 of [a-z0-9-]`,
    );
  });
});

describe('commerce-emulator environment variables (COMMERCE_EMULATOR_*)', () => {
  const env = {
    COMMERCE_EMULATOR_PORT: '0',
    COMMERCE_EMULATOR_PROJECT: 'env-project',
    COMMERCE_EMULATOR_CLIENT_ID: 'env-client',
    COMMERCE_EMULATOR_CLIENT_SECRET: 'env-secret',
    COMMERCE_EMULATOR_NO_CONTROL: 'true',
  };

  it('sets every setting a flag sets', async () => {
    const { ready } = await startCliReady([], env);
    expect(ready).toMatchObject({
      projectKey: 'env-project',
      control: null,
      credentials: { clientId: 'env-client', clientSecret: 'env-secret' },
    });
    const res = await fetch(`${ready.urls.auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('env-client:env-secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect((await fetch(`${ready.origin}/_emulator/health`)).status).toBe(404);
  });

  it('a flag on the command line wins over its variable', async () => {
    const { ready } = await startCliReady(['--project', 'flag-project', '--client-id', 'flag-client'], env);
    expect(ready).toMatchObject({ projectKey: 'flag-project', credentials: { clientId: 'flag-client', clientSecret: 'env-secret' } });
  });

  it('reads a list variable as comma-separated values', async () => {
    const { ready } = await startCliReady([], { COMMERCE_EMULATOR_CORS_ORIGIN: 'http://a.test, http://b.test:5173' });
    const preflight = (origin: string) =>
      fetch(`${ready.origin}/${ready.projectKey}/stores`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('http://b.test:5173')).headers.get('access-control-allow-origin')).toBe('http://b.test:5173');
    expect((await preflight('http://c.test')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    [{ COMMERCE_EMULATOR_NO_CORS: 'maybe' }, 'COMMERCE_EMULATOR_NO_CORS must be true or false (1 or 0), not "maybe"'],
    [{ COMMERCE_EMULATOR_PROJECT: 'Shop' }, 'COMMERCE_EMULATOR_PROJECT: invalid project key "Shop"'],
    [{ COMMERCE_EMULATOR_LOG: 'verbose' }, 'COMMERCE_EMULATOR_LOG must be pretty, json or off'],
    [
      { COMMERCE_EMULATOR_MANUAL_CLOCK: 'now', COMMERCE_EMULATOR_NO_CONTROL: '1' },
      'COMMERCE_EMULATOR_MANUAL_CLOCK and COMMERCE_EMULATOR_NO_CONTROL exclude each other',
    ],
  ])('refuses %j naming the variable, in one line', async (variables, message) => {
    expect(await refused(['--port', '0'], variables)).toContain(message);
  });

  it('--help lists the variables', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toContain('COMMERCE_EMULATOR_PORT=0');
    expect(cli.stdout()).toContain('a flag on the command line wins');
  });
});
