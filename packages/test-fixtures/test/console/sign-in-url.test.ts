import { describe, expect, it } from 'vitest';
import { consoleSignInUrl } from '../../src/cli/open-browser.js';

const decode = (url: string) => JSON.parse(Buffer.from(new URL(url).hash.slice('#signin='.length), 'base64url').toString('utf8'));

describe('the console URL that --open signs in with', () => {
  it('carries the credentials in the fragment only, as base64url JSON', () => {
    const url = consoleSignInUrl('http://127.0.0.1:8080/_emulator/console', { clientId: 'demo', clientSecret: 's3cr/t+?#&' });
    const parsed = new URL(url);
    // The fragment never reaches the server: the path and query are the console's.
    expect(`${parsed.origin}${parsed.pathname}${parsed.search}`).toBe('http://127.0.0.1:8080/_emulator/console');
    expect(parsed.hash).toMatch(/^#signin=[A-Za-z0-9_-]+$/);
    expect(decode(url)).toEqual({ clientId: 'demo', clientSecret: 's3cr/t+?#&' });
  });

  it('keeps only the two credentials, and replaces a fragment already there', () => {
    const credentials = { clientId: 'ü-client', clientSecret: 'x', scope: 'manage_project:demo' };
    const url = consoleSignInUrl('http://localhost:1/_emulator/console#requests', credentials);
    expect(url.split('#')).toHaveLength(2);
    expect(decode(url)).toEqual({ clientId: 'ü-client', clientSecret: 'x' });
  });
});
