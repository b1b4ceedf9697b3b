import { describe, expect, it } from 'vitest';
import { queryKeysFactory } from './query-keys';

describe('queryKeysFactory', () => {
  const orders = queryKeysFactory('orders');

  it('starts every key with its domain, so `all` is a prefix of each', () => {
    expect(orders.all).toEqual(['orders']);
    expect(orders.one('counts')).toEqual(['orders', 'counts']);
    expect(orders.detail('order', 7)).toEqual(['orders', 'order', 'detail', 7]);
  });

  it('ends a list key with its filters, `lists` being the prefix of every list of a resource', () => {
    const list = orders.list('orders', { status: 1 });
    expect(list).toEqual(['orders', 'orders', 'list', { status: 1 }]);
    expect(list.slice(0, 3)).toEqual(orders.lists('orders'));
  });
});
