import { afterEach, expect, it } from 'vitest';
import { startCli, stopClis } from '../helpers/cli.js';

/** `commerce-emulator --project a --project b`: several isolated projects from a shell. */

afterEach(stopClis);

const ID = 'harness-client';
const SECRET = 'harness-secret';

async function token(
  origin: string,
  clientId: string,
  clientSecret: string,
): Promise<{ status: number; access_token?: string; scope?: string }> {
  const res = await fetch(`${origin}/auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return { status: res.status, ...((await res.json()) as { access_token?: string; scope?: string }) };
}

it('--project repeated serves each project with its own bootstrap client, printed in the banner', async () => {
  const { origin, banner } = await startCli(['--client-id', ID, '--client-secret', SECRET, '--project', 'cli-second'], 'cli-first');
  const second =
    /project 'cli-second' \(REST under \/cli-second\), its own bootstrap API client:\n\s+client id\s+(\S+)\n\s+client secret\s+(\S+)/.exec(
      banner,
    );
  expect(second).not.toBeNull();
  const own = await token(origin, ID, SECRET);
  const other = await token(origin, second![1]!, second![2]!);
  expect([own.scope, other.scope]).toEqual(['manage_project:cli-first', 'manage_project:cli-second']);
  const list = await fetch(`${origin}/_emulator/projects`, { headers: { authorization: `Basic ${btoa(`${ID}:${SECRET}`)}` } });
  expect(await list.json()).toEqual({ results: [{ key: 'cli-first' }, { key: 'cli-second' }] });
  // Each token works on its project and is refused on the other.
  const get = (project: string, bearer: string) =>
    fetch(`${origin}/${project}/product-selections`, { headers: { authorization: `Bearer ${bearer}` } });
  expect((await get('cli-second', other.access_token!)).status).toBe(200);
  expect((await get('cli-first', other.access_token!)).status).toBe(403);
  expect((await get('cli-second', own.access_token!)).status).toBe(403);
});

it('an invalid --project is refused at start', async () => {
  await expect(startCli(['--project', 'Not Valid'], 'cli-first')).rejects.toThrow(/invalid project key/);
});
