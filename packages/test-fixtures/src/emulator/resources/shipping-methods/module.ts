import type { Context, Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import type { ResourceModule } from '../kit/resource-module.js';
import type { AnyResourceType } from '../kit/resource-type.js';
import { expandParams, present } from '../kit/rest-routes.js';
import { shippingMethodResolvers } from './graphql.js';
import { shippingMethodType, type ShippingMethod } from './index.js';
import { matchingShippingMethods, type ShippingLocation } from './matching.js';

/** The `country`, `state` and `currency` of a matching-location request (400 InvalidInput when malformed). */
function locationParams(c: Context<AppEnv>): ShippingLocation & { currency?: string } {
  const country = c.req.query('country');
  const state = c.req.query('state');
  const currency = c.req.query('currency');
  if (country === undefined) throw errors.requiredField('country');
  if (!/^[A-Z]{2}$/.test(country))
    throw errors.invalidInput(`Malformed parameter: country: '${country}' is not an ISO 3166-1 country code.`);
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
    throw errors.invalidInput(`Malformed parameter: currency: '${currency}' is not an ISO 4217 currency code.`);
  return { country, ...(state !== undefined && state !== '' ? { state } : {}), ...(currency !== undefined ? { currency } : {}) };
}

/** `GET|HEAD /shipping-methods/matching-location`: all matching methods on one page; HEAD is 404 when none. */
function registerMatchingRoutes(api: Hono<AppEnv>, context: EmulatorContext, type: AnyResourceType<ShippingMethod>): void {
  api.get('/:projectKey/shipping-methods/matching-location', (c) => {
    requireScope(c.get('principal'), context.options.projectKey, [...type.scopes.view, ...type.scopes.manage]);
    const methods = matchingShippingMethods(context.state, locationParams(c));
    if (c.req.method === 'HEAD' && methods.length === 0) throw errors.notFound('No Shipping Method matches the location.');
    const expand = expandParams(c);
    const results = methods.map((method) => present(context, type, method, expand));
    return json({ limit: results.length, offset: 0, count: results.length, total: results.length, results });
  });
}

/**
 * Shipping Methods: the standard routes and matching-location (the matching-cart routes are the
 * carts'; they call matching.ts). Not a Change History type on the live service.
 */
export const shippingMethodsModule: ResourceModule = {
  name: 'shipping-methods',
  type: shippingMethodType,
  rest: { extra: registerMatchingRoutes },
  graphql: shippingMethodResolvers,
};
