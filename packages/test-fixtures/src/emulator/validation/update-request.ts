import { errors } from '../http/errors.js';

/** An update request (spec 2.4) whose shape has been checked. */
export interface UpdateRequest {
  version: number;
  actions: Record<string, unknown>[];
}

const invalidJson = (detail: string) => errors.invalidJsonInput('Request body does not contain valid JSON.', detail);

/**
 * Checks the shape of an update request `{ version, actions }` (spec 2.4): an object, an integer
 * version, one or more actions each naming a known `action` (400 InvalidInput otherwise).
 * Shared by every updatable resource and the project.
 */
export function parseUpdateRequest(body: unknown, typeId: string, isKnownAction: (name: string) => boolean): UpdateRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidJson('request body: must be an object with version and actions');
  const { version, actions } = body as { version?: unknown; actions?: unknown };
  if (version === undefined) throw errors.requiredField('version');
  if (typeof version !== 'number' || !Number.isInteger(version)) throw invalidJson('version: must be an integer');
  if (actions === undefined) throw errors.requiredField('actions');
  if (!Array.isArray(actions)) throw invalidJson('actions: must be an array');
  if (actions.length === 0) throw invalidJson('actions: must contain at least one action');
  actions.forEach((action: unknown, index) => {
    const name = typeof action === 'object' && action !== null ? (action as { action?: unknown }).action : undefined;
    if (typeof name !== 'string') throw errors.requiredField(`actions.${index}.action`);
    if (!isKnownAction(name)) throw errors.invalidInput(`Unknown update action '${name}' for resource type '${typeId}'.`);
  });
  return { version, actions: actions as Record<string, unknown>[] };
}
