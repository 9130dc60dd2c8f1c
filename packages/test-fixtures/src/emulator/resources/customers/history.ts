import {
  type Change,
  type FieldRule,
  type ResourceHistoryRules,
  actionNames,
  arrayDelta,
  asArray,
  change,
  differs,
  simple,
} from '../../history/change-kit.js';
import type { Label } from '../../history/records.js';
import type { StoredResource } from '../../store/collection.js';

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

/** A Customer's Changes by field; other members: `set<Member>` (setMiddleName, setTitle, setSalutation, setDateOfBirth, ...). */
export const customerChanges: ResourceHistoryRules = {
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
};

/** A Customer's Label: its number and names, those it has. */
export function customerLabel(resource: StoredResource): Label {
  const label: Label = { type: 'CustomerLabel' };
  for (const field of ['customerNumber', 'firstName', 'lastName']) if (typeof resource[field] === 'string') label[field] = resource[field];
  return label;
}
