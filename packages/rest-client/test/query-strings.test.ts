/**
 * `where`, `sort` and `expand` given as one string reach the service as one parameter and answer
 * as the one-element list does (the typed client takes either, as the official SDK does).
 */
import { describe, expect, it } from 'vitest';
import { setup } from './helpers.js';

describe('where, sort and expand as one string', () => {
  it('filter, sort and expand as the list of that one string does', async () => {
    const s = setup();
    for (const key of ['aa', 'bb', 'cc']) {
      const created = await s.client.POST('/product-selections', { body: { key, name: { en: key } } });
      expect(created.error).toBeUndefined();
    }
    const store = await s.client.POST('/stores', {
      body: { key: 'berlin', productSelections: [{ productSelection: { typeId: 'product-selection', key: 'aa' }, active: true }] },
    });
    expect(store.error).toBeUndefined();

    const one = await s.client.GET('/product-selections', { params: { query: { where: 'key="aa"' } } });
    expect(one.data?.results.map((selection) => selection.key)).toEqual(['aa']);
    const search = new URLSearchParams(s.rec.api().at(-1)!.search);
    expect(search.getAll('where')).toEqual(['key="aa"']);

    const sorted = await s.client.GET('/product-selections', { params: { query: { where: 'key != "bb"', sort: 'key desc' } } });
    const asList = await s.client.GET('/product-selections', { params: { query: { where: ['key != "bb"'], sort: ['key desc'] } } });
    expect(sorted.data?.results.map((selection) => selection.key)).toEqual(['cc', 'aa']);
    expect(sorted.data?.results).toEqual(asList.data?.results);

    const both = await s.client.GET('/product-selections', { params: { query: { where: ['key != "bb"', 'key != "cc"'] } } });
    expect(both.data?.results.map((selection) => selection.key)).toEqual(['aa']);

    const expanded = await s.client.GET('/stores/key={key}', {
      params: { path: { key: 'berlin' }, query: { expand: 'productSelections[*].productSelection' } },
    });
    expect(expanded.data?.productSelections?.[0]?.productSelection.obj?.key).toBe('aa');
  });
});
