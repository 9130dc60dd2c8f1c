import { simple, type ResourceHistoryRules } from '../../history/change-kit.js';
import type { Label } from '../../history/records.js';
import type { StoredResource } from '../../store/collection.js';

/** A Discount Code's Changes by field; `stores` follows `cartDiscounts` and has no Change of its own. */
export const discountCodeChanges: ResourceHistoryRules = {
  cartDiscounts: simple('changeCartDiscounts', 'ChangeCartDiscountsChange'),
  groups: simple('changeGroups', 'ChangeGroupsChange'),
  isActive: simple('changeIsActive', 'ChangeIsActiveChange'),
  stores: () => [],
};

/** A Discount Code is labelled by its `code` (a StringLabel), not by its localized name. */
export function discountCodeLabel(code: StoredResource): Label {
  return { type: 'StringLabel', value: String(code['code']) };
}
