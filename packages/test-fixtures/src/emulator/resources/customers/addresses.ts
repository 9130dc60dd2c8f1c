import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';

/** An address of a Customer (or a Channel), with the id the service gives it. */
export type Address = Schemas['Address'];
export type AddressDraft = Schemas['AddressDraft'];
/** The Customer (rules.ts names it too; addresses.ts is imported by Channels, which rules.ts reaches). */
type Customer = Schemas['Customer'];

/** The address fields of a Customer. */
export type CustomerAddresses = Pick<
  Customer,
  'addresses' | 'defaultShippingAddressId' | 'shippingAddressIds' | 'defaultBillingAddressId' | 'billingAddressIds'
>;

/** The addresses of a CustomerDraft and the indexes into them that give their roles. */
type AddressIndexes = Pick<
  Schemas['CustomerDraft'],
  'addresses' | 'defaultShippingAddress' | 'shippingAddresses' | 'defaultBillingAddress' | 'billingAddresses'
>;

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

/** How an address action names its address: by `addressId` or `addressKey`. */
type AddressSelector = Pick<Schemas['CustomerRemoveAddressAction'], 'addressId' | 'addressKey'>;

/** A fresh address of an action: generated id, a draft `id` ignored. */
function addressOf({ id: _ignored, ...fields }: AddressDraft, id: string = newId().slice(0, 8)): Address {
  return { ...structuredClone(fields), id };
}

/**
 * The address an action names by `addressId` or `addressKey`. Both or neither, or an address the
 * Customer does not have, is 400 InvalidOperation.
 */
export function addressNamed(customer: CustomerAddresses, { addressId: id, addressKey: key }: AddressSelector): Address {
  if ((id === undefined) === (key === undefined)) throw errors.invalidOperation('Either addressId or addressKey is required, not both.');
  const found = customer.addresses.find((address) => (id !== undefined ? address.id === id : address.key === key));
  if (!found)
    throw errors.invalidOperation(
      id !== undefined
        ? `The Customer does not have an address with ID '${id}'.`
        : `The Customer does not have an address with key '${key}'.`,
    );
  return found;
}

function assertAddressKeyFree(customer: CustomerAddresses, key: string | undefined, exceptId?: string): void {
  if (key !== undefined && customer.addresses.some((address) => address.key === key && address.id !== exceptId))
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

/** The address update actions of a Customer. */
type AddressActionName =
  'addAddress' | 'changeAddress' | 'removeAddress' | `setDefault${Role}Address` | `${'add' | 'remove'}${Role}AddressId`;
type AddressActions = Required<ActionHandlers<Customer, Extract<Schemas['CustomerUpdateAction'], { action: AddressActionName }>>>;
type RoleHandler = (customer: Customer, action: AddressSelector, ctx: WriteContext) => void;

/** `setDefault<Role>Address`: the named address becomes the default (none named: no default). */
function setDefaultAction(role: Role): RoleHandler {
  return (customer, action, ctx) => {
    const address = action.addressId === undefined && action.addressKey === undefined ? undefined : addressNamed(customer, action);
    setDefault(customer, role, address);
    ctx.emit(`CustomerDefault${role}AddressSet`, address === undefined ? {} : { address: structuredClone(address) });
  };
}

/** `add<Role>AddressId`: the named address takes the role. */
function addRoleAction(role: Role): RoleHandler {
  return (customer, action, ctx) => {
    const address = addressNamed(customer, action);
    addRole(customer, role, address);
    ctx.emit(`Customer${role}AddressAdded`, { address: structuredClone(address) });
  };
}

/** `remove<Role>AddressId`: the named address leaves the role. */
function removeRoleAction(role: Role): RoleHandler {
  return (customer, action, ctx) => {
    const address = addressNamed(customer, action);
    removeRole(customer, role, address);
    ctx.emit(`Customer${role}AddressRemoved`, { address: structuredClone(address) });
  };
}

/**
 * The address update actions of a Customer (and of `me`), each with the message the live service
 * sends (a copy of the address as it stands after the action): addresses get generated ids, keys
 * are unique within the Customer, and removing an address removes it from every role.
 */
export const addressActions: AddressActions = {
  addAddress(customer, { address: draft }, ctx) {
    assertAddressKeyFree(customer, draft.key);
    const address = addressOf(draft);
    customer.addresses.push(address);
    ctx.emit('CustomerAddressAdded', { address: structuredClone(address) });
  },
  changeAddress(customer, action, ctx) {
    const current = addressNamed(customer, action);
    assertAddressKeyFree(customer, action.address.key, current.id);
    const address = addressOf(action.address, current.id);
    customer.addresses = customer.addresses.map((a) => (a.id === current.id ? address : a));
    ctx.emit('CustomerAddressChanged', { address: structuredClone(address) });
  },
  removeAddress(customer, action, ctx) {
    const address = addressNamed(customer, action);
    customer.addresses = customer.addresses.filter((a) => a.id !== address.id);
    removeRole(customer, 'Shipping', address);
    removeRole(customer, 'Billing', address);
    ctx.emit('CustomerAddressRemoved', { address: structuredClone(address) });
  },
  setDefaultShippingAddress: setDefaultAction('Shipping'),
  addShippingAddressId: addRoleAction('Shipping'),
  removeShippingAddressId: removeRoleAction('Shipping'),
  setDefaultBillingAddress: setDefaultAction('Billing'),
  addBillingAddressId: addRoleAction('Billing'),
  removeBillingAddressId: removeRoleAction('Billing'),
};
