import { describe, expect, it } from 'vitest';
import { Collection, type StoredResource } from '../../src/emulator/store/collection.js';

const order = (id: string, orderNumber?: string): StoredResource => ({
  id,
  version: 1,
  createdAt: '',
  lastModifiedAt: '',
  ...(orderNumber !== undefined ? { orderNumber } : {}),
});

describe('a unique field other than key is indexed on its first lookup', () => {
  it('finds what was stored before the first lookup and follows inserts, replaces and deletes after it', () => {
    const orders = new Collection<StoredResource>('order');
    orders.insert(order('a', 'n-1'));
    orders.insert(order('b'));
    expect(orders.getByField('orderNumber', 'n-1')?.id).toBe('a');
    orders.insert(order('c', 'n-3'));
    orders.replace({ ...order('b', 'n-2'), version: 2 });
    expect(orders.getByField('orderNumber', 'n-3')?.id).toBe('c');
    expect(orders.getByField('orderNumber', 'n-2')).toMatchObject({ id: 'b', version: 2 });
    orders.delete('a');
    expect(orders.getByField('orderNumber', 'n-1')).toBeUndefined();
    expect(orders.getByField('orderNumber', 'nope')).toBeUndefined();
  });

  it('answers from the resources of a reset or a restore, not from those before', () => {
    const orders = new Collection<StoredResource>('order');
    orders.insert(order('a', 'n-1'));
    expect(orders.getByField('orderNumber', 'n-1')?.id).toBe('a');
    const snapshot = orders.toSnapshot();
    orders.clear();
    expect(orders.getByField('orderNumber', 'n-1')).toBeUndefined();
    orders.restoreFrom(snapshot);
    expect(orders.getByField('orderNumber', 'n-1')?.id).toBe('a');
  });
});
