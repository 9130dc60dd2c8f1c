import { afterEach, describe, expect, it } from 'vitest';
import type { ReadyLine } from '../../src/cli/ready-line.js';
import { eventually, startCliReady, stopCli, stopClis, type Cli } from '../helpers/cli.js';

/** The request log (`--log pretty|json|off`), over the real CLI on 127.0.0.1. */

afterEach(stopClis);

const PROJECT = 'log-project';
const PASSWORD = 'correct-horse-battery-staple';

/** The log lines after the ready line. */
function logLines(cli: Cli): string[] {
  return cli.stdout().split('\n').slice(1).filter(Boolean);
}

function form(ready: ReadyLine, path: string, fields: Record<string, string>): Promise<Response> {
  const { clientId, clientSecret } = ready.credentials;
  return fetch(`${ready.urls.auth}${path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

/** Token flows, a customer's sign-up, reads and writes: every secret the log must never show. */
async function busyDay(ready: ReadyLine): Promise<string[]> {
  const client = (await (await form(ready, '/oauth/token', { grant_type: 'client_credentials' })).json()) as { access_token: string };
  const bearer = { authorization: `Bearer ${client.access_token}`, 'content-type': 'application/json' };
  const signUp = await fetch(`${ready.urls.api}/${PROJECT}/customers`, {
    method: 'POST',
    headers: { ...bearer, 'x-correlation-id': 'sign-up-0001' },
    body: JSON.stringify({ email: 'jen@example.com', password: PASSWORD }),
  });
  expect(signUp.status).toBe(201);
  const customer = (await (
    await form(ready, `/oauth/${PROJECT}/customers/token`, { grant_type: 'password', username: 'jen@example.com', password: PASSWORD })
  ).json()) as { access_token: string; refresh_token: string };
  const refreshed = (await (
    await form(ready, '/oauth/token', { grant_type: 'refresh_token', refresh_token: customer.refresh_token })
  ).json()) as {
    access_token: string;
  };
  await fetch(`${ready.urls.api}/${PROJECT}/product-selections?where=${encodeURIComponent('key = "secret-key"')}`, { headers: bearer });
  // A token in the URL is refused by the service, and never logged.
  await fetch(`${ready.urls.api}/${PROJECT}/product-selections?access_token=${client.access_token}`);
  await fetch(`${ready.urls.history}/${PROJECT}/product-selection`, { headers: bearer });
  return [
    ready.credentials.clientSecret,
    client.access_token,
    customer.access_token,
    customer.refresh_token,
    refreshed.access_token,
    PASSWORD,
  ];
}

describe('commerce-emulator --log', () => {
  it('json: one object per request with method, path, status, duration, correlation id and project, and no secret', async () => {
    const { ready, cli } = await startCliReady(['--port', '0', '--project', PROJECT, '--log', 'json']);
    const secrets = await busyDay(ready);
    const lines = await eventually(() => (logLines(cli).length >= 7 ? logLines(cli) : undefined), 'seven log lines');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => [entry['method'], entry['path'], entry['status'], entry['projectKey']])).toEqual([
      ['POST', '/auth/oauth/token', 200, undefined],
      ['POST', `/${PROJECT}/customers`, 201, PROJECT],
      ['POST', `/auth/oauth/${PROJECT}/customers/token`, 200, PROJECT],
      ['POST', '/auth/oauth/token', 200, undefined],
      ['GET', `/${PROJECT}/product-selections`, 200, PROJECT],
      ['GET', `/${PROJECT}/product-selections`, 401, PROJECT],
      ['GET', `/history/${PROJECT}/product-selection`, 200, PROJECT],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), durationMs: expect.any(Number) });
      expect(entry['correlationId']).toEqual(expect.any(String));
    }
    expect(entries[1]?.['correlationId']).toBe('sign-up-0001');
    const log = lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('access_token');
    expect(log).not.toContain('secret-key');
  });

  it('json: masks the token value of a password-token= or email-token= path', async () => {
    const { ready, cli } = await startCliReady(['--port', '0', '--project', PROJECT, '--log', 'json']);
    const client = (await (await form(ready, '/oauth/token', { grant_type: 'client_credentials' })).json()) as { access_token: string };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${ready.urls.api}/${PROJECT}${path}`, {
        method,
        headers: { authorization: `Bearer ${client.access_token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { value: string; customer: { id: string } } };
    };
    const customer = await call('POST', '/customers', { email: 'jen@example.com', password: PASSWORD });
    const password = await call('POST', '/customers/password-token', { email: 'jen@example.com' });
    const email = await call('POST', '/customers/email-token', { id: customer.body.customer.id, ttlMinutes: 10 });
    expect((await call('GET', `/customers/password-token=${password.body.value}`)).status).toBe(200);
    expect((await call('GET', `/customers/email-token=${email.body.value}`)).status).toBe(200);
    const lines = await eventually(() => (logLines(cli).length >= 6 ? logLines(cli) : undefined), 'six log lines');
    expect(lines.slice(4).map((line) => (JSON.parse(line) as { path: string }).path)).toEqual([
      `/${PROJECT}/customers/password-token=***`,
      `/${PROJECT}/customers/email-token=***`,
    ]);
    expect(lines.join('\n')).not.toContain(password.body.value);
    expect(lines.join('\n')).not.toContain(email.body.value);
  });

  it('pretty: one aligned line per request, and no secret', async () => {
    const { ready, cli } = await startCliReady(['--port', '0', '--project', PROJECT, '--log', 'pretty']);
    const secrets = await busyDay(ready);
    const lines = await eventually(() => (logLines(cli).length >= 7 ? logLines(cli) : undefined), 'seven log lines');
    expect(lines[1]).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} POST {3}/${PROJECT}/customers 201 [\\d.]+ms ${PROJECT} sign-up-0001$`),
    );
    expect(lines[0]).toMatch(/^[\d:.]+ POST {3}\/auth\/oauth\/token 200 [\d.]+ms - emulator-[0-9a-f-]+$/);
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
  });

  it('is off by default when stdout is not a terminal', async () => {
    const { ready, cli } = await startCliReady(['--port', '0', '--project', PROJECT]);
    await busyDay(ready);
    // Stopped, its output is complete: after the ready line, the line that it stops, and no request.
    await stopCli(cli);
    expect(logLines(cli)).toEqual([expect.stringMatching(/^commerce-emulator: .+: stopping$/)]);
  });

  it('logs a connection cut by a fault rule as status null', async () => {
    const { ready, cli } = await startCliReady(['--port', '0', '--project', PROJECT, '--log', 'json']);
    const { clientId, clientSecret } = ready.credentials;
    const added = await fetch(`${ready.control}/faults`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'cut', path: `/${PROJECT}/stores` }),
    });
    expect(added.status).toBe(201);
    await expect(fetch(`${ready.urls.api}/${PROJECT}/stores`)).rejects.toThrow('fetch failed');
    const line = await eventually(() => logLines(cli).find((entry) => entry.includes(`/${PROJECT}/stores`)), 'the cut request');
    expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: `/${PROJECT}/stores`, status: null, projectKey: PROJECT });
  });
});
