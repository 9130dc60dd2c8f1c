import type { FieldName, PredicateNode, ValueNode } from './ast.js';
import { tokenize } from './lexer.js';
import { TokenCursor } from './cursor.js';
import { syntaxError } from './malformed.js';

/**
 * Parses a query predicate (https://docs.commercetools.com/api/predicates/query) into its AST. Keywords are case-insensitive; `and`
 * binds tighter than `or`. Syntax errors throw InvalidInput naming the 1-based character position.
 *
 * @example
 * parsePredicate('key = "a" or not(tags contains any ("x", :t))');
 */
export function parsePredicate(source: string): PredicateNode {
  return new Parser(source).parse();
}

class Parser extends TokenCursor {
  constructor(source: string) {
    super(tokenize(source), syntaxError);
  }

  parse(): PredicateNode {
    const node = this.orExpr();
    this.expectEnd();
    return node;
  }

  private orExpr(): PredicateNode {
    const items = this.joined('or', () => this.andExpr());
    return items.length === 1 ? items[0]! : { type: 'or', items: flatten('or', items) };
  }

  private andExpr(): PredicateNode {
    const items = this.joined('and', () => this.unary());
    return items.length === 1 ? items[0]! : { type: 'and', items: flatten('and', items) };
  }

  private unary(): PredicateNode {
    const token = this.peek();
    // `not(` is always negation; `not` followed by anything else is a field called `not`.
    if (this.isKeyword(token, 'not') && this.peek(1).kind === '(') {
      this.take();
      return { type: 'not', inner: this.group() };
    }
    if (token.kind === '(') return this.group();
    if (token.kind === 'ident') return this.fieldPredicate();
    throw this.unexpected(token);
  }

  private group(): PredicateNode {
    const open = this.expect('(');
    return this.nested(open, () => {
      const inner = this.orExpr();
      this.expect(')');
      return inner;
    });
  }

  private fieldPredicate(): PredicateNode {
    const token = this.take();
    if (token.kind !== 'ident') throw this.unexpected(token);
    const field: FieldName = { name: token.text, pos: token.pos };
    const next = this.peek();
    if (next.kind === 'op') {
      this.take();
      return { type: 'compare', field, op: next.op, value: this.value() };
    }
    if (next.kind === '(') return { type: 'nested', field, inner: this.group() };
    if (this.isKeyword(next, 'in')) {
      this.take();
      return { type: 'in', field, negated: false, values: this.list() };
    }
    if (this.isKeyword(next, 'not')) {
      this.take();
      this.expectKeyword('in');
      return { type: 'in', field, negated: true, values: this.list() };
    }
    if (this.isKeyword(next, 'contains')) {
      this.take();
      const mode = this.take();
      if (this.isKeyword(mode, 'any') || this.isKeyword(mode, 'all')) {
        return { type: 'contains', field, mode: mode.kind === 'ident' && mode.lower === 'all' ? 'all' : 'any', values: this.list() };
      }
      throw this.unexpected(mode);
    }
    if (this.isKeyword(next, 'is')) {
      this.take();
      let negated = false;
      if (this.isKeyword(this.peek(), 'not')) {
        this.take();
        negated = true;
      }
      const what = this.take();
      if (this.isKeyword(what, 'defined')) return { type: 'defined', field, negated };
      if (this.isKeyword(what, 'empty')) return { type: 'empty', field, negated };
      throw this.unexpected(what);
    }
    throw this.unexpected(next);
  }

  /** `( v, ... )` with at least one value, or a bare list variable `:name`. */
  private list(): ValueNode[] {
    const first = this.peek();
    if (first.kind === 'var') {
      this.take();
      return [{ kind: 'var', name: first.name, pos: first.pos }];
    }
    this.expect('(');
    const values = [this.value()];
    while (this.peek().kind === ',') {
      this.take();
      values.push(this.value());
    }
    this.expect(')');
    return values;
  }

  private value(): ValueNode {
    const token = this.take();
    switch (token.kind) {
      case 'string':
      case 'number':
        return { kind: 'literal', value: token.value, pos: token.pos };
      case 'var':
        return { kind: 'var', name: token.name, pos: token.pos };
      case 'ident':
        if (token.lower === 'true' || token.lower === 'false') return { kind: 'literal', value: token.lower === 'true', pos: token.pos };
        throw this.unexpected(token);
      default:
        throw this.unexpected(token);
    }
  }
}

function flatten(type: 'and' | 'or', items: PredicateNode[]): PredicateNode[] {
  return items.flatMap((item) => (item.type === type ? item.items : [item]));
}
