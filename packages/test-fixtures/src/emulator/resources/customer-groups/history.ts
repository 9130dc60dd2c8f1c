import { type ResourceHistoryRules, simple } from '../../history/change-kit.js';

/** A Customer Group's Changes by field (key and Custom Fields: the shared rules). */
export const customerGroupChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeNameChange'),
};
