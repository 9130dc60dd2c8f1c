import { createHmac } from 'node:crypto';
import type { Principal } from './auth/principal.js';
import type { AuthService } from './auth/service.js';
import type { FaultInjector } from './http/faults.js';
import { newSecret } from './ids.js';
import { checkProjectKey, type ResolvedEmulatorOptions } from './options.js';
import { createProjectRuntime, type ProjectRuntime } from './project/runtime.js';
import { memoryStorage } from './storage/storage.js';
import type { DurableDatabase } from './storage/sqlite/database.js';

/** A project's bootstrap client credentials, as `POST /_emulator/projects` answers them. */
export interface ProjectCredentials {
  clientId: string;
  clientSecret: string;
  /** `manage_project:<projectKey>` */
  scope: string;
}

/** Why a project cannot be deleted: it is the emulator's own. */
export class OwnProjectError extends Error {
  override readonly name = 'OwnProjectError';
}

/**
 * The bootstrap client of a project the emulator adds: a new id (or the stored one, durable mode),
 * and a secret derived from the emulator's own bootstrap secret, the project key and that id, so
 * that an emulator restarted with the same credentials on the same data dir gives the same one,
 * and no secret is ever stored.
 */
function bootstrapOf(ownSecret: string, projectKey: string, id = `emulator-${newSecret().slice(0, 16)}`): { id: string; secret: string } {
  return { id, secret: createHmac('sha256', ownSecret).update(`${projectKey}:${id}`).digest('base64url').slice(0, 32) };
}

/**
 * The projects of one emulator, by key. Each is fully isolated (its own store and routes); they
 * share the clock, the fault rules and the emulator's options. The emulator's own project (the
 * `projectKey` option) has the emulator's bootstrap client and cannot be deleted; every other one
 * gets a bootstrap client of its own, an API client of that project only.
 */
export class ProjectRegistry {
  private readonly runtimes = new Map<string, { runtime: ProjectRuntime; credentials: ProjectCredentials }>();

  /**
   * `database`: the durable mode's, whose projects are served too (each read back from it), and
   * which keeps every project; none: memory only.
   */
  constructor(
    private readonly options: ResolvedEmulatorOptions,
    private readonly faults: FaultInjector,
    private readonly database?: DurableDatabase,
  ) {
    this.add(options.projectKey, { id: options.clientId, secret: options.clientSecret });
    for (const key of options.projects) this.ensure(key);
    for (const { key, bootstrapClientId } of database?.projects() ?? []) this.ensure(key, bootstrapClientId);
  }

  private add(projectKey: string, bootstrap: { id: string; secret: string }): ProjectRuntime {
    const storage = this.database?.storage(projectKey) ?? memoryStorage;
    const runtime = createProjectRuntime(projectKey, bootstrap, this.options, this.faults, storage, (token) =>
      this.principalElsewhere(token, projectKey),
    );
    this.runtimes.set(projectKey, {
      runtime,
      credentials: { clientId: bootstrap.id, clientSecret: bootstrap.secret, scope: `manage_project:${projectKey}` },
    });
    return runtime;
  }

  /**
   * The project of this key, created (empty, with a new bootstrap client) when there is none yet.
   * TypeError for a key that is not a valid project key. `storedClientId`: the bootstrap client id
   * a data dir holds for it.
   */
  ensure(projectKey: string, storedClientId?: string): { runtime: ProjectRuntime; created: boolean } {
    const existing = this.runtimes.get(checkProjectKey(projectKey));
    if (existing) return { runtime: existing.runtime, created: false };
    return { runtime: this.add(projectKey, bootstrapOf(this.options.clientSecret, projectKey, storedClientId)), created: true };
  }

  get(projectKey: string): ProjectRuntime | undefined {
    return this.runtimes.get(projectKey)?.runtime;
  }

  /** The bootstrap client's credentials of a project. */
  credentials(projectKey: string): ProjectCredentials | undefined {
    const found = this.runtimes.get(projectKey);
    return found && { ...found.credentials };
  }

  /** The project keys, the emulator's own first, then in creation order. */
  keys(): string[] {
    return [...this.runtimes.keys()];
  }

  /** Deletes a project and all its data; false when there is none. The emulator's own: {@link OwnProjectError}. */
  delete(projectKey: string): boolean {
    if (projectKey === this.options.projectKey)
      throw new OwnProjectError(`the project '${projectKey}' is the emulator's own and cannot be deleted`);
    const found = this.runtimes.get(projectKey);
    if (!found) return false;
    found.runtime.store.storage.drop();
    return this.runtimes.delete(projectKey);
  }

  /**
   * Makes every change durable (durable mode: a transaction per project that changed; memory:
   * nothing). A promise only when it must wait first, else undefined.
   */
  commit(): Promise<void> | undefined {
    return this.database?.commitAll((key) => this.get(key)?.store);
  }

  /** Resets every project (see `ProjectStore.reset`). */
  resetAll(): void {
    for (const { runtime } of this.runtimes.values()) runtime.store.reset();
  }

  /**
   * The authorization service of the project an API client belongs to, for the token endpoints
   * that name no project. Client ids are unique but for the admin console's, which every project
   * that uses one has: then the project named in `scope` (as `<permission>:<projectKey>`), else the
   * emulator's own project, else the first. Undefined when no project has any of the ids.
   */
  async authOfClient(clientIds: readonly string[], scope: () => Promise<string | undefined>): Promise<AuthService | undefined> {
    const holders = [...this.runtimes.values()].filter(({ runtime }) => clientIds.some((id) => runtime.store.auth.clients.has(id)));
    // The body is read for the scope only when it must choose: the client is checked before it.
    if (holders.length <= 1) return holders[0]?.runtime.store.auth;
    const named = new Set(((await scope()) ?? '').split(/\s+/).map((s) => s.split(':')[1]));
    const chosen =
      holders.find(({ runtime }) => named.has(runtime.store.projectKey)) ??
      holders.find(({ runtime }) => runtime.store.projectKey === this.options.projectKey) ??
      holders[0]!;
    return chosen.runtime.store.auth;
  }

  /** The authorization service of a project, if there is one. */
  ofProject(projectKey: string): AuthService | undefined {
    return this.get(projectKey)?.store.auth;
  }

  /** The emulator's own project's authorization service (for the time an unknown client costs). */
  ownAuth(): AuthService {
    return this.get(this.options.projectKey)!.store.auth;
  }

  /** The principal of an access token of a project other than `projectKey`. */
  private principalElsewhere(token: string, projectKey: string): Principal | undefined {
    for (const [key, { runtime }] of this.runtimes) {
      if (key === projectKey) continue;
      const principal = runtime.store.auth.ownPrincipal(token);
      if (principal) return principal;
    }
    return undefined;
  }
}
