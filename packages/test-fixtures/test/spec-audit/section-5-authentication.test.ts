import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startIntrospectionServer, type IntrospectionServer } from '../../src/introspection-server.js';
import { PROJECT, api, clientToken, okJson, setup, type TestEmulator } from '../auth/helpers.js';

const AUTHORIZATION = 'Basic ZXh0OnNlY3JldA==';

/**
 * Spec 5 where the existing tests stop: the X-Correlation-ID the service generates (Headers: "generated
 * by the service when absent", "propagated ... to external OAuth servers") reaches the external
 * introspection endpoint (External OAuth rule 2), and is the one on the answer.
 */
describe('spec 5: correlation ids and the external OAuth server', () => {
  let server: IntrospectionServer;
  let t: TestEmulator;
  beforeEach(async () => {
    server = await startIntrospectionServer({ host: '127.0.0.1', port: 0, authorization: AUTHORIZATION });
    t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const version = t.emulator.context.state.project.version;
    await okJson(
      api(t.emulator, `/${PROJECT}`, admin, {
        method: 'POST',
        body: {
          version,
          actions: [{ action: 'setExternalOAuth', externalOAuth: { url: server.url, authorizationHeader: AUTHORIZATION } }],
        },
      }),
    );
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends the generated X-Correlation-ID to the external server when the caller sent none, and answers with the same id', async () => {
    server.register('ext-1', { active: true, scope: `view_project_settings:${PROJECT}` });
    server.register('ext-2', { active: false });
    for (const [token, status] of [
      ['ext-1', 200],
      ['ext-2', 401],
    ] as const) {
      const res = await api(t.emulator, `/${PROJECT}`, token);
      expect(res.status, token).toBe(status);
      const id = res.headers.get('x-correlation-id');
      expect(id).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
      const call = server.calls.find((c) => c.token === token);
      expect(call?.headers['authorization']).toBe(AUTHORIZATION);
      expect(call?.correlationId).toBe(id);
    }
    expect(new Set(server.calls.map((c) => c.correlationId)).size).toBe(2);
  });
});
