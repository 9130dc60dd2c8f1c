/**
 * The GraphQL shapes of REST values (schemas/graphql/commerce/), where they differ:
 *
 * - input (drafts, update actions): a LocalizedString `{ en: 'Summer' }` becomes the list
 *   `[{ locale: 'en', value: 'Summer' }]` (`LocalizedStringItemInputType`), an update action
 *   `{ action: 'addProduct', product }` becomes `{ addProduct: { product } }`, and a variant
 *   selection `{ type: 'includeOnly', skus }` becomes `{ includeOnly: skus }`
 *   (`ProductVariantSelectionDraft`);
 * - output (resources): a LocalizedString member `name` becomes `name` (the value in `en`, else the
 *   first locale) plus `nameAllLocales: [{ locale, value }]`, and a Reference member
 *   `productSelection` becomes `productSelectionRef: { typeId, id }` plus `productSelection` (the
 *   expanded object, or null); Custom Fields `{ type, fields }` become
 *   `{ typeRef, customFieldsRaw: [{ name, value }] }` (null without).
 *
 * The conversion is driven by the JSON schema at run time and mirrored by the types below.
 */
import type { components } from '../generated/commerce.js';
import {
  alternativeFor,
  arrayItems,
  componentSchema,
  isCustomFieldsMember,
  isLocalizedMember,
  isReferenceMember,
  memberObjectView,
  withAlternative,
  type MemberSchemas,
} from './schema.js';

/** The component schemas of the Commerce schema by name. */
export type Schemas = components['schemas'];
/** The name of a component schema of the Commerce schema. */
export type SchemaName = keyof Schemas;

/** One entry of a localized string in GraphQL (`LocalizedString` / `LocalizedStringItemInputType`). */
export interface LocalizedStringItem {
  locale: string;
  value: string;
}

/** A GraphQL `Reference`: `{ typeId, id }`. */
export interface GraphqlReference {
  typeId: string;
  id: string;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** True for a LocalizedString-shaped type (an object of strings keyed by any string). */
type IsLocalized<V> = [NonNullable<V>] extends [Record<string, never>]
  ? false
  : [NonNullable<V>] extends [{ [locale: string]: string }]
    ? string extends keyof NonNullable<V>
      ? true
      : false
    : false;

/** The GraphQL `CustomFieldsType` of a resource's Custom Fields. */
export interface GraphqlCustomFields {
  typeRef: GraphqlReference;
  customFieldsRaw: { name: string; value: unknown }[];
}

/** True for a CustomFields-shaped type `{ type: { typeId: 'type' }, fields }`. */
type IsCustomFields<V> = [NonNullable<V>] extends [never]
  ? false
  : [NonNullable<V>] extends [{ type: { typeId: 'type' }; fields: unknown }]
    ? true
    : false;
type CustomFieldsKeys<T> = { [K in keyof T]-?: IsCustomFields<T[K]> extends true ? K : never }[keyof T] & string;

/** True for a Reference-shaped type `{ typeId, id }`. */
type IsReference<V> = [NonNullable<V>] extends [never] ? false : [NonNullable<V>] extends [{ typeId: unknown; id: string }] ? true : false;

type LocalizedKeys<T> = { [K in keyof T]-?: IsLocalized<T[K]> extends true ? K : never }[keyof T] & string;
type ReferenceKeys<T> = { [K in keyof T]-?: IsReference<T[K]> extends true ? K : never }[keyof T] & string;
type NullWhenOptional<T, K extends keyof T> = undefined extends T[K] ? null : never;

type GraphqlInputObject<T> = IsLocalized<T> extends true ? LocalizedStringItem[] : { [K in keyof T]: GraphqlInput<T[K]> };

/**
 * The GraphQL input form of a REST request value: localized strings as `[{ locale, value }]`,
 * update actions keyed by their action name.
 */
export type GraphqlInput<T> = T extends readonly (infer E)[]
  ? GraphqlInput<E>[]
  : T extends { type: infer K extends 'includeOnly' | 'includeAllExcept'; skus: infer S }
    ? { [P in K]: S }
    : T extends { action: infer A extends string }
      ? { [P in A]: Simplify<GraphqlInputObject<Omit<T, 'action'>>> }
      : T extends object
        ? GraphqlInputObject<T>
        : T;

/**
 * The GraphQL output form of a REST value: `<name>` and `<name>AllLocales` for localized strings,
 * `<name>Ref` and the expanded `<name>` (or null) for references.
 */
export type GraphqlOutput<T> = T extends readonly (infer E)[]
  ? GraphqlOutput<E>[]
  : T extends object
    ? IsLocalized<T> extends true
      ? LocalizedStringItem[]
      : Simplify<
          { [K in keyof T as K extends LocalizedKeys<T> | ReferenceKeys<T> | CustomFieldsKeys<T> ? never : K]: GraphqlOutput<T[K]> } & {
            [K in CustomFieldsKeys<T>]: GraphqlCustomFields | null;
          } & {
            [K in LocalizedKeys<T>]: string | null;
          } & { [K in LocalizedKeys<T> as `${K}AllLocales`]: LocalizedStringItem[] | NullWhenOptional<T, K> } & {
            [K in ReferenceKeys<T> as `${K}Ref`]: GraphqlReference | NullWhenOptional<T, K>;
          } & { [K in ReferenceKeys<T>]: Record<string, unknown> | null }
        >
    : T;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A REST LocalizedString as the GraphQL list of `{ locale, value }` items.
 *
 * @example
 * localizedItems({ en: 'Summer', de: 'Sommer' });
 * // [{ locale: 'en', value: 'Summer' }, { locale: 'de', value: 'Sommer' }]
 */
export function localizedItems(value: Record<string, string>): LocalizedStringItem[] {
  return Object.entries(value).map(([locale, text]) => ({ locale, value: text }));
}

/** The value GraphQL's `name(locale)` gives without arguments in a fixture: `en` if present, else the first locale. */
function preferredText(value: Record<string, string>): string | null {
  return value['en'] ?? Object.values(value)[0] ?? null;
}

function inputValue(value: unknown, schemas: MemberSchemas): unknown {
  if (Array.isArray(value)) {
    const items = arrayItems(schemas) ?? [];
    return value.map((item) => inputValue(item, items));
  }
  if (!isPlainObject(value)) return value;
  if (isLocalizedMember(schemas)) return localizedItems(value as Record<string, string>);
  const view = memberObjectView(schemas);
  if (!view) return structuredClone(value);
  const merged = withAlternative(view, alternativeFor(view, value));
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) out[name] = inputValue(member, merged.properties.get(name) ?? []);
  const action = out['action'];
  if (typeof action === 'string' && merged.properties.has('action')) {
    delete out['action'];
    return { [action]: out };
  }
  // A list of SKUs told apart by `type` (ProductVariantSelection): GraphQL names the type as the member.
  if (
    view.oneOf?.discriminator === 'type' &&
    typeof out['type'] === 'string' &&
    Array.isArray(out['skus']) &&
    Object.keys(out).length === 2
  ) {
    return { [out['type']]: out['skus'] };
  }
  return out;
}

function outputValue(value: unknown, schemas: MemberSchemas): unknown {
  if (Array.isArray(value)) {
    const items = arrayItems(schemas) ?? [];
    return value.map((item) => outputValue(item, items));
  }
  if (!isPlainObject(value)) return value;
  if (isLocalizedMember(schemas)) return localizedItems(value as Record<string, string>);
  const view = memberObjectView(schemas);
  if (!view) return structuredClone(value);
  const merged = withAlternative(view, alternativeFor(view, value));
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    const memberSchemas = merged.properties.get(name) ?? [];
    if (isLocalizedMember(memberSchemas) || isReferenceMember(memberSchemas) || isCustomFieldsMember(memberSchemas)) continue;
    out[name] = outputValue(member, memberSchemas);
  }
  for (const [name, memberSchemas] of merged.properties) {
    const member = value[name];
    if (isLocalizedMember(memberSchemas)) {
      const localized = isPlainObject(member) ? (member as Record<string, string>) : undefined;
      out[name] = localized ? preferredText(localized) : null;
      out[`${name}AllLocales`] = localized ? localizedItems(localized) : null;
    } else if (isCustomFieldsMember(memberSchemas)) {
      const custom = isPlainObject(member) ? (member as { type: GraphqlReference; fields: Record<string, unknown> }) : undefined;
      out[name] = custom
        ? {
            typeRef: { typeId: custom.type.typeId, id: custom.type.id },
            customFieldsRaw: Object.entries(custom.fields).map(([field, fieldValue]) => ({
              name: field,
              value: structuredClone(fieldValue),
            })),
          }
        : null;
    } else if (isReferenceMember(memberSchemas)) {
      const reference = isPlainObject(member) ? member : undefined;
      out[`${name}Ref`] = reference ? { typeId: reference['typeId'], id: reference['id'] } : null;
      const objSchemas = memberObjectView(memberSchemas)?.properties.get('obj') ?? [];
      out[name] = reference && isPlainObject(reference['obj']) ? outputValue(reference['obj'], objSchemas) : null;
    }
  }
  return out;
}

/**
 * The GraphQL input form of a REST draft or update action of the Commerce schema.
 *
 * @example
 * toGraphqlInput('ProductSelectionDraft', { key: 'summer', name: { en: 'Summer' } });
 * // { key: 'summer', name: [{ locale: 'en', value: 'Summer' }] }  (CreateProductSelectionDraft)
 * toGraphqlInput('StoreAddProductSelectionAction', { action: 'addProductSelection', productSelection: { key: 'summer' } });
 * // { addProductSelection: { productSelection: { key: 'summer' } } }
 */
export function toGraphqlInput<N extends SchemaName>(schema: N, value: Schemas[N]): GraphqlInput<Schemas[N]> {
  return inputValue(value, [componentSchema(schema)]) as GraphqlInput<Schemas[N]>;
}

/**
 * The GraphQL output form of a REST resource of the Commerce schema.
 *
 * @example
 * toGraphqlOutput('Store', store).productSelections[0]?.productSelectionRef; // { typeId: 'product-selection', id }
 * toGraphqlOutput('ProductSelection', selection).nameAllLocales; // [{ locale: 'en', value: 'Summer' }]
 */
export function toGraphqlOutput<N extends SchemaName>(schema: N, value: Schemas[N]): GraphqlOutput<Schemas[N]> {
  return outputValue(value, [componentSchema(schema)]) as GraphqlOutput<Schemas[N]>;
}
