import { errors } from '../../../http/errors.js';
import { tokenize } from '../../../query/lexer.js';
import type { ComparisonOperator } from '../../../query/lexer.js';
import { TokenCursor } from '../../../query/cursor.js';

/** A literal of a predicate: a string (a money string is one: `"10.00 EUR"`), a number or a boolean. */
export interface Literal {
  readonly kind: 'literal';
  readonly value: string | number | boolean;
  readonly pos: number;
}

/** What a comparison compares: a literal, a dotted field (`customer.email`), or a function of items (`lineItemCount(...)`). */
export type Term =
  | Literal
  | { readonly kind: 'field'; readonly path: string; readonly pos: number }
  | { readonly kind: 'call'; readonly name: string; readonly inner: CartPredicateNode; readonly pos: number };

/** The parsed form of a cart predicate; `and`/`or` are flattened. */
export type CartPredicateNode =
  | { readonly type: 'and' | 'or'; readonly items: readonly CartPredicateNode[] }
  | { readonly type: 'not'; readonly inner: CartPredicateNode }
  /** A term standing alone: `true`, `lineItemExists(...)`. */
  | { readonly type: 'term'; readonly term: Term }
  | { readonly type: 'compare'; readonly left: Term; readonly op: ComparisonOperator; readonly right: Term }
  | { readonly type: 'in'; readonly term: Term; readonly negated: boolean; readonly values: readonly Literal[] }
  /** `contains x` is `one`; `contains any (...)`, `contains all (...)`. */
  | { readonly type: 'contains'; readonly term: Term; readonly mode: 'one' | 'any' | 'all'; readonly values: readonly Literal[] }
  | { readonly type: 'defined' | 'empty'; readonly term: Term; readonly negated: boolean };

/** Keywords that can never name a field. */
const RESERVED = new Set(['and', 'or', 'not', 'in', 'contains', 'is']);

/**
 * Parses a cart predicate (https://docs.commercetools.com/api/predicates/predicate-operators) of
 * the field `field` into its AST, in one pass over the tokens of the query engine's lexer.
 * Keywords are case-insensitive; `and` binds tighter than `or`. A syntax error is 400 SyntaxError
 * naming the 1-based character position.
 *
 * @example
 * parseCartPredicate('totalPrice > "50.00 EUR" and lineItemExists(sku = "A")', 'predicate');
 */
export function parseCartPredicate(source: string, field: string): CartPredicateNode {
  const fail = (detail: string) => errors.syntaxError(field, detail);
  return new Parser(tokenize(source, { dotted: true, fail }), fail).parse();
}

class Parser extends TokenCursor {
  parse(): CartPredicateNode {
    const node = this.orExpr();
    this.expectEnd();
    return node;
  }

  private orExpr(): CartPredicateNode {
    const items = this.joined('or', () => this.andExpr());
    return items.length === 1 ? items[0]! : { type: 'or', items: flatten('or', items) };
  }

  private andExpr(): CartPredicateNode {
    const items = this.joined('and', () => this.unary());
    return items.length === 1 ? items[0]! : { type: 'and', items: flatten('and', items) };
  }

  private unary(): CartPredicateNode {
    const token = this.peek();
    if (this.isKeyword(token, 'not')) {
      this.take();
      return { type: 'not', inner: this.nested(token, () => this.unary()) };
    }
    if (token.kind === '(') return this.group();
    return this.condition(this.term());
  }

  /** `( predicate )`, one level deeper. */
  private group(): CartPredicateNode {
    return this.nested(this.expect('('), () => {
      const inner = this.orExpr();
      this.expect(')');
      return inner;
    });
  }

  /** What follows a term: an operator and a second term, `in`, `contains`, `is`, or nothing (a boolean term). */
  private condition(term: Term): CartPredicateNode {
    const next = this.peek();
    if (next.kind === 'op') {
      this.take();
      return { type: 'compare', left: term, op: next.op, right: this.term() };
    }
    if (this.isKeyword(next, 'in')) {
      this.take();
      return { type: 'in', term, negated: false, values: this.list() };
    }
    if (this.isKeyword(next, 'not') && this.isKeyword(this.peek(1), 'in')) {
      this.take();
      this.take();
      return { type: 'in', term, negated: true, values: this.list() };
    }
    if (this.isKeyword(next, 'contains')) {
      this.take();
      const mode = this.peek();
      if ((this.isKeyword(mode, 'any') || this.isKeyword(mode, 'all')) && this.peek(1).kind === '(') {
        this.take();
        return { type: 'contains', term, mode: this.isKeyword(mode, 'all') ? 'all' : 'any', values: this.list() };
      }
      return { type: 'contains', term, mode: 'one', values: [this.literal()] };
    }
    if (this.isKeyword(next, 'is')) {
      this.take();
      const negated = this.isKeyword(this.peek(), 'not');
      if (negated) this.take();
      const what = this.take();
      if (this.isKeyword(what, 'defined')) return { type: 'defined', term, negated };
      if (this.isKeyword(what, 'empty')) return { type: 'empty', term, negated };
      throw this.unexpected(what);
    }
    return { type: 'term', term };
  }

  private term(): Term {
    const token = this.peek();
    if (token.kind !== 'ident' || this.isKeyword(token, 'true') || this.isKeyword(token, 'false')) return this.literal();
    this.take();
    if (RESERVED.has(token.lower)) throw this.unexpected(token);
    if (this.peek().kind !== '(') return { kind: 'field', path: token.text, pos: token.pos };
    return { kind: 'call', name: token.text, inner: this.group(), pos: token.pos };
  }

  /** `( v, ... )` with at least one literal. */
  private list(): Literal[] {
    this.expect('(');
    const values = [this.literal()];
    while (this.peek().kind === ',') {
      this.take();
      values.push(this.literal());
    }
    this.expect(')');
    return values;
  }

  private literal(): Literal {
    const token = this.take();
    if (token.kind === 'string' || token.kind === 'number') return { kind: 'literal', value: token.value, pos: token.pos };
    if (this.isKeyword(token, 'true') || this.isKeyword(token, 'false'))
      return { kind: 'literal', value: this.isKeyword(token, 'true'), pos: token.pos };
    throw this.unexpected(token);
  }
}

function flatten(type: 'and' | 'or', items: CartPredicateNode[]): CartPredicateNode[] {
  return items.flatMap((item) => (item.type === type ? item.items : [item]));
}
