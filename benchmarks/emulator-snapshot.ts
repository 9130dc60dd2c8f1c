/**
 * What a snapshot of the emulator costs, against seeding again: the "seed once, restore before
 * each test" pattern of the test-fixtures README. A script, not a test: it prints and exits 0
 * (exit code 1 only when a restored emulator answers differently, because then the figures mean
 * nothing).
 *
 *   cd benchmarks && pnpm exec tsx emulator-snapshot.ts [--products 40] [--rounds 20]
 *
 * For a catalogue seeded with `seedCatalogue` (Product Types, published Products with variants,
 * filled Product Selections, Stores; through the in-process `emulator.fetch`), it prints the
 * median over the rounds of: seeding it on a fresh emulator; `emulator.reset()`;
 * `emulator.snapshot()`; `emulator.restore(snapshot)`; and the snapshot's size as JSON.
 */
import { createEmulator, seedCatalogue } from '@commerce-kit/test-fixtures';
import { arg, fmt, machine, median, printTable } from './lib/report.js';

const products = Number(arg('products') ?? 40);
const rounds = Number(arg('rounds') ?? 20);
if (!Number.isInteger(products) || products < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('--products and --rounds must be integers >= 1');
  process.exit(2);
}
const options = { products, selections: 6, stores: 3 };

function timed<T>(act: () => T): [T, number] {
  const start = performance.now();
  const value = act();
  return [value, performance.now() - start];
}

async function timedAsync<T>(act: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await act();
  return [value, performance.now() - start];
}

/** What a test would look at: every Product Selection and Product, with versions. */
async function fingerprint(emulator: ReturnType<typeof createEmulator>): Promise<string> {
  const { api, auth } = emulator.urls();
  const { clientId, clientSecret } = emulator.credentials;
  const token = await emulator.fetch(`${auth}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const pages = await Promise.all(
    ['product-selections', 'products', 'stores'].map(async (path) => {
      const res = await emulator.fetch(`${api}/${emulator.projectKey}/${path}?limit=500&sort=id+asc`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      const body = (await res.json()) as { results: { id: string; version: number }[] };
      return body.results.map((r) => `${r.id}@${r.version}`).join(',');
    }),
  );
  return pages.join('|');
}

const seeding: number[] = [];
const resets: number[] = [];
const snapshots: number[] = [];
const restores: number[] = [];
let bytes = 0;
let wrong = 0;
for (let round = 0; round < rounds; round++) {
  const emulator = createEmulator({ projectKey: 'bench-snapshot' });
  const [, seedMs] = await timedAsync(() => seedCatalogue(emulator, { ...options, seed: round + 1 }));
  seeding.push(seedMs);
  const before = await fingerprint(emulator);
  const [snapshot, snapshotMs] = timed(() => emulator.snapshot());
  snapshots.push(snapshotMs);
  bytes = JSON.stringify(snapshot).length;
  const [, resetMs] = timed(() => emulator.reset());
  resets.push(resetMs);
  const [, restoreMs] = timed(() => emulator.restore(snapshot));
  restores.push(restoreMs);
  if ((await fingerprint(emulator)) !== before) wrong++;
}

console.log(`# Emulator snapshots\n${machine()}\n`);
console.log(`seedCatalogue ${JSON.stringify(options)} through the in-process fetch; median of ${rounds} rounds, each on a new emulator\n`);
printTable(
  ['step', 'median', 'vs seeding again'],
  [
    ['seed the catalogue (what a test would otherwise do before each test)', fmt.ms(median(seeding)), ''],
    ['emulator.snapshot()', fmt.ms(median(snapshots)), ''],
    ['emulator.reset()', fmt.ms(median(resets)), ''],
    ['emulator.restore(snapshot)', fmt.ms(median(restores)), `${(median(seeding) / median(restores)).toFixed(0)}x faster`],
  ],
);
console.log(`\nsnapshot size as JSON: ${fmt.kb(bytes)}`);
if (wrong > 0) {
  console.log(`\n${wrong} of ${rounds} restored emulators answered differently from before the snapshot: the figures mean nothing`);
  process.exit(1);
}
console.log(`every restored emulator answered as before the snapshot (${rounds} of ${rounds})`);
