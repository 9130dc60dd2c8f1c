/**
 * Section (a) of rest-client.ts, run in a child process of its own so that it measures the
 * packages as users run them: their built `dist/` JavaScript, resolved through each package's
 * `exports` (rest-client.ts starts it with a tsconfig without the workspace `paths`, so that
 * `@commerce-kit/*` is not mapped to the TypeScript sources; tsx transforms this file only).
 * Prints one JSON line: {@link OverheadFigures}.
 *
 * The same GET by id, with the same token, to the same in-process emulator, once through
 * `createRestClient(...).GET` and once as a bare `emulator.fetch` + `res.json()` of the same
 * request (Authorization and a fresh X-Correlation-ID, as the client sends); one request in
 * flight, many short rounds alternating between the two (a round is one batch of each, back to
 * back), the overhead being the median over the rounds of the round's ratio.
 */
import { createTokenProvider } from '@commerce-kit/core-auth';
import { createRestClient } from '@commerce-kit/rest-client';
import { createEmulator } from '@commerce-kit/test-fixtures';
import { arg, median } from './report.js';

/** What the child prints. Times in microseconds per request; ratios as fractions (0.07 = 7 %). */
export interface OverheadFigures {
  /** Where `@commerce-kit/rest-client` was loaded from (to show that it is the built package). */
  loadedFrom: string;
  rounds: number;
  perRound: number;
  bareWall: number;
  restWall: number;
  bareCpu: number;
  restCpu: number;
  /** Median over the rounds of (client / bare - 1), wall clock. */
  overheadWall: number;
  overheadCpu: number;
  /** The per-round wall ratios at the quartiles and extremes: [min, q1, q3, max]. */
  spread: [number, number, number, number];
}

const rounds = Number(arg('rounds') ?? 300);
const perRound = Number(arg('per-round') ?? 100);
const PROJECT = 'bench';

const emulator = createEmulator({ projectKey: PROJECT });
const urls = emulator.urls();
const tokenProvider = createTokenProvider({
  flow: 'client_credentials',
  authUrl: urls.auth,
  projectKey: PROJECT,
  credentials: { clientId: emulator.credentials.clientId, clientSecret: emulator.credentials.clientSecret },
  fetch: emulator.fetch,
});
const client = createRestClient({ baseUrl: urls.api, projectKey: PROJECT, auth: { tokenProvider }, fetch: emulator.fetch });
const token = await tokenProvider.getToken();
const seededIds: string[] = [];
for (let i = 0; i < 100; i++) {
  const created = await client.POST('/product-selections', { body: { key: `overhead-${i}`, name: { en: `Overhead ${i}` } } });
  if (created.error) throw new Error(`seed create failed: ${created.error.code}`);
  seededIds.push(created.data.id);
}
const id = seededIds[50]!;
const bareUrl = `${urls.api}/${PROJECT}/product-selections/${id}`;

// The same request the client sends: the bearer token and a fresh X-Correlation-ID (the service
// reads and echoes both; what the emulator spends on them is the service's work, not the client's).
async function viaBareFetch(): Promise<void> {
  const res = await emulator.fetch(bareUrl, {
    headers: { authorization: `Bearer ${token}`, 'x-correlation-id': `ck-${crypto.randomUUID()}` },
  });
  const body = (await res.json()) as { id?: string };
  if (res.status !== 200 || body.id !== id) throw new Error(`bare fetch: HTTP ${res.status}`);
}
async function viaClient(): Promise<void> {
  const { data, error } = await client.GET('/product-selections/{ID}', { params: { path: { ID: id } } });
  if (error || data.id !== id) throw new Error(`client: ${error?.code ?? 'wrong id'}`);
}

interface Sample {
  wallMicros: number;
  cpuMicros: number;
}
async function round(fn: () => Promise<void>, n: number): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const wall = (performance.now() - started) * 1000;
  const { user, system } = process.cpuUsage(cpu);
  return { wallMicros: wall / n, cpuMicros: (user + system) / n };
}

// Warm-up: both paths JIT-compiled before anything is counted.
await round(viaBareFetch, 2000);
await round(viaClient, 2000);
const bare: Sample[] = [];
const viaRest: Sample[] = [];
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so drift in machine load hits both alike.
  if (r % 2 === 0) {
    bare.push(await round(viaBareFetch, perRound));
    viaRest.push(await round(viaClient, perRound));
  } else {
    viaRest.push(await round(viaClient, perRound));
    bare.push(await round(viaBareFetch, perRound));
  }
}
// Per-round ratios: each round's two batches ran back to back, so a change in machine load, a GC
// or JIT pause hits a round rather than one side of the comparison; the median round is the figure.
const pairRatios = viaRest.map((s, i) => s.wallMicros / bare[i]!.wallMicros - 1).sort((a, b) => a - b);
const quartile = (q: number) => pairRatios[Math.floor((pairRatios.length - 1) * q)]!;
const figures: OverheadFigures = {
  loadedFrom: import.meta.resolve('@commerce-kit/rest-client'),
  rounds,
  perRound,
  bareWall: median(bare.map((s) => s.wallMicros)),
  restWall: median(viaRest.map((s) => s.wallMicros)),
  bareCpu: median(bare.map((s) => s.cpuMicros)),
  restCpu: median(viaRest.map((s) => s.cpuMicros)),
  overheadWall: median(pairRatios),
  overheadCpu: median(viaRest.map((s, i) => s.cpuMicros / bare[i]!.cpuMicros - 1)),
  spread: [pairRatios[0]!, quartile(0.25), quartile(0.75), pairRatios.at(-1)!],
};
console.log(JSON.stringify(figures));
