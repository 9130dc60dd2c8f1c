import { afterEach, describe, expect, it } from 'vitest';
import { refusedLine, runCli, stopClis } from '../helpers/cli.js';

/** `commerce-emulator exec -- <command>`, run as a user runs it: a command against a fresh emulator. */

afterEach(stopClis);

/** A command that gets a token with the CTP_* variables, prints what it used, and exits 0 on 200, else 3. */
const TOKEN_SCRIPT = `
const { CTP_PROJECT_KEY, CTP_CLIENT_ID, CTP_CLIENT_SECRET, CTP_AUTH_URL, CTP_API_URL, CTP_SCOPES } = process.env;
const res = await fetch(CTP_AUTH_URL + '/oauth/token', {
  method: 'POST',
  headers: { authorization: 'Basic ' + btoa(CTP_CLIENT_ID + ':' + CTP_CLIENT_SECRET), 'content-type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=client_credentials&scope=' + CTP_SCOPES,
});
const { access_token } = await res.json();
const stores = await fetch(CTP_API_URL + '/' + CTP_PROJECT_KEY + '/stores', { headers: { authorization: 'Bearer ' + access_token } });
console.log(JSON.stringify({ project: CTP_PROJECT_KEY, token: res.status, stores: stores.status }));
process.exit(res.status === 200 && stores.status === 200 ? 0 : 3);
`;

describe('commerce-emulator exec -- <command>', () => {
  it('runs the command with CTP_* pointing at a fresh emulator, then stops with its exit code', async () => {
    const cli = runCli(['exec', '--project', 'exec-project', '--', process.execPath, '--input-type=module', '-e', TOKEN_SCRIPT]);
    expect(await cli.exit).toBe(0);
    expect(JSON.parse(cli.stdout())).toEqual({ project: 'exec-project', token: 200, stores: 200 });
    expect(cli.stderr()).toMatch(/^commerce-emulator: project 'exec-project' at http:\/\/127\.0\.0\.1:\d+; running /);
    expect(cli.stderr()).toContain('commerce-emulator: the command exited with 0: stopping');
  });

  it("exits with the command's exit code when it fails", async () => {
    const cli = runCli(['exec', '--client-secret', 'x', '--', process.execPath, '-e', 'process.exit(3)']);
    expect(await cli.exit).toBe(3);
  });

  it('a command that cannot start: exit code 127, naming it', async () => {
    const cli = runCli(['exec', '--', 'no-such-command-here']);
    expect(await cli.exit).toBe(127);
    expect(cli.stderr()).toContain('commerce-emulator: exec: cannot run no-such-command-here: spawn no-such-command-here ENOENT');
  });

  it('without a command after --: one line, exit code 2', async () => {
    expect(await refusedLine(['exec', '--port', '0'])).toContain('exec needs a command after --');
  });
});
