import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';

/** An address of a Customer, with the id the service gives it. */
export interface Address {
  id: string;
  country: string;
  [field: string]: unknown;
}

/** The address fields of a Customer. */
export interface CustomerAddresses {
  addresses: Address[];
  defaultShippingAddressId?: string;
  shippingAddressIds: string[];
  defaultBillingAddressId?: string;
  billingAddressIds: string[];
}

interface AddressIndexes {
  addresses?: Record<string, unknown>[];
  defaultShippingAddress?: number;
  shippingAddresses?: number[];
  defaultBillingAddress?: number;
  billingAddresses?: number[];
}

/**
 * The addresses of a CustomerDraft: each gets a generated id (an `id` in the draft is ignored);
 * the default and listed shipping and billing addresses are indexes into `addresses` (one out of
 * range is 400 InvalidField); a default address is also one of its kind's addresses, as the live
 * service shows it.
 */
export function addressesFrom(draft: AddressIndexes): CustomerAddresses {
  const addresses = (draft.addresses ?? []).map((address) => addressOf(address));
  const idAt = (field: string, index: number): string => {
    const address = addresses[index];
    if (!address)
      throw errors.invalidField(field, index, `The value for ${field} must be the index of an address (0 to ${addresses.length - 1}).`);
    return address.id;
  };
  const idsOf = (field: string, indexes: readonly number[] | undefined, defaultId: string | undefined): string[] => {
    const ids = (indexes ?? []).map((index, at) => idAt(`${field}[${at}]`, index));
    return [...new Set(defaultId === undefined ? ids : [defaultId, ...ids])];
  };
  const defaultShipping =
    draft.defaultShippingAddress === undefined ? undefined : idAt('defaultShippingAddress', draft.defaultShippingAddress);
  const defaultBilling = draft.defaultBillingAddress === undefined ? undefined : idAt('defaultBillingAddress', draft.defaultBillingAddress);
  return {
    addresses,
    ...(defaultShipping !== undefined ? { defaultShippingAddressId: defaultShipping } : {}),
    shippingAddressIds: idsOf('shippingAddresses', draft.shippingAddresses, defaultShipping),
    ...(defaultBilling !== undefined ? { defaultBillingAddressId: defaultBilling } : {}),
    billingAddressIds: idsOf('billingAddresses', draft.billingAddresses, defaultBilling),
  };
}

/** What a customer address action acts on: the Customer's addresses and their roles. */
type AddressAction = Record<string, unknown>;

/** A fresh address of an action: generated id, a draft `id` ignored. */
function addressOf(draft: Record<string, unknown>, id: string = newId().slice(0, 8)): Address {
  const { id: ignored, ...fields } = draft;
  void ignored;
  return { ...structuredClone(fields), id } as Address;
}

/**
 * The address an action names by `addressId` or `addressKey`. Both or neither, or an address the
 * Customer does not have, is 400 InvalidOperation.
 */
export function addressNamed(customer: CustomerAddresses, action: AddressAction): Address {
  const id = action['addressId'] as string | undefined;
  const key = action['addressKey'] as string | undefined;
  if ((id === undefined) === (key === undefined)) throw errors.invalidOperation('Either addressId or addressKey is required, not both.');
  const found = customer.addresses.find((address) => (id !== undefined ? address.id === id : address['key'] === key));
  if (!found)
    throw errors.invalidOperation(
      id !== undefined
        ? `The Customer does not have an address with ID '${id}'.`
        : `The Customer does not have an address with key '${key}'.`,
    );
  return found;
}

function assertAddressKeyFree(customer: CustomerAddresses, key: unknown, exceptId?: string): void {
  if (typeof key === 'string' && customer.addresses.some((address) => address['key'] === key && address.id !== exceptId))
    throw errors.duplicateField('addresses.key', key);
}

const without = (ids: readonly string[], id: string) => ids.filter((other) => other !== id);
const withId = (ids: readonly string[], id: string) => (ids.includes(id) ? [...ids] : [...ids, id]);

/** The address roles: shipping and billing, each a list of ids and a default. */
const ROLES = {
  Shipping: { ids: 'shippingAddressIds', default: 'defaultShippingAddressId' },
  Billing: { ids: 'billingAddressIds', default: 'defaultBillingAddressId' },
} as const;
type Role = keyof typeof ROLES;

/** Makes the address a default of its role (it joins the role's ids too), or removes the default. */
function setDefault(customer: CustomerAddresses, role: Role, address: Address | undefined): void {
  const { ids, default: field } = ROLES[role];
  if (address === undefined) delete customer[field];
  else {
    customer[field] = address.id;
    customer[ids] = withId(customer[ids], address.id);
  }
}

/** Adds the address to the role's ids (once). */
function addRole(customer: CustomerAddresses, role: Role, address: Address): void {
  customer[ROLES[role].ids] = withId(customer[ROLES[role].ids], address.id);
}

/** Removes the address from the role's ids and, when it is the role's default, the default too. */
function removeRole(customer: CustomerAddresses, role: Role, address: Address): void {
  const { ids, default: field } = ROLES[role];
  customer[ids] = without(customer[ids], address.id);
  if (customer[field] === address.id) delete customer[field];
}

/** Emits a message about an address (a copy, as the address stands after the action). */
type Emit = (type: string, payload: Record<string, unknown>) => void;

/**
 * The address update actions of a Customer (and of `me`), each with the message the live service
 * sends: addresses get generated ids, keys are unique within the Customer, and removing an address
 * removes it from every role.
 */
export const addressActions: Record<string, (customer: CustomerAddresses, action: AddressAction, emit: Emit) => void> = {
  addAddress(customer, action, emit) {
    const draft = action['address'] as Record<string, unknown>;
    assertAddressKeyFree(customer, draft['key']);
    const address = addressOf(draft);
    customer.addresses.push(address);
    emit('CustomerAddressAdded', { address: structuredClone(address) });
  },
  changeAddress(customer, action, emit) {
    const current = addressNamed(customer, action);
    const draft = action['address'] as Record<string, unknown>;
    assertAddressKeyFree(customer, draft['key'], current.id);
    const address = addressOf(draft, current.id);
    customer.addresses = customer.addresses.map((a) => (a.id === current.id ? address : a));
    emit('CustomerAddressChanged', { address: structuredClone(address) });
  },
  removeAddress(customer, action, emit) {
    const address = addressNamed(customer, action);
    customer.addresses = customer.addresses.filter((a) => a.id !== address.id);
    removeRole(customer, 'Shipping', address);
    removeRole(customer, 'Billing', address);
    emit('CustomerAddressRemoved', { address: structuredClone(address) });
  },
  ...roleActions('Shipping'),
  ...roleActions('Billing'),
};

function roleActions(role: Role): typeof addressActions {
  const optional = (customer: CustomerAddresses, action: AddressAction) =>
    action['addressId'] === undefined && action['addressKey'] === undefined ? undefined : addressNamed(customer, action);
  return {
    [`setDefault${role}Address`]: (customer, action, emit) => {
      const address = optional(customer, action);
      setDefault(customer, role, address);
      emit(`CustomerDefault${role}AddressSet`, address === undefined ? {} : { address: structuredClone(address) });
    },
    [`add${role}AddressId`]: (customer, action, emit) => {
      const address = addressNamed(customer, action);
      addRole(customer, role, address);
      emit(`Customer${role}AddressAdded`, { address: structuredClone(address) });
    },
    [`remove${role}AddressId`]: (customer, action, emit) => {
      const address = addressNamed(customer, action);
      removeRole(customer, role, address);
      emit(`Customer${role}AddressRemoved`, { address: structuredClone(address) });
    },
  };
}
