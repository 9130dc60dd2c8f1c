import type { Context, Hono } from 'hono';
import type { CustomerTokenKind } from '../../auth/customer-tokens.js';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { belongsTo, findInStore, normaliseEmail, type Customer, type CustomerType } from './rules.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { applyChange, findResource, validBody, type Caller } from '../kit/operations.js';
import { callerOf, present } from '../kit/rest-routes.js';
import type { Store } from '../stores/index.js';
import type { Schemas } from '../kit/schemas.js';
import { WriteContext } from '../kit/write-context.js';

/** Password reset tokens are valid 24 hours unless the request says otherwise (live default). */
const PASSWORD_TOKEN_TTL_MINUTES = 1440;
/** A token valid this long or less shows its value in its message (live rule). */
const VALUE_IN_MESSAGE_MINUTES = 60;

const TOKEN_SEGMENTS: readonly [string, CustomerTokenKind][] = [
  ['password-token=', 'password'],
  ['email-token=', 'email'],
];

function customerType(context: EmulatorContext): CustomerType {
  return context.resourceTypes.get('customer')!;
}

/** The customer by id, within the Store when there is one (else a global or any customer by id). */
function customerById(context: EmulatorContext, id: string, store: Store | undefined): Customer {
  return store ? findInStore(context, store, { id }) : findResource<Customer>(context, customerType(context), { id });
}

function assertVersion(customer: Customer, version: unknown): void {
  if (typeof version === 'number' && version !== customer.version) throw errors.concurrentModification(version, customer.version);
}

/**
 * The customer of a token of this kind. Unknown, used up or invalidated: 404; of a customer of
 * another Store on an in-store endpoint: 404; expired: 400 ExpiredCustomer...Token, when reading
 * and when redeeming (the reference's customers.raml). The 404 names the token as public reports
 * quote the live message (`The Customer with ID 'Token(<value>)' was not found.`). `ownerId`: only
 * a token of this customer counts.
 */
function customerOfToken(
  context: EmulatorContext,
  kind: CustomerTokenKind,
  value: string,
  store: Store | undefined,
  ownerId?: string,
): Customer {
  const found = context.auth.customerTokens.find(kind, value);
  const notFound = () => errors.notFound(`The Customer with ID 'Token(${value})' was not found.`);
  if ('problem' in found) throw found.problem === 'expired' ? errors.expiredCustomerToken(kind) : notFound();
  const customer = context.state.collection<Customer>('customer').get(found.customerId);
  if (!customer || (store !== undefined && !belongsTo(customer, store.key)) || (ownerId !== undefined && customer.id !== ownerId))
    throw notFound();
  return customer;
}

/**
 * The customer of a `password-token=<value>` or `email-token=<value>` path segment (the token stays
 * valid), or undefined for any other segment.
 */
export function tokenOfSegment(context: EmulatorContext, segment: string, store: Store | undefined): Customer | undefined {
  for (const [prefix, kind] of TOKEN_SEGMENTS)
    if (segment.startsWith(prefix)) return customerOfToken(context, kind, segment.slice(prefix.length), store);
  return undefined;
}

/** Sends a message about a customer without changing it (a token was created). */
function announce(context: EmulatorContext, customer: Customer, caller: Caller, type: string, payload: Record<string, unknown>): void {
  const ctx = new WriteContext(context.state, caller.principal, caller.externalUserId);
  context.messages.append({ typeId: 'customer', id: customer.id }, customer.version, [{ type, payload }], ctx.initiator(), ctx.now);
}

/** Re-reads a customer after hashing (another write may have come first): gone is 404, another version 409. */
function latest(context: EmulatorContext, customer: Customer, version: number): Customer {
  const now = context.state.collection<Customer>('customer').get(customer.id);
  if (!now) throw errors.notFoundById(customer.id);
  if (now.version !== version) throw errors.concurrentModification(version, now.version);
  return now;
}

/**
 * Changes a customer's password when `currentPassword` is its password (400 InvalidCurrentPassword
 * otherwise). The new password is prepared before the write, which then commits at once: a new version and
 * CustomerPasswordUpdated (`reset: false`).
 */
export async function changePassword(
  context: EmulatorContext,
  caller: Caller,
  customer: Customer,
  body: { version: number; currentPassword: string; newPassword: string },
): Promise<Customer> {
  assertVersion(customer, body.version);
  if (!(await context.auth.verifyCustomerPassword(customer.id, body.currentPassword))) throw errors.invalidCurrentPassword();
  const password = await context.auth.customers.prepare(body.newPassword);
  return applyChange(
    context,
    customerType(context),
    latest(context, customer, body.version),
    caller,
    [{ action: 'changePassword' }],
    (working, ctx) => {
      ctx.emit('CustomerPasswordUpdated', { reset: false });
      ctx.onCommit(() => void context.auth.customers.setPassword(working.id, password));
    },
  );
}

/** Sets the password of a reset token's customer and uses the token up (CustomerPasswordUpdated, `reset: true`). */
export async function resetPassword(
  context: EmulatorContext,
  caller: Caller,
  body: { tokenValue: string; newPassword: string; version?: number },
  store: Store | undefined,
): Promise<Customer> {
  const customer = customerOfToken(context, 'password', body.tokenValue, store);
  assertVersion(customer, body.version);
  const password = await context.auth.customers.prepare(body.newPassword);
  // The token may have been used meanwhile.
  const fresh = latest(context, customerOfToken(context, 'password', body.tokenValue, store), customer.version);
  return applyChange(context, customerType(context), fresh, caller, [{ action: 'resetPassword' }], (working, ctx) => {
    ctx.emit('CustomerPasswordUpdated', { reset: true });
    ctx.onCommit(() => {
      context.auth.customers.setPassword(working.id, password);
      context.auth.customerTokens.redeem('password', body.tokenValue);
    });
  });
}

/**
 * Marks the e-mail of a verification token's customer verified and uses the token up
 * (CustomerEmailVerified). `ownerId`: only a token of this customer counts (the `me` form).
 */
export function verifyEmail(
  context: EmulatorContext,
  caller: Caller,
  body: { tokenValue: string; version?: number },
  store: Store | undefined,
  ownerId?: string,
): Customer {
  const customer = customerOfToken(context, 'email', body.tokenValue, store, ownerId);
  assertVersion(customer, body.version);
  return applyChange(context, customerType(context), customer, caller, [{ action: 'verifyEmail' }], (working, ctx) => {
    working.isEmailVerified = true;
    ctx.emit('CustomerEmailVerified', {});
    ctx.onCommit(() => context.auth.customerTokens.redeem('email', body.tokenValue));
  });
}

/** Issues a token and announces it (the value only in the message of a short-lived token). */
function issue(
  context: EmulatorContext,
  caller: Caller,
  customer: Customer,
  kind: CustomerTokenKind,
  ttlMinutes: number,
  invalidateOlderTokens: boolean,
) {
  const token = context.auth.customerTokens.issue(kind, customer.id, ttlMinutes, invalidateOlderTokens);
  announce(context, customer, caller, kind === 'password' ? 'CustomerPasswordTokenCreated' : 'CustomerEmailTokenCreated', {
    customerId: customer.id,
    expiresAt: token.expiresAt,
    ...(ttlMinutes <= VALUE_IN_MESSAGE_MINUTES ? { value: token.value } : {}),
    invalidateOlderTokens,
  });
  return token;
}

/**
 * The customer password and token endpoints (https://docs.commercetools.com/api/projects/customers),
 * globally and in a Store: `POST /customers/password`, `/password-token`, `/password/reset`,
 * `/email-token`, `/email/confirm`. The reads by token (`GET /customers/password-token={value}`)
 * are answered by the customers' `/:address` route through {@link tokenOfSegment}.
 */
export function registerCustomerPasswordRoutes(api: Hono<AppEnv>, context: EmulatorContext, type: CustomerType): void {
  const { projectKey } = context.options;
  const forms: [string, (c: Context<AppEnv>) => Store | undefined][] = [
    ['/:projectKey/customers', () => undefined],
    ['/:projectKey/in-store/:storeSegment/customers', (c) => storeOfPath(c, context, 'manage_customers')],
  ];
  for (const [base, storeOf] of forms) {
    const allowed = async <S extends keyof Schemas>(c: Context<AppEnv>, schema: S) => {
      const store = storeOf(c);
      requireScope(c.get('principal'), projectKey, type.scopes.manage, store?.key);
      return { store, body: validBody(schema, await readJsonBody(c)) };
    };
    const answer = (customer: Customer) => json(present(context, type, customer, []));

    api.post(`${base}/password`, async (c) => {
      const { store, body } = await allowed(c, 'CustomerChangePassword');
      return answer(await changePassword(context, callerOf(c), customerById(context, body.id, store), body));
    });

    api.post(`${base}/password-token`, async (c) => {
      const { store, body } = await allowed(c, 'CustomerCreatePasswordResetToken');
      const email = normaliseEmail(body.email);
      // The global endpoint knows the global customers, the in-store one that Store's.
      const customer = [...context.state.collection<Customer>('customer').values()].find(
        (candidate) =>
          normaliseEmail(candidate.email) === email &&
          (store === undefined ? candidate.stores.length === 0 : belongsTo(candidate, store.key)),
      );
      if (!customer) throw errors.notFound('The Customer with the given email was not found.');
      const ttl = body.ttlMinutes ?? PASSWORD_TOKEN_TTL_MINUTES;
      return json(issue(context, callerOf(c), customer, 'password', ttl, body.invalidateOlderTokens === true));
    });

    api.post(`${base}/password/reset`, async (c) => {
      const { store, body } = await allowed(c, 'CustomerResetPassword');
      return answer(await resetPassword(context, callerOf(c), body, store));
    });

    api.post(`${base}/email-token`, async (c) => {
      const { store, body } = await allowed(c, 'CustomerCreateEmailToken');
      const customer = customerById(context, body.id, store);
      assertVersion(customer, body.version);
      return json(issue(context, callerOf(c), customer, 'email', body.ttlMinutes, body.invalidateOlderTokens === true));
    });

    api.post(`${base}/email/confirm`, async (c) => {
      const { store, body } = await allowed(c, 'CustomerEmailVerify');
      return answer(verifyEmail(context, callerOf(c), body, store));
    });
  }
}
