/**
 * The cart predicate language (https://docs.commercetools.com/api/projects/predicates): parsed with
 * the query engine's lexer, compiled once into closures, evaluated in time linear in the Cart.
 */
export { cartPredicate, cartPredicateCacheSize, compileItemPredicate, productPredicate } from './compile.js';
export type { CompiledItemPredicate } from './compile.js';
export type { PricePoint, ProductPriceItem, Scope } from './fields.js';
export { parseCartPredicate } from './parser.js';
export type { CartPredicateNode, Literal, Term } from './parser.js';
