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

/** One entry of a GraphQL `LocalizedStringItemInputType` list, e.g. `{ locale: 'en', value: 'Summer' }`. */
export interface LocalizedItem {
  locale: string;
  value: string;
}

type Input = Record<string, unknown>;

/** `[{ locale, value }]` → `{ [locale]: value }`; a locale given twice is InvalidInput. */
export function localizedString(items: readonly LocalizedItem[], field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { locale, value } of items) {
    if (Object.hasOwn(out, locale)) throw errors.invalidInput(`${field}: the locale '${locale}' is given more than once.`);
    out[locale] = value;
  }
  return out;
}

/** An input object without its null members. */
function present(input: Input): Input {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value != null));
}

/** ResourceIdentifierInput → ResourceIdentifier (nulls dropped; both or neither of id/key is left to the write path). */
export function resourceIdentifier(input: Input): Input {
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
export function productSelectionDraft(draft: Input): Input {
  return present({ key: draft['key'], name: localizedString(draft['name'] as LocalizedItem[], 'draft.name'), mode: draft['mode'] });
}

/**
 * `ProductVariantSelectionDraft` (`{ includeOnly }` or `{ includeAllExcept }`, exactly one) → REST
 * ProductVariantSelection `{ type, skus }`; null stays absent (every variant).
 */
function variantSelection(input: Input | null | undefined, field: string): Input | undefined {
  if (input == null) return undefined;
  const set = (['includeOnly', 'includeAllExcept'] as const).filter((type) => input[type] != null);
  if (set.length !== 1) throw errors.invalidInput(`${field}: exactly one of 'includeOnly' and 'includeAllExcept' must be set.`);
  return { type: set[0], skus: input[set[0]!] };
}

/** `ProductVariantExclusionDraft` → REST ProductVariantExclusion; null stays absent (every variant). */
function variantExclusion(input: Input | null | undefined): Input | undefined {
  return input == null ? undefined : present({ skus: input['skus'] });
}

function settingDraft(setting: Input): Input {
  return present({ productSelection: resourceIdentifier(setting['productSelection'] as Input), active: setting['active'] });
}

/**
 * GraphQL `CreateStore` → REST StoreDraft (nulls dropped, `name` as a locale map, each Product
 * Selection setting's identifier converted).
 *
 * @example
 * storeDraft({ key: 'berlin', name: null, productSelections: [{ productSelection: { key: 'summer', id: null }, active: true }] });
 * // { key: 'berlin', productSelections: [{ productSelection: { key: 'summer' }, active: true }] }
 */
export function storeDraft(draft: Input): Input {
  const name = draft['name'] as LocalizedItem[] | null | undefined;
  const settings = draft['productSelections'] as Input[] | null | undefined;
  return present({
    key: draft['key'],
    name: name == null ? undefined : localizedString(name, 'draft.name'),
    languages: draft['languages'],
    countries: draft['countries'] ?? undefined,
    productSelections: settings?.map(settingDraft),
  });
}

/** Converters of one action's input, by action name. */
type ActionConverters = Record<string, (input: Input, field: string) => Input>;

const productSelectionActions: ActionConverters = {
  addProduct: (a, field) =>
    present({
      product: resourceIdentifier(a['product'] as Input),
      variantSelection: variantSelection(a['variantSelection'] as Input, `${field}.variantSelection`),
    }),
  excludeProduct: (a) =>
    present({ product: resourceIdentifier(a['product'] as Input), variantExclusion: variantExclusion(a['variantExclusion'] as Input) }),
  setVariantSelection: (a, field) =>
    present({
      product: resourceIdentifier(a['product'] as Input),
      variantSelection: variantSelection(a['variantSelection'] as Input, `${field}.variantSelection`),
    }),
  setVariantExclusion: (a) =>
    present({ product: resourceIdentifier(a['product'] as Input), variantExclusion: variantExclusion(a['variantExclusion'] as Input) }),
  removeProduct: (a) => ({ product: resourceIdentifier(a['product'] as Input) }),
  changeName: (a, field) => ({ name: localizedString(a['name'] as LocalizedItem[], `${field}.name`) }),
  setKey: (a) => present({ key: a['key'] }),
};

const storeActions: ActionConverters = {
  addProductSelection: (a) => present({ productSelection: resourceIdentifier(a['productSelection'] as Input), active: a['active'] }),
  changeProductSelectionActive: (a) => ({ productSelection: resourceIdentifier(a['productSelection'] as Input), active: a['active'] }),
  removeProductSelection: (a) => ({ productSelection: resourceIdentifier(a['productSelection'] as Input) }),
  setProductSelections: (a) => present({ productSelections: (a['productSelections'] as Input[] | null | undefined)?.map(settingDraft) }),
  setName: (a, field) => {
    const name = a['name'] as LocalizedItem[] | null | undefined;
    return name == null ? {} : { name: localizedString(name, `${field}.name`) };
  },
  setLanguages: (a) => present({ languages: a['languages'] }),
};

function convertActions(actions: readonly Input[], converters: ActionConverters): Input[] {
  return actions.map((wrapper, index) => {
    const field = `actions[${index}]`;
    const set = Object.entries(wrapper).filter(([, value]) => value != null);
    if (set.length !== 1) {
      throw errors.invalidInput(
        `${field}: exactly one update action must be set, got ${set.length === 0 ? 'none' : set.map(([name]) => name).join(', ')}.`,
      );
    }
    const [name, input] = set[0]!;
    const convert = converters[name];
    if (!convert) throw errors.invalidInput(`${field}: unknown update action '${name}'.`);
    return { action: name, ...convert(input as Input, `${field}.${name}`) };
  });
}

/** `[ProductSelectionUpdateAction!]!` → the REST actions of a ProductSelectionUpdate. */
export function productSelectionUpdateActions(actions: readonly Input[]): Input[] {
  return convertActions(actions, productSelectionActions);
}

/** `[StoreUpdateAction!]!` → the REST actions of a StoreUpdate. */
export function storeUpdateActions(actions: readonly Input[]): Input[] {
  return convertActions(actions, storeActions);
}
