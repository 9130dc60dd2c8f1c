/**
 * The `--state-file` of the `commerce-emulator` command: the emulator's data (a snapshot, see
 * `Emulator.snapshot()`) read from a JSON file at start and written back when it stops, so that
 * `pnpm emulator` keeps its data across restarts.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { EmulatorSnapshot } from './emulator/snapshot.js';

/**
 * The snapshot in `path`, or undefined when there is no such file (the emulator starts empty and
 * creates it when it stops). A file that cannot be read or is not JSON is an Error naming it.
 *
 * @example
 * const saved = readStateFile('.emulator-state.json');
 * if (saved !== undefined) emulator.restore(saved);
 */
export function readStateFile(path: string): unknown {
  const text = readTextFile(path);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not the parser's message: it quotes the start of the file, which may hold a credential.
    throw new Error(`${path} is not JSON (a state file is a snapshot, as GET /_emulator/state gives it)`);
  }
}

/** The text in `path`, or undefined when there is no such file; an Error naming it when it cannot be read. */
export function readTextFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/**
 * Writes a snapshot to `path` in one step (a temporary file next to it, then a rename), so that a
 * crash while writing never leaves half a file in place of the last good one.
 *
 * @example
 * writeStateFile('.emulator-state.json', emulator.snapshot());
 */
export function writeStateFile(path: string, snapshot: EmulatorSnapshot): void {
  writeJsonFile(path, snapshot);
}

/** Writes `value` as JSON to `path` in one step (a temporary file, then a rename), readable by its owner only. */
export function writeJsonFile(path: string, value: unknown): void {
  writeFileAtOnce(path, `${JSON.stringify(value)}\n`);
}

/** Writes `text` to `path` in one step (a temporary file, then a rename), readable by its owner only. */
export function writeFileAtOnce(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, path);
}
