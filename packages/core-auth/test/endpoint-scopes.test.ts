import { describe, expect, it } from 'vitest';
import { allowsEndpoint, scopesFor } from '../src/index.js';

describe('scopes per endpoint, read from the schema', () => {
  it('lists the alternatives of an endpoint as full scope strings', () => {
    expect(scopesFor('POST /product-selections', 'p')).toEqual([['manage_product_selections:p'], ['manage_project:p']]);
    expect(scopesFor('GET /product-selections', 'p')).toContainEqual(['view_product_selections:p']);
  });

  it('uses the store-restricted form only where the endpoint accepts it', () => {
    expect(scopesFor('GET /in-store/key={storeKey}/product-projections/{ID}', 'p', 'berlin')).toContainEqual(['view_products:p:berlin']);
    expect(scopesFor('GET /stores', 'p', 'berlin')).toContainEqual(['view_stores:p']);
  });

  it('tells whether a token scope allows an endpoint', () => {
    expect(allowsEndpoint('view_product_selections:p', 'GET /product-selections/{ID}', 'p')).toBe(true);
    expect(allowsEndpoint('view_product_selections:p', 'POST /product-selections/{ID}', 'p')).toBe(false);
    expect(allowsEndpoint('view_product_selections:other', 'GET /product-selections/{ID}', 'p')).toBe(false);
    expect(allowsEndpoint('view_products:p:berlin', 'GET /in-store/key={storeKey}/product-projections/{ID}', 'p', 'berlin')).toBe(true);
    expect(allowsEndpoint('view_products:p:berlin', 'GET /in-store/key={storeKey}/product-projections/{ID}', 'p', 'paris')).toBe(false);
    expect(allowsEndpoint('view_products:p:berlin', 'GET /product-projections/{ID}', 'p', 'berlin')).toBe(false);
  });
});
