import type { AuthService } from '../../auth/service.js';
import { errors } from '../../http/errors.js';
import { customFieldActions } from '../kit/custom-fields.js';
import { addressActions } from './addresses.js';
import { assertCustomerNumberFree, assertEmailFree, storesFrom, type Customer } from './rules.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

type Action = (customer: Customer, action: Record<string, unknown>, ctx: WriteContext) => void;

/** Sets an optional member, or removes it when the action leaves it out. */
function setOrRemove(customer: Customer, field: string, value: unknown): void {
  const target = customer as unknown as Record<string, unknown>;
  if (value === undefined) delete target[field];
  else target[field] = value;
}

/** `set<Field>` of an optional string member; `message`: the live message it sends, carrying the value. */
function setter(field: string, message?: string): Action {
  return (customer, action, ctx) => {
    const value = action[field];
    setOrRemove(customer, field, value);
    if (message !== undefined) ctx.emit(message, value === undefined ? {} : { [field]: value });
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
 * The Customer update actions (https://docs.commercetools.com/api/projects/customers#update-actions)
 * the emulator models, with the messages the live service sends. Credentials (login e-mail, Stores)
 * follow the Customer once the write commits.
 */
export function customerActions(auth: AuthService): Record<string, Action> {
  return {
    changeEmail(customer, action, ctx) {
      const email = action['email'] as string;
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
    setExternalId: setter('externalId', 'CustomerExternalIdSet'),
    setKey: setter('key'),
    setCustomerNumber(customer, action, ctx) {
      const customerNumber = action['customerNumber'] as string | undefined;
      if (customerNumber === customer.customerNumber) return;
      // Once set, it stays (live rule).
      if (customer.customerNumber !== undefined)
        throw errors.invalidOperation(`The customerNumber '${customer.customerNumber}' of the Customer is set and cannot be changed.`);
      if (customerNumber !== undefined) assertCustomerNumberFree(ctx.state, customerNumber, customer.id);
      setOrRemove(customer, 'customerNumber', customerNumber);
    },
    setLocale(customer, action, ctx) {
      const locale = action['locale'] as string | undefined;
      const { languages } = ctx.state.project;
      if (locale !== undefined && !languages.includes(locale))
        throw errors.invalidField('locale', locale, `The locale '${locale}' is not one of the Project's languages.`, [...languages]);
      setOrRemove(customer, 'locale', locale);
    },
    ...Object.fromEntries(
      Object.entries(addressActions).map(([name, apply]) => [
        name,
        ((customer, action, ctx) => apply(customer, action, (type, payload) => ctx.emit(type, payload))) satisfies Action,
      ]),
    ),
    addStore(customer, action, ctx) {
      const [store] = storesFrom(ctx, [action['store'] as ResourceIdentifier], 'store');
      if (customer.stores.some((s) => s.key === store!.key)) return;
      moveToStores(customer, [...customer.stores, store!], ctx, auth);
    },
    removeStore(customer, action, ctx) {
      const [store] = storesFrom(ctx, [action['store'] as ResourceIdentifier], 'store');
      if (!customer.stores.some((s) => s.key === store!.key)) return;
      moveToStores(
        customer,
        customer.stores.filter((s) => s.key !== store!.key),
        ctx,
        auth,
      );
    },
    setStores(customer, action, ctx) {
      const oldStores = structuredClone(customer.stores);
      moveToStores(customer, storesFrom(ctx, action['stores'] as ResourceIdentifier[] | undefined), ctx, auth);
      ctx.emit('CustomerStoresSet', { stores: structuredClone(customer.stores), oldStores });
    },
    ...customFieldActions<Customer>('customer'),
  };
}
