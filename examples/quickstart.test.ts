import { describe, expect, it } from 'vitest';
import { runQuickstart } from './quickstart-steps.js';
import { targetFromEnvironment } from './target.js';

describe('the quickstart (pnpm demo)', () => {
  it('runs every step green against the embedded emulator, printing no secret', async () => {
    const target = await targetFromEnvironment({});
    expect(target.kind).toBe('emulator');
    const lines: string[] = [];
    const ok = await runQuickstart(target, { log: (line) => lines.push(line) });
    const output = lines.join('\n');
    expect(output).toContain('All steps passed');
    expect(ok).toBe(true);
    expect(output).not.toContain(target.credentials.clientSecret);
    expect(output).not.toContain('quickstart-password');
    expect(output).toMatch(/in-store\/key=\{storeKey\}\/product-projections\/\{ID\} \(outside\) → 404/);
    expect(output).toMatch(/with the stale version → 409/);
    expect(output).toMatch(/POST \/product-selections → 201 .*custom=\{"season":"summer"\}/);
    // The checkout's totals, worked out by hand in quickstart-checkout.ts: 2 x 12.99 + 8.49 + 4.99
    // shipping = 39.46, of which VAT (19 % included, per item) 4.15 + 1.36 + 0.80 = 6.31.
    expect(output).toMatch(/POST \/me\/login .* → 200 .*lines=\["1 x QS-CAP","2 x QS-MUG"\]/);
    expect(output).toMatch(/GET \/orders\/order-number=\{orderNumber\} → 200 .*totalPrice=39\.46 EUR {2}net=33\.15 EUR {2}vat=6\.31 EUR/);
  });

  it('reads the CTP_* variables of an API client; the history URL follows the API host', async () => {
    const env = {
      CTP_PROJECT_KEY: 'p',
      CTP_CLIENT_ID: 'i',
      CTP_CLIENT_SECRET: 's',
      CTP_AUTH_URL: 'https://auth.europe-west1.gcp.commercetools.com',
      CTP_API_URL: 'https://api.europe-west1.gcp.commercetools.com/',
      CTP_SCOPES: 'view_products:p manage_orders:p',
    };
    expect(await targetFromEnvironment(env)).toMatchObject({
      kind: 'live',
      projectKey: 'p',
      credentials: { clientId: 'i', clientSecret: 's' },
      scopes: 'view_products:p manage_orders:p',
      urls: {
        api: 'https://api.europe-west1.gcp.commercetools.com',
        auth: 'https://auth.europe-west1.gcp.commercetools.com',
        history: 'https://history.europe-west1.gcp.commercetools.com',
      },
    });
    const emulator = await targetFromEnvironment({
      ...env,
      CTP_API_URL: 'http://127.0.0.1:8080',
      CTP_AUTH_URL: 'http://127.0.0.1:8080/auth',
    });
    expect(emulator.urls.history).toBe('http://127.0.0.1:8080/history');
    expect((await targetFromEnvironment({ CTP_PROJECT_KEY: 'p' })).kind).toBe('emulator');
  });

  it('still reads the four COMMERCE_* variables', async () => {
    const target = await targetFromEnvironment({ COMMERCE_REGION: 'europe-west1.gcp' });
    expect(target.kind).toBe('emulator');
    await expect(
      targetFromEnvironment({ COMMERCE_REGION: 'mars-1', COMMERCE_PROJECT_KEY: 'p', COMMERCE_CLIENT_ID: 'i', COMMERCE_CLIENT_SECRET: 's' }),
    ).rejects.toThrow(/COMMERCE_REGION/);
    const live = await targetFromEnvironment({
      COMMERCE_REGION: 'europe-west1.gcp',
      COMMERCE_PROJECT_KEY: 'p',
      COMMERCE_CLIENT_ID: 'i',
      COMMERCE_CLIENT_SECRET: 's',
    });
    expect(live).toMatchObject({ kind: 'live', projectKey: 'p', urls: { api: 'https://api.europe-west1.gcp.commercetools.com' } });
  });
});
