import { errors } from '../http/errors.js';
import { newId } from '../ids.js';

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
  const addresses = (draft.addresses ?? []).map((address) => {
    const { id: ignored, ...fields } = address;
    void ignored;
    return { ...structuredClone(fields), id: newId().slice(0, 8) } as Address;
  });
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
