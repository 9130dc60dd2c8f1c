/**
 * A small seeded PRNG (sfc32 seeded through splitmix32), so that a builder or a catalogue built
 * with the same seed gives the same values on every run and every platform. Not for secrets.
 */

/** Deterministic random values drawn from one seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
  /** `length` characters of `[A-Za-z0-9]`. */
  alphanumeric(length: number): string;
  /** A version 4 UUID-shaped string (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`). */
  uuid(): string;
  /** A seed for a child generator, so that parts of a larger structure stay stable when one part changes. */
  seed(): number;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * Mixes a label into a seed (FNV-1a over the label, xor-ed with the seed), so that generators
 * seeded alike for different purposes (a Store and a Product with seed 7) do not repeat each other.
 */
export function mixSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return (hash ^ Math.trunc(seed)) >>> 0;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A generator for `seed` (any finite number; the integer part of it is used).
 *
 * @example
 * const random = createRandom(42);
 * random.uuid(); // the same UUID-shaped string on every run
 */
export function createRandom(seed: number): Random {
  if (!Number.isFinite(seed)) throw new TypeError(`a seed must be a finite number, got ${String(seed)}`);
  const init = splitmix32(Math.trunc(seed));
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const u32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // Warm up, as recommended for sfc32.
  for (let i = 0; i < 12; i++) u32();

  const next = () => u32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number) => Array.from({ length }, () => int(0, 15).toString(16)).join('');
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    chance: (p) => next() < p,
    hex,
    alphanumeric: (length) => Array.from({ length }, () => ALPHANUMERIC[int(0, ALPHANUMERIC.length - 1)]).join(''),
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
    seed: () => u32(),
  };
}
