import { describe, expect, it } from 'vitest';
import { PROJECT, authPost, setup, type TestEmulator } from './helpers.js';

/**
 * The authorization service under the common request rules: requests blocked by the header and
 * correlation-id rules issue nothing, and every answer carries an X-Correlation-ID.
 */
describe('the authorization service under the common request rules', () => {
  describe('blocked requests issue no token', () => {
    const anonymous = (t: TestEmulator, headers: Record<string, string> = {}) =>
      authPost(
        t.emulator,
        `/oauth/${PROJECT}/anonymous/token`,
        { grant_type: 'client_credentials', anonymous_id: 'visitor-1' },
        t.bootstrap,
        { headers },
      );

    const blocked: [string, Record<string, string>, number][] = [
      ['URL plus headers above 15 KB', { 'x-padding': 'p'.repeat(16 * 1024) }, 431],
      ['an Upgrade header', { upgrade: 'websocket', connection: 'upgrade' }, 400],
      ['an X-Correlation-ID of 7 characters', { 'x-correlation-id': 'abcdefg' }, 400],
    ];
    for (const [what, headers, status] of blocked) {
      it(`${what}: ${status} with the error body and a correlation id; the anonymous id stays unused`, async () => {
        const t = setup();
        const counts = t.emulator.context.auth.tokenCounts();
        const res = await anonymous(t, headers);
        expect(res.status).toBe(status);
        const body = (await res.json()) as { statusCode: number; errors: { code: string }[] };
        expect(body.statusCode).toBe(status);
        if (status === 400) expect(body.errors[0]?.code).toBe('InvalidInput');
        expect(res.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
        expect(t.emulator.context.auth.tokenCounts()).toEqual(counts);
        // The id was never taken: a normal request may still start the session with it.
        const later = await anonymous(t);
        expect(later.status).toBe(200);
        expect(((await later.json()) as { scope: string }).scope).toContain('anonymous_id=visitor-1');
      });
    }
  });

  it('generates an X-Correlation-ID on its answers when the request has none, a new one per request', async () => {
    const t = setup();
    const ids: string[] = [];
    for (const credentials of [t.bootstrap, { clientId: 'bootstrap', clientSecret: 'wrong' }]) {
      const res = await authPost(t.emulator, '/oauth/token', { grant_type: 'client_credentials' }, credentials);
      ids.push(res.headers.get('x-correlation-id') ?? '');
    }
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
    expect(new Set(ids).size).toBe(2);
  });
});
