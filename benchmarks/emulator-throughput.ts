/**
 * Throughput of the emulator (issue 3 figures), printed as a table. A script, not a test: it never
 * fails on a slow machine, it only prints what it measured (exit code 1 only when a request of the
 * mix or the iteration gave a wrong answer, because then the figures mean nothing).
 *
 *   pnpm --filter @commerce-kit/benchmarks throughput [--seconds 4] [--concurrency 16] [--iterate 100000] [--skip-mock]
 *
 * Phases (see README.md for the details):
 *   1. the create / get by id / update / query-by-key mix (25 % each) through the in-process
 *      `emulator.fetch`, at 1 000 and 20 000 stored Product Selections;
 *   2. the same mix over loopback with the global `fetch` against `startEmulator` in a child
 *      process, at 1 000, 10 000 and 20 000;
 *   2b. the same in the durable mode (`dataDir`: every write committed to SQLite before it is
 *      answered), at 1 000, 10 000 and 20 000;
 *   3. the same mix over loopback against @labdigital/commercetools-mock in a child process, at
 *      1 000, 3 000 and 10 000;
 *   4. iterating 100 000 Product Selections in pages of 500 the recommended way, by id
 *      (withTotal=false, sort=id asc, where id > "<last>") through the in-process `emulator.fetch`.
 */
import * as os from 'node:os';
import { createEmulator } from '@commerce-kit/test-fixtures';
import { startLoopbackServer } from './lib/child.js';
import { clientCredentialsToken, fillOverHttp, runMix, type MixOptions, type MixResult, type Seeded, type Target } from './lib/mix.js';
import { arg, fmt, machine, median, printTable, verdict } from './lib/report.js';

const measureSeconds = Number(arg('seconds') ?? 4);
const concurrency = Number(arg('concurrency') ?? 16);
const iterateCount = Number(arg('iterate') ?? 100_000);
/** The in-process store holds this many after phase 1; the iteration fills up from there. */
const IN_PROCESS_SIZES = [1_000, 20_000];
const storedAfterPhase1 = IN_PROCESS_SIZES.at(-1)!;
if (!Number.isInteger(iterateCount) || iterateCount < storedAfterPhase1) {
  console.error(`--iterate must be an integer >= ${storedAfterPhase1} (the store already holds that many after phase 1)`);
  process.exit(2);
}
const skipMock = arg('skip-mock') !== undefined;
const PAGE = 500;

function mixOptions(nominal: number): MixOptions {
  // Creates are a quarter of a window; a window adds at most 10 % of the nominal size before the
  // clean-up between windows deletes what it created.
  return {
    measureMs: measureSeconds * 1000,
    concurrency,
    windowOps: Math.max(200, Math.round(nominal * 0.4)),
    windowMs: 1000,
    warmupOps: 400,
  };
}

interface Row {
  server: string;
  transport: string;
  stored: number;
  result: MixResult;
  /** CPU share of this (load-generating) process over the phase, clean-ups included. */
  clientCpu: number;
  load: number;
}
const rows: Row[] = [];
let wrongAnswers = 0;

/** Requests per second one core could serve at the measured CPU cost per request. */
const capacity = (r: MixResult): number | undefined => (r.cpuMicrosPerRequest === undefined ? undefined : 1e6 / r.cpuMicrosPerRequest);

function report(row: Row): void {
  rows.push(row);
  const r = row.result;
  if (r.errors > 0) wrongAnswers += r.errors;
  console.log(
    `  ${row.server} ${row.transport} @ ${fmt.int(row.stored)}: ${fmt.int(r.rate)} req/s (${fmt.int(r.ops)} requests in ${r.seconds.toFixed(2)} s, ${r.windows} windows, ` +
      `p50 ${fmt.ms(r.p50Ms)}, p99 ${fmt.ms(r.p99Ms)}, store grew by <= ${r.maxCreatesPerWindow} within a window; ` +
      `${row.transport === 'in-process' ? 'process' : 'server process'} CPU ${fmt.int(r.cpuMicrosPerRequest ?? NaN)} us/request = ${fmt.int(capacity(r) ?? NaN)} req/s per core; ` +
      `load generator CPU ${fmt.pct(row.clientCpu * 100)}, load average ${row.load.toFixed(2)})` +
      `${r.errors > 0 ? `\n    ${r.errors} WRONG ANSWERS, first: ${r.firstError}` : ''}`,
  );
}

/** CPU share of this process and the load average over a phase (the phase includes the untimed clean-ups). */
function cpuProbe(): () => { clientCpu: number; load: number } {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  return () => {
    const wallMicros = (performance.now() - wallStart) * 1000;
    const { user, system } = process.cpuUsage(cpuStart);
    return { clientCpu: (user + system) / wallMicros, load: os.loadavg()[0]! };
  };
}

const ownCpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  console.log(`  (${label}: ${((performance.now() - started) / 1000).toFixed(1)} s, not measured)`);
  return value;
}

console.log(`# Emulator throughput\n${machine()}`);
console.log(
  `Mix: create / get by id / update (changeName) / query by key (where=key="..."), 25 % each, round-robin per worker; ` +
    `${concurrency} requests in flight; about ${measureSeconds} s measured per row in windows of at most 0.4 x stored requests ` +
    `(and 1 s), the Product Selections created in a window deleted between windows (not timed); 400 warm-up requests first.\n`,
);

// ---- 1. in-process --------------------------------------------------------------------------
console.log('## 1. Our emulator, in-process (emulator.fetch, no socket)');
const emulator = createEmulator({ projectKey: 'bench' });
const inProcessUrls = emulator.urls();
const inProcess: Target = {
  fetch: emulator.fetch,
  api: inProcessUrls.api,
  projectKey: 'bench',
  token: await clientCredentialsToken(
    emulator.fetch,
    `${inProcessUrls.auth}/oauth/token`,
    emulator.credentials.clientId,
    emulator.credentials.clientSecret,
  ),
};
let seeded: Seeded[] = [];
for (const size of IN_PROCESS_SIZES) {
  seeded = seeded.concat(
    await timed(`pre-filling to ${fmt.int(size)} with HTTP creates through emulator.fetch`, () =>
      fillOverHttp(inProcess, seeded.length, size, 'seed'),
    ),
  );
  const probe = cpuProbe();
  const result = await runMix(inProcess, seeded, { ...mixOptions(size), serverCpuMicros: ownCpuMicros }, `ip${size}`);
  report({ server: 'emulator', transport: 'in-process', stored: size, result, ...probe() });
}

// ---- 2. our emulator over loopback -----------------------------------------------------------
const SERVER_NAMES = { emulator: 'emulator', durable: 'emulator durable', mock: 'community mock' } as const;
async function loopback(kind: keyof typeof SERVER_NAMES, sizes: readonly number[]): Promise<void> {
  const server = await startLoopbackServer(kind);
  try {
    const target: Target = {
      fetch: (url, init) => fetch(url, init),
      api: server.ready.api,
      projectKey: server.ready.projectKey,
      token: await clientCredentialsToken(fetch, server.ready.tokenUrl, server.ready.clientId, server.ready.clientSecret),
      remove: (items) => server.remove(items),
    };
    console.log(`  (${kind} ${server.ready.version} listening on ${server.ready.origin}, token from ${server.ready.tokenUrl})`);
    let items: Seeded[] = [];
    for (const size of sizes) {
      items = items.concat(
        await timed(`pre-filling to ${fmt.int(size)} inside the server process`, () => server.fill(items.length, size, 'seed')),
      );
      const probe = cpuProbe();
      const result = await runMix(target, items, { ...mixOptions(size), serverCpuMicros: () => server.cpuMicros() }, `${kind}${size}`);
      report({ server: SERVER_NAMES[kind], transport: 'loopback', stored: size, result, ...probe() });
    }
  } finally {
    await server.close();
  }
}

console.log('\n## 2. Our emulator over loopback (startEmulator in a child process, global fetch here)');
await loopback('emulator', [1_000, 10_000, 20_000]);
console.log('\n## 2b. Our emulator in the durable mode over loopback (startEmulator({ dataDir }) in a child process)');
await loopback('durable', [1_000, 10_000, 20_000]);

// ---- 3. the community mock over loopback -----------------------------------------------------
if (!skipMock) {
  console.log('\n## 3. @labdigital/commercetools-mock over loopback (its Fastify app in a child process, global fetch here)');
  await loopback('mock', [1_000, 3_000, 10_000]);
}

// ---- 4. iteration -----------------------------------------------------------------------------
console.log(
  `\n## 4. Iterating ${fmt.int(iterateCount)} Product Selections in-process, pages of ${PAGE}, withTotal=false, sort=id asc, where id > "<last>"`,
);
seeded = seeded.concat(
  await timed(`pre-filling from ${fmt.int(seeded.length)} to ${fmt.int(iterateCount)} with HTTP creates through emulator.fetch`, () =>
    fillOverHttp(inProcess, seeded.length, iterateCount, 'seed'),
  ),
);

async function iterateAll(): Promise<{ items: number; pages: number; ms: number }> {
  const base = `${inProcess.api}/${inProcess.projectKey}/product-selections?withTotal=false&sort=${encodeURIComponent('id asc')}&limit=${PAGE}`;
  const headers = { authorization: `Bearer ${inProcess.token}` };
  const started = performance.now();
  let last: string | undefined;
  let items = 0;
  let pages = 0;
  for (;;) {
    const url = last === undefined ? base : `${base}&where=${encodeURIComponent(`id > "${last}"`)}`;
    const res = await inProcess.fetch(url, { headers });
    if (res.status !== 200) throw new Error(`iteration: HTTP ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { results: { id: string }[] };
    pages++;
    for (const item of page.results) {
      if (last !== undefined && !(item.id > last)) throw new Error(`iteration: ids not ascending at ${item.id}`);
      last = item.id;
    }
    items += page.results.length;
    if (page.results.length < PAGE) break;
  }
  return { items, pages, ms: performance.now() - started };
}

const iterations: { items: number; pages: number; ms: number }[] = [];
for (let run = 0; run < 3; run++) {
  const it = await iterateAll();
  iterations.push(it);
  console.log(`  run ${run + 1}: ${fmt.int(it.items)} items in ${it.pages} pages, ${fmt.ms(it.ms)} (${fmt.ms(it.ms / it.pages)} per page)`);
  if (it.items !== iterateCount) {
    wrongAnswers++;
    console.log(`    WRONG: expected ${iterateCount} items`);
  }
}
const iterationMs = median(iterations.map((i) => i.ms));

// ---- summary ----------------------------------------------------------------------------------
console.log('\n## Summary');
console.log(
  'req/s: requests completed per second of wall-clock time with ' +
    `${concurrency} in flight. CPU/request: CPU time of the serving process per request over the same windows (in-process: ` +
    'the one process, load generator included); "per core" = 1 000 000 / that, the rate one otherwise idle core could sustain. ' +
    'The CPU figures hold up better than wall-clock rates when other work competes for the cores.\n',
);
printTable(
  ['server', 'transport', 'stored', 'req/s', 'p50', 'p99', 'CPU/request', 'req/s per core', 'load gen. CPU', 'load avg', 'wrong'],
  rows.map((r) => [
    r.server,
    r.transport,
    fmt.int(r.stored),
    fmt.int(r.result.rate),
    fmt.ms(r.result.p50Ms),
    fmt.ms(r.result.p99Ms),
    `${fmt.int(r.result.cpuMicrosPerRequest ?? NaN)} us`,
    fmt.int(capacity(r.result) ?? NaN),
    fmt.pct(r.clientCpu * 100),
    r.load.toFixed(2),
    String(r.result.errors),
  ]),
);
console.log('');

const find = (server: string, transport: string, stored: number): MixResult | undefined =>
  rows.find((r) => r.server === server && r.transport === transport && r.stored === stored)?.result;
/** a / b for the wall-clock rates and for the per-core rates. */
function compare(a: MixResult | undefined, b: MixResult | undefined): { wall?: number; cpu?: number } {
  if (!a || !b) return {};
  const ca = capacity(a);
  const cb = capacity(b);
  return { wall: a.rate / b.rate, ...(ca !== undefined && cb !== undefined ? { cpu: ca / cb } : {}) };
}
const pct = (n: number | undefined): string => (n === undefined ? 'n/a' : fmt.pct(n * 100));
const times = (n: number | undefined): string => (n === undefined ? 'n/a' : `${n.toFixed(2)} x`);
const goal = (n: number | undefined, ok: (n: number) => boolean): string => verdict(n === undefined ? undefined : ok(n));

const ip = compare(find('emulator', 'in-process', 20_000), find('emulator', 'in-process', 1_000));
const lb = compare(find('emulator', 'loopback', 20_000), find('emulator', 'loopback', 1_000));
const mockGrowth = compare(find('community mock', 'loopback', 3_000), find('community mock', 'loopback', 1_000));
const vsMock = compare(find('emulator', 'loopback', 10_000), find('community mock', 'loopback', 10_000));
const durableGrowth = compare(find('emulator durable', 'loopback', 20_000), find('emulator durable', 'loopback', 1_000));
const durableVsMock = compare(find('emulator durable', 'loopback', 10_000), find('community mock', 'loopback', 10_000));
const within20 = (n: number): boolean => n >= 0.8;
const fiveTimes = (n: number): boolean => n >= 5;
printTable(
  ['figure', 'req/s', 'goal', '', 'req/s per core', 'goal', ''],
  [
    ['ours in-process: 20 000 / 1 000', pct(ip.wall), '>= 80 %', goal(ip.wall, within20), pct(ip.cpu), '>= 80 %', goal(ip.cpu, within20)],
    ['ours loopback: 20 000 / 1 000', pct(lb.wall), '>= 80 %', goal(lb.wall, within20), pct(lb.cpu), '>= 80 %', goal(lb.cpu, within20)],
    [
      'ours durable loopback: 20 000 / 1 000',
      pct(durableGrowth.wall),
      '>= 80 %',
      goal(durableGrowth.wall, within20),
      pct(durableGrowth.cpu),
      '>= 80 %',
      goal(durableGrowth.cpu, within20),
    ],
    ['mock loopback: 3 000 / 1 000 (reference)', pct(mockGrowth.wall), '', '', pct(mockGrowth.cpu), '', ''],
    [
      'ours / mock at 10 000, both loopback',
      times(vsMock.wall),
      '>= 5 x',
      goal(vsMock.wall, fiveTimes),
      times(vsMock.cpu),
      '>= 5 x',
      goal(vsMock.cpu, fiveTimes),
    ],
    [
      'ours durable / mock (in memory) at 10 000, both loopback',
      times(durableVsMock.wall),
      '>= 5 x',
      goal(durableVsMock.wall, fiveTimes),
      times(durableVsMock.cpu),
      '>= 5 x',
      goal(durableVsMock.cpu, fiveTimes),
    ],
  ],
);
console.log('');
printTable(
  ['figure', 'measured', 'goal', ''],
  [
    [
      `iterate ${fmt.int(iterateCount)} in pages of ${PAGE}, in-process (median of 3)`,
      fmt.ms(iterationMs),
      '< 5 000 ms',
      verdict(iterationMs < 5000),
    ],
  ],
);
if (wrongAnswers > 0) {
  console.log(`\n${wrongAnswers} wrong answers: the figures above are not trustworthy.`);
  process.exitCode = 1;
}
