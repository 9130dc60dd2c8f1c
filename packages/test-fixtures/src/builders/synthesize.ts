/**
 * Plausible default values synthesized from the JSON schema of the Commerce schema: every required
 * member, plus the few optional ones a realistic resource nearly always has (`key`, `sku`, `name`, a
 * Customer's `password`, an Order's `orderNumber`,
 * `masterVariant`, a `typeId` and any member with a `const`). Values come from a seeded PRNG and
 * a theme per builder, so a Product's name, slug, key and SKU tell the same story
 * (`Linen Shirt 17`, `linen-shirt-17`, `SKU-LINEN-SHIRT-17-342`).
 */
import type { Random } from './random.js';
import {
  componentSchema,
  isObjectView,
  memberObjectView,
  objectView,
  refName,
  withAlternative,
  type JsonSchema,
  type MemberSchemas,
  type ObjectView,
} from './schema.js';

/** The words one built value is made of. */
export interface Theme {
  /** Human label: `Summer Shirts 17`. */
  label: string;
  /** Key-shaped form of the label: `summer-shirts-17`. */
  ident: string;
  /** The string for a plain `name` member (a Product Type's `Apparel 17`, an attribute's `color`). */
  plainName: string;
  firstName: string;
  lastName: string;
  sku: string;
  createdAt: string;
  lastModifiedAt: string;
}

const THEMES: readonly { test: RegExp; words: readonly (readonly string[])[]; plain?: 'ident' }[] = [
  {
    test: /^ProductSelection/,
    words: [
      ['Summer', 'Winter', 'Spring', 'Autumn', 'Weekend', 'Outlet', 'Holiday', 'Premium', 'Everyday', 'Clearance'],
      ['Shirts', 'Shoes', 'Jackets', 'Essentials', 'Picks', 'Deals', 'Accessories', 'Knitwear'],
    ],
  },
  {
    test: /^Store/,
    words: [['Berlin', 'Munich', 'Hamburg', 'Vienna', 'Zurich', 'Amsterdam', 'Paris', 'Lyon', 'Milan', 'Madrid'], ['Store']],
  },
  { test: /^(ProductType|AttributeType)/, words: [['Apparel', 'Footwear', 'Accessories', 'Homeware', 'Outdoor', 'Electronics']] },
  { test: /^Attribute/, words: [['Color', 'Size', 'Material', 'Fit', 'Season', 'Pattern']], plain: 'ident' },
  {
    test: /^Product/,
    words: [
      ['Linen', 'Cotton', 'Wool', 'Denim', 'Silk', 'Cashmere', 'Leather', 'Fleece'],
      ['Shirt', 'Jacket', 'Scarf', 'Trousers', 'Dress', 'Sweater', 'Sneaker', 'Cap'],
    ],
  },
  {
    test: /^CustomerGroup/,
    words: [['Gold', 'Silver', 'Platinum', 'Wholesale', 'Staff', 'Loyalty', 'Student', 'Partner'], ['Customers']],
  },
  { test: /^Zone/, words: [['Europe', 'DACH', 'Nordics', 'Benelux', 'Iberia', 'Baltics', 'Alps', 'Balkans'], ['Zone']] },
  {
    test: /^ShippingMethod/,
    words: [['Standard', 'Express', 'Economy', 'Overnight', 'Same Day', 'Parcel', 'Freight'], ['Shipping']],
  },
  { test: /^ApiClient/, words: [['Storefront', 'Importer', 'Backoffice', 'Search Sync', 'Mobile App'], ['Client']] },
  { test: /^Project/, words: [['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'], ['Shop']] },
];

const FIRST_NAMES = ['Jane', 'John', 'Amira', 'Lukas', 'Sofia', 'Mateo', 'Yuki', 'Noah', 'Emma', 'Olga'];
const LAST_NAMES = ['Doe', 'Schmidt', 'Rossi', 'Nakamura', 'Novak', 'Garcia', 'Dubois', 'Berg', 'Okafor', 'Smith'];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const words = (schemaName: string) => schemaName.replace(/([a-z0-9])([A-Z])/g, '$1 $2');

/** The theme of one built value of `schemaName`. */
export function themeFor(schemaName: string, random: Random): Theme {
  const theme = THEMES.find((candidate) => candidate.test.test(schemaName));
  const number = random.int(1, 99);
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const picked = theme
    ? theme.words.map((list) => random.pick(list)).join(' ')
    : /^Customer/.test(schemaName)
      ? `${firstName} ${lastName}`
      : words(schemaName.replace(/Draft$/, ''));
  const label = theme?.plain === 'ident' ? picked : `${picked} ${number}`;
  const ident = slugify(label);
  const created = Date.UTC(2026, 0, 1) + random.int(0, 58) * 86_400_000 + random.int(0, 86_399_999);
  return {
    label,
    ident,
    plainName: theme?.plain === 'ident' ? ident : label,
    firstName,
    lastName,
    sku: `SKU-${ident.toUpperCase()}-${random.int(100, 999)}`,
    createdAt: new Date(created).toISOString(),
    lastModifiedAt: new Date(created + random.int(1, 72) * 3_600_000 + random.int(0, 3_599_999)).toISOString(),
  };
}

/** Optional members filled anyway, because a realistic value nearly always has them. */
const FILLED_WHEN_OPTIONAL = new Set(['key', 'sku', 'name', 'masterVariant', 'typeId', 'password', 'orderNumber']);

interface Context {
  random: Random;
  theme: Theme;
  depth: number;
}

/** The merged facts of the schemas that constrain one value. */
interface Facts {
  const?: unknown;
  enum?: readonly unknown[];
  type?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  refs: string[];
  oneOf?: JsonSchema[];
}

function factsOf(schemas: MemberSchemas): Facts {
  const facts: Facts = { refs: [] };
  const visit = (schema: JsonSchema, depth: number) => {
    if (depth > 16) return;
    const ref = refName(schema);
    if (ref !== undefined) {
      facts.refs.push(ref);
      visit(componentSchema(ref), depth + 1);
      return;
    }
    if ('const' in schema) facts.const = schema['const'];
    if (Array.isArray(schema['enum'])) facts.enum ??= schema['enum'];
    const type = schema['type'];
    if (typeof type === 'string') facts.type ??= type;
    else if (Array.isArray(type) && typeof type[0] === 'string') facts.type ??= type[0];
    if (typeof schema['format'] === 'string') facts.format ??= schema['format'];
    if (typeof schema['pattern'] === 'string') facts.pattern ??= schema['pattern'];
    if (typeof schema['minimum'] === 'number') facts.minimum = Math.max(facts.minimum ?? -Infinity, schema['minimum']);
    if (typeof schema['minItems'] === 'number') facts.minItems = schema['minItems'];
    if (schema['items'] !== undefined) facts.items ??= schema['items'] as JsonSchema;
    if (Array.isArray(schema['oneOf'])) facts.oneOf ??= schema['oneOf'] as JsonSchema[];
    if (Array.isArray(schema['allOf'])) for (const part of schema['allOf']) visit(part as JsonSchema, depth + 1);
  };
  for (const schema of schemas) visit(schema, 0);
  return facts;
}

const PATTERNS: Record<string, (ctx: Context) => string> = {
  '^[A-Z]{2}$': () => 'DE',
  '^[A-Z]{3}$': () => 'EUR',
  '^[A-Za-z0-9_-]{8,256}$': (ctx) => `corr-${ctx.random.hex(16)}`,
  '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$': () => 'en',
  // An order hint: a decimal between 0 and 1.
  '^0\\.[0-9]+$': (ctx) => `0.${ctx.random.int(1, 999)}`,
  // A Cart Discount's sort order: a decimal between 0 and 1 without a trailing zero.
  '^0\\.[0-9]*[1-9]$': (ctx) => `0.${String(ctx.random.int(0, 99)).padStart(2, '0')}${ctx.random.int(1, 9)}`,
  // Keys and the names of Custom Fields.
  '^[A-Za-z0-9_-]+$': (ctx) => ctx.theme.ident,
};

function stringFor(name: string, facts: Facts, ctx: Context): string {
  const { theme, random } = ctx;
  if (facts.refs.includes('Locale')) return 'en';
  if (facts.refs.includes('CorrelationId')) return `corr-${random.hex(16)}`;
  if (facts.pattern !== undefined) {
    const known = PATTERNS[facts.pattern];
    if (known) return known(ctx);
  }
  switch (facts.format) {
    case 'date-time':
      return name === 'lastModifiedAt' ? theme.lastModifiedAt : theme.createdAt;
    case 'date':
      return theme.lastModifiedAt.slice(0, 10);
    case 'email':
      return `${theme.firstName}.${theme.lastName}.${theme.label.replace(/\D+/g, '') || random.int(1, 999)}@example.com`.toLowerCase();
    case 'uri':
      return `https://introspection.example.com/${theme.ident}/token`;
    case 'password':
      return `Pw-${random.alphanumeric(12)}!`;
  }
  switch (name) {
    case 'id':
    case 'anonymousId':
    case 'externalUserId':
      return random.uuid();
    case 'clientId':
      return random.alphanumeric(24);
    case 'secret':
      return random.alphanumeric(32);
    case 'key':
      return theme.ident;
    case 'sku':
      return theme.sku;
    case 'name':
    case 'groupName':
    case 'label':
      return theme.plainName;
    case 'description':
      return `${theme.label}, made to last.`;
    case 'firstName':
      return theme.firstName;
    case 'lastName':
      return theme.lastName;
    case 'customerNumber':
      return `C-${random.int(100_000, 999_999)}`;
    case 'orderNumber':
      return `A-${random.int(100_000, 999_999)}`;
    case 'scope':
      return 'view_products:my-project view_product_selections:my-project';
    case 'message':
      return `${theme.label}: something went wrong.`;
    case 'authorizationHeader':
      return `Bearer ${random.alphanumeric(24)}`;
    case 'query':
      return '{ __typename }';
    case 'access_token':
    case 'refresh_token':
      return random.alphanumeric(32);
    default:
      return `${slugify(name) || 'value'}-${random.int(1, 999)}`;
  }
}

function localizedFor(name: string, theme: Theme): Record<string, string> {
  if (name === 'slug') return { en: theme.ident };
  if (name === 'description') return { en: `${theme.label}, made to last.` };
  return { en: theme.label };
}

const TRUE_BY_NAME = new Set(['published', 'enabled', 'active']);

/** A value for a member constrained by `schemas` (its name guides the choice of words). */
export function synthesizeMember(name: string, schemas: MemberSchemas, ctx: Context): unknown {
  if (ctx.depth > 12) return undefined;
  const facts = factsOf(schemas);
  if (facts.const !== undefined) return facts.const;
  if (facts.refs.includes('LocalizedString')) return localizedFor(name, ctx.theme);
  if (facts.enum && facts.enum.length > 0) return ctx.random.pick(facts.enum);
  const view = memberObjectView(schemas);
  if (view) return synthesizeObject(view, { ...ctx, depth: ctx.depth + 1 });
  if (facts.oneOf && facts.oneOf.length > 0 && facts.type === undefined) return synthesizeMember(name, [facts.oneOf[0]!], ctx);
  switch (facts.type) {
    case 'string':
      return stringFor(name, facts, ctx);
    case 'integer':
    case 'number':
      if (name === 'limit') return 20;
      // Money reads like a price: 12.99 with the two fraction digits of EUR, the default currency.
      if (name === 'centAmount') return ctx.random.int(1, 99) * 100 + 99;
      if (name === 'fractionDigits') return 2;
      return facts.minimum ?? 0;
    case 'boolean':
      return TRUE_BY_NAME.has(name);
    case 'array': {
      const items = facts.items ? [facts.items] : [];
      const itemFacts = factsOf(items);
      const primitiveStrings = itemFacts.type === 'string' && itemFacts.enum === undefined && itemFacts.const === undefined;
      const count = Math.max(facts.minItems ?? 0, primitiveStrings ? 1 : 0);
      return Array.from({ length: count }, () => synthesizeMember(name.replace(/s$/, ''), items, { ...ctx, depth: ctx.depth + 1 }));
    }
    case 'object':
      return {};
    default:
      // No type (`Attribute.value`, `invalidValue`): any JSON value; a string reads best.
      return stringFor(name, facts, ctx);
  }
}

/** An object with every required member and the usual optional ones, for a flattened view. */
export function synthesizeObject(view: ObjectView, ctx: Context): Record<string, unknown> {
  const chosen = withAlternative(view, view.oneOf?.alternatives[0]);
  const out: Record<string, unknown> = {};
  for (const [name, schemas] of chosen.properties) {
    const facts = factsOf(schemas);
    const wanted = chosen.required.has(name) || FILLED_WHEN_OPTIONAL.has(name) || facts.const !== undefined;
    if (!wanted) continue;
    const value = synthesizeMember(name, schemas, ctx);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * The default value of a component schema for one seed: what `build()` returns before any setter.
 *
 * @example
 * synthesize('ProductSelectionDraft', createRandom(42)); // { key: 'summer-shirts-17', name: { en: 'Summer Shirts 17' } }
 */
export function synthesize(schemaName: string, random: Random): unknown {
  const theme = themeFor(schemaName, random);
  const schema = componentSchema(schemaName);
  const ctx: Context = { random, theme, depth: 0 };
  const view = objectView(schema);
  if (isObjectView(view)) return synthesizeObject(view, ctx);
  return synthesizeMember(schemaName.charAt(0).toLowerCase() + schemaName.slice(1), [schema], ctx);
}

/** Properties a value of `view` may carry, across all its `oneOf` alternatives. */
export function allowedProperties(view: ObjectView): Set<string> {
  const names = new Set(view.properties.keys());
  for (const alternative of view.oneOf?.alternatives ?? []) for (const name of alternative.properties.keys()) names.add(name);
  return names;
}

/**
 * After setting `name` on a value of a `oneOf` schema (a ResourceIdentifier by `id` or by `key`),
 * drops the members only the other alternatives have, so the value stays valid.
 */
export function settleAlternative(view: ObjectView, value: Record<string, unknown>, name: string): void {
  const alternatives = view.oneOf?.alternatives;
  if (!alternatives || view.properties.has(name)) return;
  const holding = alternatives.filter((alternative) => alternative.properties.has(name));
  if (holding.length === 0) return;
  for (const member of Object.keys(value)) {
    if (member === name || view.properties.has(member)) continue;
    if (!holding.some((alternative) => alternative.properties.has(member))) delete value[member];
  }
}
