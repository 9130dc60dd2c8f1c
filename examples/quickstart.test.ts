import { describe, expect, it } from 'vitest';
import { runQuickstart } from './quickstart-steps.js';
import { targetFromEnvironment } from './target.js';

describe('the quickstart (pnpm demo)', () => {
  it('runs every step green against the embedded emulator, printing no secret', async () => {
    const target = await targetFromEnvironment({}, '/nonexistent/.env');
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
  });

  it('needs all four COMMERCE_* variables for the live service', async () => {
    const target = await targetFromEnvironment({ COMMERCE_REGION: 'europe-west1.gcp' }, '/nonexistent/.env');
    expect(target.kind).toBe('emulator');
    await expect(
      targetFromEnvironment(
        { COMMERCE_REGION: 'mars-1', COMMERCE_PROJECT_KEY: 'p', COMMERCE_CLIENT_ID: 'i', COMMERCE_CLIENT_SECRET: 's' },
        '/nonexistent/.env',
      ),
    ).rejects.toThrow(/COMMERCE_REGION/);
    const live = await targetFromEnvironment(
      { COMMERCE_REGION: 'europe-west1.gcp', COMMERCE_PROJECT_KEY: 'p', COMMERCE_CLIENT_ID: 'i', COMMERCE_CLIENT_SECRET: 's' },
      '/nonexistent/.env',
    );
    expect(live).toMatchObject({ kind: 'live', projectKey: 'p', urls: { api: 'https://api.europe-west1.gcp.commercetools.com' } });
  });
});
