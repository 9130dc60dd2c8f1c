import type { ResourceHistoryRules } from '../../history/change-kit.js';
import { simple } from '../../history/change-kit.js';

/**
 * A Cart Discount's Changes by field, named as the live actions (the live Change types of
 * cart-discount: ChangeCartPredicate, ChangeTarget, ChangeStackingMode, ChangeRequiresDiscountCode);
 * `references` follows the predicates and makes none; the others are `set<Field>`.
 */
export const cartDiscountChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeNameChange'),
  value: simple('changeValue', 'ChangeValueChange'),
  cartPredicate: simple('changeCartPredicate', 'ChangeCartPredicateChange'),
  target: simple('changeTarget', 'ChangeTargetChange'),
  isActive: simple('changeIsActive', 'ChangeIsActiveChange'),
  sortOrder: simple('changeSortOrder', 'ChangeSortOrderChange'),
  requiresDiscountCode: simple('changeRequiresDiscountCode', 'ChangeRequiresDiscountCodeChange'),
  stackingMode: simple('changeStackingMode', 'ChangeStackingModeChange'),
  references: () => [],
};
