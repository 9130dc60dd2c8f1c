import type { AuthService } from '../../auth/service.js';
import { errors } from '../../http/errors.js';
import { customerGroupReference } from '../customer-groups/index.js';
import { customFieldActions } from '../kit/custom-fields.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import { addressActions } from './addresses.js';
import { assertCustomerNumberFree, assertEmailFree, assertProjectLanguage, passwordOf, storesFrom, type Customer } from './rules.js';
import type { WriteContext } from '../kit/write-context.js';

/** The optional string members of a Customer that a `set<Member>` action sets as given. */
type PlainMember =
  'firstName' | 'lastName' | 'middleName' | 'title' | 'salutation' | 'dateOfBirth' | 'companyName' | 'vatId' | 'externalId' | 'key';

/** `set<Member>` of an optional string member; `message`: the live message it sends, carrying the value. */
function setter<M extends PlainMember>(member: M, message?: string) {
  return (customer: Customer, action: { [K in M]?: string }, ctx: WriteContext): void => {
    const value = action[member];
    setOptional<Customer, PlainMember>(customer, member, value);
    if (message !== undefined) ctx.emit(message, value === undefined ? {} : { [member]: value });
  };
}

/**
 * Changes the Stores of a Customer: its e-mail must be free among the customers of its new Stores
 * (or the global ones), and its password login follows its Stores once the write commits.
 */
function moveToStores(customer: Customer, stores: Customer['stores'], ctx: WriteContext, auth: AuthService): void {
  assertEmailFree(
    ctx.state,
    customer.email,
    stores.map((s) => s.key),
    customer.id,
  );
  customer.stores = stores;
  ctx.onCommit(() => void auth.updateCustomerCredentials(customer.id, { storeKeys: stores.map((s) => s.key) }));
}

/**
 * The update actions a customer may apply to the own profile (live My Customer Profile API,
 * `MyCustomerUpdateAction`): e-mail, names and the like, addresses and Custom Fields.
 */
export function myCustomerActions(auth: AuthService): Required<ActionHandlers<Customer, Schemas['MyCustomerUpdateAction']>> {
  return {
    changeEmail(customer, { email }, ctx) {
      assertEmailFree(
        ctx.state,
        email,
        customer.stores.map((s) => s.key),
        customer.id,
      );
      customer.email = email;
      customer.isEmailVerified = false;
      ctx.emit('CustomerEmailChanged', { email });
      ctx.onCommit(() => void auth.updateCustomerCredentials(customer.id, { email }));
    },
    setFirstName: setter('firstName', 'CustomerFirstNameSet'),
    setLastName: setter('lastName', 'CustomerLastNameSet'),
    setMiddleName: setter('middleName'),
    setTitle: setter('title', 'CustomerTitleSet'),
    setSalutation: setter('salutation'),
    setDateOfBirth: setter('dateOfBirth', 'CustomerDateOfBirthSet'),
    setCompanyName: setter('companyName', 'CustomerCompanyNameSet'),
    setVatId: setter('vatId'),
    setLocale(customer, { locale }, ctx) {
      assertProjectLanguage(ctx.state, locale);
      setOptional(customer, 'locale', locale);
    },
    ...addressActions,
    ...customFieldActions<Customer>('customer', 'Customer'),
  };
}

/**
 * The Customer update actions (https://docs.commercetools.com/api/projects/customers#update-actions)
 * the emulator models, with the messages the live service sends: the customer's own ones and those
 * only an API client may apply. Credentials (login e-mail, Stores) follow the Customer once the
 * write commits.
 */
export function customerActions(auth: AuthService): Required<ActionHandlers<Customer, Schemas['CustomerUpdateAction']>> {
  return {
    ...myCustomerActions(auth),
    setExternalId: setter('externalId', 'CustomerExternalIdSet'),
    setKey: setter('key'),
    setAuthenticationMode(customer, { authMode, password }, ctx) {
      if (authMode === customer.authenticationMode)
        throw errors.invalidInput(`The customer is already using the '${authMode}' authentication mode.`);
      const newPassword = passwordOf({ ...(password !== undefined ? { password } : {}) }, authMode);
      customer.authenticationMode = authMode;
      // ExternalAuth: no credentials, the password flow no longer knows the Customer.
      if (newPassword === undefined) ctx.onCommit(() => void auth.removeCustomerCredentials(customer.id));
      else {
        const prepared = auth.customers.prepareSync(newPassword);
        const storeKeys = customer.stores.map((store) => store.key);
        ctx.onCommit(() => auth.customers.setPrepared({ customerId: customer.id, email: customer.email, password: prepared, storeKeys }));
      }
    },
    setCustomerNumber(customer, { customerNumber }, ctx) {
      if (customerNumber === customer.customerNumber) return;
      // Once set, it stays (live rule).
      if (customer.customerNumber !== undefined)
        throw errors.invalidOperation(`The customerNumber '${customer.customerNumber}' of the Customer is set and cannot be changed.`);
      if (customerNumber !== undefined) assertCustomerNumberFree(ctx.state, customerNumber, customer.id);
      setOptional(customer, 'customerNumber', customerNumber);
    },
    addStore(customer, action, ctx) {
      const [store] = storesFrom(ctx, [action.store], 'store');
      if (customer.stores.some((s) => s.key === store!.key)) return;
      moveToStores(customer, [...customer.stores, store!], ctx, auth);
    },
    removeStore(customer, action, ctx) {
      const [store] = storesFrom(ctx, [action.store], 'store');
      if (!customer.stores.some((s) => s.key === store!.key)) return;
      moveToStores(
        customer,
        customer.stores.filter((s) => s.key !== store!.key),
        ctx,
        auth,
      );
    },
    setCustomerGroup(customer, action, ctx) {
      const customerGroup = action.customerGroup && customerGroupReference(ctx, action.customerGroup, 'customerGroup');
      setOptional(customer, 'customerGroup', customerGroup);
      ctx.emit('CustomerGroupSet', customerGroup ? { customerGroup } : {});
    },
    setStores(customer, action, ctx) {
      const oldStores = structuredClone(customer.stores);
      moveToStores(customer, storesFrom(ctx, action.stores), ctx, auth);
      ctx.emit('CustomerStoresSet', { stores: structuredClone(customer.stores), oldStores });
    },
  };
}
