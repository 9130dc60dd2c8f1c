import { isDeepStrictEqual } from 'node:util';
import type { EmulatorState } from '../state.js';
import type { StoredResource } from '../store/collection.js';

/** The pieces every Change rule is made of (see changes.ts for how Records get their Changes). */

/** One Change of a Record (history.yaml `Change`). */
export interface Change {
  change: string;
  type: string;
  previousValue?: unknown;
  nextValue?: unknown;
  [extra: string]: unknown;
}

export const differs = (a: unknown, b: unknown) => !isDeepStrictEqual(a, b);

export function change(
  name: string,
  type: string,
  previousValue: unknown,
  nextValue: unknown,
  extra: Record<string, unknown> = {},
): Change {
  const result: Change = { change: name, type };
  if (previousValue !== undefined) result.previousValue = structuredClone(previousValue);
  if (nextValue !== undefined) result.nextValue = structuredClone(nextValue);
  return { ...result, ...extra };
}

/** Elements of `next` not in `previous` and the reverse, by deep equality. */
export function arrayDelta(previous: readonly unknown[], next: readonly unknown[]): { addedItems: unknown[]; removedItems: unknown[] } {
  return {
    addedItems: next.filter((item) => !previous.some((p) => isDeepStrictEqual(p, item))),
    removedItems: previous.filter((item) => !next.some((n) => isDeepStrictEqual(n, item))),
  };
}

export interface DiffInput {
  before: StoredResource;
  after: StoredResource;
  actions: readonly Record<string, unknown>[];
  state: EmulatorState;
}

/** A rule for one top-level field: the Changes its difference makes. */
export type FieldRule = (previous: unknown, next: unknown, input: DiffInput) => Change[];

export const actionNames = (input: DiffInput) => new Set(input.actions.map((a) => a['action']));
