import { describe, expect, it } from 'vitest';
import { createApi, expectUnchanged, snapshot } from './helpers.js';

/** `{"key":"ss","name":{"en":"S<0xFF>"}}`: JSON whose bytes are not UTF-8. */
const NOT_UTF8 = new Uint8Array([...new TextEncoder().encode('{"key":"ss","name":{"en":"S'), 0xff, ...new TextEncoder().encode('"}}')]);

/** Spec 8: all text is UTF-8. A body that is not is refused, never stored with U+FFFD in place of its bytes. */
describe('request bodies that are not UTF-8', () => {
  it('a JSON body: 400 InvalidJsonInput on the API, nothing created', async () => {
    const api = await createApi();
    const before = await snapshot(api);
    const res = await api.emulator.fetch(`${api.emulator.urls().api}/${api.project}/product-selections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await api.token()}`, 'content-type': 'application/json' },
      body: NOT_UTF8,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { code: string; detailedErrorMessage?: string }[] };
    api.contract.check('POST', `${api.emulator.urls().api}/${api.project}/product-selections`, 400, body);
    expect(body.errors[0]).toMatchObject({ code: 'InvalidJsonInput', detailedErrorMessage: 'The request body is not valid UTF-8.' });
    await expectUnchanged(api, before);

    // The same document as UTF-8 is fine.
    const fine = await api.emulator.fetch(`${api.emulator.urls().api}/${api.project}/product-selections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await api.token()}`, 'content-type': 'application/json' },
      body: '{"key":"ss","name":{"en":"S\u00ff"}}',
    });
    expect(fine.status).toBe(201);
    expect(((await fine.json()) as { name: { en: string } }).name.en).toBe('S\u00ff');
  });

  it('a GraphQL request: 400 InvalidJsonInput', async () => {
    const api = await createApi();
    const res = await api.emulator.fetch(`${api.emulator.urls().api}/${api.project}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await api.token()}`, 'content-type': 'application/json' },
      body: new Uint8Array([...new TextEncoder().encode('{"query":"{ __typename }","x":"'), 0xc3, 0x28, ...new TextEncoder().encode('"}')]),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: [{ code: 'InvalidJsonInput', detailedErrorMessage: 'request body: not valid UTF-8' }],
    });
  });

  it('a token request form: 400 invalid_request, no token', async () => {
    const api = await createApi();
    const { clientId, clientSecret } = api.emulator.credentials;
    const res = await api.emulator.fetch(`${api.emulator.urls().auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new Uint8Array([...new TextEncoder().encode('grant_type=client_credentials&scope=view_products:'), 0xfe]),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request', error_description: 'The request body is not valid UTF-8.' });
  });
});
