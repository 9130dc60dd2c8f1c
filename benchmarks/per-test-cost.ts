/**
 * What one isolated test costs: a fresh emulator (or a fresh project of a shared one), a
 * client-credentials token, five times (create a Product Selection, get it by id, query it by key),
 * and a reset. Ours and the community mock's (`new CommercetoolsMock(...)` and its Fastify
 * `app.inject`), in this process, interleaved (one test of each in turn, so drift of the machine
 * hits all alike), medians. A script, not a test: it prints what it measured and exits 1 only when
 * an answer was wrong.
 *
 *   cd benchmarks && pnpm exec tsx per-test-cost.ts [--tests 200] [--skip-mock]
 *
 * Goal: ours at most a tenth of the mock's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures';
import { loadMock, newInjectedMock } from './lib/mock-inject.js';
import { arg, fmt, machine, median, printTable, verdict } from './lib/report.js';

const tests = Number(arg('tests') ?? 200);
const warmup = Math.max(5, Math.round(tests / 10));
const skipMock = arg('skip-mock') !== undefined;
const PROJECT = 'per-test';
const CLIENT = { clientId: 'per-test-client', clientSecret: 'per-test-secret' };

/** One request: a method, a path under the origin, maybe a form or JSON body and a bearer token. */
interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
/** Sends a call and answers the status and the parsed JSON body. */
type Send = (call: Call) => Promise<{ status: number; body: Record<string, unknown> }>;

function check(ok: boolean, what: string): void {
  if (!ok) {
    console.error(`wrong answer: ${what}`);
    process.exit(1);
  }
}

/** The body of one test, the same for every target: a token, then five times create, get by id, query by key. */
async function oneTest(
  send: Send,
  projectKey: string,
  credentials: { clientId: string; clientSecret: string },
  run: number,
): Promise<void> {
  const token = await send({
    method: 'POST',
    path: '/oauth/token',
    headers: {
      authorization: `Basic ${btoa(`${credentials.clientId}:${credentials.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  check(token.status === 200, `token ${token.status} ${JSON.stringify(token.body)}`);
  const bearer = { authorization: `Bearer ${String(token.body['access_token'])}` };
  for (let i = 0; i < 5; i++) {
    const key = `t${run}-${i}`;
    const created = await send({
      method: 'POST',
      path: `/${projectKey}/product-selections`,
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ key, name: { en: `Selection ${i}` } }),
    });
    check(created.status === 201, `create ${created.status} ${JSON.stringify(created.body)}`);
    const byId = await send({ method: 'GET', path: `/${projectKey}/product-selections/${String(created.body['id'])}`, headers: bearer });
    check(byId.status === 200 && byId.body['key'] === key, `get by id ${byId.status}`);
    const query = await send({
      method: 'GET',
      path: `/${projectKey}/product-selections?where=${encodeURIComponent(`key = "${key}"`)}`,
      headers: bearer,
    });
    check(query.status === 200 && (query.body['results'] as unknown[]).length === 1, `query by key ${query.status}`);
  }
}

function inProcess(emulator: Emulator): Send {
  return async ({ method, path, headers, body }) => {
    const url = path.startsWith('/oauth/') ? `${emulator.urls().auth}${path}` : `${emulator.urls().api}${path}`;
    const res = await emulator.fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

/** Ours, a new emulator per test (what `createEmulator()` in a `beforeEach` costs). */
async function newEmulatorTest(run: number): Promise<void> {
  const emulator = createEmulator({ projectKey: PROJECT, ...CLIENT });
  await oneTest(inProcess(emulator), PROJECT, CLIENT, run);
  emulator.reset();
}

/** Ours, one emulator for the run and a new project per test (what a shared emulator costs a test). */
const shared = createEmulator({ projectKey: 'shared-own', ...CLIENT });
async function newProjectTest(run: number): Promise<void> {
  const key = `test-${run}`;
  const project = shared.project(key);
  await oneTest(inProcess(shared), key, project.credentials, run);
  project.reset();
  shared.deleteProject(key);
}

/** Ours in the durable mode: one emulator on a data dir for the run, a new project per test (deleted after it, as its data). */
const dataDir = mkdtempSync(join(tmpdir(), 'per-test-durable-'));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const sharedDurable = createEmulator({ projectKey: 'shared-durable', ...CLIENT, dataDir });
async function newDurableProjectTest(run: number): Promise<void> {
  const key = `durable-${run}`;
  const project = sharedDurable.project(key);
  await oneTest(inProcess(sharedDurable), key, project.credentials, run);
  project.reset();
  sharedDurable.deleteProject(key);
}

/** The community mock, a new one per test, every request through Fastify's `app.inject`. */
async function mockTest(run: number): Promise<void> {
  const mock = newInjectedMock(PROJECT);
  await oneTest(mock.send, PROJECT, CLIENT, run);
  await mock.close();
}

async function time(test: (run: number) => Promise<void>, run: number): Promise<number> {
  const start = performance.now();
  await test(run);
  return performance.now() - start;
}

/** A client-credentials token alone, in-process, on an emulator that exists already. */
async function tokenOnly(emulator: Emulator, run: number): Promise<number> {
  const start = performance.now();
  const res = await emulator.fetch(`${emulator.urls().auth}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${CLIENT.clientId}:${CLIENT.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  await res.json();
  check(res.status === 200, `token ${res.status} (run ${run})`);
  return performance.now() - start;
}

async function main(): Promise<void> {
  if (!skipMock) {
    await loadMock();
  }
  console.log(`per-test cost, ${tests} tests each after ${warmup} unmeasured, interleaved; ${machine()}`);
  const targets: { name: string; test: (run: number) => Promise<void>; times: number[] }[] = [
    { name: 'ours: new emulator per test', test: newEmulatorTest, times: [] },
    { name: 'ours: new project of a shared emulator per test', test: newProjectTest, times: [] },
    { name: 'ours, durable (dataDir, SQLite): new project of a shared emulator per test', test: newDurableProjectTest, times: [] },
    ...(skipMock ? [] : [{ name: 'community mock: new CommercetoolsMock per test (app.inject)', test: mockTest, times: [] as number[] }]),
  ];
  const tokenTimes: number[] = [];
  let tokenCpuMicros = 0;
  const tokenEmulator = createEmulator({ projectKey: PROJECT, ...CLIENT });
  for (let run = 0; run < warmup + tests; run++) {
    for (const target of targets) {
      const ms = await time(target.test, run);
      if (run >= warmup) target.times.push(ms);
    }
    const cpuBefore = process.cpuUsage();
    const ms = await tokenOnly(tokenEmulator, run);
    const cpu = process.cpuUsage(cpuBefore);
    if (run >= warmup) {
      tokenTimes.push(ms);
      tokenCpuMicros += cpu.user + cpu.system;
    }
  }
  const mock = targets.find((t) => t.name.startsWith('community'));
  const mockMedian = mock ? median(mock.times) : undefined;
  printTable(
    ['one test (token + 5 x create, get by id, query by key + reset)', 'median', 'p90', 'vs mock', 'goal <= 1/10'],
    targets.map((t) => {
      const m = median(t.times);
      const p90 = [...t.times].sort((a, b) => a - b)[Math.floor(t.times.length * 0.9)]!;
      const ours = !t.name.startsWith('community');
      return [
        t.name,
        fmt.ms(m),
        fmt.ms(p90),
        mockMedian === undefined || !ours ? '' : `${(m / mockMedian).toFixed(3)} x`,
        mockMedian === undefined || !ours ? '' : verdict(m <= mockMedian / 10),
      ];
    }),
  );
  console.log(
    `ours: a client-credentials token in-process on an existing emulator, median ${fmt.ms(median(tokenTimes))} (goal < 1 ms: ${verdict(median(tokenTimes) < 1)}); ` +
      `CPU time per token ${fmt.ms(tokenCpuMicros / 1000 / tokenTimes.length)} (what a loaded machine inflates least)`,
  );
  sharedDurable.close();
}

await main();
