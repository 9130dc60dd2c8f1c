import { type ResourceHistoryRules, simple, withItems } from '../../history/change-kit.js';

/**
 * A State's Changes by field. `addRoles` and `removeRoles` give a SetStateRolesChange too (the
 * live service no longer sends AddStateRolesChange and RemoveStateRolesChange).
 */
export const stateChanges: ResourceHistoryRules = {
  key: simple('changeKey', 'ChangeKeyChange'),
  type: simple('changeType', 'ChangeStateTypeChange'),
  initial: simple('changeInitial', 'ChangeInitialChange'),
  name: simple('setName', 'SetNameChange'),
  description: simple('setDescription', 'SetDescriptionChange'),
  roles: withItems('setRoles', 'SetStateRolesChange'),
  transitions: withItems('setTransitions', 'SetTransitionsChange'),
};
