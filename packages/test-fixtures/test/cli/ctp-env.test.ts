import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startCliReady, stopClis } from '../helpers/cli.js';

/** The `CTP_*` names commercetools users keep in `.env`, read and written by the real CLI. */

afterEach(stopClis);

const dir = mkdtempSync(join(tmpdir(), 'emulator-ctp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('commerce-emulator and the CTP_* variables', () => {
  it('--write-env writes its own values as CTP_* lines, which get a token; the banner shows them', async () => {
    const path = join(dir, '.env');
    const { ready, cli } = await startCliReady(['--port', '0', '--project', 'ctp-project', '--write-env', path]);
    const env = parseEnv(readFileSync(path, 'utf8'));
    expect(env).toEqual({
      CTP_PROJECT_KEY: 'ctp-project',
      CTP_CLIENT_ID: ready.credentials.clientId,
      CTP_CLIENT_SECRET: ready.credentials.clientSecret,
      CTP_AUTH_URL: ready.urls.auth,
      CTP_API_URL: ready.urls.api,
      CTP_SCOPES: 'manage_project:ctp-project',
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(cli.stderr()).toContain(`  CTP_API_URL=${ready.urls.api}\n`);

    const res = await fetch(`${env['CTP_AUTH_URL']}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${env['CTP_CLIENT_ID']}:${env['CTP_CLIENT_SECRET']}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `grant_type=client_credentials&scope=${env['CTP_SCOPES']}`,
    });
    expect(res.status).toBe(200);
  });

  it('reads CTP_PROJECT_KEY, CTP_CLIENT_ID and CTP_CLIENT_SECRET; flags win', async () => {
    const env = { CTP_PROJECT_KEY: 'from-ctp', CTP_CLIENT_ID: 'ctp-client', CTP_CLIENT_SECRET: 'ctp-secret' };
    const { ready } = await startCliReady(['--port', '0'], env);
    expect(ready).toMatchObject({ projectKey: 'from-ctp', credentials: { clientId: 'ctp-client', clientSecret: 'ctp-secret' } });
    const flagged = await startCliReady(['--port', '0', '--project', 'from-flag', '--client-id', 'flag-client'], env);
    expect(flagged.ready).toMatchObject({ projectKey: 'from-flag', credentials: { clientId: 'flag-client', clientSecret: 'ctp-secret' } });
  });
});
