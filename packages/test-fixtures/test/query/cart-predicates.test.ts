import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/emulator/clock.js';
import { ApiError } from '../../src/emulator/http/errors.js';
import {
  cartPredicate,
  cartPredicateCacheSize,
  compileItemPredicate,
  parseCartPredicate,
} from '../../src/emulator/resources/kit/cart-predicates/index.js';
import type { Cart, LineItem } from '../../src/emulator/resources/carts/shapes.js';
import { EmulatorState } from '../../src/emulator/state.js';

const state = new EmulatorState('predicates', systemClock);
const eur = (centAmount: number) => ({ type: 'centPrecision' as const, currencyCode: 'EUR', centAmount, fractionDigits: 2 });

function line(sku: string, unitCents: number, quantity: number, extra: Partial<LineItem> = {}): LineItem {
  return {
    id: `line-${sku}`,
    productId: `product-${sku}`,
    name: { en: sku },
    productType: { typeId: 'product-type', id: 'type-1' },
    variant: {
      id: 1,
      sku,
      attributes: [
        { name: 'size', value: 'M' },
        { name: 'color', value: { key: 'red', label: { en: 'Red' } } },
      ],
    },
    price: { id: `price-${sku}`, value: eur(unitCents) },
    quantity,
    totalPrice: eur(unitCents * quantity),
    discountedPricePerQuantity: [],
    taxedPricePortions: [],
    state: [],
    perMethodTaxRate: [],
    priceMode: 'Platform',
    lineItemMode: 'Standard',
    ...extra,
  } as LineItem;
}

function cart(lines: LineItem[], extra: Partial<Cart> = {}): Cart {
  const total = lines.reduce((sum, item) => sum + item.totalPrice.centAmount, 0);
  return {
    id: 'cart-1',
    version: 1,
    lineItems: lines,
    customLineItems: [],
    totalPrice: eur(total),
    country: 'DE',
    shippingAddress: { country: 'DE', city: 'Berlin' },
    custom: { type: { typeId: 'type', id: 't' }, fields: { vip: true, tags: ['a', 'b'], budget: eur(1000) } },
    ...extra,
  } as unknown as Cart;
}

const matches = (source: string, subject: Cart) => cartPredicate(source, 'predicate').matches(subject, state);

/** Runs `fn`, asserts it throws a 400 with `code`, and returns the message. */
function refused(code: string, fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors[0]?.code).toBe(code);
    return (error as ApiError).message;
  }
  throw new Error(`expected a ${code} error, nothing was thrown`);
}

// Two tees at 20.00 EUR and one cap at 15.00 EUR: 40.00 + 15.00 = 55.00 EUR (5500 cents).
const basket = cart([line('tee', 2000, 2), line('cap', 1500, 1)]);

describe('cart predicates', () => {
  it('compares money literals in exact cents, and never across currencies', () => {
    expect(matches('totalPrice > "50.00 EUR"', basket)).toBe(true);
    expect(matches('totalPrice = "55.00 EUR"', basket)).toBe(true);
    expect(matches('totalPrice = "55 EUR"', basket)).toBe(true);
    expect(matches('totalPrice >= "55.01 EUR"', basket)).toBe(false);
    expect(matches('totalPrice <= "55.00 EUR"', basket)).toBe(true);
    // A literal in another currency is false whatever the operator (decision).
    expect(matches('totalPrice > "1.00 USD"', basket)).toBe(false);
    expect(matches('totalPrice != "1.00 USD"', basket)).toBe(false);
  });

  it('refuses money literals with more digits than the currency has, or an unknown currency', () => {
    expect(refused('SemanticError', () => matches('totalPrice > "1.001 EUR"', basket))).toContain('position 14');
    refused('SemanticError', () => matches('totalPrice > "1.00 XYZ"', basket));
    refused('SemanticError', () => matches('totalPrice > 5', basket));
  });

  it('reads the cart fields: country, currency, addresses and Custom Fields', () => {
    expect(matches('country = "DE" and currency = "EUR"', basket)).toBe(true);
    expect(matches('shippingAddress.city = "Berlin"', basket)).toBe(true);
    expect(matches('shippingAddress.country in ("AT", "DE")', basket)).toBe(true);
    expect(matches('shippingAddress.country not in ("AT", "DE")', basket)).toBe(false);
    expect(matches('custom.vip = true and custom.tags contains "b"', basket)).toBe(true);
    expect(matches('custom.tags contains all ("a", "b") and custom.tags contains any ("x")', basket)).toBe(false);
    expect(matches('custom.budget < "10.01 EUR"', basket)).toBe(true);
    expect(matches('customer.email is defined', basket)).toBe(false);
    expect(matches('customer.email is not defined and custom.tags is not empty', basket)).toBe(true);
  });

  it('evaluates 1 = 1, true, and/or/not and parentheses', () => {
    expect(matches('1 = 1', basket)).toBe(true);
    expect(matches('true', basket)).toBe(true);
    expect(matches('not (1 = 1) or (country = "AT" and true)', basket)).toBe(false);
    expect(matches('not(country = "AT") and (currency = "EUR" or false)', basket)).toBe(true);
  });

  it('counts, sums and tests line items with line-item predicates', () => {
    expect(matches('lineItemExists(sku = "cap")', basket)).toBe(true);
    expect(matches('lineItemExists(sku = "hat") = false', basket)).toBe(true);
    expect(matches('lineItemCount(1 = 1) = 3', basket)).toBe(true);
    expect(matches('lineItemCount(sku = "tee") = 2', basket)).toBe(true);
    // 2 × 20.00 EUR = 40.00 EUR
    expect(matches('lineItemTotal(sku = "tee") = "40.00 EUR"', basket)).toBe(true);
    expect(matches('lineItemTotal(price > "16.00 EUR") = "40.00 EUR"', basket)).toBe(true);
    expect(matches('forAllLineItems(quantity >= 1 and lineItemMode = "Standard")', basket)).toBe(true);
    expect(matches('lineItemExists(attributes.size = "M" and attributes.color.key = "red")', basket)).toBe(true);
    expect(matches('lineItemExists(productType.id = "type-1" and productId = "product-cap")', basket)).toBe(true);
    expect(matches('customLineItemExists(1 = 1)', basket)).toBe(false);
    expect(matches('customLineItemTotal(1 = 1) = "0.00 EUR"', basket)).toBe(true);
    // Net totals need taxed prices, which these lines have not: the comparison is false.
    expect(matches('lineItemNetTotal(1 = 1) > "0.00 EUR"', basket)).toBe(false);
  });

  it('compiles line-item predicates on their own (Cart Discount targets)', () => {
    const target = compileItemPredicate('lineItem', 'sku = "tee" and quantity > 1', 'target.predicate');
    expect(target.matches(basket.lineItems[0]!, basket, state)).toBe(true);
    expect(target.matches(basket.lineItems[1]!, basket, state)).toBe(false);
  });

  it('answers a syntax error with its position', () => {
    expect(refused('SyntaxError', () => matches('totalPrice > ', basket))).toBe(
      'Syntax error while parsing predicate. Unexpected end of input at position 14.',
    );
    expect(refused('SyntaxError', () => matches('country = "DE" and and', basket))).toContain("Unexpected token 'and' at position 20");
    expect(refused('SyntaxError', () => matches('country = "DE', basket))).toContain('Unterminated string starting at position 11');
    expect(refused('SyntaxError', () => matches('lineItemExists(sku = "a"', basket))).toContain('position 25');
    expect(refused('SyntaxError', () => matches('country # "DE"', basket))).toContain("Unexpected character '#' at position 9");
  });

  it('refuses unknown and not emulated fields and functions, and mismatched types, naming them', () => {
    expect(refused('SemanticError', () => matches('colour = "red"', basket))).toContain("'colour' at position 1");
    expect(refused('SemanticError', () => matches('lineItemExists(country = "DE")', basket))).toContain("'country' at position 16");
    expect(refused('SemanticError', () => matches('shippingInfoExists(1 = 1)', basket))).toContain('not emulated');
    expect(refused('SemanticError', () => matches('lineItemExists(lineItemExists(1 = 1))', basket))).toContain('position 16');
    expect(refused('SemanticError', () => matches('country = 5', basket))).toContain('position');
    expect(refused('SemanticError', () => matches('lineItemExists(categories.id = "x")', basket))).toContain('contains');
    refused('SemanticError', () => matches('country', basket));
  });

  it('parses a long predicate without recursion per conjunct, and refuses deep nesting', () => {
    const long = Array.from({ length: 5000 }, (_, i) => `sku = "s${i}"`).join(' or ');
    const node = parseCartPredicate(`lineItemExists(${long})`, 'predicate');
    expect(node.type).toBe('term');
    expect(matches(`lineItemExists(${long} or sku = "cap")`, basket)).toBe(true);
    refused('SyntaxError', () => matches(`${'('.repeat(100)}1 = 1${')'.repeat(100)}`, basket));
    refused('SyntaxError', () => matches(`${'not '.repeat(100)}true`, basket));
  });

  it('evaluates a big cart in one pass per function: each line is tested once', () => {
    const lines = Array.from({ length: 20000 }, (_, i) => line(`sku-${i}`, 100, 1));
    const big = cart(lines);
    // 20 000 lines × 1.00 EUR = 20 000.00 EUR
    expect(matches('lineItemTotal(1 = 1) = "20000.00 EUR" and lineItemCount(price = "1.00 EUR") = 20000', big)).toBe(true);
    let reads = 0;
    const counted = lines.map((item) =>
      Object.defineProperty({ ...item }, 'quantity', {
        get: () => {
          reads++;
          return 1;
        },
      }),
    );
    expect(matches('lineItemCount(1 = 1) = 20000', cart(counted))).toBe(true);
    expect(reads).toBe(20000);
  });

  it('compiles a predicate once and keeps the cache bounded', () => {
    const first = compileItemPredicate('cart', 'country = "DE"', 'predicate');
    expect(compileItemPredicate('cart', 'country = "DE"', 'predicate')).toBe(first);
    for (let i = 0; i < 1100; i++) cartPredicate(`country = "C${i}"`, 'predicate');
    expect(cartPredicateCacheSize()).toBeLessThanOrEqual(1000);
  });
});
