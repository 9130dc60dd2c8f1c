import { afterEach, describe, expect, it } from 'vitest';
import { eventually, startCliReady, stopClis } from '../helpers/cli.js';

/** `--host 0.0.0.0` (a container): the URLs printed are ones a client can use. */

afterEach(stopClis);

describe('commerce-emulator --host 0.0.0.0', () => {
  it('listens on every interface and prints the loopback URL, and how other hosts reach it', async () => {
    const { ready, cli } = await startCliReady(['--port', '0', '--host', '0.0.0.0', '--project', 'any-host']);
    expect(ready.origin).toBe(`http://127.0.0.1:${ready.port}`);
    expect(ready.urls.auth).toBe(`http://127.0.0.1:${ready.port}/auth`);
    const banner = await eventually(() => (cli.stderr().includes('try:') ? cli.stderr() : undefined), 'the banner');
    expect(banner).toContain(`listening on http://127.0.0.1:${ready.port}\n`);
    expect(banner).toContain(
      `bound to 0.0.0.0 (every interface): from another container or host use http://<this host's name>:${ready.port}`,
    );
    expect(banner).toContain('allowInsecureHttp: true');
    expect(banner).not.toContain('0.0.0.0:');
    expect(await (await fetch(`${ready.control}/health`)).json()).toMatchObject({ status: 'ready', projectKey: 'any-host' });
  });

  it('on loopback, the banner has no such line', async () => {
    const { cli } = await startCliReady(['--port', '0']);
    const banner = await eventually(() => (cli.stderr().includes('try:') ? cli.stderr() : undefined), 'the banner');
    expect(banner).not.toContain('bound to');
  });
});
