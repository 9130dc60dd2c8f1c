import { describe, expectTypeOf, it } from 'vitest';
import type { IntrospectionResponse, TokenResponse } from '../src/generated/auth.js';

describe('generated auth types', () => {
  it('types the token response', () => {
    const token: TokenResponse = { access_token: 'a', expires_in: 172800, scope: 'manage_project:p', token_type: 'Bearer' };
    expectTypeOf(token.expires_in).toEqualTypeOf<number>();
    // @ts-expect-error token_type is always "Bearer"
    const wrong: TokenResponse = { access_token: 'a', expires_in: 1, scope: '', token_type: 'MAC' };
    void wrong;
  });

  it('narrows introspection on active', () => {
    const result = { active: false } as IntrospectionResponse;
    if (result.active) expectTypeOf(result.client_id).toEqualTypeOf<string>();
  });
});
