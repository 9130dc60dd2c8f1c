import type { ResourceHistoryRules } from '../../history/change-kit.js';
import { simple } from '../../history/change-kit.js';

/** A Product Discount's Changes by field, named as the live actions; `references` follows the predicate and makes none. */
export const productDiscountChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeNameChange'),
  value: simple('changeValue', 'ChangeValueChange'),
  predicate: simple('changePredicate', 'ChangePredicateChange'),
  isActive: simple('changeIsActive', 'ChangeIsActiveChange'),
  sortOrder: simple('changeSortOrder', 'ChangeSortOrderChange'),
  references: () => [],
};
