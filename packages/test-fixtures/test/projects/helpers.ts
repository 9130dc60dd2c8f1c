import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { ManualClock } from '../../src/emulator/clock.js';
import { START } from '../helpers/api.js';

/** A status and a parsed JSON body; tests read it field by field and assert each. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any };

/** A caller of one project of a shared emulator, with a token of one of its clients. */
export interface ProjectCaller {
  key: string;
  credentials: { clientId: string; clientSecret: string };
  /** The client-credentials token of the project's bootstrap client. */
  token: string;
  /** A request to the API of `project` (default: this one) with `token` (default: this one's). */
  call(
    method: string,
    path: string,
    body?: unknown,
    options?: { project?: string; token?: string; base?: 'api' | 'history' },
  ): Promise<Answer>;
}

/** POSTs a form to the authorization service as a client; the status and parsed answer. */
export async function authForm(
  emulator: Emulator,
  path: string,
  form: Record<string, string>,
  credentials: { clientId: string; clientSecret: string },
): Promise<Answer> {
  const res = await emulator.fetch(`${emulator.urls().auth}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${credentials.clientId}:${credentials.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** A caller of the project `key` of `emulator`, created if need be. */
export async function projectCaller(emulator: Emulator, key: string): Promise<ProjectCaller> {
  const { credentials } = emulator.project(key);
  const answer = await authForm(emulator, '/oauth/token', { grant_type: 'client_credentials' }, credentials);
  if (answer.status !== 200) throw new Error(`token of ${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const token = answer.body.access_token as string;
  return {
    key,
    credentials,
    token,
    async call(method, path, body, options = {}) {
      const base = options.base === 'history' ? emulator.urls().history : emulator.urls().api;
      const res = await emulator.fetch(`${base}/${options.project ?? key}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token ?? token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
    },
  };
}

/** An emulator on a manual clock whose own project is `own`, plus the projects `a` and `b`. */
export async function twoProjects(): Promise<{ emulator: Emulator; clock: ManualClock; a: ProjectCaller; b: ProjectCaller }> {
  const clock = new ManualClock(START);
  const emulator = createEmulator({ projectKey: 'own', clock, clientId: 'harness', clientSecret: 'harness-secret', projects: ['shop-a'] });
  return { emulator, clock, a: await projectCaller(emulator, 'shop-a'), b: await projectCaller(emulator, 'shop-b') };
}
