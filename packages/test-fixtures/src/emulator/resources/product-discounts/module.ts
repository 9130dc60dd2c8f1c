import type { Hono } from 'hono';
import { requireScope, type Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { moneyFrom } from '../kit/money.js';
import { validBody } from '../kit/operations.js';
import type { ResourceModule } from '../kit/resource-module.js';
import type { AnyResourceType } from '../kit/resource-type.js';
import { expandParams, present } from '../kit/rest-routes.js';
import { WriteContext } from '../kit/write-context.js';
import { allVariants, type Product } from '../products/data.js';
import {
  applyProductDiscounts,
  discountsChange,
  matchingDiscount,
  nextValidityBound,
  rankedDiscounts,
  type ProductDiscount,
} from './apply.js';
import { productDiscountResolvers } from './graphql.js';
import { productDiscountChanges } from './history.js';
import { productDiscountType } from './index.js';

/**
 * Keeps every Product's `discounted` Prices in step with the Product Discounts, at once (the live
 * service does it eventually): after each write of a Product Discount, and before any request once
 * the clock has passed a `validFrom` or `validUntil`. A Product whose Prices change gets a
 * background write: a new version and lastModifiedAt, its lastModifiedBy kept, one
 * ProductPriceDiscountsSet Message, a Change History Record made by the platform. A Product's own
 * writes keep it in step themselves (the Product type's `beforeStore`).
 */
class ProductDiscountPrices {
  /** Nothing comes into force or leaves it before this instant (ms); a first request looks at everything. */
  private nextBoundAt = Number.NEGATIVE_INFINITY;
  /** The Product Discounts' write count at the last refresh: another means a restore or reset did not tell us. */
  private seenGeneration = -1;

  constructor(private readonly context: EmulatorContext) {
    context.state.onChange((event) => {
      if (event.typeId === 'product-discount') this.refresh(event.principal, event.externalUserId);
    });
  }

  /** Before a request: refreshes the Products when the clock passed a validity bound, or a snapshot was restored. */
  run(): void {
    const generation = this.context.state.collection('product-discount').generation;
    if (this.context.state.clock.now() < this.nextBoundAt && generation === this.seenGeneration) return;
    // Made by the platform: the project's own API client stands for it.
    this.refresh({ clientId: this.context.options.clientId, scopes: [], external: false }, undefined);
  }

  private refresh(principal: Principal, externalUserId: string | undefined): void {
    const { state, messages } = this.context;
    const at = state.clock.now();
    this.seenGeneration = state.collection('product-discount').generation;
    this.nextBoundAt = nextValidityBound(state, at);
    const ranked = rankedDiscounts(state, at);
    const products = state.collection<Product>('product');
    for (const product of [...products.values()]) {
      if (!discountsChange(product, ranked, state)) continue;
      const ctx = new WriteContext(state, principal, externalUserId);
      const working = structuredClone(product);
      const updatedPrices = applyProductDiscounts(working, ranked, state);
      const updated: Product = { ...working, version: product.version + 1, lastModifiedAt: ctx.now };
      products.replace(updated);
      messages.append(
        { typeId: 'product', id: product.id },
        updated.version,
        [{ type: 'ProductPriceDiscountsSet', payload: { updatedPrices } }],
        ctx.initiator(),
        ctx.now,
      );
      ctx.recordChange('product', 'updated', product, updated, [], { background: true });
    }
  }
}

/**
 * `POST /product-discounts/matching`: the Product Discount that applies to a Price of a variant
 * (current or staged data), or 404 NoMatchingProductDiscountFound.
 */
function registerMatchingRoute(api: Hono<AppEnv>, context: EmulatorContext, type: AnyResourceType<ProductDiscount>): void {
  api.post('/:projectKey/product-discounts/matching', async (c) => {
    requireScope(c.get('principal'), context.options.projectKey, type.scopes.view);
    const query = validBody('ProductDiscountMatchQuery', await readJsonBody(c));
    const product = context.state.collection<Product>('product').get(query.productId);
    if (!product) throw errors.invalidInput(`The Product with ID '${query.productId}' was not found.`);
    const data = query.staged ? product.masterData.staged : product.masterData.current;
    const variant = allVariants(data).find((candidate) => candidate.id === query.variantId);
    if (!variant)
      throw errors.invalidInput(
        `The Product '${product.id}' has no variant ${query.variantId} in its ${query.staged ? 'staged' : 'current'} data.`,
      );
    const { price } = query;
    const point = {
      value: moneyFrom(price.value, 'price.value'),
      ...(price.key !== undefined ? { key: price.key } : {}),
      ...(price.country !== undefined ? { country: price.country } : {}),
      ...(price.customerGroup !== undefined ? { customerGroup: price.customerGroup } : {}),
      ...(price.channel !== undefined ? { channel: price.channel } : {}),
    };
    const ranked = rankedDiscounts(context.state, context.state.clock.now());
    const discount = matchingDiscount(ranked, { product, data, variant, price: point }, context.state);
    if (!discount) throw errors.noMatchingProductDiscountFound(product.id, variant.id, price);
    return json(present(context, type, discount, expandParams(c)));
  });
}

/** Product Discounts: the standard routes and `/matching`, GraphQL's fields; Change History with their live Change names. */
export const productDiscountsModule: ResourceModule = {
  name: 'product-discounts',
  type: productDiscountType,
  rest: { extra: registerMatchingRoute },
  history: { changes: productDiscountChanges },
  graphql: productDiscountResolvers,
};

/**
 * The Products' discounted Prices kept in step with the Product Discounts (see
 * ProductDiscountPrices): first in the registry, so that no route answers before the clock's
 * bounds are applied.
 */
export const productDiscountPricesModule: ResourceModule = {
  name: 'product-discount-prices',
  routes(api, context) {
    const prices = new ProductDiscountPrices(context);
    api.use('/:projectKey/*', async (_c, next) => {
      prices.run();
      await next();
    });
  },
};
