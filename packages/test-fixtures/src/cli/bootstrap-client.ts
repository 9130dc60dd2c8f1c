/**
 * Where the CLI's bootstrap API client comes from, and the file of a data dir that keeps it, so
 * that an app's `.env` still gets a token after a restart on the same data dir.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTextFile, writeJsonFile } from '../state-file.js';

/** The file in a data dir that keeps the bootstrap client's id and secret (mode 0600). */
export const BOOTSTRAP_CLIENT_FILE = 'bootstrap-client.json';

/**
 * Where the id or the secret came from: a flag or variable by its name (`--client-id`,
 * `CTP_CLIENT_SECRET`), `stored` (the data dir's file) or `random`.
 */
export type CredentialOrigin = string;

export interface BootstrapClient {
  clientId?: string;
  clientSecret?: string;
  /** Where each came from; `random` for one the emulator makes. */
  from: { clientId: CredentialOrigin; clientSecret: CredentialOrigin };
}

/** A data dir's bootstrap client file that cannot be used: exit code 2, the file left alone. */
export class BootstrapClientFileError extends Error {
  override readonly name = 'BootstrapClientFileError';
}

/** The id and secret kept in `dataDir`, or undefined when there is no file yet. */
export function readBootstrapClient(dataDir: string): { clientId: string; clientSecret: string } | undefined {
  const path = join(dataDir, BOOTSTRAP_CLIENT_FILE);
  // No such file, nor a directory to hold one: the emulator itself then says what is wrong with DIR.
  if (!existsSync(path)) return undefined;
  let text: string | undefined;
  try {
    text = readTextFile(path);
  } catch (error) {
    throw new BootstrapClientFileError((error as Error).message);
  }
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const { clientId, clientSecret } = (value ?? {}) as Record<string, unknown>;
  if (typeof clientId !== 'string' || clientId === '' || typeof clientSecret !== 'string' || clientSecret === '') {
    // Not the file's text: it holds a secret.
    throw new BootstrapClientFileError(
      `${path} is not { "clientId": "...", "clientSecret": "..." }: fix it, or delete it for a new client`,
    );
  }
  return { clientId, clientSecret };
}

/**
 * The bootstrap client of a start: what the flags and environment name, else what `dataDir`
 * keeps, else nothing (the emulator makes a random one).
 */
export function bootstrapClient(given: BootstrapClient, dataDir: string | undefined): BootstrapClient {
  const stored = dataDir === undefined ? undefined : readBootstrapClient(dataDir);
  const pick = (field: 'clientId' | 'clientSecret') =>
    given[field] !== undefined
      ? { value: given[field], from: given.from[field] }
      : stored
        ? { value: stored[field], from: 'stored' }
        : { value: undefined, from: 'random' };
  const id = pick('clientId');
  const secret = pick('clientSecret');
  return {
    ...(id.value === undefined ? {} : { clientId: id.value }),
    ...(secret.value === undefined ? {} : { clientSecret: secret.value }),
    from: { clientId: id.from, clientSecret: secret.from },
  };
}

/** Keeps the client a start used in `dataDir`, for the next start (written only when it changed). */
export function keepBootstrapClient(dataDir: string, credentials: { clientId: string; clientSecret: string }): void {
  const stored = readBootstrapClient(dataDir);
  if (stored?.clientId === credentials.clientId && stored.clientSecret === credentials.clientSecret) return;
  writeJsonFile(join(dataDir, BOOTSTRAP_CLIENT_FILE), { clientId: credentials.clientId, clientSecret: credentials.clientSecret });
}

/** The banner's line on where the bootstrap client comes from, and whether the next start keeps it. */
export function bootstrapClientOrigin({ from }: BootstrapClient, dataDir: string | undefined): string {
  const file = dataDir === undefined ? undefined : join(dataDir, BOOTSTRAP_CLIENT_FILE);
  const phrase = (origin: CredentialOrigin) =>
    origin === 'stored' ? `kept in ${file}` : origin === 'random' ? 'random' : `from ${origin}`;
  const made = (origin: CredentialOrigin) => origin === 'stored' || origin === 'random';
  const origin =
    from.clientId === from.clientSecret
      ? phrase(from.clientId)
      : made(from.clientId) || made(from.clientSecret)
        ? `id ${phrase(from.clientId)}, secret ${phrase(from.clientSecret)}`
        : `from ${from.clientId} and ${from.clientSecret}`;
  if (file === undefined) {
    return from.clientId === 'random' || from.clientSecret === 'random'
      ? `${origin}: a new one at every start (--data-dir keeps it; or set --client-id and --client-secret, or CTP_CLIENT_ID and CTP_CLIENT_SECRET)`
      : origin;
  }
  return from.clientId === 'stored' && from.clientSecret === 'stored'
    ? `${origin}: the same at every start on this data dir`
    : `${origin}; kept in ${file} for the next start on this data dir`;
}
