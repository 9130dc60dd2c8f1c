import { afterEach, describe, expect, it } from 'vitest';
import { eventually, startCliReady, stopClis } from '../helpers/cli.js';

/** `--ready-json`: the line a harness reads instead of the banner, over the real CLI. */

afterEach(stopClis);

describe('commerce-emulator --ready-json', () => {
  it('prints one JSON line first on stdout, with URLs and credentials that work; the banner goes to stderr', async () => {
    const { ready, cli } = await startCliReady(['--port', '0', '--project', 'ready-project', '--log', 'off']);
    const origin = ready.origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready).toEqual({
      ready: true,
      origin,
      port: Number(new URL(origin).port),
      projectKey: 'ready-project',
      urls: { api: origin, auth: `${origin}/auth`, history: `${origin}/history` },
      graphql: { commerce: `${origin}/ready-project/graphql`, history: `${origin}/history/ready-project/graphql` },
      control: `${origin}/_emulator`,
      credentials: {
        clientId: expect.stringMatching(/^emulator-/),
        clientSecret: expect.any(String),
        scope: 'manage_project:ready-project',
      },
    });
    expect(cli.stdout().split('\n')).toEqual([expect.any(String), '']);
    await eventually(() => (cli.stderr().includes('try:') ? true : undefined), 'the banner on stderr');
    expect(cli.stderr()).toContain(`commerce emulator for project 'ready-project' listening on ${origin}`);

    const { clientId, clientSecret } = ready.credentials;
    const token = await fetch(`${ready.urls.auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const graphql = await fetch(ready.graphql.commerce, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ productSelections { total } }' }),
    });
    expect(await graphql.json()).toEqual({ data: { productSelections: { total: 0 } } });
    expect(await (await fetch(`${ready.control}/health`)).json()).toMatchObject({ status: 'ready', projectKey: 'ready-project' });
  });
});
