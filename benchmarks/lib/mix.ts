/**
 * The request mix of the throughput benchmark: create / get by id / update / query by key on
 * Product Selections, 25 % each, with a fixed number of requests in flight.
 *
 * The stored count is held near its nominal size: the measurement runs in short windows, and the
 * Product Selections created in a window are deleted between windows (not timed). Without that,
 * the 25 % creates would grow a store of 1 000 to several thousand within a few seconds.
 */

/** Where the mix is sent: a fetch function (in-process or real) and the API coordinates. */
export interface Target {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** API base URL without the project (`{base_url}`). */
  api: string;
  projectKey: string;
  /** Bearer token of an API client that may manage Product Selections. */
  token: string;
  /**
   * Deletes what the mix created (not timed). Default: HTTP DELETE through `fetch`. The loopback
   * targets delete inside the server process instead (see README: our emulator refuses a DELETE
   * without body over a socket).
   */
  remove?: (items: readonly { id: string; version: number }[]) => Promise<void>;
}

/** A pre-filled Product Selection the mix reads and updates. */
export interface Seeded {
  id: string;
  key: string;
  version: number;
}

export interface MixOptions {
  /** Total measured time to reach, in milliseconds. */
  measureMs: number;
  /** Requests in flight. */
  concurrency: number;
  /** Requests per window (creates are a quarter of them). */
  windowOps: number;
  /** Upper bound of one window in milliseconds. */
  windowMs: number;
  /** Unmeasured warm-up requests before the first window. */
  warmupOps: number;
  /**
   * CPU time (microseconds) used so far by the process that serves the requests. Sampled around
   * each window, so the CPU cost per request excludes warm-up and clean-up.
   */
  serverCpuMicros?: () => Promise<number> | number;
}

export interface MixResult {
  ops: number;
  errors: number;
  firstError?: string;
  seconds: number;
  rate: number;
  p50Ms: number;
  p99Ms: number;
  windows: number;
  /** Most Product Selections created in one window (the store grows by at most this much). */
  maxCreatesPerWindow: number;
  /** Server CPU time per request over the windows, when `serverCpuMicros` was given. */
  cpuMicrosPerRequest?: number;
}

const OPS = ['create', 'get', 'update', 'query'] as const;
type Op = (typeof OPS)[number];

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Deterministic xorshift, so runs are comparable. */
function random(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/**
 * Runs the mix against a target. Each worker owns the pre-filled items whose index is congruent to
 * its number (mod concurrency) for updates, so updates never conflict and the versions stay known;
 * gets and queries pick any pre-filled item at random.
 */
export async function runMix(target: Target, seeded: Seeded[], options: MixOptions, label: string): Promise<MixResult> {
  const base = `${target.api}/${target.projectKey}/product-selections`;
  const jsonHeaders = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const getHeaders = { authorization: `Bearer ${target.token}` };
  const rnd = random(0x5eed);
  let serial = 0;
  let errors = 0;
  let firstError: string | undefined;
  const created: { id: string; version: number }[] = [];
  const owned: Seeded[][] = Array.from({ length: options.concurrency }, () => []);
  seeded.forEach((item, i) => owned[i % options.concurrency]!.push(item));
  const cursor: number[] = new Array<number>(options.concurrency).fill(0);

  const fail = async (op: Op, res: Response): Promise<void> => {
    errors++;
    if (firstError === undefined) firstError = `${op}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`;
    else await res.arrayBuffer();
  };

  const perform = async (op: Op, worker: number): Promise<void> => {
    switch (op) {
      case 'create': {
        const n = serial++;
        const key = `bench-${label}-${n}`;
        const res = await target.fetch(base, {
          method: 'POST',
          headers: jsonHeaders,
          body: JSON.stringify({ key, name: { en: `Bench ${n}` } }),
        });
        if (res.status !== 201) return fail(op, res);
        const body = (await res.json()) as { id: string; version: number };
        created.push({ id: body.id, version: body.version });
        return;
      }
      case 'get': {
        const item = seeded[Math.floor(rnd() * seeded.length)]!;
        const res = await target.fetch(`${base}/${item.id}`, { headers: getHeaders });
        if (res.status !== 200) return fail(op, res);
        await res.json();
        return;
      }
      case 'update': {
        const mine = owned[worker]!;
        const turn = cursor[worker]!;
        cursor[worker] = turn + 1;
        const item = mine[turn % mine.length]!;
        const res = await target.fetch(`${base}/${item.id}`, {
          method: 'POST',
          headers: jsonHeaders,
          body: JSON.stringify({ version: item.version, actions: [{ action: 'changeName', name: { en: `Renamed ${serial++}` } }] }),
        });
        if (res.status !== 200) return fail(op, res);
        item.version = ((await res.json()) as { version: number }).version;
        return;
      }
      case 'query': {
        const item = seeded[Math.floor(rnd() * seeded.length)]!;
        const res = await target.fetch(`${base}?where=${encodeURIComponent(`key="${item.key}"`)}`, { headers: getHeaders });
        if (res.status !== 200) return fail(op, res);
        const page = (await res.json()) as { count: number };
        if (page.count !== 1) {
          errors++;
          firstError ??= `query: expected 1 result for key ${item.key}, got ${page.count}`;
        }
        return;
      }
    }
  };

  const latencies: number[] = [];
  /** Runs up to `budget` requests (or until `deadline`) with `concurrency` in flight; returns the count. */
  const window = async (budget: number, deadline: number, record: boolean): Promise<number> => {
    let issued = 0;
    const worker = async (w: number): Promise<void> => {
      let turn = w;
      while (issued < budget && performance.now() < deadline) {
        issued++;
        const op = OPS[turn++ % OPS.length]!;
        const started = performance.now();
        await perform(op, w);
        if (record) latencies.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, (_, w) => worker(w)));
    return issued;
  };

  /** Deletes what the mix created, so the next window starts at the nominal size (not timed). */
  const cleanUp = async (): Promise<number> => {
    const batch = created.splice(0);
    if (target.remove) {
      await target.remove(batch);
      return batch.length;
    }
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batch.length) {
        const item = batch[next++]!;
        const res = await target.fetch(`${base}/${item.id}?version=${item.version}`, { method: 'DELETE', headers: getHeaders });
        if (res.status !== 200) throw new Error(`clean-up DELETE failed: HTTP ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    return batch.length;
  };

  await window(options.warmupOps, performance.now() + options.windowMs, false);
  await cleanUp();
  errors = 0;
  firstError = undefined;

  let ops = 0;
  let measured = 0;
  let windows = 0;
  let maxCreates = 0;
  let cpu = 0;
  while (measured < options.measureMs) {
    const cpuBefore = options.serverCpuMicros ? await options.serverCpuMicros() : 0;
    const started = performance.now();
    ops += await window(options.windowOps, started + options.windowMs, true);
    measured += performance.now() - started;
    if (options.serverCpuMicros) cpu += (await options.serverCpuMicros()) - cpuBefore;
    windows++;
    maxCreates = Math.max(maxCreates, await cleanUp());
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    ops,
    errors,
    ...(firstError !== undefined ? { firstError } : {}),
    seconds: measured / 1000,
    rate: ops / (measured / 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    windows,
    maxCreatesPerWindow: maxCreates,
    ...(options.serverCpuMicros ? { cpuMicrosPerRequest: cpu / ops } : {}),
  };
}

/** Fetches a client-credentials token with HTTP Basic authentication. */
export async function clientCredentialsToken(
  fetcher: (url: string, init?: RequestInit) => Promise<Response>,
  tokenUrl: string,
  clientId: string,
  clientSecret: string,
): Promise<string> {
  const res = await fetcher(tokenUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (res.status !== 200) throw new Error(`token request failed: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** What a benchmark pre-fills: Product Selections, or empty carts with a German shipping address (Platform tax). */
export type FillResource = 'product-selection' | 'cart';
const FILL_PATHS: Record<FillResource, string> = { 'product-selection': 'product-selections', cart: 'carts' };

/** The draft of the n-th pre-filled resource (the same for every server). */
export function fillDraft(resource: FillResource, key: string, n: number): Record<string, unknown> {
  return resource === 'cart' ? { key, currency: 'EUR', shippingAddress: { country: 'DE' } } : { key, name: { en: `Selection ${n}` } };
}

/**
 * Creates Product Selections (or carts) over HTTP (through any fetch function), `concurrency` at a time,
 * keys `<prefix>-<n>`; returns what was created.
 */
export async function fillOverHttp(
  target: Target,
  from: number,
  to: number,
  prefix: string,
  concurrency = 8,
  resource: FillResource = 'product-selection',
): Promise<Seeded[]> {
  const base = `${target.api}/${target.projectKey}/${FILL_PATHS[resource]}`;
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const out: Seeded[] = new Array<Seeded>(to - from);
  let next = from;
  const worker = async (): Promise<void> => {
    while (next < to) {
      const n = next++;
      const key = `${prefix}-${n}`;
      const res = await target.fetch(base, { method: 'POST', headers, body: JSON.stringify(fillDraft(resource, key, n)) });
      if (res.status !== 201) throw new Error(`fill: HTTP ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { id: string; version: number };
      out[n - from] = { id: body.id, key, version: body.version };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}
