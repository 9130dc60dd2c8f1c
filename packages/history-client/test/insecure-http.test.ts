import { afterEach, describe, expect, it, vi } from 'vitest';
import { unwrap } from '../src/index.js';
import { setup } from './helpers.js';

/** `allowInsecureHttp: true`: an emulator that is not on loopback (`http://emulator:8080/history` in docker compose). */

afterEach(() => vi.restoreAllMocks());

describe('createHistoryClient and plain http to a host that is not loopback', () => {
  it("refuses it by default, and the service's hosts even with allowInsecureHttp: true", async () => {
    const s = await setup();
    expect(() => s.clientWith({ baseUrl: 'http://emulator:8080/history' })).toThrow(expect.objectContaining({ code: 'INSECURE_URL' }));
    expect(() => s.clientWith({ baseUrl: 'http://history.europe-west1.gcp.commercetools.com', allowInsecureHttp: true })).toThrow(
      expect.objectContaining({ code: 'INSECURE_URL', message: expect.stringContaining("service's own hosts") }),
    );
  });

  it('accepts it with allowInsecureHttp: true (the in-process emulator answers for http://emulator:8080)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = await setup();
    const client = s.clientWith({ baseUrl: 'http://emulator:8080/history', allowInsecureHttp: true });
    expect(unwrap(await client.queryRecords({ withTotal: true })).total).toBe(0);
    expect(s.sent.map((request) => request.url.origin)).toEqual(['http://emulator:8080']);
  });
});
