import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { errors } from './errors.js';
import { LIVE_ENDPOINTS } from '../../generated/live-endpoints.js';

/** One segment of a path template: a literal, a `key={key}`-like prefix, or a `{variable}`. */
type Segment = { literal: string } | { prefix: string } | { variable: true };

interface Endpoint {
  method: string;
  template: string;
  segments: Segment[];
  served: boolean;
}

function segmentsOf(template: string): Segment[] {
  return template
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      const brace = part.indexOf('{');
      if (brace < 0) return { literal: part };
      return brace === 0 ? { variable: true } : { prefix: part.slice(0, brace) };
    });
}

/** Literal beats `key=...` beats `{ID}`, segment by segment, as the live router prefers. */
function rank(segment: Segment): number {
  return 'literal' in segment ? 2 : 'prefix' in segment ? 1 : 0;
}

function matches(endpoint: Endpoint, parts: readonly string[]): boolean {
  if (endpoint.segments.length !== parts.length) return false;
  return endpoint.segments.every((segment, index) => {
    const part = parts[index]!;
    if ('literal' in segment) return part === segment.literal;
    if ('prefix' in segment) return part.startsWith(segment.prefix) && part.length > segment.prefix.length;
    return part !== '';
  });
}

function moreSpecific(a: Endpoint, b: Endpoint): boolean {
  for (let index = 0; index < a.segments.length; index++) {
    const difference = rank(a.segments[index]!) - rank(b.segments[index]!);
    if (difference !== 0) return difference > 0;
  }
  return a.served && !b.served;
}

/**
 * The endpoints of the live API (by method) and the ones the emulator serves, `served` given as
 * `METHOD /template` (a served GET serves HEAD too, as Hono answers HEAD from GET).
 */
export function endpointTable(served: Iterable<string>): Endpoint[] {
  const servedSet = new Set<string>();
  for (const entry of served) {
    servedSet.add(entry);
    if (entry.startsWith('GET ')) servedSet.add(`HEAD ${entry.slice(4)}`);
  }
  const all = new Set([...LIVE_ENDPOINTS, ...servedSet]);
  return [...all].map((entry) => {
    const [method, template] = entry.split(' ') as [string, string];
    return { method, template, segments: segmentsOf(template), served: servedSet.has(entry) };
  });
}

/**
 * 501 NotEmulated for a request whose best match is an endpoint of the live API that the emulator
 * does not serve (`POST /products/search` is not an update of the Product `search`); everything
 * else goes on to the routes. Runs after authentication, as every API endpoint asks for a token.
 */
export function notEmulatedEndpoints(served: Iterable<string>): MiddlewareHandler<AppEnv> {
  // By method and segment count: a request is compared with the few templates of its shape only.
  const byShape = new Map<string, Endpoint[]>();
  for (const endpoint of endpointTable(served)) {
    const shape = `${endpoint.method} ${endpoint.segments.length}`;
    byShape.set(shape, [...(byShape.get(shape) ?? []), endpoint]);
  }
  return async (c, next) => {
    // Path segments after `/{projectKey}`, as sent (templates hold no escaped characters).
    const parts = new URL(c.req.url).pathname
      .split('/')
      .filter((part) => part !== '')
      .slice(1);
    let best: Endpoint | undefined;
    for (const endpoint of byShape.get(`${c.req.method} ${parts.length}`) ?? []) {
      if (!matches(endpoint, parts)) continue;
      if (!best || moreSpecific(endpoint, best)) best = endpoint;
    }
    if (best && !best.served)
      throw errors.notEmulated({ endpoint: `${best.method} /{projectKey}${best.template === '/' ? '' : best.template}` });
    await next();
  };
}
