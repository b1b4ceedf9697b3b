import * as contract from '@dropdesk/contract/store';
import { describe, expect, it } from 'vitest';
import { ORDER_TOKEN_HEADER } from './api';
import { MAX_ORDER_QUANTITY, RATING_MAX, RATING_MIN } from './limits';

describe('numbers copied from the contract', () => {
  it('match packages/contract/src/store.ts', () => {
    expect(MAX_ORDER_QUANTITY).toBe(contract.MAX_ORDER_QUANTITY);
    expect(RATING_MIN).toBe(contract.RATING_MIN);
    expect(RATING_MAX).toBe(contract.RATING_MAX);
    expect(ORDER_TOKEN_HEADER).toBe(contract.ORDER_TOKEN_HEADER);
  });
});
