import type { Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { commerceContract } from '../../validation/contract.js';
import { isNotEmulatedAction } from '../../validation/not-emulated-members.js';
import { parseUpdateRequest } from '../../validation/update-request.js';
import { errors } from '../../http/errors.js';
import { invalidJson, memberPath, missingValue } from '../../validation/request-errors.js';
import { isPlainObject } from '../../query/values.js';
import type { ProjectSettings } from '../../state.js';
import type { Schemas } from '../kit/resource-type.js';
import { cartSettingsActions } from './cart-settings.js';
import { shoppingListDaysOf, shoppingListSettingsActions } from './shopping-list-settings.js';

const VIEW = ['view_project_settings', 'manage_project'] as const;
const MANAGE = ['manage_project'] as const;
/** Default and bounds of message retention: 15 days by default; the live service allows 1 to 90. */
const DEFAULT_MESSAGE_DAYS = 15;
const MAX_MESSAGE_DAYS = 90;

/** The project as `GET /{projectKey}` shows it: the external OAuth server's Authorization header is never shown. */
export function presentProject(project: ProjectSettings): Schemas['Project'] {
  const { externalOAuth, discountCombinationMode, ...rest } = project;
  return {
    ...rest,
    countries: [...rest.countries],
    currencies: [...rest.currencies],
    languages: [...rest.languages],
    messages: { ...rest.messages },
    carts: { ...rest.carts },
    ...(rest.shippingRateInputType ? { shippingRateInputType: structuredClone(rest.shippingRateInputType) } : {}),
    shoppingLists: { deleteDaysAfterLastModification: shoppingListDaysOf(project) },
    discounts: { discountCombinationMode: discountCombinationMode ?? 'Stacking' },
    // The live default of a new project; the emulator has no inventory settings.
    inventory: {},
    ...(externalOAuth ? { externalOAuth: { url: externalOAuth.url } } : {}),
  };
}

type ProjectUpdateAction = Schemas['ProjectUpdateAction'];

/**
 * An action as sent, its members named as in the generated action but not checked against the
 * schema: each project action checks its own members, with the live messages.
 */
type Unchecked<A> = { [K in keyof A]?: unknown };

/** The project update actions by name; `index`: the action's place in the request, for error fields. */
type ProjectActions = {
  [K in ProjectUpdateAction['action']]: (
    project: ProjectSettings,
    action: Unchecked<Extract<ProjectUpdateAction, { action: K }>>,
    index: number,
  ) => void;
};

const actions: ProjectActions = {
  ...cartSettingsActions,
  ...shoppingListSettingsActions,

  changeName(project, { name }) {
    const path = memberPath('actions', 'name');
    if (name === undefined || name === null) throw missingValue(path);
    if (typeof name !== 'string') throw invalidJson(`${path}: must be string`);
    project.name = name;
  },

  setExternalOAuth(project, { externalOAuth: value }, index) {
    if (value === undefined || value === null) {
      delete project.externalOAuth;
      return;
    }
    const field = `actions.${index}.externalOAuth`;
    const path = memberPath('actions', 'externalOAuth');
    if (!isPlainObject(value)) throw invalidJson(`${path}: must be an object with url and authorizationHeader`);
    const { url, authorizationHeader } = value;
    if (url === undefined) throw missingValue(memberPath(path, 'url'));
    if (authorizationHeader === undefined) throw missingValue(memberPath(path, 'authorizationHeader'));
    if (typeof url !== 'string') throw invalidJson(`${memberPath(path, 'url')}: must be string`);
    if (typeof authorizationHeader !== 'string') throw invalidJson(`${memberPath(path, 'authorizationHeader')}: must be string`);
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username !== '' || parsed.password !== '') {
      throw errors.invalidField(
        `${field}.url`,
        url,
        `The value for field ${field}.url must be an absolute http(s) URL without credentials.`,
      );
    }
    // A header value: non-empty, no line breaks (it is sent as is).
    if (authorizationHeader.trim() === '' || /[\r\n\0]/.test(authorizationHeader)) {
      throw errors.invalidField(
        `${field}.authorizationHeader`,
        '<hidden>',
        `The value for field ${field}.authorizationHeader must be a valid HTTP header value.`,
      );
    }
    project.externalOAuth = { url: parsed.href, authorizationHeader };
  },

  changeMessagesConfiguration(project, { messagesConfiguration: value }, index) {
    const field = `actions.${index}.messagesConfiguration`;
    const path = memberPath('actions', 'messagesConfiguration');
    if (value === undefined || value === null) throw missingValue(path);
    if (!isPlainObject(value)) throw invalidJson(`${path}: must be object`);
    const { enabled, deleteDaysAfterCreation } = value;
    if (enabled === undefined || enabled === null) throw missingValue(memberPath(path, 'enabled'));
    if (typeof enabled !== 'boolean') throw invalidJson(`${memberPath(path, 'enabled')}: must be boolean`);
    let days = DEFAULT_MESSAGE_DAYS;
    if (deleteDaysAfterCreation !== undefined && deleteDaysAfterCreation !== null) {
      if (typeof deleteDaysAfterCreation !== 'number') throw invalidJson(`${memberPath(path, 'deleteDaysAfterCreation')}: must be number`);
      if (!Number.isInteger(deleteDaysAfterCreation) || deleteDaysAfterCreation < 1 || deleteDaysAfterCreation > MAX_MESSAGE_DAYS) {
        throw errors.invalidField(
          `${field}.deleteDaysAfterCreation`,
          deleteDaysAfterCreation,
          `The value for field ${field}.deleteDaysAfterCreation must be an integer from 1 to ${MAX_MESSAGE_DAYS}.`,
        );
      }
      days = deleteDaysAfterCreation;
    }
    project.messages = { enabled, deleteDaysAfterCreation: days };
  },
};

const isProjectAction = (name: string): name is keyof ProjectActions => Object.hasOwn(actions, name);

/**
 * Applies a project update (`{ version, actions }`) in order and all or nothing: the actions work
 * on a copy that replaces `state.project` only when every one succeeded. Version + 1 only when
 * something changed. Returns the project (unchanged on a no-op).
 */
export function updateProject(context: EmulatorContext, body: unknown): ProjectSettings {
  const notEmulated = (name: string) => isNotEmulatedAction(commerceContract(), 'ProjectUpdateAction', name);
  const { version, actions: list } = parseUpdateRequest(body, 'project', (name) => isProjectAction(name) || notEmulated(name));
  // parseUpdateRequest has checked that each action names a known action.
  const named = list.map((action) => ({ name: String(action['action']), action }));
  named.forEach(({ name }, index) => {
    if (notEmulated(name)) throw errors.notEmulated({ field: `actions.${index}.action`, action: name });
  });
  const current = context.state.project;
  if (version !== current.version) throw errors.concurrentModification(version, current.version);
  const working: ProjectSettings = structuredClone(current);
  named.forEach(({ name, action }, index) => {
    if (isProjectAction(name)) actions[name](working, action, index);
  });
  if (JSON.stringify(working) === JSON.stringify(current)) return current;
  working.version = current.version + 1;
  const oauthChanged = JSON.stringify(working.externalOAuth) !== JSON.stringify(current.externalOAuth);
  context.state.project = working;
  if (oauthChanged) context.auth.clearExternalTokenCache();
  return working;
}

/**
 * Project settings: `GET /{projectKey}` (view_project_settings or
 * manage_project) and `POST /{projectKey}` with the actions changeName, setExternalOAuth,
 * changeMessagesConfiguration and the Carts settings' (manage_project).
 */
export function registerProjectRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;

  api.get('/:projectKey', (c) => {
    requireScope(c.get('principal'), projectKey, VIEW);
    return json(presentProject(context.state.project));
  });

  api.post('/:projectKey', async (c) => {
    requireScope(c.get('principal'), projectKey, MANAGE);
    return json(presentProject(updateProject(context, await readJsonBody(c))));
  });
}
