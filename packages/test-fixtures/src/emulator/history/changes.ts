import type { ChangeEvent, EmulatorState } from '../state.js';
import { actionNames, arrayDelta, change, differs, type Change, type DiffInput, type FieldRule } from './change-kit.js';
import { productMasterData } from './product-changes.js';

export type { Change } from './change-kit.js';

/**
 * The Changes of an update Record ("differences between the two versions; not identical
 * to the update actions sent and not limited to update actions"). They are computed from the
 * difference between the resource before and after the write, named after the update action
 * that makes such a difference, in the style of the live service: `change` is the action name
 * (`changeName`), `type` the change kind (`ChangeLocalizedNameChange`), localized values are
 * locale maps. A background effect of an action gets its own Change (`setProductCount` after
 * `addProduct`). A field without a rule gets `set<Field>` / `Set<Field>Change`, so resources added
 * to the emulator later are tracked too.
 */

/** Members every stored resource has that are not the resource's data. */
const BOOKKEEPING = new Set(['id', 'version', 'createdAt', 'lastModifiedAt', 'createdBy', 'lastModifiedBy']);

const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const simple =
  (name: string, type: string): FieldRule =>
  (previous, next) => [change(name, type, previous, next)];

const withItems =
  (name: string, type: string): FieldRule =>
  (previous, next) => [change(name, type, previous, next, arrayDelta(asArray(previous), asArray(next)))];

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

interface AttributeDefinitionShape {
  name: string;
  label?: unknown;
  inputTip?: unknown;
  attributeConstraint?: unknown;
  isSearchable?: unknown;
  inputHint?: unknown;
  type?: { name?: string; values?: { key: string }[]; elementType?: { name?: string; values?: { key: string }[] } };
}

/** The enum values of an attribute type (or of the element type of a set). */
const enumOf = (type: AttributeDefinitionShape['type']) => (type?.name === 'set' ? type.elementType : type);

/**
 * A Product Type's attribute definitions, one Change per difference as the live service names
 * them: definitions added and removed, a member of one changed (`attributeName` naming it), enum
 * values added, and the order.
 */
const attributeDefinitions: FieldRule = (previous, next) => {
  const before = asArray(previous) as AttributeDefinitionShape[];
  const after = asArray(next) as AttributeDefinitionShape[];
  const was = new Map(before.map((a) => [a.name, a]));
  const changes: Change[] = [];
  const members = [
    ['label', 'changeLabel', 'ChangeLabelChange'],
    ['inputTip', 'setInputTip', 'SetInputTipChange'],
    ['attributeConstraint', 'changeAttributeConstraint', 'ChangeAttributeConstraintChange'],
    ['isSearchable', 'changeIsSearchable', 'ChangeIsSearchableChange'],
    ['inputHint', 'changeInputHint', 'ChangeInputHintChange'],
  ] as const;
  for (const definition of after) {
    const old = was.get(definition.name);
    if (!old) {
      changes.push(change('addAttributeDefinition', 'AddAttributeDefinitionChange', undefined, definition));
      continue;
    }
    const attributeName = definition.name;
    for (const [member, name, type] of members)
      if (differs(old[member], definition[member])) changes.push(change(name, type, old[member], definition[member], { attributeName }));
    const oldType = enumOf(old.type);
    const newType = enumOf(definition.type);
    for (const value of newType?.values ?? []) {
      if (oldType?.values?.some((v) => v.key === value.key)) continue;
      const [name, type] =
        newType?.name === 'lenum'
          ? ['addLocalizedEnumValue', 'AddLocalizedEnumValueChange']
          : ['addPlainEnumValue', 'AddPlainEnumValueChange'];
      changes.push(change(name, type, undefined, value, { attributeName }));
    }
  }
  const now = new Set(after.map((a) => a.name));
  for (const definition of before)
    if (!now.has(definition.name))
      changes.push(change('removeAttributeDefinition', 'RemoveAttributeDefinitionChange', definition, undefined));
  const kept = (list: AttributeDefinitionShape[], other: Set<string>) => list.map((a) => a.name).filter((name) => other.has(name));
  const oldOrder = kept(before, now);
  const newOrder = kept(after, new Set(was.keys()));
  if (differs(oldOrder, newOrder))
    changes.push(change('changeAttributeOrderByName', 'ChangeAttributeOrderByNameChange', oldOrder, newOrder));
  return changes;
};

interface AddressShape {
  id: string;
}

/** A Customer's addresses: one Change per address added, changed or removed. */
const customerAddresses: FieldRule = (previous, next) => {
  const before = asArray(previous) as AddressShape[];
  const after = asArray(next) as AddressShape[];
  const changes: Change[] = [];
  for (const address of after) {
    const old = before.find((a) => a.id === address.id);
    if (!old) changes.push(change('addAddress', 'AddAddressChange', undefined, address));
    else if (differs(old, address)) changes.push(change('changeAddress', 'ChangeAddressChange', old, address));
  }
  for (const address of before)
    if (!after.some((a) => a.id === address.id)) changes.push(change('removeAddress', 'RemoveAddressChange', address, undefined));
  return changes;
};

/** Address ids of a role (shipping, billing): one Change per id added or removed. */
const addressIds =
  (role: 'Shipping' | 'Billing'): FieldRule =>
  (previous, next) => {
    const { addedItems, removedItems } = arrayDelta(asArray(previous), asArray(next));
    return [
      ...addedItems.map((id) => change(`add${role}AddressId`, `Add${role}AddressIdChange`, undefined, id)),
      ...removedItems.map((id) => change(`remove${role}AddressId`, `Remove${role}AddressIdChange`, id, undefined)),
    ];
  };

/** A Customer's Stores: `setStores` as one Change, `addStore` / `removeStore` one per Store. */
const customerStores: FieldRule = (previous, next, input) => {
  const { addedItems, removedItems } = arrayDelta(asArray(previous), asArray(next));
  if (actionNames(input).has('setStores')) return [change('setStores', 'SetStoresChange', previous, next, { addedItems, removedItems })];
  return [
    ...addedItems.map((store) => change('addStore', 'AddStoreChange', undefined, store)),
    ...removedItems.map((store) => change('removeStore', 'RemoveStoreChange', store, undefined)),
  ];
};

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

interface CustomShape {
  type: { id: string };
  fields: Record<string, unknown>;
}

/**
 * Custom Fields, on every resource that has them: setting a Type (or removing the Custom Fields)
 * is one SetCustomTypeChange; otherwise one SetCustomFieldChange per field changed, naming the
 * field and its Type.
 */
const customRule: FieldRule = (previous, next, input) => {
  const before = previous as CustomShape | undefined;
  const after = next as CustomShape | undefined;
  if (!before || !after || before.type.id !== after.type.id || actionNames(input).has('setCustomType')) {
    return [change('setCustomType', 'SetCustomTypeChange', before, after)];
  }
  const names = [...new Set([...Object.keys(before.fields), ...Object.keys(after.fields)])];
  return names
    .filter((name) => differs(before.fields[name], after.fields[name]))
    .map((name) =>
      change('setCustomField', 'SetCustomFieldChange', before.fields[name], after.fields[name], { name, customTypeId: after.type.id }),
    );
};

interface FieldDefinitionShape {
  name: string;
}

/**
 * A Type's field definitions: one Change per definition added or removed, one for a new order,
 * and for a definition changed in place one named after the request's action on that field
 * (`changeLabel`, `addEnumValue`...), with `fieldName`.
 */
const typeFieldDefinitions: FieldRule = (previous, next, input) => {
  const before = asArray(previous) as FieldDefinitionShape[];
  const after = asArray(next) as FieldDefinitionShape[];
  const changes: Change[] = [];
  for (const definition of after) {
    const old = before.find((d) => d.name === definition.name);
    if (!old) changes.push(change('addFieldDefinition', 'AddFieldDefinitionChange', undefined, definition));
    else if (differs(old, definition)) {
      const action = input.actions.find((a) => a['fieldName'] === definition.name)?.['action'];
      const name = typeof action === 'string' ? action : 'changeFieldDefinition';
      changes.push(change(name, `${upperFirst(name)}Change`, old, definition, { fieldName: definition.name }));
    }
  }
  for (const definition of before) {
    if (!after.some((d) => d.name === definition.name))
      changes.push(change('removeFieldDefinition', 'RemoveFieldDefinitionChange', definition.name, undefined));
  }
  const kept = (list: FieldDefinitionShape[], other: FieldDefinitionShape[]) =>
    list.filter((d) => other.some((o) => o.name === d.name)).map((d) => d.name);
  if (differs(kept(before, after), kept(after, before))) {
    changes.push(
      change(
        'changeFieldDefinitionOrder',
        'ChangeFieldDefinitionOrderChange',
        before.map((d) => d.name),
        after.map((d) => d.name),
      ),
    );
  }
  return changes;
};

/** Field rules per resource type; `key` and `custom` are common to all. */
const RULES: Record<string, Record<string, FieldRule>> = {
  'product-selection': {
    name: simple('changeName', 'ChangeLocalizedNameChange'),
    // Set by the service after addProduct/removeProduct (live: a background change).
    productCount: simple('setProductCount', 'SetProductCountChange'),
  },
  store: {
    name: simple('setName', 'SetLocalizedNameChange'),
    languages: withItems('setLanguages', 'SetLanguagesChange'),
    productSelections: storeSelections,
  },
  product: {
    masterData: productMasterData,
    productType: simple('changeProductType', 'ChangeProductTypeChange'),
    taxCategory: simple('setTaxCategory', 'SetTaxCategoryChange'),
  },
  'product-type': {
    name: simple('changeName', 'ChangeNameChange'),
    description: simple('changeDescription', 'ChangeDescriptionChange'),
    attributes: attributeDefinitions,
  },
  category: {
    name: simple('changeName', 'ChangeLocalizedNameChange'),
    slug: simple('changeSlug', 'ChangeSlugChange'),
    description: simple('setDescription', 'SetLocalizedDescriptionChange'),
    parent: simple('changeParent', 'ChangeParentChange'),
    // Follows the parent: the changeParent Change says it; a descendant's ancestors change in the background.
    ancestors: (previous, next, input) =>
      actionNames(input).has('changeParent') ? [] : [change('setAncestors', 'SetAncestorsChange', previous, next)],
    orderHint: simple('changeOrderHint', 'ChangeOrderHintChange'),
    externalId: simple('setExternalId', 'SetExternalIdChange'),
    metaTitle: simple('setMetaTitle', 'SetMetaTitleChange'),
    metaDescription: simple('setMetaDescription', 'SetMetaDescriptionChange'),
    metaKeywords: simple('setMetaKeywords', 'SetMetaKeywordsChange'),
  },
  'tax-category': {
    name: simple('changeName', 'ChangeNameChange'),
    description: simple('setDescription', 'SetDescriptionChange'),
    rates: taxRates,
  },
  // Other members: `set<Member>` (setMiddleName, setTitle, setSalutation, setDateOfBirth, ...).
  customer: {
    email: simple('changeEmail', 'ChangeEmailChange'),
    firstName: simple('setFirstName', 'SetFirstNameChange'),
    lastName: simple('setLastName', 'SetLastNameChange'),
    customerNumber: simple('setCustomerNumber', 'SetCustomerNumberChange'),
    // Verified by an e-mail token; `changeEmail` unverifies as part of its own Change.
    isEmailVerified: (previous, next) => (next === true ? [change('verifyEmail', 'VerifyEmailChange', previous, next)] : []),
    addresses: customerAddresses,
    defaultShippingAddressId: simple('setDefaultShippingAddress', 'SetDefaultShippingAddressChange'),
    defaultBillingAddressId: simple('setDefaultBillingAddress', 'SetDefaultBillingAddressChange'),
    shippingAddressIds: addressIds('Shipping'),
    billingAddressIds: addressIds('Billing'),
    stores: customerStores,
  },
  type: {
    key: simple('changeKey', 'ChangeKeyChange'),
    name: simple('changeName', 'ChangeNameChange'),
    description: simple('setDescription', 'SetDescriptionChange'),
    fieldDefinitions: typeFieldDefinitions,
  },
};

const KEY_RULE = simple('setKey', 'SetKeyChange');

/**
 * Orders Changes by the first update action of the same name, so a Record reads like the request;
 * Changes no action names (background ones) come last, in the order found.
 */
function byActionOrder(changes: Change[], actions: readonly Record<string, unknown>[]): Change[] {
  const rank = (c: Change) => {
    const at = actions.findIndex((a) => a['action'] === c.change);
    return at < 0 ? actions.length : at;
  };
  return changes
    .map((c, index) => ({ c, index, rank: rank(c) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ c }) => c);
}

/**
 * The Changes of one ChangeEvent: empty for a creation and a deletion (the labels describe the
 * resource), the field differences for an update.
 *
 * @example
 * changesOf(event, state) // [{ change: 'changeName', type: 'ChangeLocalizedNameChange', previousValue: { en: 'A' }, nextValue: { en: 'B' } }]
 */
export function changesOf(event: ChangeEvent, state: EmulatorState): Change[] {
  if (event.kind !== 'updated' || !event.before || !event.after) return [];
  const input: DiffInput = { before: event.before, after: event.after, actions: event.actions ?? [], state };
  const rules = RULES[event.typeId] ?? {};
  const changes = (event.extraChanges ?? []).map((c) => structuredClone(c) as Change);
  const fields = new Set([...Object.keys(event.before), ...Object.keys(event.after)]);
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue;
    const previous = event.before[field];
    const next = event.after[field];
    if (!differs(previous, next)) continue;
    const rule =
      rules[field] ??
      (field === 'key' ? KEY_RULE : field === 'custom' ? customRule : simple(`set${upperFirst(field)}`, `Set${upperFirst(field)}Change`));
    changes.push(...rule(previous, next, input));
  }
  return byActionOrder(changes, input.actions);
}
