import { asArray, change, differs, type Change, type FieldRule, type ResourceHistoryRules } from '../../history/change-kit.js';

type Line = {
  id: string;
  name?: unknown;
  variantId?: number;
  quantity?: number;
  description?: unknown;
  custom?: { type: { id: string }; fields: Record<string, unknown> };
};

/** What a Change shows of the line it is about. */
const productLineValue = (line: Line) => ({
  id: line.id,
  name: line.name,
  ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
});
const textLineValue = (line: Line) => ({ id: line.id, name: line.name });

/** The Changes of one kind of line, with the live Change names of that kind. */
interface LineKind {
  prefix: 'LineItem' | 'TextLineItem';
  /** The Change types' infix: `ShoppingListLineItem` or `TextLineItem`. */
  typeName: string;
  /** The member naming the line in a Change. */
  member: 'lineItem' | 'textLineItem';
  value(line: Line): Record<string, unknown>;
}

/** The Custom Field Changes of one line: its Type set, or each field set. */
function customChanges(kind: LineKind, before: Line, after: Line): Change[] {
  const at = { [kind.member]: kind.value(after) };
  if (before.custom?.type.id !== after.custom?.type.id) {
    return [change(`set${kind.prefix}CustomType`, `Set${kind.typeName}CustomTypeChange`, before.custom, after.custom, at)];
  }
  const [was, is] = [before.custom?.fields ?? {}, after.custom?.fields ?? {}];
  return [...new Set([...Object.keys(was), ...Object.keys(is)])]
    .filter((name) => differs(was[name], is[name]))
    .map((name) =>
      change(`set${kind.prefix}CustomField`, `Set${kind.typeName}CustomFieldChange`, was[name], is[name], {
        name,
        customTypeId: after.custom!.type.id,
        ...at,
      }),
    );
}

/**
 * A list of lines: one Change per line added or removed, per quantity, name or description
 * changed and per Custom Field set, and one for a new order of the same lines (the live Changes).
 */
function linesRule(kind: LineKind): FieldRule {
  return (previous, next) => {
    const [before, after] = [asArray(previous) as Line[], asArray(next) as Line[]];
    const beforeById = new Map(before.map((line) => [line.id, line]));
    const afterIds = new Set(after.map((line) => line.id));
    const changes: Change[] = [];
    for (const line of after) {
      const old = beforeById.get(line.id);
      if (!old) {
        changes.push(
          change(
            `add${kind.prefix}`,
            kind.prefix === 'LineItem' ? 'AddShoppingListLineItemChange' : 'AddTextLineItemChange',
            undefined,
            line,
          ),
        );
        continue;
      }
      const at = { [kind.member]: kind.value(line) };
      if (old.quantity !== line.quantity) {
        changes.push(change(`change${kind.prefix}Quantity`, `Change${kind.typeName}QuantityChange`, old.quantity, line.quantity, at));
      }
      if (kind.prefix === 'TextLineItem' && differs(old.name, line.name)) {
        changes.push(change('changeTextLineItemName', 'ChangeTextLineItemNameChange', old.name, line.name, at));
      }
      if (kind.prefix === 'TextLineItem' && differs(old.description, line.description)) {
        changes.push(change('setTextLineItemDescription', 'SetTextLineItemDescriptionChange', old.description, line.description, at));
      }
      if (differs(old.custom, line.custom)) changes.push(...customChanges(kind, old, line));
    }
    for (const line of before.filter((old) => !afterIds.has(old.id))) {
      changes.push(
        change(
          `remove${kind.prefix}`,
          kind.prefix === 'LineItem' ? 'RemoveShoppingListLineItemChange' : 'RemoveTextLineItemChange',
          line,
          undefined,
        ),
      );
    }
    const kept = before.filter((line) => afterIds.has(line.id)).map((line) => line.id);
    const order = after.filter((line) => beforeById.has(line.id)).map((line) => line.id);
    if (differs(kept, order)) changes.push(change(`change${kind.prefix}sOrder`, `Change${kind.typeName}sOrderChange`, before, after));
    return changes;
  };
}

/** A Shopping List's Changes by field; the other members get `set<Member>` (setSlug, setKey, ...). */
export const shoppingListChanges: ResourceHistoryRules = {
  lineItems: linesRule({ prefix: 'LineItem', typeName: 'ShoppingListLineItem', member: 'lineItem', value: productLineValue }),
  textLineItems: linesRule({ prefix: 'TextLineItem', typeName: 'TextLineItem', member: 'textLineItem', value: textLineValue }),
};
