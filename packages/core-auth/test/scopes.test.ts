import { describe, expect, it } from 'vitest';
import { formatScope, identityScope, joinScopes, parseScope, parseScopes, permissionScope, tokenIdentity } from '../src/index.js';

describe('scopes', () => {
  it('builds and parses permission and identity scopes', () => {
    expect(permissionScope('view_products', 'p')).toBe('view_products:p');
    expect(permissionScope('manage_my_orders', 'p', 'eu')).toBe('manage_my_orders:p:eu');
    expect(identityScope('customer_id', 'c1')).toBe('customer_id:c1');
    expect(parseScope('view_products:p:s')).toEqual({ kind: 'permission', name: 'view_products', projectKey: 'p', storeKey: 's' });
    expect(parseScope('anonymous_id:a1')).toEqual({ kind: 'anonymous_id', value: 'a1' });
    expect(parseScope('nonsense')).toBeUndefined();
    expect(parseScopes(' view_products:p  bogus customer_id:c ').map(formatScope)).toEqual(['view_products:p', 'customer_id:c']);
  });

  it('joins scopes from a list or a string', () => {
    expect(joinScopes(['view_products:p', 'manage_my_orders:p'])).toBe('view_products:p manage_my_orders:p');
    expect(joinScopes('  view_products:p   manage_my_orders:p ')).toBe('view_products:p manage_my_orders:p');
    expect(joinScopes([])).toBe('');
    expect(() => joinScopes(['view_products:p manage_project:p'])).toThrow(TypeError);
    expect(() => joinScopes([''])).toThrow(TypeError);
  });

  it('parses the service spellings of identities (customer:<id>, anonymous_id=<id>) and writes them as customer_id:, anonymous_id:', () => {
    expect(parseScope('customer:7f6c')).toEqual({ kind: 'customer_id', value: '7f6c' });
    expect(parseScope('anonymous_id=visitor-1')).toEqual({ kind: 'anonymous_id', value: 'visitor-1' });
    expect(parseScopes('manage_my_orders:p anonymous_id=v1 customer:c1').map(formatScope)).toEqual([
      'manage_my_orders:p',
      'anonymous_id:v1',
      'customer_id:c1',
    ]);
    expect(parseScope('view_products=p')).toBeUndefined();
  });

  it('reads the identity of a token from both spellings (customer_id: and customer:, anonymous_id: and anonymous_id=)', () => {
    expect(tokenIdentity('manage_my_orders:p anonymous_id:4d2a')).toEqual({ anonymousId: '4d2a' });
    expect(tokenIdentity('manage_my_orders:p anonymous_id=4d2a')).toEqual({ anonymousId: '4d2a' });
    expect(tokenIdentity('customer_id:c1 manage_my_profile:p')).toEqual({ customerId: 'c1' });
    expect(tokenIdentity('customer:c1')).toEqual({ customerId: 'c1' });
    expect(tokenIdentity('external_user_id:x-9')).toEqual({ externalUserId: 'x-9' });
    expect(tokenIdentity('manage_project:p')).toEqual({});
    expect(tokenIdentity('customer:c1 customer_id:c2')).toEqual({ customerId: 'c1' });
    expect(tokenIdentity(undefined)).toEqual({});
  });
});
