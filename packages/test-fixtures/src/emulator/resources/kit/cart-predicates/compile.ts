import { errors } from '../../../http/errors.js';
import type { ComparisonOperator } from '../../../query/lexer.js';
import { LruCache } from '../../../query/lru.js';
import { compareStrings, isPlainObject } from '../../../query/values.js';
import type { EmulatorState } from '../../../state.js';
import type { Cart, CustomLineItem, LineItem } from '../../carts/shapes.js';
import { fractionDigitsOf } from '../money.js';
import type { Schemas } from '../resource-type.js';
import { fieldOf } from './fields.js';
import type { Cents, EvaluationContext, ItemOf, Kind, ProductPriceItem, Scope } from './fields.js';
import { parseCartPredicate } from './parser.js';
import type { CartPredicateNode, Literal, Term } from './parser.js';

type Test<I> = (item: I, ctx: EvaluationContext) => boolean;
type Getter<I> = (item: I, ctx: EvaluationContext) => unknown;
interface Compiled<I> {
  readonly kind: Kind;
  readonly get: Getter<I>;
  /** The literal, when the term is one (its money reading is decided by what it is compared with). */
  readonly literal?: Literal;
}

/** A predicate compiled once into closures; cached per source, so keep it immutable. */
export interface CompiledItemPredicate<I> {
  readonly source: string;
  /** Evaluates against one item of a Cart (the Cart itself for a cart predicate), in time linear in the Cart's size. */
  matches(item: I, cart: Cart, state: EmulatorState): boolean;
}

/** Money strings: `"42000.00 USD"`, a dot before the cents only (https://docs.commercetools.com/api/projects/predicates). */
const MONEY = /^(0|[1-9][0-9]*)(?:\.([0-9]+))? ([A-Z]{3})$/;

/**
 * The cents of a money string, exact: its fraction digits may not exceed the currency's (400
 * SemanticError otherwise, and for an unknown currency); undefined when the string is no money string.
 */
function moneyLiteral(literal: Literal): Cents | undefined {
  const match = typeof literal.value === 'string' ? MONEY.exec(literal.value) : null;
  if (!match) return undefined;
  const [, units, fraction = '', currencyCode] = match as unknown as [string, string, string | undefined, string];
  let digits: number;
  try {
    digits = fractionDigitsOf(currencyCode, 'predicate');
  } catch {
    throw errors.semanticError(`The money value "${literal.value}" at position ${literal.pos} has an unknown currency.`);
  }
  if (fraction.length > digits)
    throw errors.semanticError(`The money value "${literal.value}" at position ${literal.pos} has more than ${digits} fraction digits.`);
  const centAmount = Number(units + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(centAmount))
    throw errors.semanticError(`The money value "${literal.value}" at position ${literal.pos} is too large.`);
  return { centAmount, currencyCode };
}

const isCents = (value: unknown): value is Cents =>
  isPlainObject(value) && typeof value.centAmount === 'number' && typeof value.currencyCode === 'string';

/**
 * Orders two values of the same type; undefined when they cannot be compared (missing, other
 * types, money in two currencies: decision, such a comparison is false whatever the operator).
 */
function order(a: unknown, b: unknown): number | undefined {
  if (isCents(a) && isCents(b)) return a.currencyCode === b.currencyCode ? a.centAmount - b.centAmount : undefined;
  if (typeof a !== typeof b || a === undefined || a === null) return undefined;
  if (typeof a === 'number') return a - (b as number);
  if (typeof a === 'string') return compareStrings(a, b as string);
  if (typeof a === 'boolean') return a === b ? 0 : Number.NaN;
  return undefined;
}

function holds(op: ComparisonOperator, a: unknown, b: unknown): boolean {
  const c = order(a, b);
  if (c === undefined) return false;
  switch (op) {
    case '=':
      return c === 0;
    case '!=':
    case '<>':
      return c !== 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

const ITEM_SCOPES: Readonly<Record<string, Exclude<Scope, 'cart'>>> = { line: 'lineItem', customLine: 'customLineItem' };
/** The item functions of the Cart scope: `lineItemCount(p)`, `customLineItemTotal(p)`, ... */
const FUNCTION = /^(lineItem|customLineItem|forAllLineItems|forAllCustomLineItems)(Exists|Count|Total|NetTotal|GrossTotal)?$/;
/** Documented functions the emulator does not evaluate (Carts with several Shipping Methods are not emulated). */
const NOT_EMULATED_FUNCTIONS = new Set(['shippingInfoExists', 'forAllShippingInfos']);

class Compiler {
  constructor(private readonly field: string) {}

  node<S extends Scope>(node: CartPredicateNode, scope: S): Test<ItemOf<S>> {
    switch (node.type) {
      case 'and': {
        const items = node.items.map((item) => this.node(item, scope));
        return (item, ctx) => items.every((test) => test(item, ctx));
      }
      case 'or': {
        const items = node.items.map((item) => this.node(item, scope));
        return (item, ctx) => items.some((test) => test(item, ctx));
      }
      case 'not': {
        const inner = this.node(node.inner, scope);
        return (item, ctx) => !inner(item, ctx);
      }
      case 'term': {
        const term = this.term(node.term, scope);
        if (term.kind !== 'boolean' && term.kind !== 'dynamic')
          throw errors.semanticError(`The term at position ${termPos(node.term)} is not a boolean; compare it with a value.`);
        return (item, ctx) => term.get(item, ctx) === true;
      }
      case 'compare':
        return this.compare(node.left, node.op, node.right, scope);
      case 'in': {
        const term = this.term(node.term, scope);
        const values = node.values.map((value) => this.operand(term, this.literalTerm(value), value.pos));
        const negated = node.negated;
        return (item, ctx) => {
          const value = term.get(item, ctx);
          if (value === undefined || value === null) return false;
          return values.some((candidate) => holds('=', value, candidate)) !== negated;
        };
      }
      case 'contains': {
        const term = this.term(node.term, scope);
        if (term.kind !== 'set' && term.kind !== 'dynamic')
          throw errors.semanticError(`'contains' at position ${termPos(node.term)} needs a set field (like 'categories.id').`);
        const values = node.values.map((value) => value.value);
        const all = node.mode === 'all';
        return (item, ctx) => {
          const found = term.get(item, ctx);
          if (!Array.isArray(found)) return false;
          const has = (value: unknown) => found.some((element) => holds('=', element, value));
          return all ? values.every(has) : values.some(has);
        };
      }
      case 'defined': {
        const term = this.term(node.term, scope);
        return (item, ctx) => {
          const value = term.get(item, ctx);
          return (value !== undefined && value !== null) !== node.negated;
        };
      }
      case 'empty': {
        const term = this.term(node.term, scope);
        return (item, ctx) => {
          const value = term.get(item, ctx);
          if (!Array.isArray(value) && typeof value !== 'string') return false;
          return (value.length === 0) !== node.negated;
        };
      }
    }
  }

  private compare<S extends Scope>(leftTerm: Term, op: ComparisonOperator, rightTerm: Term, scope: S): Test<ItemOf<S>> {
    const left = this.term(leftTerm, scope);
    const right = this.term(rightTerm, scope);
    if (left.kind === 'set' || right.kind === 'set')
      throw errors.semanticError(`A set field at position ${termPos(leftTerm)} is compared with 'contains', not '${op}'.`);
    const ordering = op !== '=' && op !== '!=' && op !== '<>';
    if (ordering && (left.kind === 'boolean' || right.kind === 'boolean'))
      throw errors.semanticError(`Booleans at position ${termPos(leftTerm)} compare with '=' and '!=' only.`);
    const a = this.operandGetter(left, right, termPos(rightTerm));
    const b = this.operandGetter(right, left, termPos(leftTerm));
    return (item, ctx) => holds(op, a(item, ctx), b(item, ctx));
  }

  /** The getter of one side of a comparison, a literal read as the other side needs it (money); 400 SemanticError on mismatched types. */
  private operandGetter<I>(side: Compiled<I>, other: Compiled<I>, otherPos: number): Getter<I> {
    if (!side.literal) {
      if (!other.literal && side.kind !== other.kind && side.kind !== 'dynamic' && other.kind !== 'dynamic')
        throw errors.semanticError(`Cannot compare a ${side.kind} with a ${other.kind} at position ${otherPos}.`);
      return side.get;
    }
    const value = this.operand(other, side, side.literal.pos);
    return () => value;
  }

  /** A literal as a value compared with `other`: money for a money term, else as written, when the types agree. */
  private operand<I>(other: Compiled<I>, literal: Compiled<I>, pos: number): unknown {
    const raw = literal.literal!;
    if (other.kind === 'money') {
      const cents = moneyLiteral(raw);
      if (!cents) throw errors.semanticError(`The value at position ${pos} is not a money value like "10.00 EUR".`);
      return cents;
    }
    if (other.kind === 'dynamic') return moneyLiteral(raw) ?? raw.value;
    if (other.literal) return raw.value;
    if (other.kind !== literal.kind)
      throw errors.semanticError(`Cannot compare a ${other.kind} with a ${literal.kind} at position ${pos}.`);
    return raw.value;
  }

  private literalTerm<I>(literal: Literal): Compiled<I> {
    const kind: Kind = typeof literal.value === 'string' ? 'string' : typeof literal.value === 'number' ? 'number' : 'boolean';
    return { kind, get: () => literal.value, literal };
  }

  private term<S extends Scope>(term: Term, scope: S): Compiled<ItemOf<S>> {
    if (term.kind === 'literal') return this.literalTerm(term);
    if (term.kind === 'field') return fieldOf(scope, term.path, term.pos);
    return this.call(term, scope);
  }

  /** An item function of the Cart: counts quantities, sums totals in cents, or tests the items, in one pass. */
  private call<S extends Scope>(term: Extract<Term, { kind: 'call' }>, scope: S): Compiled<ItemOf<S>> {
    if (NOT_EMULATED_FUNCTIONS.has(term.name))
      throw errors.semanticError(
        `The function '${term.name}' at position ${term.pos} is not emulated (Carts with several Shipping Methods are not).`,
      );
    const match = FUNCTION.exec(term.name);
    if (!match) throw errors.semanticError(`Unknown function '${term.name}' at position ${term.pos}.`);
    if (scope !== 'cart')
      throw errors.semanticError(`The function '${term.name}' at position ${term.pos} is only allowed at the top of a cart predicate.`);
    const [, base, suffix] = match as unknown as [string, string, string | undefined];
    const forAll = base.startsWith('forAll');
    if (forAll !== (suffix === undefined)) throw errors.semanticError(`Unknown function '${term.name}' at position ${term.pos}.`);
    const custom = base === 'customLineItem' || base === 'forAllCustomLineItems';
    const items = (cart: Cart): ReadonlyArray<LineItem | CustomLineItem> => (custom ? cart.customLineItems : cart.lineItems);
    const inner = this.node(term.inner, ITEM_SCOPES[custom ? 'customLine' : 'line']!) as Test<LineItem | CustomLineItem>;
    const get = (cart: Cart, ctx: EvaluationContext): unknown => {
      if (forAll) return items(cart).every((line) => inner(line, ctx));
      if (suffix === 'Exists') return items(cart).some((line) => inner(line, ctx));
      if (suffix === 'Count') return items(cart).reduce((sum, line) => (inner(line, ctx) ? sum + line.quantity : sum), 0);
      let centAmount = 0;
      for (const line of items(cart)) {
        if (!inner(line, ctx)) continue;
        const amount =
          suffix === 'Total' ? line.totalPrice : suffix === 'NetTotal' ? line.taxedPrice?.totalNet : line.taxedPrice?.totalGross;
        if (!amount) return undefined;
        centAmount += amount.centAmount;
      }
      return { centAmount, currencyCode: cart.totalPrice.currencyCode };
    };
    const kind: Kind = forAll || suffix === 'Exists' ? 'boolean' : suffix === 'Count' ? 'number' : 'money';
    return { kind, get: get as Getter<ItemOf<S>> };
  }
}

function termPos(term: Term): number {
  return term.pos;
}

const CACHE_CAPACITY = 1000;
const cache = new LruCache<string, object>(CACHE_CAPACITY);

/**
 * A predicate of a scope parsed and compiled once, wrapped for its callers by `wrap`; cached by
 * scope and source (each scope has one wrapping), so a second call answers the same object.
 */
function compileOnce<S extends Scope, W extends object>(scope: S, source: string, field: string, wrap: (test: Test<ItemOf<S>>) => W): W {
  const cacheKey = `${scope}\u0000${source}`;
  const cached = cache.get(cacheKey) as W | undefined;
  if (cached) return cached;
  const wrapped = wrap(new Compiler(field).node(parseCartPredicate(source, field), scope));
  cache.set(cacheKey, wrapped);
  return wrapped;
}

/**
 * Parses and compiles a predicate once (cached by scope and source): a cart predicate
 * (https://docs.commercetools.com/api/projects/predicates#cart-predicates), or a Line Item or
 * Custom Line Item predicate (the targets of Cart Discounts). Syntax errors are 400 SyntaxError,
 * unknown fields, functions and mismatched types 400 SemanticError, each naming the position and
 * `field`, the draft field that holds the predicate.
 *
 * @example
 * compileItemPredicate('cart', 'lineItemCount(sku = "A") >= 2', 'predicate').matches(cart, cart, state);
 */
export function compileItemPredicate<S extends Exclude<Scope, 'product'>>(
  scope: S,
  source: string,
  field: string,
): CompiledItemPredicate<ItemOf<S>> {
  return compileOnce(scope, source, field, (test) => ({
    source,
    matches(item: ItemOf<S>, cart: Cart, state: EmulatorState) {
      let customer: Schemas['Customer'] | undefined | null = null;
      const ctx: EvaluationContext = {
        state,
        cart,
        customer() {
          if (customer === null)
            customer = cart.customerId === undefined ? undefined : state.collection<Schemas['Customer']>('customer').get(cart.customerId);
          return customer;
        },
      };
      return test(item, ctx);
    },
  }));
}

/**
 * A product predicate (https://docs.commercetools.com/api/projects/predicates#productdiscount-predicates)
 * compiled once, as {@link compileItemPredicate} compiles the others; `matches` tells whether one
 * Price of a variant satisfies it, in time linear in the predicate.
 *
 * @example
 * productPredicate('sku = "A" and price > "10.00 EUR"', 'predicate').matches({ product, data, variant, price }, state);
 */
export function productPredicate(
  source: string,
  field: string,
): { readonly source: string; matches(item: ProductPriceItem, state: EmulatorState): boolean } {
  return compileOnce('product', source, field, (test) => ({
    source,
    matches: (item: ProductPriceItem, state: EmulatorState) => test(item, { state, customer: () => undefined }),
  }));
}

/**
 * A cart predicate compiled once; `matches(cart, state)` tells whether the Cart satisfies it.
 *
 * @example
 * cartPredicate('totalPrice > "50.00 EUR"', 'predicate').matches(cart, state);
 */
export function cartPredicate(
  source: string,
  field: string,
): { readonly source: string; matches(cart: Cart, state: EmulatorState): boolean } {
  const compiled = compileItemPredicate('cart', source, field);
  return { source, matches: (cart, state) => compiled.matches(cart, cart, state) };
}

/** Number of cached compilations; never above 1000. */
export function cartPredicateCacheSize(): number {
  return cache.size;
}
