import { errors } from '../../http/errors.js';
import { isPlainObject } from '../../query/values.js';
import type { Schemas } from './resource-type.js';
import { moneyFrom, type MoneyDraft } from './money.js';

/** The data type of a Custom Field (https://docs.commercetools.com/api/projects/types#fieldtype). */
export type FieldType = Schemas['FieldType'];
export type FieldDefinition = Schemas['FieldDefinition'];

/** A Money value in a field: an object with an integer `centAmount` and a `currencyCode` (the rest is checked by moneyFrom). */
const isMoney = (value: unknown): value is MoneyDraft =>
  isPlainObject(value) && Number.isSafeInteger(value['centAmount']) && typeof value['currencyCode'] === 'string';

const LOCALE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** JSON with the members of every object in key order: equal for values equal whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (!isPlainObject(value)) return JSON.stringify(value);
  const members = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
  return `{${members.join(',')}}`;
}

/** The stored form of a value of `type`, or `undefined` when the value does not fit it. */
function stored(type: FieldType, value: unknown, name: string): unknown {
  switch (type.name) {
    case 'Boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'String':
      return typeof value === 'string' ? value : undefined;
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'LocalizedString':
      return isPlainObject(value) && Object.entries(value).every(([locale, text]) => LOCALE.test(locale) && typeof text === 'string')
        ? { ...value }
        : undefined;
    case 'Enum':
    case 'LocalizedEnum':
      return typeof value === 'string' && type.values.some((v) => v.key === value) ? value : undefined;
    case 'Money':
      return isMoney(value) ? moneyFrom(value, name) : undefined;
    case 'Date':
      return typeof value === 'string' && isDate(value) ? value : undefined;
    case 'Time':
      return typeof value === 'string' && TIME.test(value) ? value : undefined;
    case 'DateTime':
      return typeof value === 'string' && DATE_TIME.test(value) && Number.isFinite(Date.parse(value))
        ? new Date(value).toISOString()
        : undefined;
    case 'Reference':
      return isPlainObject(value) && value['typeId'] === type.referenceTypeId && typeof value['id'] === 'string'
        ? { typeId: type.referenceTypeId, id: value['id'] }
        : undefined;
    case 'Set': {
      if (!Array.isArray(value)) return undefined;
      // Repeated elements go, found by a canonical key each: linear in the Set's size.
      const elements: unknown[] = [];
      const seen = new Set<string>();
      for (const element of value) {
        const one = stored(type.elementType, element, name);
        if (one === undefined) return undefined;
        const key = canonicalJson(one);
        if (seen.has(key)) continue;
        seen.add(key);
        elements.push(one);
      }
      return elements;
    }
  }
}

/** The keys an Enum value (or a Set of one) may take, for the error's `allowedValues`. */
function allowedKeys(type: FieldType): string[] | undefined {
  if (type.name === 'Enum' || type.name === 'LocalizedEnum') return type.values.map((v) => v.key);
  return type.name === 'Set' ? allowedKeys(type.elementType) : undefined;
}

/**
 * A Custom Field value checked against its definition, in its stored form: Money as
 * CentPrecisionMoney, a DateTime in UTC, a Reference as `{ typeId, id }`, a Set without repeated
 * elements. A value of the wrong form is 400 InvalidField naming the field (the live message).
 *
 * @example
 * customFieldValue({ type: { name: 'Money' }, name: 'price', label: {}, required: false }, { centAmount: 1, currencyCode: 'EUR' });
 */
export function customFieldValue(definition: FieldDefinition, value: unknown): unknown {
  const result = stored(definition.type, value, definition.name);
  if (result === undefined) throw errors.invalidField(definition.name, value, undefined, allowedKeys(definition.type));
  return result;
}
