import { change, differs, type FieldRule, type ResourceHistoryRules } from '../../history/change-kit.js';

const quantities = ({ quantityOnStock, availableQuantity }: Record<string, unknown>) => ({ quantityOnStock, availableQuantity });

/**
 * Both quantities make one ChangeQuantityChange (the live Change for addQuantity, removeQuantity
 * and changeQuantity alike), holding both before and after; counted once, on `quantityOnStock`
 * unless only `availableQuantity` moved.
 */
const quantityRule =
  (field: 'quantityOnStock' | 'availableQuantity'): FieldRule =>
  (_previous, _next, { before, after }) => {
    if (field === 'availableQuantity' && differs(before['quantityOnStock'], after['quantityOnStock'])) return [];
    return [change('changeQuantity', 'ChangeQuantityChange', quantities(before), quantities(after))];
  };

/** An Inventory Entry's Changes; the other fields get the default `set<Field>` Changes, as live. */
export const inventoryEntryChanges: ResourceHistoryRules = {
  quantityOnStock: quantityRule('quantityOnStock'),
  availableQuantity: quantityRule('availableQuantity'),
};
