/**
 * Where the API lives and how to authenticate, for the contract kit and the catalogue seeder: an
 * in-process emulator, or any deployment given by URLs and API client credentials. A small
 * session on top gets a client-credentials token once and calls the REST API.
 */
import type { Emulator } from '../emulator/app.js';

/** The `fetch` signature the kit uses and wraps (the emulator's in-process `fetch` has it too). */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** A deployment of the service (the live one, or an emulator on a port) and an API client of it. */
export interface ServiceTarget {
  /** Transport; `globalThis.fetch` when absent. */
  fetch?: FetchLike;
  /** `{base_url}` of the REST and GraphQL API, without the project key: `https://api.europe-west1.gcp.commercetools.com`. */
  apiUrl: string;
  /** `{auth_url}`: `https://auth.europe-west1.gcp.commercetools.com`. */
  authUrl: string;
  /** The Change History host, without the project key; optional. */
  historyUrl?: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for (space-separated); the client's own scopes when absent. */
  scope?: string;
}

/** The parts of an {@link Emulator} the kit needs. */
export type EmulatorLike = Pick<Emulator, 'fetch' | 'urls' | 'credentials' | 'projectKey'>;

/** Either a running emulator or a {@link ServiceTarget}. */
export type TargetLike = EmulatorLike | ServiceTarget;

/** A target with every member resolved. */
export interface ResolvedTarget extends ServiceTarget {
  fetch: FetchLike;
}

const isEmulator = (target: TargetLike): target is EmulatorLike => typeof (target as EmulatorLike).urls === 'function';

/**
 * The URLs, credentials and transport of a target. The secret is kept out of enumeration, so
 * logging or serializing the result does not print it.
 *
 * @example
 * const target = resolveTarget(createEmulator());
 * target.apiUrl; // 'http://127.0.0.1'
 */
export function resolveTarget(target: TargetLike): ResolvedTarget {
  const resolved: ResolvedTarget = isEmulator(target)
    ? {
        fetch: target.fetch,
        apiUrl: target.urls().api,
        authUrl: target.urls().auth,
        historyUrl: target.urls().history,
        projectKey: target.projectKey,
        clientId: target.credentials.clientId,
        clientSecret: target.credentials.clientSecret,
      }
    : {
        ...target,
        // Spelled out: a target may hold its secret non-enumerable, and spreading would drop it.
        clientSecret: target.clientSecret,
        fetch: target.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        apiUrl: target.apiUrl.replace(/\/+$/, ''),
        authUrl: target.authUrl.replace(/\/+$/, ''),
        ...(target.historyUrl !== undefined ? { historyUrl: target.historyUrl.replace(/\/+$/, '') } : {}),
      };
  return hideSecret(resolved);
}

/** Makes `clientSecret` non-enumerable (still readable), so it never shows in logs or JSON. */
export function hideSecret<T extends { clientSecret: string }>(target: T): T {
  const secret = target.clientSecret;
  Object.defineProperty(target, 'clientSecret', { value: secret, enumerable: false, writable: false, configurable: true });
  return target;
}

/**
 * An answer of the API that a helper did not expect. Carries the status and the error body
 * (never a token or a secret) in `cause`.
 *
 * @example
 * try {
 *   await seedCatalogue(emulator, { keyPrefix: 'run-1-' });
 * } catch (error) {
 *   if (error instanceof UnexpectedAnswerError) console.log(error.request, error.status, error.cause);
 * }
 */
export class UnexpectedAnswerError extends Error {
  readonly code = 'UNEXPECTED_ANSWER';
  constructor(
    readonly request: string,
    readonly status: number,
    body: unknown,
  ) {
    const errors = (body as { errors?: { code?: string; message?: string }[] } | undefined)?.errors;
    const reason = errors?.[0] ? `${errors[0].code ?? 'error'}: ${errors[0].message ?? ''}` : JSON.stringify(body)?.slice(0, 200);
    super(`${request} answered ${status} (${reason})`, { cause: { status, body } });
    this.name = 'UnexpectedAnswerError';
  }
}

/** One answer of the REST API. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A client-credentials session against a target's REST API. */
export interface ApiSession {
  readonly target: ResolvedTarget;
  /** The access token (fetched once, then reused). */
  token(): Promise<string>;
  /** Calls `<apiUrl>/<projectKey><path>` with the bearer token; a JSON body is serialized. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  /** Like {@link ApiSession.call}, but throws {@link UnexpectedAnswerError} unless the status is one of `statuses`. */
  expect<T = unknown>(statuses: number | readonly number[], method: string, path: string, body?: unknown): Promise<T>;
}

/**
 * Opens a session: the token comes from the target's authorization service (client credentials,
 * Basic authentication), once. `fetch` replaces the target's transport (e.g. a `checkedFetch`).
 *
 * @example
 * const session = openSession(createEmulator());
 * const selection = await session.expect(201, 'POST', '/product-selections', productSelectionDraft().build());
 */
export function openSession(target: TargetLike, fetch?: FetchLike): ApiSession {
  const resolved = resolveTarget(target);
  if (fetch) resolved.fetch = fetch;
  let token: Promise<string> | undefined;

  const requestToken = async (): Promise<string> => {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (resolved.scope) form.set('scope', resolved.scope);
    const url = `${resolved.authUrl}/oauth/token`;
    const response = await resolved.fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${resolved.clientId}:${resolved.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
    const body = (await response.json().catch(() => undefined)) as { access_token?: string } | undefined;
    if (response.status !== 200 || typeof body?.access_token !== 'string') {
      // The token endpoint's error body carries no secret; the token itself is never put in an error.
      const { access_token: _omitted, ...rest } = body ?? {};
      throw new UnexpectedAnswerError('POST /oauth/token', response.status, rest);
    }
    return body.access_token;
  };

  const session: ApiSession = {
    target: resolved,
    token: () => {
      token ??= requestToken().catch((error: unknown) => {
        token = undefined;
        throw error;
      });
      return token;
    },
    async call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
      const headers: Record<string, string> = { authorization: `Bearer ${await session.token()}` };
      const init: RequestInit = { method, headers };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      const response = await resolved.fetch(`${resolved.apiUrl}/${resolved.projectKey}${path}`, init);
      const text = await response.text();
      return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
    },
    async expect<T>(statuses: number | readonly number[], method: string, path: string, body?: unknown): Promise<T> {
      const answer = await session.call<T>(method, path, body);
      const allowed = typeof statuses === 'number' ? [statuses] : statuses;
      if (!allowed.includes(answer.status)) throw new UnexpectedAnswerError(`${method} ${path.split('?')[0]}`, answer.status, answer.body);
      return answer.body;
    },
  };
  return session;
}
