import type { EmulatorContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import { findInStore as findInStoreOf } from '../kit/in-store-path.js';
import type { Address } from '../kit/operations.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import type { Store } from '../stores/index.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

/**
 * A Customer as stored and answered: its password is not part of it (the authorization service
 * keeps only a salted hash). `stores` is empty for a global customer.
 */
export type Customer = Schemas['Customer'];

/** The Customer resource type, typed from the schema. */
export type CustomerType = ResourceType<Customer, Schemas['CustomerDraft'], Schemas['CustomerUpdateAction']>;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * E-mails are unique, ignoring case, among the global customers and among the customers of each
 * Store (a customer of Stores A and B clashes with any customer of A or of B). `exceptId`: the
 * customer whose e-mail or Stores change.
 */
export function assertEmailFree(state: EmulatorState, email: string, storeKeys: readonly string[], exceptId?: string): void {
  const wanted = normaliseEmail(email);
  for (const customer of state.collection<Customer>('customer').values()) {
    if (customer.id === exceptId || normaliseEmail(customer.email) !== wanted) continue;
    const theirs = customer.stores.map((s) => s.key);
    const clash = storeKeys.length === 0 ? theirs.length === 0 : theirs.some((key) => storeKeys.includes(key));
    if (clash) throw errors.duplicateField('email', email);
  }
}

export function assertCustomerNumberFree(state: EmulatorState, customerNumber: string, exceptId?: string): void {
  for (const customer of state.collection<Customer>('customer').values()) {
    if (customer.id !== exceptId && customer.customerNumber === customerNumber)
      throw errors.duplicateField('customerNumber', customerNumber);
  }
}

/** The password rule of the authentication mode: required with Password, refused with ExternalAuth. */
export function passwordOf({ password }: { password?: string }, mode: Customer['authenticationMode']): string | undefined {
  if (mode === 'Password' && password === undefined) throw errors.requiredField('password');
  if (mode === 'ExternalAuth' && password !== undefined) {
    throw errors.invalidField('password', '<hidden>', 'A Customer with authenticationMode ExternalAuth has no password.');
  }
  return password;
}

/**
 * A Customer's locale is one of the Project's languages, on create and on `setLocale` (the
 * reference's CustomerDraft and setLocale); another is 400 InvalidField with the languages as
 * `allowedValues` (decision: the reference names no code).
 */
export function assertProjectLanguage(state: EmulatorState, locale: string | undefined): void {
  const { languages } = state.project;
  if (locale !== undefined && !languages.includes(locale))
    throw errors.invalidField('locale', locale, `The locale '${locale}' is not one of the Project's languages.`, [...languages]);
}

/** Store key references of Store identifiers (each Store once); an unknown Store is 400 ReferencedResourceNotFound. */
export function storesFrom(ctx: WriteContext, drafts: readonly ResourceIdentifier[] | undefined, field = 'stores'): Customer['stores'] {
  const keys = (drafts ?? []).map((draft, index) => ctx.resolveIdentifier<Store>('store', draft, `${field}[${index}]`).key);
  return [...new Set(keys)].map((key) => ({ typeId: 'store', key }));
}

/** True when the customer belongs to the Store (a global customer belongs to none). */
export function belongsTo(customer: Customer, storeKey: string): boolean {
  return customer.stores.some((s) => s.key === storeKey);
}

/** The customer at an address that belongs to the Store; a customer of another Store, or a global one, does not exist here (404). */
export function findInStore(context: EmulatorContext, store: Store, address: Address): Customer {
  return findInStoreOf<Customer>(context, 'customer', belongsTo, store, address);
}
