import {
  type Change,
  type FieldRule,
  type ResourceHistoryRules,
  actionNames,
  arrayDelta,
  asArray,
  change,
  simple,
  withItems,
} from '../../history/change-kit.js';

interface SelectionSetting {
  productSelection: { typeId: string; id: string };
  active: boolean;
}

/** A Store's Product Selection settings: one Change per selection added, removed or toggled. */
const storeSelections: FieldRule = (previous, next, input) => {
  const before = asArray(previous) as SelectionSetting[];
  const after = asArray(next) as SelectionSetting[];
  if (actionNames(input).has('setProductSelections')) {
    return [change('setProductSelections', 'SetProductSelectionsChange', before, after, arrayDelta(before, after))];
  }
  const was = new Map(before.map((s) => [s.productSelection.id, s]));
  const now = new Map(after.map((s) => [s.productSelection.id, s]));
  const changes: Change[] = [];
  for (const setting of after) {
    const old = was.get(setting.productSelection.id);
    const productSelection = structuredClone(setting.productSelection);
    if (!old) changes.push(change('addProductSelection', 'AddProductSelectionChange', undefined, setting, { productSelection }));
    else if (old.active !== setting.active) {
      changes.push(
        change('changeProductSelectionActive', 'ChangeProductSelectionActiveChange', old.active, setting.active, { productSelection }),
      );
    }
  }
  for (const setting of before) {
    if (!now.has(setting.productSelection.id)) {
      changes.push(
        change('removeProductSelection', 'RemoveProductSelectionChange', setting, undefined, {
          productSelection: structuredClone(setting.productSelection),
        }),
      );
    }
  }
  return changes;
};

/** A Store's Changes by field (https://docs.commercetools.com/api/history/change-types). */
export const storeChanges: ResourceHistoryRules = {
  name: simple('setName', 'SetLocalizedNameChange'),
  languages: withItems('setLanguages', 'SetLanguagesChange'),
  productSelections: storeSelections,
};
