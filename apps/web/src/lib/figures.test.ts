import {
  HOLD_LINE_OF,
  HOLD_LINES,
  journalTypesOfLine,
  WALLET_LINE_OF,
  WALLET_LINES,
} from '@dropdesk/contract/reports';
import { describe, expect, it } from 'vitest';
import {
  fundsPath,
  HOLD_LINE_JOURNAL,
  nowPaths,
  orderFigurePaths,
  ordersPath,
  WALLET_LINE_JOURNAL,
} from './figures';

describe('where the figures lead (lib/figures.ts)', () => {
  it('each finance line opens the journal type the contract puts in it, and only that one', () => {
    for (const line of WALLET_LINES)
      expect(journalTypesOfLine(WALLET_LINE_OF, line)).toEqual([WALLET_LINE_JOURNAL[line]]);
    for (const line of HOLD_LINES)
      expect(journalTypesOfLine(HOLD_LINE_OF, line)).toEqual([HOLD_LINE_JOURNAL[line]]);
  });

  it('writes the lists’ addresses as the screens read them', () => {
    expect(orderFigurePaths(null)).toEqual({
      orders: '/order?sold=1',
      sales: '/order?sold=1',
      refunded: '/order?refunded=1',
      cost: '/order?paid=1',
      profit: '/order?paid=1',
    });
    expect(orderFigurePaths({ paid_range: 'week' }).profit).toBe('/order?paid=1&paid_range=week');
    expect(orderFigurePaths({ paid_day: '2026-11-22' }).sales).toBe('/order?sold=1&paid_day=2026-11-22');
    expect(ordersPath({})).toBe('/order');
    expect(fundsPath({})).toBe('/fundsRecords');
    expect(fundsPath({ account: 'wallet', range: 'all' })).toBe('/fundsRecords');
    expect(fundsPath({ account: 'withdraw_hold', journal_type: 'withdrawal_payout', range: 'month' })).toBe(
      '/fundsRecords?account=withdraw_hold&journal_type=withdrawal_payout&range=month',
    );
    expect(nowPaths).toEqual({
      in_escrow: '/order?in_escrow=1',
      on_hold: '/fundsRecords?account=withdraw_hold',
      awaiting_pickup_cost: '/order?status=5&paid=1',
      pending_topups: '/rechargeRecord?status=pending',
    });
  });
});
