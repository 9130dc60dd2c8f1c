import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/emulator/storage/sqlite/data-dir.js';
import { runCli, startCli, stopCli, stopClis, type Cli } from '../helpers/cli.js';
import { newDataDir, removeDataDirs } from './data-dir.js';

/** `commerce-emulator --data-dir DIR`: durable across kill -9, and refusing a data dir it cannot use. */

afterEach(async () => {
  await stopClis();
  removeDataDirs();
});

const ID = 'durable-client';
const SECRET = 'durable-secret';
const PROJECT = 'cli-durable';
const basic = { authorization: `Basic ${btoa(`${ID}:${SECRET}`)}` };

function start(dir: string, more: string[] = []): ReturnType<typeof startCli> {
  return startCli(['--client-id', ID, '--client-secret', SECRET, '--data-dir', dir, ...more], PROJECT);
}

async function token(origin: string, clientId = ID, clientSecret = SECRET): Promise<string> {
  const res = await fetch(`${origin}/auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

// Answers are read field by field and asserted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(origin: string, bearer: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** SIGKILL to the CLI's process group: no chance to write anything more. */
async function killHard(cli: Cli): Promise<void> {
  process.kill(-cli.child.pid!, 'SIGKILL');
  await cli.exit;
}

/** Runs the CLI until it exits by itself, resolving to its exit code. */
async function exitOf(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const cli = runCli(['--port', '0', '--project', PROJECT, '--stop-on-stdin-end', ...args]);
  return { code: await cli.exit, stderr: cli.stderr() };
}

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('after kill -9 and a restart on the same data dir', () => {
  it('every acknowledged write is there, in every project', async () => {
    const dir = newDataDir();
    const first = await start(dir);
    const bearer = await token(first.origin);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await call(first.origin, bearer, 'POST', `/${PROJECT}/product-selections`, { key: `k-${i}`, name: { en: `S ${i}` } });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const renamed = await call(first.origin, bearer, 'POST', `/${PROJECT}/product-selections/${ids[3]}`, {
      version: 1,
      actions: [{ action: 'changeName', name: { en: 'renamed' } }],
    });
    expect(renamed.status).toBe(200);
    expect((await call(first.origin, bearer, 'DELETE', `/${PROJECT}/product-selections/${ids[4]}?version=1`)).status).toBe(200);
    // A project created over the control API, with a write of its own.
    const made = await fetch(`${first.origin}/_emulator/projects`, {
      method: 'POST',
      headers: { ...basic, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'cli-other' }),
    });
    const other = (await made.json()) as { clientId: string; clientSecret: string };
    const otherBearer = await token(first.origin, other.clientId, other.clientSecret);
    expect(
      (await call(first.origin, otherBearer, 'POST', '/cli-other/product-selections', { key: 'theirs', name: { en: 'T' } })).status,
    ).toBe(201);
    // A customer who signs up: the password hash is kept.
    const signUp = await call(first.origin, bearer, 'POST', `/${PROJECT}/customers`, { email: 'kim@example.com', password: 'pw-kim-1' });
    expect(signUp.status).toBe(201);

    await killHard(first.cli);

    const second = await start(dir);
    // The token issued before the crash still works.
    const list = await call(second.origin, bearer, 'GET', `/${PROJECT}/product-selections?limit=500&sort=key asc`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(19);
    expect(list.body.results.find((s: { id: string }) => s.id === ids[3])).toMatchObject({ version: 2, name: { en: 'renamed' } });
    expect((await call(second.origin, bearer, 'GET', `/${PROJECT}/product-selections/${ids[4]}`)).status).toBe(404);
    const theirs = await call(
      second.origin,
      await token(second.origin, other.clientId, other.clientSecret),
      'GET',
      '/cli-other/product-selections/key=theirs',
    );
    expect(theirs.status).toBe(200);
    const login = await fetch(`${second.origin}/auth/oauth/${PROJECT}/customers/token`, {
      method: 'POST',
      headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=kim%40example.com&password=pw-kim-1',
    });
    expect(login.status).toBe(200);
    expect(second.banner).toContain(`state: durable in ${dir}`);
  });
});

describe('kill -9 right after the first of concurrent sign-ups is answered', () => {
  it('keeps only customers who can sign in', async () => {
    const dir = newDataDir();
    const first = await start(dir);
    const bearer = await token(first.origin);
    const emails = Array.from({ length: 12 }, (_, i) => `signup-${i}@example.com`);
    const signUps = emails.map((email) => call(first.origin, bearer, 'POST', `/${PROJECT}/customers`, { email, password: `pw-${email}` }));
    const answered = await Promise.any(signUps);
    expect(answered.status).toBe(201);
    await killHard(first.cli);
    await Promise.allSettled(signUps);

    const second = await start(dir);
    const stored = await call(second.origin, await token(second.origin), 'GET', `/${PROJECT}/customers?limit=500`);
    const kept = (stored.body.results as { id: string; email: string }[]).map((c) => c.email);
    expect(kept).toContain(answered.body.customer.email);
    for (const email of kept) {
      const login = await fetch(`${second.origin}/auth/oauth/${PROJECT}/customers/token`, {
        method: 'POST',
        headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: email, password: `pw-${email}` }).toString(),
      });
      expect(login.status, email).toBe(200);
    }
  });
});

describe('a data dir the emulator cannot use: exit code 2, a clear error, nothing changed', () => {
  it('one that cannot be created (under a regular file)', async () => {
    const dir = newDataDir();
    writeFileSync(join(dir, 'file.txt'), 'not a directory');
    const { code, stderr } = await exitOf(['--data-dir', join(dir, 'file.txt', 'sub')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--data-dir: cannot create the data dir .*file\.txt\/sub/);
    expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('not a directory');
  });

  it('a database of an unknown format version', async () => {
    const dir = newDataDir();
    const first = await start(dir);
    await stopCli(first.cli);
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => {
      pragma(source: string): unknown;
      close(): void;
    };
    const db = new Sqlite(join(dir, DATABASE_FILE));
    db.pragma('user_version = 99');
    db.close();
    const before = digest(join(dir, DATABASE_FILE));
    const { code, stderr } = await exitOf(['--data-dir', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/has format version 99; this emulator reads version 1 only/);
    expect(digest(join(dir, DATABASE_FILE))).toBe(before);
  });

  it('a file that is no emulator database', async () => {
    const dir = newDataDir();
    writeFileSync(join(dir, DATABASE_FILE), 'some other data, not SQLite');
    const { code, stderr } = await exitOf(['--data-dir', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--data-dir: cannot use the database/);
    expect(readFileSync(join(dir, DATABASE_FILE), 'utf8')).toBe('some other data, not SQLite');
  });

  it('a damaged database (bytes flipped mid-file): it and its WAL stay as they were, no lock or -shm left', async () => {
    const dir = newDataDir();
    const db = join(dir, DATABASE_FILE);
    const first = await start(dir);
    const bearer = await token(first.origin);
    for (let i = 0; i < 30; i++) {
      const created = await call(first.origin, bearer, 'POST', `/${PROJECT}/product-selections`, { name: { en: `${i}`.repeat(3000) } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    expect(await stopCli(first.cli)).toBe(0);
    // A write in the WAL only: killed before any checkpoint.
    const second = await start(dir);
    expect((await call(second.origin, bearer, 'POST', `/${PROJECT}/product-selections`, { key: 'in-wal', name: { en: 'W' } })).status).toBe(
      201,
    );
    await killHard(second.cli);
    rmSync(`${db}-shm`);
    // Flips the first bytes of a page in the middle of the file that the WAL holds no newer copy of.
    const pageSize = readFileSync(db).readUInt16BE(16);
    const wal = readFileSync(`${db}-wal`);
    const inWal = new Set<number>();
    for (let frame = 32; frame < wal.length; frame += 24 + pageSize) inWal.add(wal.readUInt32BE(frame));
    const bytes = readFileSync(db);
    let page = Math.floor(bytes.length / pageSize / 2);
    while (inWal.has(page)) page++;
    for (let i = 0; i < 16; i++) bytes[(page - 1) * pageSize + i]! ^= 0xff;
    writeFileSync(db, bytes);
    const files = readdirSync(dir).sort();
    const before = [digest(db), digest(`${db}-wal`)];

    const { code, stderr } = await exitOf(['--data-dir', dir]);
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(/--data-dir: the database .* is damaged .*it was left as it is/);
    expect([digest(db), digest(`${db}-wal`)]).toEqual(before);
    // The killed emulator's lock is taken over, then given back: no lock, nothing else new.
    expect(readdirSync(dir).sort()).toEqual(files.filter((file) => file !== 'emulator.lock'));
  });

  it('one held by another running emulator, which goes on serving', async () => {
    const dir = newDataDir();
    const first = await start(dir);
    const bearer = await token(first.origin);
    expect((await call(first.origin, bearer, 'POST', `/${PROJECT}/product-selections`, { key: 'held', name: { en: 'H' } })).status).toBe(
      201,
    );
    const { code, stderr } = await exitOf(['--client-id', ID, '--client-secret', SECRET, '--data-dir', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/is in use by another running emulator \(process \d+\)/);
    expect((await call(first.origin, bearer, 'GET', `/${PROJECT}/product-selections/key=held`)).status).toBe(200);
    expect(existsSync(join(dir, 'emulator.lock'))).toBe(true);
  });
});

describe('--state-file with --data-dir', () => {
  it('the state file is read at start into the durable projects and written at a clean stop', async () => {
    const dir = newDataDir();
    const stateFile = join(newDataDir(), 'state.json');
    const first = await start(dir, ['--state-file', stateFile]);
    const bearer = await token(first.origin);
    expect((await call(first.origin, bearer, 'POST', `/${PROJECT}/product-selections`, { key: 'saved', name: { en: 'S' } })).status).toBe(
      201,
    );
    expect(await stopCli(first.cli)).toBe(0);
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { resources: Record<string, { key?: string }[]> };
    expect(saved.resources['product-selection']!.map((s) => s.key)).toEqual(['saved']);

    // Started on an empty data dir with that state file: the state file's data, kept durably from then on.
    const emptyDir = newDataDir();
    mkdirSync(emptyDir, { recursive: true });
    const second = await start(emptyDir, ['--state-file', stateFile]);
    expect((await call(second.origin, await token(second.origin), 'GET', `/${PROJECT}/product-selections/key=saved`)).status).toBe(200);
    await killHard(second.cli);
    const third = await start(emptyDir);
    expect((await call(third.origin, await token(third.origin), 'GET', `/${PROJECT}/product-selections/key=saved`)).status).toBe(200);
  });
});

describe('a Ctrl-C (SIGINT, again and again, as pnpm forwards it)', () => {
  it('finishes the clean stop: the state file written, the WAL checkpointed, the lock released, exit code 0', async () => {
    const dir = newDataDir();
    const stateFile = join(newDataDir(), 'state.json');
    const { origin, cli } = await start(dir, ['--state-file', stateFile]);
    expect(
      (await call(origin, await token(origin), 'POST', `/${PROJECT}/product-selections`, { key: 'ctrl-c', name: { en: 'C' } })).status,
    ).toBe(201);
    expect(existsSync(join(dir, `${DATABASE_FILE}-wal`))).toBe(true);
    let exited = false;
    const exit = cli.exit.finally(() => (exited = true));
    // A signal at every turn until it exits: some arrive while it stops.
    while (!exited) {
      try {
        process.kill(cli.child.pid!, 'SIGINT');
      } catch {
        // Gone between the check and the signal.
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await exit, cli.stderr()).toBe(0);
    expect(readFileSync(stateFile, 'utf8')).toContain('ctrl-c');
    expect(existsSync(join(dir, 'emulator.lock'))).toBe(false);
    expect(existsSync(join(dir, `${DATABASE_FILE}-wal`))).toBe(false);
  });
});
