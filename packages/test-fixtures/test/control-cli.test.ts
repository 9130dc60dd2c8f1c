import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { refusedLine, runCli, startCli, stopCli, stopClis } from './helpers/cli.js';

/**
 * The control API as a harness in another language uses it: the `commerce-emulator` command on a
 * free port (helpers/cli.ts), plain HTTP with the bootstrap client's credentials, no SDK.
 */

afterEach(stopClis);

const dir = mkdtempSync(join(tmpdir(), 'emulator-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROJECT = 'cli-control';
const ID = 'harness-client';
const SECRET = 'harness-secret';
const basic = { authorization: `Basic ${btoa(`${ID}:${SECRET}`)}` };

async function token(origin: string): Promise<string> {
  const res = await fetch(`${origin}/auth/oauth/token`, {
    method: 'POST',
    headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

function createSelection(origin: string, bearer: string, key: string): Promise<Response> {
  return fetch(`${origin}/${PROJECT}/product-selections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key, name: { en: key } }),
  });
}

describe('commerce-emulator control API over a port', () => {
  it('resets, injects a fault and moves the manual clock, as the banner shows', async () => {
    const { origin, banner } = await startCli(
      ['--client-id', ID, '--client-secret', SECRET, '--manual-clock', '2026-03-01T09:00:00Z'],
      PROJECT,
    );
    expect(banner).toContain('clock: manual, at 2026-03-01T09:00:00.000Z; it moves only through POST /_emulator/clock.');
    expect(banner).toContain("control API (HTTP Basic with the bootstrap client's id and secret):");
    expect(banner).toContain(`curl -s ${origin}/_emulator/health`);
    expect(banner).toContain(`curl -s -u '${ID}:${SECRET}' -X POST ${origin}/_emulator/reset`);
    expect(banner).toContain(`curl -s -u '${ID}:${SECRET}' -d '{"advanceMs":172800000}' ${origin}/_emulator/clock`);

    const health = await fetch(`${origin}/_emulator/health`);
    expect(await health.json()).toMatchObject({ status: 'ready', projectKey: PROJECT });

    const bearer = await token(origin);
    expect((await createSelection(origin, bearer, 'summer')).status).toBe(201);
    expect((await createSelection(origin, bearer, 'summer')).status).toBe(400); // DuplicateField

    expect((await fetch(`${origin}/_emulator/reset`, { method: 'POST', headers: basic })).status).toBe(204);
    expect((await createSelection(origin, bearer, 'summer')).status).toBe(201); // the key is free again, the token still works

    // A cut over a real socket: the harness sees a network error, then removes the rule.
    const added = await fetch(`${origin}/_emulator/faults`, {
      method: 'POST',
      headers: { ...basic, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'cut', method: 'POST', path: `/${PROJECT}/product-selections` }),
    });
    expect(added.status).toBe(201);
    await expect(createSelection(origin, bearer, 'winter')).rejects.toThrow('fetch failed');
    expect((await fetch(`${origin}/_emulator/faults`, { method: 'DELETE', headers: basic })).status).toBe(204);
    expect((await createSelection(origin, bearer, 'winter')).status).toBe(201);

    const moved = await fetch(`${origin}/_emulator/clock`, {
      method: 'POST',
      headers: { ...basic, 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 48 * 3600 * 1000 }),
    });
    expect(((await moved.json()) as { now: string }).now).toBe('2026-03-03T09:00:00.000Z');
    const expired = await createSelection(origin, bearer, 'autumn');
    expect(expired.status).toBe(401);
  });

  it('--manual-clock now starts at the wall clock; without it the clock is the wall clock', async () => {
    const manual = await startCli(['--manual-clock', 'now'], PROJECT);
    expect(manual.banner).toMatch(/clock: manual, at \d{4}-\d{2}-\d{2}T[\d:.]+Z;/);
    const wall = await startCli([], PROJECT);
    expect(wall.banner).toContain('clock: the wall clock.');
    expect(wall.banner).not.toContain('advanceMs');
  });

  it('--no-control leaves only the service', async () => {
    const { origin, banner } = await startCli(['--no-control'], PROJECT);
    expect(banner).toContain('control API: off (--no-control).');
    expect((await fetch(`${origin}/_emulator/health`)).status).toBe(404);
  });

  it('refuses --manual-clock with --no-control: the clock could never move', async () => {
    const cli = runCli(['--port', '0', '--manual-clock', 'now', '--no-control']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain(
      '--manual-clock and --no-control exclude each other: the manual clock moves only through the control API',
    );
  });

  it('a reset brings back the admin console client after it was deleted through the API', async () => {
    const { origin } = await startCli(['--client-id', ID, '--client-secret', SECRET], PROJECT);
    const bearer = await token(origin);
    const deleted = await fetch(`${origin}/${PROJECT}/api-clients/emulator-admin-console`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(deleted.status).toBe(200);
    const adminToken = () =>
      fetch(`${origin}/auth/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`emulator-admin-console:${SECRET}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    expect((await adminToken()).status).toBe(401);
    expect((await fetch(`${origin}/_emulator/reset`, { method: 'POST', headers: basic })).status).toBe(204);
    expect((await adminToken()).status).toBe(200);
  });

  it.each([['2026-03-01'], ['yesterday'], [''], ['2026-02-30T00:00:00Z']])(
    'refuses --manual-clock %j with exit code 2 in one line',
    async (start) => {
      expect(await refusedLine(['--port', '0', '--manual-clock', start])).toContain(
        '--manual-clock must be now or an ISO 8601 instant with a zone, e.g. 2026-03-01T09:00:00Z',
      );
    },
  );

  it('--help describes the flags', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toMatch(/--state-file {8}keep the data across restarts/);
    expect(cli.stdout()).toMatch(/--manual-clock {6}a clock that moves only when told/);
    expect(cli.stdout()).toMatch(/--no-control {8}no control API at \/_emulator/);
  });
});

describe('commerce-emulator --state-file', () => {
  const credentials = ['--client-id', ID, '--client-secret', SECRET];

  it('keeps the data, the ids and the tokens across a restart', async () => {
    const file = join(dir, 'kept.json');
    const first = await startCli([...credentials, '--state-file', file], PROJECT);
    expect(first.banner).toContain(`state: ${file} does not exist yet: starting empty; written there when stopping.`);
    const bearer = await token(first.origin);
    const created = (await (await createSelection(first.origin, bearer, 'summer')).json()) as { id: string; version: number };
    expect(await stopCli(first.cli)).toBe(0);
    expect(first.cli.stdout()).toContain(`commerce-emulator: state written to ${file}`);
    const saved = readFileSync(file, 'utf8');
    expect(JSON.parse(saved)).toMatchObject({ format: 'commerce-emulator-state', version: 1, projectKey: PROJECT });
    expect(saved).not.toContain(SECRET);
    expect(saved).not.toContain(bearer);

    const second = await startCli([...credentials, '--state-file', file], PROJECT);
    expect(second.banner).toContain(`state: restored from ${file}; written there when stopping.`);
    // The token of the first run still works, and the selection has its id and version.
    const res = await fetch(`${second.origin}/${PROJECT}/product-selections/key=summer`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: created.id, version: created.version });
    expect((await createSelection(second.origin, bearer, 'summer')).status).toBe(400); // still there: DuplicateField
  });

  it.each([
    [
      'not JSON',
      '{"format":"Bearer s3cr3t',
      /--state-file: .*broken\.json is not JSON \(a state file is a snapshot, as GET \/_emulator\/state gives it\)$/m,
    ],
    [
      'another project',
      JSON.stringify({ format: 'commerce-emulator-state', version: 1, projectKey: 'other-project' }),
      /--state-file: invalid emulator snapshot: /,
    ],
    ['not a snapshot', '[]', /--state-file: invalid emulator snapshot: /],
  ])('refuses a state file that is %s with exit code 1, and leaves the file alone', async (_, content, message) => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, content);
    const cli = runCli(['--port', '0', '--project', PROJECT, '--state-file', file]);
    expect(await cli.exit).toBe(1);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).not.toContain('s3cr3t');
    expect(cli.stdout()).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('without --state-file the data is in memory only, and says so', async () => {
    const { banner } = await startCli([], PROJECT);
    expect(banner).toContain('state: in memory only (--data-dir DIR keeps every write, --state-file PATH keeps it across clean restarts).');
  });
});
