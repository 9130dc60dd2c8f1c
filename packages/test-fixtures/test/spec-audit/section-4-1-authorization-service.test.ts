import { describe, expect, it } from 'vitest';
import { PROJECT, authPost, clientToken, introspect, setup, type TestEmulator } from '../auth/helpers.js';

/**
 * Spec 4.1 and 7 where the existing tests stop: a server error during revocation (rule 3: 5xx
 * means the token still exists; retry later), and the authorization service under the common
 * request rules (spec 5 Headers, spec 8 disallowed requests): blocked requests issue nothing.
 */
describe('spec 4.1: authorization service', () => {
  const revoke = (t: TestEmulator, token: string) => authPost(t.emulator, '/oauth/token/revoke', { token }, t.bootstrap);
  const apiStatus = async (t: TestEmulator, token: string) =>
    (await t.emulator.fetch(`http://127.0.0.1/${PROJECT}/product-selections`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('rule 3: a server error during revocation is 5xx and the token still exists; the retry revokes it with 200', async () => {
    const t = setup();
    const { access_token: token } = await clientToken(t.emulator, t.bootstrap);
    const remove = t.emulator.faults.inject({ kind: 'error', status: 503, method: 'POST', path: '/auth/oauth/token/revoke', times: 1 });
    const failed = await revoke(t, token);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.status).toBeLessThan(600);
    expect(await introspect(t.emulator, t.bootstrap, token)).toMatchObject({ active: true });
    expect(await apiStatus(t, token)).toBe(200);
    remove();
    const retried = await revoke(t, token);
    expect(retried.status).toBe(200);
    expect(await introspect(t.emulator, t.bootstrap, token)).toEqual({ active: false });
    expect(await apiStatus(t, token)).toBe(401);
  });

  describe('blocked requests issue no token (spec 8, contract-notes 7)', () => {
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

  it('spec 5 Headers: generates an X-Correlation-ID on its answers when the request has none, a new one per request', async () => {
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
