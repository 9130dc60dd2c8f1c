import type { ApiError } from '../http/errors.js';
import type { Token } from './lexer.js';
import { excerpt } from './malformed.js';

/** Deeper nesting than this is refused, so a hostile predicate cannot exhaust the stack. */
export const MAX_DEPTH = 64;

/**
 * A position in a token list, for the recursive-descent parsers of predicates (query and cart
 * predicates): one token of lookahead, keywords compared case-insensitively, a nesting bound,
 * and errors naming the 1-based character position through `fail`.
 */
export class TokenCursor {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly Token[],
    protected readonly fail: (detail: string) => ApiError,
  ) {}

  protected peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!;
  }

  protected take(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  protected isKeyword(token: Token, keyword: string): boolean {
    return token.kind === 'ident' && token.lower === keyword;
  }

  protected expect(kind: Token['kind']): Token {
    const token = this.take();
    if (token.kind !== kind) throw this.unexpected(token);
    return token;
  }

  protected expectKeyword(keyword: string): void {
    const token = this.take();
    if (!this.isKeyword(token, keyword)) throw this.unexpected(token);
  }

  /** One or more operands separated by a keyword (`a or b or c`), read iteratively. */
  protected joined<N>(keyword: string, operand: () => N): N[] {
    const items = [operand()];
    while (this.isKeyword(this.peek(), keyword)) {
      this.take();
      items.push(operand());
    }
    return items;
  }

  /** Fails unless the whole input was read. */
  protected expectEnd(): void {
    const next = this.peek();
    if (next.kind !== 'eof') throw this.unexpected(next);
  }

  protected unexpected(token: Token): ApiError {
    if (token.kind === 'eof') return this.fail(`Unexpected end of input at position ${token.pos}.`);
    return this.fail(`Unexpected token '${excerpt(token.text)}' at position ${token.pos}.`);
  }

  /** Runs `parse` one nesting level deeper (at `token`), refusing more than {@link MAX_DEPTH} levels. */
  protected nested<T>(token: Token, parse: () => T): T {
    if (++this.depth > MAX_DEPTH) throw this.fail(`Predicate nested deeper than ${MAX_DEPTH} levels at position ${token.pos}.`);
    const result = parse();
    this.depth--;
    return result;
  }
}
