import { describe, expect, it } from 'vitest';
import { authPost, clientToken, createClient, PROJECT, setup } from './helpers.js';

describe('requesting narrower scopes than the client holds', () => {
  it('manage_project implies every scope of its project, narrowed to a Store too', async () => {
    const t = setup();
    const token = await clientToken(t.emulator, t.bootstrap, `view_product_selections:${PROJECT} view_products:${PROJECT}:berlin`);
    expect(token.scope.split(' ').sort()).toEqual([`view_product_selections:${PROJECT}`, `view_products:${PROJECT}:berlin`]);
  });

  it('manage_<x> implies view_<x>, but not another family', async () => {
    const t = setup();
    const client = await createClient(t, `manage_product_selections:${PROJECT}`);
    const token = await clientToken(t.emulator, client, `view_product_selections:${PROJECT}`);
    expect(token.scope).toBe(`view_product_selections:${PROJECT}`);
    const refused = await authPost(
      t.emulator,
      '/oauth/token',
      { grant_type: 'client_credentials', scope: `view_stores:${PROJECT}` },
      client,
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_scope');
  });

  it('never grants a scope of another project', async () => {
    const t = setup();
    const refused = await authPost(
      t.emulator,
      '/oauth/token',
      { grant_type: 'client_credentials', scope: 'view_products:other-project' },
      t.bootstrap,
    );
    expect(refused.status).toBe(400);
  });
});
