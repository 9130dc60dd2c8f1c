import { type Change, type FieldRule, type ResourceHistoryRules, actionNames, asArray, change, simple } from '../../history/change-kit.js';

interface RateShape {
  id: string;
}

/**
 * A Tax Category's rates: one Change per rate added, removed or replaced. A replaced rate keeps its
 * place with a new id, so with a replaceTaxRate action a new rate where an old one was replaces it.
 */
const taxRates: FieldRule = (previous, next, input) => {
  const before = asArray(previous) as RateShape[];
  const after = asArray(next) as RateShape[];
  const isNew = (rate: RateShape | undefined) => rate !== undefined && !before.some((b) => b.id === rate.id);
  const isGone = (rate: RateShape) => !after.some((a) => a.id === rate.id);
  const replacing = actionNames(input).has('replaceTaxRate');
  const replaced = new Set<RateShape>();
  const changes: Change[] = [];
  before.forEach((rate, index) => {
    if (!isGone(rate)) return;
    const successor = after[index];
    if (replacing && isNew(successor) && !replaced.has(successor!)) {
      replaced.add(successor!);
      changes.push(change('replaceTaxRate', 'ReplaceTaxRateChange', rate, successor));
    } else changes.push(change('removeTaxRate', 'RemoveTaxRateChange', rate, undefined));
  });
  for (const rate of after) {
    if (isNew(rate) && !replaced.has(rate)) changes.push(change('addTaxRate', 'AddTaxRateChange', undefined, rate));
  }
  return changes;
};

/** A Tax Category's Changes by field. */
export const taxCategoryChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeNameChange'),
  description: simple('setDescription', 'SetDescriptionChange'),
  rates: taxRates,
};
