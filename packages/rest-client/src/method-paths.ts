/**
 * The paths of each method of the generated `paths`, written out as plain unions of literals: the
 * constraint a call's `url` is checked against. Computing them from `paths` (`PathsWith<Method>`)
 * makes a consumer's type check resolve every path item and operation of the API before the first
 * call; a written-out union costs nothing until a path is used. `test/call-types.test-d.ts` checks
 * that each union equals `PathsWith<Method>` of the generated `paths`, so a path added to or removed
 * from `schemas/openapi/commerce.yaml` (`pnpm generate`) fails the type tests until it is listed
 * here.
 */

/**
 * The paths that accept each method (`get`, `post`, ...), as written-out unions of literals
 * (equal to `PathsWith<Method>`).
 *
 * @example
 * const path: PathsOf['get'] = '/product-selections';
 */
export interface PathsOf {
  get:
    | '/'
    | '/product-selections'
    | '/product-selections/{ID}'
    | '/product-selections/key={key}'
    | '/product-selections/{ID}/products'
    | '/product-selections/key={key}/products'
    | '/in-store/key={storeKey}/product-selection-assignments'
    | '/in-store/key={storeKey}/product-projections/{ID}'
    | '/in-store/key={storeKey}/product-projections/key={key}'
    | '/stores'
    | '/stores/{ID}'
    | '/stores/key={key}'
    | '/product-types'
    | '/product-types/{ID}'
    | '/product-types/key={key}'
    | '/products'
    | '/products/{ID}'
    | '/products/key={key}'
    | '/products/{ID}/product-selections'
    | '/products/key={key}/product-selections'
    | '/product-projections'
    | '/product-projections/{ID}'
    | '/product-projections/key={key}'
    | '/customers'
    | '/customers/{ID}'
    | '/customers/key={key}'
    | '/in-store/key={storeKey}/customers/{ID}'
    | '/me'
    | '/in-store/key={storeKey}/me'
    | '/api-clients'
    | '/api-clients/{ID}'
    | '/messages'
    | '/messages/{ID}';
  put: never;
  post:
    | '/'
    | '/graphql'
    | '/product-selections'
    | '/product-selections/{ID}'
    | '/product-selections/key={key}'
    | '/stores'
    | '/stores/{ID}'
    | '/stores/key={key}'
    | '/product-types'
    | '/products'
    | '/products/{ID}'
    | '/products/key={key}'
    | '/customers'
    | '/in-store/key={storeKey}/customers'
    | '/api-clients';
  delete:
    | '/product-selections/{ID}'
    | '/product-selections/key={key}'
    | '/stores/{ID}'
    | '/stores/key={key}'
    | '/product-types/{ID}'
    | '/products/{ID}'
    | '/products/key={key}'
    | '/api-clients/{ID}';
  options: never;
  head: never;
  patch: never;
  trace: never;
}
