import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../../db/schema';
import { creditScore, ratingMean } from './dashboard.service';
import { FIGURE_COLUMNS, figuresOf, LATE_PICKUP_MS, SLOT_MS, setsFigureColumns } from './shop-stats';

/** An order row with every column, money and times chosen by fast-check. */
const orderRow = fc
  .record({
    total: fc.integer({ min: 1, max: 1_000_000 }),
    costShare: fc.integer({ min: 1, max: 100 }),
    refundShare: fc.integer({ min: 0, max: 100 }),
    status: fc.constantFrom(-1, 0, 5, 1, 2, 6, 7, 3, 4),
    paid_at: fc.option(fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 })),
    pickDelay: fc.option(fc.integer({ min: 0, max: 10 * 86_400_000 })),
    returned: fc.boolean(),
    stars: fc.option(fc.integer({ min: 1, max: 5 })),
  })
  .map((o): OrderRow => {
    const cost = Math.max(1, Math.floor((o.total * o.costShare) / 100));
    const picked = o.paid_at !== null && o.pickDelay !== null ? o.paid_at + o.pickDelay : null;
    return {
      id: 1,
      order_no: 'O1',
      merchant_id: 7,
      buyer_id: null,
      guest_email: 'a@example.com',
      token_hash: null,
      lang: 'en',
      listing_id: null,
      product_id: 1,
      title: 'x',
      image_url: null,
      quantity: 1,
      unit_price: o.total,
      unit_cost: cost,
      total: o.total,
      cost_total: cost,
      status: o.status as OrderRow['status'],
      settlement: 0,
      receiver_name: 'r',
      receiver_phone: 'p',
      address: 'a',
      carrier: null,
      tracking_no: null,
      cost_paid: picked === null ? 0 : cost,
      cost_returned: picked !== null && o.returned ? cost : 0,
      refunded: o.paid_at === null ? 0 : Math.floor((o.total * o.refundShare) / 100),
      settled_amount: 0,
      refund_open: 0,
      rating_stars: o.stars,
      rating_comment: null,
      rated_at: o.stars === null ? null : 1,
      pay_deadline: null,
      paid_at: o.paid_at,
      picked_at: picked,
      shipped_at: null,
      in_transit_at: null,
      reached_at: null,
      received_at: null,
      settles_at: null,
      completed_at: null,
      settled_at: null,
      cancelled_at: null,
      created_at: 1,
      updated_at: 1,
    } as OrderRow;
  });

describe('an order’s figures (shop-stats.ts)', () => {
  it('read only FIGURE_COLUMNS, and of the status only whether it is −1', () => {
    fc.assert(
      fc.property(orderRow, fc.constantFrom(0, 5, 1, 2, 6, 7, 3, 4), (row, status) => {
        const figures = figuresOf(row);
        // Any other column changed: the same figures (so transitions that set none skip the rollups).
        for (const column of Object.keys(row) as Array<keyof OrderRow>) {
          if ((FIGURE_COLUMNS as readonly string[]).includes(column)) continue;
          const other = { ...row, [column]: typeof row[column] === 'number' ? 999 : 'changed' };
          expect(figuresOf(other), column).toEqual(figures);
          expect(setsFigureColumns({ [column]: 1 }), column).toBe(false);
        }
        if (row.status !== -1)
          expect(figuresOf({ ...row, status: status as OrderRow['status'] })).toEqual(figures);
      }),
    );
    for (const column of FIGURE_COLUMNS)
      expect(setsFigureColumns({ [column]: 1 }), column).toBe(column !== 'status');
  });

  it('every paid order at the slot of payment: sold unless refunded in full, sales − cost = profit; late: picked more than 48 hours after', () => {
    fc.assert(
      fc.property(orderRow, (row) => {
        const { paid, lateSlot, stars } = figuresOf(row);
        expect(paid !== null).toBe(row.paid_at !== null);
        if (paid) {
          expect(paid.slot).toBe(Math.floor(row.paid_at! / SLOT_MS));
          expect(paid.sold).toBe(row.refunded < row.total ? 1 : 0);
          expect(paid.sales).toBe(row.total - row.refunded);
          expect(paid.refunded).toBe(row.refunded);
          const picked = row.status === -1 || row.cost_paid > 0;
          expect(paid.cost).toBe(picked ? row.cost_paid - row.cost_returned : row.cost_total);
          expect(paid.costEstimated).toBe(picked ? 0 : row.cost_total);
          // A cancelled paid order was refunded in full: its sales are 0 and its profit −cost.
          if (row.status !== -1 || row.refunded === row.total)
            expect(paid.profit).toBe(paid.sales - paid.cost);
          expect(paid.inEscrow).toBe(row.total - row.refunded - row.settled_amount);
        }
        const late = row.picked_at !== null && row.picked_at - row.paid_at! > LATE_PICKUP_MS;
        expect(lateSlot).toBe(late ? Math.floor(row.picked_at! / SLOT_MS) : null);
        expect(stars).toBe(row.rating_stars);
      }),
    );
  });

  it('a shipped order refunded in full keeps its loss; one refunded before shipping loses nothing', () => {
    const shipped = figuresOf({
      merchant_id: 1,
      status: 7,
      paid_at: 1_800_000_000_000,
      picked_at: 1_800_000_100_000,
      total: 1863,
      refunded: 1863,
      cost_total: 1620,
      cost_paid: 1620,
      cost_returned: 0,
      settled_amount: 0,
      rating_stars: null,
    });
    expect(shipped.paid).toMatchObject({ sold: 0, sales: 0, refunded: 1863, cost: 1620, profit: -1620 });
    const early = figuresOf({
      merchant_id: 1,
      status: -1,
      paid_at: 1_800_000_000_000,
      picked_at: 1_800_000_100_000,
      total: 1863,
      refunded: 1863,
      cost_total: 1620,
      cost_paid: 1620,
      cost_returned: 1620,
      settled_amount: 0,
      rating_stars: null,
    });
    expect(early.paid).toMatchObject({ sold: 0, sales: 0, refunded: 1863, cost: 0, profit: 0, inEscrow: 0 });
  });

  it('the rating’s mean: one decimal, half up, from integers; the credit score never below 0', () => {
    expect(ratingMean(0, 0)).toBeNull();
    expect(ratingMean(5, 1)).toBe('5.0');
    expect(ratingMean(9, 2)).toBe('4.5');
    expect(ratingMean(13, 3)).toBe('4.3');
    expect(ratingMean(14, 3)).toBe('4.7');
    expect(ratingMean(17, 4)).toBe('4.3'); // 4.25
    expect(ratingMean(1_000_001, 1_000_000)).toBe('1.0');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 4 }), (count, extra) => {
        const sum = count + Math.floor((extra * count) / 4);
        expect(ratingMean(sum, count)).toBe((Math.round((sum * 10) / count) / 10).toFixed(1));
      }),
    );
    expect(creditScore(0, 0)).toBe(100);
    expect(creditScore(3, 2)).toBe(84);
    expect(creditScore(50, 0)).toBe(0);
    expect(creditScore(60, 10)).toBe(0);
  });
});
