/**
 * The soak: 500 creates and 500 updates through the helpers while 20 % of the requests to Product
 * Selections fail (500 after commit, 503, connections cut before and after the handler). At the
 * end: no duplicate, no lost update, every version accounted for.
 */
import { describe, expect, it } from 'vitest';
import { createAndVerify, paginate, updateWithRetry, type ProductSelection } from '../src/index.js';
import type { FetchFunction } from '@commerce-kit/core-auth/http';
import { PROJECT, pool, recordingSleep, setup } from './helpers.js';

const CREATES = 500;
const SELECTIONS_UPDATED = 50;
const UPDATES_EACH = 10;
/** Four rules at p each: 1 - (1 - p)^4 = 0.2 of the matching requests get a fault. */
const P = 1 - Math.pow(0.8, 1 / 4);

/** Counts what the service answered: faults show as 500/503 answers or rejected fetches. */
function outcomes(inner: FetchFunction) {
  const tally = { requests: 0, failed: 0 };
  const fetch: FetchFunction = async (input, init) => {
    tally.requests += 1;
    try {
      const res = await inner(input, init);
      if (res.status === 500 || res.status === 503) tally.failed += 1;
      return res;
    } catch (error) {
      tally.failed += 1;
      throw error;
    }
  };
  return { fetch, tally };
}

describe('soak: creates and updates under 20 % faults', () => {
  it('ends with no duplicate resource, no lost update, consistent versions', { timeout: 60_000 }, async () => {
    const { sleep } = recordingSleep();
    const base = setup({}, { faultSeed: 20_26 });
    const counted = outcomes(base.emu.fetch);
    const client = base.makeClient({ fetch: counted.fetch, retry: { sleep, maxRetries: 5 } });
    const path = new RegExp(`^/${PROJECT}/product-selections`);
    base.emu.faults.inject({ kind: 'error', status: 500, when: 'after', path, probability: P });
    base.emu.faults.inject({ kind: 'error', status: 503, path, probability: P });
    base.emu.faults.inject({ kind: 'cut', path, probability: P });
    base.emu.faults.inject({ kind: 'cut', when: 'after', path, probability: P });

    // 500 creates, 20 at a time.
    const keys = Array.from({ length: CREATES }, (_, i) => `soak-${String(i).padStart(3, '0')}`);
    const created = await pool(
      20,
      keys.map(
        (key) => () =>
          createAndVerify(client, { path: '/product-selections', body: { key, name: { en: key } }, retry: { maxRetries: 9, sleep } }),
      ),
    );
    const failedCreates = created.filter((r) => r.error !== undefined);
    expect(failedCreates.map((r) => r.error)).toEqual([]);
    const verified = created.filter((r) => r.verified).length;
    expect(verified).toBeGreaterThan(0); // some creates committed but answered with a failure
    const idByKey = new Map(created.map((r) => [r.data!.key!, r.data!.id]));
    expect(idByKey.size).toBe(CREATES);

    // 500 updates: 10 per selection on 50 selections, shuffled and 25 at a time, so writers
    // collide on the same selection. Each adds its own locale (an end-state action).
    const targets = keys.slice(0, SELECTIONS_UPDATED);
    const updates = targets.flatMap((key, t) =>
      Array.from({ length: UPDATES_EACH }, (_, u) => ({ key, locale: `en-x${t}u${u}`, text: `v${u}` })),
    );
    let seed = 7;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
    for (let i = updates.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [updates[i], updates[j]] = [updates[j]!, updates[i]!];
    }
    const updated = await pool(
      25,
      updates.map(
        ({ key, locale, text }) =>
          () =>
            updateWithRetry(client, {
              path: '/product-selections/key={key}',
              params: { path: { key } },
              retry: { maxRetries: 59, sleep },
              buildActions: (current: ProductSelection) =>
                current.name[locale] === text ? [] : [{ action: 'changeName', name: { ...current.name, [locale]: text } }],
            }),
      ),
    );
    expect(updated.filter((r) => r.error !== undefined).map((r) => r.error)).toEqual([]);

    // The faults did happen, at about the rate asked for.
    const rate = counted.tally.failed / counted.tally.requests;
    console.info(
      `soak: ${counted.tally.requests} requests, ${counted.tally.failed} faulted (${(rate * 100).toFixed(1)} %), ${verified} creates found by key`,
    );
    expect(rate).toBeGreaterThan(0.12);
    expect(rate).toBeLessThan(0.28);

    // Verify without faults.
    base.emu.faults.clear();
    const reader = base.makeClient({ fetch: base.emu.fetch });
    const all: ProductSelection[] = [];
    for await (const selection of paginate(reader, '/product-selections')) all.push(selection);
    // No duplicate: exactly one resource per create, with the id the create reported.
    expect(all).toHaveLength(CREATES);
    expect(new Set(all.map((x) => x.key)).size).toBe(CREATES);
    for (const selection of all) expect(selection.id).toBe(idByKey.get(selection.key!));
    // No lost update, and versions consistent: each update applied exactly once.
    const byKey = new Map(all.map((x) => [x.key!, x]));
    for (const [t, key] of targets.entries()) {
      const selection = byKey.get(key)!;
      const expected: Record<string, string> = { en: key };
      for (let u = 0; u < UPDATES_EACH; u += 1) expected[`en-x${t}u${u}`] = `v${u}`;
      expect(selection.name).toEqual(expected);
      expect(selection.version).toBe(1 + UPDATES_EACH);
    }
    for (const key of keys.slice(SELECTIONS_UPDATED)) expect(byKey.get(key)!.version).toBe(1);
    // The messages agree: one ProductSelectionCreated per selection.
    const { data: messages } = await reader.GET('/messages', {
      params: { query: { where: ['type = "ProductSelectionCreated"'], limit: 0, withTotal: true } },
    });
    expect(messages?.total).toBe(CREATES);
  });
});
