import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProductSelectionsDocument } from '../src/index.js';
import { setUp } from './helpers.js';

/** `allowInsecureHttp: true`: an emulator that is not on loopback (`http://emulator:8080` in docker compose). */

afterEach(() => vi.restoreAllMocks());

describe('createGraphqlClient and plain http to a host that is not loopback', () => {
  it("refuses it by default, and the service's hosts even with allowInsecureHttp: true", async () => {
    await expect(setUp('graphql-insecure', { baseUrl: 'http://emulator:8080' })).rejects.toMatchObject({ code: 'INSECURE_URL' });
    await expect(
      setUp('graphql-insecure', { baseUrl: 'http://api.europe-west1.gcp.commercetools.com', allowInsecureHttp: true }),
    ).rejects.toMatchObject({
      code: 'INSECURE_URL',
      message: expect.stringContaining("service's own hosts"),
    });
  });

  it('accepts it with allowInsecureHttp: true (the in-process emulator answers for http://emulator:8080)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = await setUp('graphql-insecure', { baseUrl: 'http://emulator:8080', allowInsecureHttp: true });
    const { data } = await client.request(QueryProductSelectionsDocument, {});
    expect(data?.productSelections.total).toBe(0);
  });
});
