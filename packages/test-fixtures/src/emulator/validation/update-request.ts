import { errors } from '../http/errors.js';
import { invalidJson, missingValue } from './request-errors.js';

/** An update request `{ id?, version, actions }` whose shape has been checked. */
export interface UpdateRequest {
  /** The target's id, when the body names it too (the URL always does). */
  id?: string;
  version: number;
  actions: Record<string, unknown>[];
}

/**
 * Checks the shape of an update request: an object, an integer version, one or more actions each
 * naming a known `action` (400 InvalidInput otherwise), and an optional string `id`.
 * Shared by every updatable resource and the project.
 */
export function parseUpdateRequest(body: unknown, typeId: string, isKnownAction: (name: string) => boolean): UpdateRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidJson('request body: must be an object with version and actions');
  const { id, version, actions } = body as { id?: unknown; version?: unknown; actions?: unknown };
  if (id !== undefined && typeof id !== 'string') throw invalidJson('id: must be string');
  if (version === undefined) throw missingValue('version');
  if (typeof version !== 'number' || !Number.isInteger(version)) throw invalidJson('version: must be an integer');
  if (actions === undefined) throw missingValue('actions');
  if (!Array.isArray(actions)) throw invalidJson('actions: must be an array');
  if (actions.length === 0) throw invalidJson('actions: must contain at least one action');
  actions.forEach((action: unknown) => {
    if (typeof action !== 'object' || action === null || Array.isArray(action)) throw invalidJson('actions: must be an array of objects');
    const name = (action as { action?: unknown }).action;
    if (name === undefined) throw missingValue('actions -> action');
    if (typeof name !== 'string') throw invalidJson('actions -> action: must be string');
    if (!isKnownAction(name)) throw errors.invalidInput(`Unknown update action '${name}' for resource type '${typeId}'.`);
  });
  return { ...(id !== undefined ? { id } : {}), version, actions: actions as Record<string, unknown>[] };
}
