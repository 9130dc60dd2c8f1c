import { afterEach, describe, expect, it } from 'vitest';
import { refusedLine, runCli, startCli, stopClis } from './helpers/cli.js';

/**
 * The CORS flags of the `commerce-emulator` command (src/cli.ts), run as a user runs it (helpers/cli.ts).
 */

const APP = 'http://localhost:5173';

afterEach(stopClis);

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
  ])('refuses %j with exit code 2 in one line', async (flags, message) => {
    expect(await refusedLine(['--port', '0', ...flags])).toMatch(message);
  });

  it('--help describes both flags', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toContain('[--cors-origin ORIGIN ... | --no-cors]');
    expect(cli.stdout()).toMatch(/--cors-origin {7}CORS only for this browser origin/);
    expect(cli.stdout()).toMatch(/--no-cors {11}no CORS headers at all/);
  });
});
