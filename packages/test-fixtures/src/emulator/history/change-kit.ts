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

export const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A field whose difference is one Change of this name and type. */
export const simple =
  (name: string, type: string): FieldRule =>
  (previous, next) => [change(name, type, previous, next)];

/** A list field whose difference is one Change naming the items added and removed. */
export const withItems =
  (name: string, type: string): FieldRule =>
  (previous, next) => [change(name, type, previous, next, arrayDelta(asArray(previous), asArray(next)))];

/** A resource type's rules by top-level field; a field without one gets `set<Field>`. */
export type ResourceHistoryRules = Readonly<Record<string, FieldRule>>;
