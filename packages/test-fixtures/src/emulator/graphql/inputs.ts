/**
 * GraphQL inputs to the REST request shapes, so that a GraphQL write goes through exactly the
 * same validation, update actions, versions and messages as the REST one
 * (`createResource`/`updateResource` in resources/kit/operations.ts).
 *
 * - A localized string is a list of `{ locale, value }` items in GraphQL and an object keyed by
 *   locale in REST.
 * - An update action is an object with exactly one member set, named after the action; REST has
 *   `{ action: "<name>", ...fields }`.
 * - An explicit `null` in an input means the same as leaving the member out (the REST shapes
 *   have no nulls: omitting a member unsets, e.g. `setKey`).
 */
import { errors } from '../http/errors.js';
import type { Schemas } from '../resources/kit/resource-type.js';
import type { ResourceIdentifier } from '../resources/kit/write-context.js';

/** One entry of a GraphQL `LocalizedStringItemInputType` list, e.g. `{ locale: 'en', value: 'Summer' }`. */
export interface LocalizedItem {
  locale: string;
  value: string;
}

/** A GraphQL input of a REST shape's members: each may also be null, which means left out. */
export type Nullable<T> = { [K in keyof T]?: T[K] | null };
export type LocalizedInput = readonly LocalizedItem[];
/** `ResourceIdentifierInput`. */
export type IdentifierInput = Nullable<ResourceIdentifier>;

/** `CreateProductSelectionDraft`: the REST draft's `key` and `mode`, `name` as locale items. */
export type ProductSelectionDraftInput = Nullable<Pick<Schemas['ProductSelectionDraft'], 'key' | 'mode'>> & { name: LocalizedInput };
/** `ProductVariantSelectionDraft`: the SKUs under the name of the selection's `type`. */
type VariantSelectionInput = Nullable<Record<Schemas['ProductVariantSelection']['type'], Schemas['VariantSkus']>>;
type VariantExclusionInput = Nullable<Schemas['ProductVariantExclusion']>;
type ProductInput = { product: IdentifierInput };
type SelectionInput = ProductInput & { variantSelection?: VariantSelectionInput | null };
type ExclusionInput = ProductInput & { variantExclusion?: VariantExclusionInput | null };
/** `ProductSelectionUpdateAction`: one member set, named after the action. */
export type ProductSelectionUpdateActionInput = Nullable<{
  addProduct: SelectionInput;
  excludeProduct: ExclusionInput;
  setVariantSelection: SelectionInput;
  setVariantExclusion: ExclusionInput;
  removeProduct: ProductInput;
  changeName: { name: LocalizedInput };
  setKey: Nullable<Pick<Schemas['ProductSelectionSetKeyAction'], 'key'>>;
}>;

/** A Product Selection setting of a Store (`active` may be left out where it has a default). */
type SettingInput = { productSelection: IdentifierInput; active?: boolean | null };
/** `CreateStore`: the REST draft's plain members, `name` as locale items. */
export type StoreDraftInput = Nullable<Pick<Schemas['StoreDraft'], 'languages' | 'countries'>> & {
  key: string;
  name?: LocalizedInput | null;
  productSelections?: readonly SettingInput[] | null;
};
/** `StoreUpdateAction`: one member set, named after the action. */
export type StoreUpdateActionInput = Nullable<{
  addProductSelection: SettingInput;
  changeProductSelectionActive: SettingInput;
  removeProductSelection: Pick<SettingInput, 'productSelection'>;
  setProductSelections: { productSelections?: readonly SettingInput[] | null };
  setName: { name?: LocalizedInput | null };
  setLanguages: Nullable<Pick<Schemas['StoreSetLanguagesAction'], 'languages'>>;
}>;

/** `[{ locale, value }]` → `{ [locale]: value }`; a locale given twice is InvalidInput. */
export function localizedString(items: LocalizedInput, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { locale, value } of items) {
    if (Object.hasOwn(out, locale)) throw errors.invalidInput(`${field}: the locale '${locale}' is given more than once.`);
    out[locale] = value;
  }
  return out;
}

/**
 * The localized members `names` of an input that are given, as REST localized strings (null or
 * absent stays absent: unset).
 *
 * @example
 * const converter = localizedMembers(['name', 'description']); converter(input, 'draft');
 */
export function localizedMembers<K extends string>(names: readonly K[]) {
  return (input: { [P in K]?: LocalizedInput | null }, field: string): Partial<Record<K, Record<string, string>>> => {
    const out: Partial<Record<K, Record<string, string>>> = {};
    for (const name of names) {
      const items = input[name];
      if (items != null) out[name] = localizedString(items, `${field}.${name}`);
    }
    return out;
  };
}

/** An input object without its null members. */
export function present<T extends object>(input: T): { [K in keyof T]?: NonNullable<T[K]> } {
  const out: { [K in keyof T]?: NonNullable<T[K]> } = {};
  for (const name in input) {
    const value = input[name];
    if (value != null) out[name] = value;
  }
  return out;
}

/**
 * An input whose members map one to one onto the REST shape, without its null members at any depth
 * (a list keeps its items).
 *
 * @example
 * withoutNulls({ name: 'EU', key: null, locations: [{ country: 'DE', state: null }] });
 * // { name: 'EU', locations: [{ country: 'DE' }] }
 */
export function withoutNulls<T>(input: T): T {
  if (Array.isArray(input)) return input.map(withoutNulls) as T;
  if (typeof input !== 'object' || input === null) return input;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) if (value != null) out[name] = withoutNulls(value);
  return out as T;
}

/** Converters of actions whose inputs map one to one onto the REST actions ({@link withoutNulls}). */
export function plainActions<W>(names: readonly (keyof W & string)[]): ActionConverters<W> {
  return Object.fromEntries(names.map((name) => [name, withoutNulls])) as unknown as ActionConverters<W>;
}

/** ResourceIdentifierInput → ResourceIdentifier (nulls dropped; both or neither of id/key is left to the write path). */
export function resourceIdentifier(input: IdentifierInput): ResourceIdentifier {
  return present(input);
}

/**
 * GraphQL `CreateProductSelectionDraft` → REST ProductSelectionDraft (nulls dropped, `name` as a
 * locale map).
 *
 * @example
 * productSelectionDraft({ key: 'summer', name: [{ locale: 'en', value: 'Summer' }] });
 * // { key: 'summer', name: { en: 'Summer' } }
 */
export function productSelectionDraft(draft: ProductSelectionDraftInput) {
  return present({ key: draft.key, name: localizedString(draft.name, 'draft.name'), mode: draft.mode });
}

/**
 * `ProductVariantSelectionDraft` (`{ includeOnly }` or `{ includeAllExcept }`, exactly one) → REST
 * ProductVariantSelection `{ type, skus }`; null stays absent (every variant).
 */
function variantSelection(input: VariantSelectionInput | null | undefined, field: string): Schemas['ProductVariantSelection'] | undefined {
  if (input == null) return undefined;
  const set = (['includeOnly', 'includeAllExcept'] as const).flatMap((type) => {
    const skus = input[type];
    return skus == null ? [] : [{ type, skus }];
  });
  if (set.length !== 1) throw errors.invalidInput(`${field}: exactly one of 'includeOnly' and 'includeAllExcept' must be set.`);
  return set[0];
}

/** `ProductVariantExclusionDraft` → REST ProductVariantExclusion; null stays absent (every variant). */
function variantExclusion(input: VariantExclusionInput | null | undefined) {
  return input == null ? undefined : present({ skus: input.skus });
}

function settingDraft(setting: SettingInput) {
  return present({ productSelection: resourceIdentifier(setting.productSelection), active: setting.active });
}

/**
 * GraphQL `CreateStore` → REST StoreDraft (nulls dropped, `name` as a locale map, each Product
 * Selection setting's identifier converted).
 *
 * @example
 * storeDraft({ key: 'berlin', name: null, productSelections: [{ productSelection: { key: 'summer', id: null }, active: true }] });
 * // { key: 'berlin', productSelections: [{ productSelection: { key: 'summer' }, active: true }] }
 */
export function storeDraft(draft: StoreDraftInput) {
  const { name, productSelections: settings } = draft;
  return present({
    key: draft.key,
    name: name == null ? undefined : localizedString(name, 'draft.name'),
    languages: draft.languages,
    countries: draft.countries ?? undefined,
    productSelections: settings?.map(settingDraft),
  });
}

/** Converters of one action's input to the REST action's members, by action name. */
export type ActionConverters<W> = { [K in keyof W]-?: (input: NonNullable<W[K]>, field: string) => object };

const productSelectionActions: ActionConverters<ProductSelectionUpdateActionInput> = {
  addProduct: (a, field) =>
    present({
      product: resourceIdentifier(a.product),
      variantSelection: variantSelection(a.variantSelection, `${field}.variantSelection`),
    }),
  excludeProduct: (a) => present({ product: resourceIdentifier(a.product), variantExclusion: variantExclusion(a.variantExclusion) }),
  setVariantSelection: (a, field) =>
    present({
      product: resourceIdentifier(a.product),
      variantSelection: variantSelection(a.variantSelection, `${field}.variantSelection`),
    }),
  setVariantExclusion: (a) => present({ product: resourceIdentifier(a.product), variantExclusion: variantExclusion(a.variantExclusion) }),
  removeProduct: (a) => ({ product: resourceIdentifier(a.product) }),
  changeName: (a, field) => ({ name: localizedString(a.name, `${field}.name`) }),
  setKey: (a) => present({ key: a.key }),
};

const storeActions: ActionConverters<StoreUpdateActionInput> = {
  addProductSelection: (a) => present({ productSelection: resourceIdentifier(a.productSelection), active: a.active }),
  changeProductSelectionActive: (a) => ({ productSelection: resourceIdentifier(a.productSelection), active: a.active }),
  removeProductSelection: (a) => ({ productSelection: resourceIdentifier(a.productSelection) }),
  setProductSelections: (a) => present({ productSelections: a.productSelections?.map(settingDraft) }),
  setName: (a, field) => (a.name == null ? {} : { name: localizedString(a.name, `${field}.name`) }),
  setLanguages: (a) => present({ languages: a.languages }),
};

/**
 * The one member set of a one-of input (an update action, a price tier), InvalidInput naming
 * `field` when none or several are set.
 */
export function onlyMember<W extends object>(
  wrapper: W,
  field: string,
  what: string,
): { name: keyof W & string; input: NonNullable<W[keyof W & string]> } {
  const set: { name: keyof W & string; input: NonNullable<W[keyof W & string]> }[] = [];
  for (const name in wrapper) {
    const input = wrapper[name];
    if (input != null) set.push({ name, input });
  }
  if (set.length !== 1) {
    throw errors.invalidInput(
      `${field}: exactly one ${what} must be set, got ${set.length === 0 ? 'none' : set.map(({ name }) => name).join(', ')}.`,
    );
  }
  return set[0]!;
}

/** GraphQL update actions (one member set each) → REST actions `{ action, ...members }`. */
export function convertActions<W extends object>(actions: readonly W[], converters: ActionConverters<W>): object[] {
  return actions.map((wrapper, index) => {
    const field = `actions[${index}]`;
    const { name, input } = onlyMember(wrapper, field, 'update action');
    if (!Object.hasOwn(converters, name)) throw errors.invalidInput(`${field}: unknown update action '${name}'.`);
    return { action: name, ...converters[name](input, `${field}.${name}`) };
  });
}

/** `[ProductSelectionUpdateAction!]!` → the REST actions of a ProductSelectionUpdate. */
export function productSelectionUpdateActions(actions: readonly ProductSelectionUpdateActionInput[]): object[] {
  return convertActions(actions, productSelectionActions);
}

/** `[StoreUpdateAction!]!` → the REST actions of a StoreUpdate. */
export function storeUpdateActions(actions: readonly StoreUpdateActionInput[]): object[] {
  return convertActions(actions, storeActions);
}
