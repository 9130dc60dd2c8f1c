import { createResponseContract } from '../../src/contract/response-contract.js';
import type { EmulatorOptions } from '../../src/emulator/options.js';
import { adminConsole } from '../../src/emulator/auth/admin-console.js';
import { createApi, type Api, type ApiAnswer } from '../helpers/api.js';

/** A Record as the tests read it. */
export interface RecordBody {
  version: number;
  previousVersion: number;
  type: string;
  modifiedBy: Record<string, unknown>;
  modifiedAt: string;
  label: Record<string, unknown>;
  previousLabel: Record<string, unknown>;
  changes: Record<string, unknown>[];
  resource: { id: string; typeId: string; key?: string };
  stores: { key: string; typeId: string }[];
  withoutChanges: boolean;
}

/** A GraphQL answer, loosely typed for expectations. */
export interface GraphqlBody {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk the data freely
  data?: any;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface Page {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: RecordBody[];
}

/**
 * The emulator's HTTP API (writes, checked against the Commerce schema) plus its Change History: every
 * REST answer of `/history` is checked against history.yaml before a test sees it.
 */
export interface HistoryApi extends Api {
  /** GET `{history_url}/<project><path>` with the bootstrap token, or `token`. */
  history<T = Page>(path: string, token?: string): Promise<ApiAnswer<T>>;
  /** POST `{history_url}/<project>/graphql`. */
  graphql<T = GraphqlBody>(query: string, variables?: Record<string, unknown>, token?: string): Promise<ApiAnswer<T>>;
  /** A write through the admin console, made by `userId`. */
  asAdmin(userId: string): Api['call'];
}

export async function createHistoryApi(options: EmulatorOptions = {}): Promise<HistoryApi> {
  const api = await createApi(options);
  const base = `${api.emulator.urls().history}/${api.project}`;
  const contract = createResponseContract('history', base);
  // The bootstrap token, renewed once the manual clock has moved a day (tokens live 48 h).
  let bootstrap: { token: Promise<string>; at: number } | undefined;
  const bootstrapToken = () => {
    if (!bootstrap || api.clock.now() - bootstrap.at > 24 * 3600 * 1000) bootstrap = { token: api.token(), at: api.clock.now() };
    return bootstrap.token;
  };

  async function send<T>(
    method: string,
    url: string,
    token: string | undefined,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const bearer = token ?? (await bootstrapToken());
    const init: RequestInit = { method, headers: { ...(bearer === '' ? {} : { authorization: `Bearer ${bearer}` }), ...headers } };
    if (body !== undefined) init.body = body;
    const res = await api.emulator.fetch(url, init);
    const text = await res.text();
    const parsed = text === '' ? undefined : JSON.parse(text);
    contract.check(method, url, res.status, parsed);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  const asAdmin =
    (userId: string): Api['call'] =>
    async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> => {
      const url = `${api.emulator.urls().api}/${api.project}${path}`;
      const init: RequestInit = { method, headers: { ...adminConsole(api.emulator.context).headers(userId), ...headers } };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const res = await api.emulator.fetch(url, init);
      api.clock.advance(1);
      const parsed = (await res.json()) as unknown;
      api.contract.check(method, url, res.status, parsed);
      return { status: res.status, body: parsed as T, headers: res.headers };
    };

  return {
    ...api,
    history: (path, token) => send('GET', `${base}${path}`, token),
    graphql: (query, variables, token) =>
      send('POST', `${base}/graphql`, token, JSON.stringify({ query, ...(variables ? { variables } : {}) }), {
        'content-type': 'application/json',
      }),
    asAdmin,
  };
}

/** The first error of an error answer. */
export function errorOf(answer: ApiAnswer): { code: string; message: string } {
  const error = (answer.body as { errors?: { code: string; message: string }[] }).errors?.[0];
  if (!error) throw new Error(`not an error answer (${answer.status}): ${JSON.stringify(answer.body)}`);
  return error;
}

/** Versions and types of a page, newest first: a compact view for expectations. */
export function summary(page: Page): string[] {
  return page.results.map(
    (r) => `${r.resource.typeId} v${r.previousVersion}->v${r.version} ${r.type} [${r.changes.map((c) => c['change']).join(',')}]`,
  );
}
