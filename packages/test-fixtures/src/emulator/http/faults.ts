import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { ApiError, errors } from './errors.js';
import { linearMatcher } from './path-pattern.js';

/**
 * What an injected fault does:
 * - `error` answers with `status` instead of the real response; `when: 'before'` (default) skips
 *   the handler, `when: 'after'` runs it first, so the change is committed and the client sees a
 *   failure although the requested action completed;
 * - `cut` drops the connection (in-process: the fetch promise rejects with a TypeError, as
 *   `fetch` does on a network error), before or after the handler;
 * - `latency` only delays the request by `latencyMs`.
 */
export interface FaultRule {
  kind: 'error' | 'cut' | 'latency';
  status?: 429 | 500 | 502 | 503 | 504;
  when?: 'before' | 'after';
  /** Seconds for the Retry-After header of a 429 or 503; a 429 always carries one (default 1). */
  retryAfterSeconds?: number;
  latencyMs?: number;
  /** Only requests with this method (upper case). */
  method?: string;
  /**
   * Only requests whose path and query (without origin) start with this string, or match this
   * RegExp: matched in linear time (RE2 syntax: no backreferences or lookaround; flags i, m, s,
   * u), so no pattern can block the emulator; see `linearMatcher`.
   */
  path?: string | RegExp;
  /** How many matching requests get the fault; unlimited when absent. */
  times?: number;
  /** Probability in [0, 1] that a matching request gets the fault (deterministic, seeded). */
  probability?: number;
}

/** Thrown inside the app to make the in-process fetch reject like a dropped connection. */
export class ConnectionCut extends Error {
  constructor() {
    super('connection cut by fault injection');
    this.name = 'ConnectionCut';
  }
}

/** A fault rule that is not valid: a `TypeError` whose message starts `invalid fault rule:` and names the field. */
export class InvalidFaultRuleError extends TypeError {
  override readonly name = 'InvalidFaultRuleError';
  constructor(why: string) {
    super(`invalid fault rule: ${why}`);
  }
}

/** A small deterministic PRNG (mulberry32), so fault sequences repeat from a seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAULT_KINDS: ReadonlySet<string> = new Set(['error', 'cut', 'latency']);
const FAULT_STATUSES: ReadonlySet<unknown> = new Set([429, 500, 502, 503, 504]);
const FAULT_FIELDS: ReadonlySet<string> = new Set([
  'kind',
  'status',
  'when',
  'retryAfterSeconds',
  'latencyMs',
  'method',
  'path',
  'times',
  'probability',
]);
/** Ten minutes: a longer delay is a mistake (a test would time out long before). */
const MAX_LATENCY_MS = 600_000;

/**
 * Checks a fault rule and returns a copy of it (TypeError naming the field otherwise), so a typo
 * such as `time: 1` or `status: 501` fails where it is written instead of silently injecting
 * nothing, or something else.
 *
 * @example
 * checkFaultRule({ kind: 'error', status: 503, times: 2 }); // { kind: 'error', status: 503, times: 2 }
 * checkFaultRule({ kind: 'error', status: 501 }); // throws TypeError: status must be one of 429, 500, 502, 503, 504
 */
export function checkFaultRule(rule: unknown): FaultRule {
  const invalid = (why: string) => new InvalidFaultRuleError(why);
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) throw invalid('an object { kind, ... } expected');
  const r = rule as Record<string, unknown>;
  const unknown = Object.keys(r).filter((field) => !FAULT_FIELDS.has(field));
  if (unknown.length > 0) throw invalid(`unknown field ${unknown.join(', ')} (fields: ${[...FAULT_FIELDS].join(', ')})`);
  const given = (field: string) => r[field] !== undefined;
  if (!FAULT_KINDS.has(r['kind'] as string)) throw invalid(`kind must be 'error', 'cut' or 'latency'`);
  if (r['kind'] !== 'error') {
    for (const field of ['status', 'retryAfterSeconds']) if (given(field)) throw invalid(`${field} applies to kind 'error' only`);
  }
  if (given('status') && !FAULT_STATUSES.has(r['status'])) throw invalid('status must be one of 429, 500, 502, 503, 504');
  if (given('when')) {
    if (r['kind'] === 'latency') throw invalid(`when applies to kinds 'error' and 'cut' only`);
    if (r['when'] !== 'before' && r['when'] !== 'after') throw invalid(`when must be 'before' or 'after'`);
  }
  const isCount = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  if (given('retryAfterSeconds') && !isCount(r['retryAfterSeconds'], 0)) throw invalid('retryAfterSeconds must be an integer >= 0');
  if (given('latencyMs') && !isCount(r['latencyMs'], 0, MAX_LATENCY_MS))
    throw invalid(`latencyMs must be an integer from 0 to ${MAX_LATENCY_MS}`);
  if (r['kind'] === 'latency' && !given('latencyMs')) throw invalid(`kind 'latency' needs latencyMs`);
  if (given('method') && !(typeof r['method'] === 'string' && /^[A-Z]+$/.test(r['method']))) {
    throw invalid('method must be an HTTP method in upper case, e.g. POST');
  }
  if (given('path') && !(r['path'] instanceof RegExp || (typeof r['path'] === 'string' && r['path'].startsWith('/')))) {
    throw invalid('path must be a RegExp or a string starting with "/" (a prefix of path and query, without the origin)');
  }
  if (r['path'] instanceof RegExp) pathMatcher(r['path']);
  if (given('times') && !isCount(r['times'], 1)) throw invalid('times must be an integer >= 1');
  if (given('probability') && !(typeof r['probability'] === 'number' && r['probability'] >= 0 && r['probability'] <= 1)) {
    throw invalid('probability must be a number from 0 to 1');
  }
  return { ...r } as unknown as FaultRule;
}

/** How a rule's `path` matches a request's path and query; a RegExp the linear engine refuses is an invalid rule. */
function pathMatcher(path: string | RegExp | undefined): (requestPath: string) => boolean {
  if (path === undefined) return () => true;
  if (typeof path === 'string') return (requestPath) => requestPath.startsWith(path);
  try {
    return linearMatcher(path);
  } catch (error) {
    throw new InvalidFaultRuleError(`path ${String(path).slice(0, 100)}: ${(error as Error).message}`);
  }
}

/** A rule as installed: its id (for removal over the control API) and what is left of `times`. */
export interface InstalledFault {
  readonly id: string;
  readonly rule: Readonly<FaultRule>;
}

/**
 * The fault injector of an emulator (`emulator.faults`). Off by default; tests switch faults on
 * for the requests they name. Rules are tried in the order they were added; the first that
 * matches a request fires. A rule is checked when it is added ({@link checkFaultRule}).
 *
 * @example
 * const remove = emulator.faults.inject({ kind: 'error', status: 503, method: 'POST', path: '/my-project/product-selections', times: 1 });
 * // ... the next matching POST gets 503 OverCapacity
 * remove();
 * emulator.faults.clear();
 */
export class FaultInjector {
  private rules: { id: string; rule: FaultRule; matchesPath: (path: string) => boolean }[] = [];
  private random: () => number;
  private nextId = 1;

  constructor(seed = 1) {
    this.random = mulberry32(seed);
  }

  /** Adds a rule; returns a function that removes it. */
  inject(rule: FaultRule): () => void {
    const id = this.add(rule);
    return () => void this.remove(id);
  }

  /** Adds a rule; returns its id (`fault-1`, `fault-2`, ...), for {@link remove}. */
  add(rule: FaultRule): string {
    const checked = checkFaultRule(rule);
    const id = `fault-${this.nextId++}`;
    this.rules.push({ id, rule: checked, matchesPath: pathMatcher(checked.path) });
    return id;
  }

  /** Removes one rule; false when no rule has this id (any more). */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((installed) => installed.id !== id);
    return this.rules.length < before;
  }

  /** The rules installed now, in the order they are tried, with what is left of their `times`. */
  list(): InstalledFault[] {
    return this.rules.map(({ id, rule }) => ({ id, rule: { ...rule } }));
  }

  /** Removes every rule and reseeds the random source. */
  clear(seed = 1): void {
    this.rules = [];
    this.random = mulberry32(seed);
  }

  /** The first rule that fires for this request, consuming one of its `times`. */
  take(method: string, path: string): FaultRule | undefined {
    for (const { rule, matchesPath } of this.rules) {
      if (rule.method !== undefined && rule.method !== method) continue;
      if (!matchesPath(path)) continue;
      if (rule.times !== undefined && rule.times <= 0) continue;
      if (rule.probability !== undefined && this.random() >= rule.probability) continue;
      if (rule.times !== undefined) rule.times -= 1;
      return rule;
    }
    return undefined;
  }

  /** True while at least one rule is installed (requests skip the injector otherwise). */
  get active(): boolean {
    return this.rules.length > 0;
  }
}

function faultError(rule: FaultRule): ApiError {
  const status = rule.status ?? 500;
  const headers: Record<string, string> = {};
  // A 429 without Retry-After would leave a client's back-off untestable: a 429 always carries Retry-After.
  const retryAfter = rule.retryAfterSeconds ?? (status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  if (status === 500) return new ApiError(500, errors.general().errors, { headers });
  if (status === 503) return new ApiError(503, errors.overCapacity().errors, { headers });
  if (status === 429) return new ApiError(429, [{ code: 'TooManyRequests', message: 'Too many requests.' }], { headers });
  return new ApiError(status, [{ code: 'General', message: status === 502 ? 'Bad gateway.' : 'Gateway timeout.' }], { headers });
}

function cut(incoming: AppEnv['Bindings']['incoming']): never {
  incoming?.socket.destroy();
  throw new ConnectionCut();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Applies the injector's rules to each request. */
export function faultInjection(faults: FaultInjector): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!faults.active) return next();
    const url = new URL(c.req.url);
    const rule = faults.take(c.req.method, url.pathname + url.search);
    if (!rule) return next();
    if (rule.latencyMs) await sleep(rule.latencyMs);
    if (rule.kind === 'latency') return next();
    const after = rule.when === 'after';
    if (!after) {
      if (rule.kind === 'cut') cut(c.env?.incoming);
      throw faultError(rule);
    }
    await next();
    if (rule.kind === 'cut') cut(c.env?.incoming);
    c.res = undefined;
    c.res = faultError(rule).toResponse();
  };
}
