import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from 'openapi-fetch';
import type { ProductSelection, RestClient, paths } from '../src/index.js';
import { createOpenapiFetchClient, type RawClient } from '../src/openapi-fetch.js';
declare const client: RestClient;

describe('createOpenapiFetchClient', () => {
  it("is openapi-fetch's own client over the commerce paths", async () => {
    const raw = createOpenapiFetchClient(client);
    expectTypeOf(raw).toEqualTypeOf<RawClient>();
    expectTypeOf(raw).toExtend<Client<paths>>();
    const { data } = await raw.GET('/product-selections/{ID}', { params: { path: { ID: 'x' } } });
    // openapi-fetch maps the answer through its Readable<> (which flattens the schema's intersections): the same shape, both ways.
    expectTypeOf(data).toExtend<ProductSelection | undefined>();
    expectTypeOf<ProductSelection>().toExtend<NonNullable<typeof data>>();
    raw.use({ onRequest: ({ schemaPath }) => void expectTypeOf(schemaPath).toEqualTypeOf<string>() });
    void raw.GET('/stores', { fetch: globalThis.fetch, parseAs: 'text' });
    // @ts-expect-error still typed by the generated paths
    void raw.GET('/product-selection');
  });
});
