import { describe, expect, it } from 'vitest';
import { expandPaths, parseExpansionPath } from '../../src/emulator/query/index.js';
import { invalidInput } from './helpers.js';

const db: Record<string, Record<string, object>> = {
  'product-selection': {
    ps1: { id: 'ps1', name: { en: 'One' }, owner: { typeId: 'customer', id: 'c1' } },
    ps2: { id: 'ps2', name: { en: 'Two' }, owner: { typeId: 'customer', id: 'c-gone' } },
  },
  customer: { c1: { id: 'c1', customerGroup: { typeId: 'customer-group', id: 'g1' } } },
  'customer-group': { g1: { id: 'g1', name: 'VIP' } },
  type: { t1: { id: 't1', key: 'my-type' } },
  channel: { ch1: { id: 'ch1', key: 'web' }, ch2: { id: 'ch2', key: 'app' } },
};
const resolve = (typeId: string, id: string) => db[typeId]?.[id];

const ref = (typeId: string, id: string) => ({ typeId, id });

const store = {
  id: 's1',
  productSelections: [
    { productSelection: ref('product-selection', 'ps1'), active: true },
    { productSelection: ref('product-selection', 'ps2'), active: false },
    { productSelection: ref('product-selection', 'missing'), active: true },
  ],
  distributionChannels: [ref('channel', 'ch1'), ref('channel', 'ch2')],
  owner: ref('customer', 'c1'),
  address: { channel: ref('channel', 'ch2') },
  grid: [[{ channel: ref('channel', 'ch1') }], [{ channel: ref('channel', 'ch2') }, { channel: ref('channel', 'nope') }]],
  custom: {
    type: ref('type', 't1'),
    fields: { favourite: ref('channel', 'ch1'), others: [ref('channel', 'ch2'), ref('channel', 'x')], n: 3 },
  },
  dangling: ref('channel', 'gone'),
  notARef: { typeId: 'channel' },
};

const original = JSON.parse(JSON.stringify(store)) as typeof store;

describe('parseExpansionPath', () => {
  it('parses every form', () => {
    expect(parseExpansionPath('a')).toEqual([{ kind: 'field', name: 'a' }]);
    expect(parseExpansionPath('a[*].b[0][*].c')).toEqual([
      { kind: 'field', name: 'a' },
      { kind: 'all' },
      { kind: 'field', name: 'b' },
      { kind: 'index', index: 0 },
      { kind: 'all' },
      { kind: 'field', name: 'c' },
    ]);
  });

  it.each([
    ['a[', 3],
    ['a[x]', 3],
    ['a[*', 3],
    ['a[1', 4],
    ['a[-1]', 3],
    ['a..b', 3],
    ['.a', 1],
    ['a.', 3],
    ['', 1],
    ['a]', 2],
    ['a b', 2],
  ])('rejects %j at position %d', (path, position) => {
    expect(invalidInput(() => parseExpansionPath(path))).toMatch(
      new RegExp(`^Malformed parameter: expand: Invalid expansion path .* at position ${position}\\.$`),
    );
  });
});

describe('expandPaths', () => {
  it('expands a root reference field', () => {
    const out = expandPaths(store, ['owner'], resolve);
    expect(out.owner).toEqual({ typeId: 'customer', id: 'c1', obj: db['customer']!['c1'] });
  });

  it('expands all or one element of a reference array', () => {
    const all = expandPaths(store, ['distributionChannels[*]'], resolve) as unknown as { distributionChannels: { obj?: unknown }[] };
    expect(all.distributionChannels.map((c) => c.obj)).toEqual([db['channel']!['ch1'], db['channel']!['ch2']]);
    const first = expandPaths(store, ['distributionChannels[0]'], resolve) as typeof all;
    expect(first.distributionChannels[0]?.obj).toEqual(db['channel']!['ch1']);
    expect(first.distributionChannels[1]).not.toHaveProperty('obj');
    const outOfRange = expandPaths(store, ['distributionChannels[5]'], resolve);
    expect(outOfRange).toEqual(original);
  });

  it('expands references inside objects, arrays of objects and nested arrays', () => {
    const out = expandPaths(
      store,
      ['address.channel', 'productSelections[*].productSelection', 'grid[*][*].channel'],
      resolve,
    ) as unknown as {
      address: { channel: { obj?: unknown } };
      productSelections: { productSelection: { obj?: { id: string } } }[];
      grid: { channel: { obj?: unknown } }[][];
    };
    expect(out.address.channel.obj).toEqual(db['channel']!['ch2']);
    expect(out.productSelections.map((s) => s.productSelection.obj?.id)).toEqual(['ps1', 'ps2', undefined]);
    expect(out.productSelections[2]?.productSelection).toEqual(ref('product-selection', 'missing'));
    expect(out.grid.map((row) => row.map((cell) => cell.channel.obj))).toEqual([
      [db['channel']!['ch1']],
      [db['channel']!['ch2'], undefined],
    ]);
  });

  it('expands custom fields, single and set', () => {
    const out = expandPaths(store, ['custom.fields.favourite', 'custom.fields.others[*]', 'custom.type'], resolve) as unknown as {
      custom: { type: { obj?: unknown }; fields: { favourite: { obj?: unknown }; others: { obj?: unknown }[]; n: number } };
    };
    expect(out.custom.type.obj).toEqual(db['type']!['t1']);
    expect(out.custom.fields.favourite.obj).toEqual(db['channel']!['ch1']);
    expect(out.custom.fields.others.map((o) => o.obj)).toEqual([db['channel']!['ch2'], undefined]);
    expect(out.custom.fields.n).toBe(3);
  });

  it('continues into expanded objects without writing obj, only as far as the path goes', () => {
    const out = expandPaths(store, ['productSelections[*].productSelection.owner'], resolve) as unknown as {
      productSelections: { productSelection: { obj?: { owner: { obj?: { customerGroup: { obj?: unknown } } } } } }[];
    };
    const [one, two, three] = out.productSelections;
    expect(one?.productSelection.obj?.owner.obj).toEqual(db['customer']!['c1']);
    // The customer group inside the expanded customer is not part of the path.
    expect(one?.productSelection.obj?.owner.obj?.customerGroup).not.toHaveProperty('obj');
    // ps2's owner is dangling: ps2 is expanded, its owner is not.
    expect(two?.productSelection.obj?.owner).toEqual(ref('customer', 'c-gone'));
    expect(three?.productSelection).not.toHaveProperty('obj');

    const deeper = expandPaths(store, ['owner.customerGroup'], resolve) as unknown as {
      owner: { obj: { customerGroup: { obj?: unknown } } };
    };
    expect(deeper.owner.obj.customerGroup.obj).toEqual(db['customer-group']!['g1']);
    const explicit = expandPaths(store, ['owner.obj.customerGroup'], resolve) as unknown as typeof deeper;
    expect(explicit.owner.obj.customerGroup.obj).toEqual(db['customer-group']!['g1']);
  });

  it('never fails on dangling references or missing paths', () => {
    const out = expandPaths(
      store,
      [
        'dangling',
        'nothing',
        'nothing[*].x',
        'owner[*]',
        'distributionChannels',
        'notARef',
        'address.nothing.deeper',
        'custom.fields.n',
        'dangling.more',
      ],
      resolve,
    );
    expect(out).toEqual(original);
  });

  it('rejects malformed paths', () => {
    invalidInput(() => expandPaths(store, ['owner', 'a['], resolve));
  });

  it('returns a deep copy and never mutates the input or the resolved resources', () => {
    const before = JSON.stringify(db);
    const out = expandPaths(store, ['productSelections[*].productSelection.owner.customerGroup', 'owner'], resolve);
    expect(store).toEqual(original);
    expect(JSON.stringify(db)).toBe(before);
    expect(out).not.toBe(store);
    expect(out.address).not.toBe(store.address);
    const plain = expandPaths(store, [], resolve);
    expect(plain).toEqual(store);
    expect(plain.grid[0]).not.toBe(store.grid[0]);
  });

  it('keeps an own __proto__ key as data', () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as Record<string, unknown>;
    const out = expandPaths(input, [], resolve);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
  });
});
