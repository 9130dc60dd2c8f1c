import { change, differs, type Change, type FieldRule, type ResourceHistoryRules } from '../../history/change-kit.js';
import type { Label } from '../../history/records.js';
import { isPlainObject } from '../../query/values.js';
import type { StoredResource } from '../../store/collection.js';

/** A Custom Object's records are labelled by its container and key. */
export function customObjectLabel(resource: StoredResource): Label {
  return { type: 'CustomObjectLabel', key: resource.key, container: resource['container'] };
}

/** The property Changes between two object values, by dotted path: added, removed, and set (a non-object member that differs). */
function propertyChanges(previous: Record<string, unknown>, next: Record<string, unknown>, prefix: string): Change[] {
  const changes: Change[] = [];
  for (const [name, before] of Object.entries(previous)) {
    const path = `${prefix}${name}`;
    if (!Object.prototype.hasOwnProperty.call(next, name))
      changes.push(change('removeProperty', 'RemovePropertyChange', before, undefined, { path }));
    else if (isPlainObject(before) && isPlainObject(next[name])) changes.push(...propertyChanges(before, next[name], `${path}.`));
    else if (differs(before, next[name])) changes.push(change('setProperty', 'SetPropertyChange', before, next[name], { path }));
  }
  for (const [name, after] of Object.entries(next)) {
    if (!Object.prototype.hasOwnProperty.call(previous, name))
      changes.push(change('addProperty', 'AddPropertyChange', undefined, after, { path: `${prefix}${name}` }));
  }
  return changes;
}

/**
 * A new `value`: one Change per property added, removed or set when both values are objects (the
 * live AddPropertyChange, RemovePropertyChange, SetPropertyChange, with its dotted `path`); a
 * SetValueChange when either is not an object.
 */
const valueRule: FieldRule = (previous, next) =>
  isPlainObject(previous) && isPlainObject(next)
    ? propertyChanges(previous, next, '')
    : [change('setValue', 'SetValueChange', previous, next)];

export const customObjectChanges: ResourceHistoryRules = { value: valueRule };
