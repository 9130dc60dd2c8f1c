import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOTSTRAP_CLIENT_FILE } from '../../src/cli/bootstrap-client.js';
import type { ReadyLine } from '../../src/cli/ready-line.js';
import { runCli, startCliReady, stopCli, stopClis } from '../helpers/cli.js';
import { newDataDir, removeDataDirs } from './data-dir.js';

/**
 * `commerce-emulator --data-dir DIR` keeps its bootstrap API client in DIR, so that an app's `.env`
 * still gets a token after a restart; over the real CLI, as a user restarts it.
 */

afterEach(async () => {
  await stopClis();
  removeDataDirs();
});

async function tokenStatus(ready: ReadyLine, clientId: string, clientSecret: string): Promise<number> {
  const res = await fetch(`${ready.urls.auth}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return res.status;
}

/** Starts on `dir`, runs `use` on the running emulator, stops it cleanly; resolves to its ready line and banner. */
async function session(
  dir: string,
  env: Record<string, string> = {},
  use: (ready: ReadyLine) => Promise<void> = async () => {},
): Promise<{ ready: ReadyLine; banner: string }> {
  const { ready, cli } = await startCliReady(['--port', '0', '--data-dir', dir], env);
  await use(ready);
  expect(await stopCli(cli)).toBe(0);
  return { ready, banner: cli.stderr() };
}

describe('the bootstrap client of a data dir', () => {
  it('made at the first start, kept in the data dir: the same credentials get a token after a restart', async () => {
    const dir = newDataDir();
    const file = join(dir, BOOTSTRAP_CLIENT_FILE);
    const first = await session(dir, {}, async (ready) => {
      expect(await tokenStatus(ready, ready.credentials.clientId, ready.credentials.clientSecret)).toBe(200);
    });
    const { clientId, clientSecret } = first.ready.credentials;
    expect(first.banner).toContain(`  random; kept in ${file} for the next start on this data dir`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ clientId, clientSecret });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = await session(dir, {}, async (ready) => {
      expect(await tokenStatus(ready, clientId, clientSecret)).toBe(200);
    });
    expect(second.ready.credentials).toMatchObject({ clientId, clientSecret });
    expect(second.banner).toContain(`  kept in ${file}: the same at every start on this data dir`);
  });

  it('CTP_CLIENT_ID and CTP_CLIENT_SECRET name it, and a restart without them keeps it', async () => {
    const dir = newDataDir();
    const env = { CTP_CLIENT_ID: 'app-client', CTP_CLIENT_SECRET: 'app-secret-from-env' };
    const first = await session(dir, env);
    expect(first.ready.credentials).toMatchObject({ clientId: 'app-client', clientSecret: 'app-secret-from-env' });
    expect(first.banner).toContain(`  from CTP_CLIENT_ID and CTP_CLIENT_SECRET; kept in ${join(dir, BOOTSTRAP_CLIENT_FILE)}`);
    await session(dir, {}, async (ready) => {
      expect(ready.credentials).toMatchObject({ clientId: 'app-client', clientSecret: 'app-secret-from-env' });
      expect(await tokenStatus(ready, 'app-client', 'app-secret-from-env')).toBe(200);
    });
  });

  it('--client-id wins over CTP_CLIENT_ID; the secret then comes from the data dir', async () => {
    const dir = newDataDir();
    await session(dir, { CTP_CLIENT_ID: 'app-client', CTP_CLIENT_SECRET: 'app-secret' });
    const { ready, banner } = await session(dir, { CTP_CLIENT_ID: 'other-client' });
    expect(ready.credentials).toMatchObject({ clientId: 'other-client', clientSecret: 'app-secret' });
    expect(banner).toContain(`  id from CTP_CLIENT_ID, secret kept in ${join(dir, BOOTSTRAP_CLIENT_FILE)}`);
    const flagged = await startCliReady(['--port', '0', '--data-dir', dir, '--client-id', 'flag-client'], {
      CTP_CLIENT_ID: 'other-client',
    });
    expect(flagged.ready.credentials.clientId).toBe('flag-client');
  });

  it('a file that is not a client: exit code 2 in one line, the file left as it was', async () => {
    const dir = newDataDir();
    const file = join(dir, BOOTSTRAP_CLIENT_FILE);
    writeFileSync(file, '{"clientId":"only-an-id"}');
    const cli = runCli(['--port', '0', '--data-dir', dir]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toBe(
      `commerce-emulator: --data-dir: ${file} is not { "clientId": "...", "clientSecret": "..." }: fix it, or delete it for a new client\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe('{"clientId":"only-an-id"}');
  });
});
