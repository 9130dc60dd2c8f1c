import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { CONSOLE_SCRIPT } from '../../src/emulator/console/assets/console-script.js';
import { CONTROL_PREFIX } from '../../src/emulator/control/prefix.js';

const basic = (emulator: Emulator) => ({
  authorization: `Basic ${btoa(`${emulator.credentials.clientId}:${emulator.credentials.clientSecret}`)}`,
});

describe('the web console (GET /_emulator/console)', () => {
  it('serves its page, script and style sheet without credentials, from its own origin only', async () => {
    const emulator = createEmulator();
    for (const [path, type] of [
      ['/console', 'text/html'],
      ['/console/console.js', 'text/javascript'],
      ['/console/console.css', 'text/css'],
    ] as const) {
      const res = await emulator.fetch(`http://127.0.0.1${CONTROL_PREFIX}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'; script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Nothing from another origin (works offline, no CDN), no inline script.
      const text = await res.text();
      expect(text).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}\//i);
    }
    const page = await (await emulator.fetch(`http://127.0.0.1${CONTROL_PREFIX}/console`)).text();
    expect(page).toContain(`<script type="module" src="${CONTROL_PREFIX}/console/console.js"></script>`);
    expect(page).not.toContain(emulator.credentials.clientSecret);
  });

  it('serves a script that parses (it is written in a template string, where a stray backquote would end it)', () => {
    expect(() => new Function(CONSOLE_SCRIPT)).not.toThrow();
  });

  it('is absent with the control API off', async () => {
    const emulator = createEmulator({ control: false });
    expect((await emulator.fetch(`http://127.0.0.1${CONTROL_PREFIX}/console`)).status).toBe(404);
  });

  it.each([
    ['127.0.0.1', 'http://127.0.0.1:8080'],
    ['localhost', 'http://localhost:8080'],
    ['an IPv6 address', 'http://[::1]:8080'],
  ])('lets its own page (same origin, at %s) use the control API with the credentials, and only with them', async (_, origin) => {
    const emulator = createEmulator();
    const page = { origin, 'sec-fetch-site': 'same-origin' };
    const faults = `${origin}${CONTROL_PREFIX}/faults`;
    expect((await emulator.fetch(faults, { headers: page })).status).toBe(401);
    const armed = await emulator.fetch(faults, {
      method: 'POST',
      headers: { ...page, ...basic(emulator), 'content-type': 'application/json' },
      body: '{"kind":"error","status":503,"times":1}',
    });
    expect(armed.status).toBe(201);
    expect(emulator.faults.list()).toHaveLength(1);
    // No CORS headers: the control API answers no other origin.
    expect(armed.headers.get('access-control-allow-origin')).toBeNull();
  });
});
