import { orderRoutes as r } from '@dropdesk/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newMerchant } from '../../../test/factories';
import { newOrder } from '../../../test/orders';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { rebuildStats } from '../dashboard';
import { costOf, earningsOf, inEscrow, isCostEstimated } from '../figures';
import { LedgerError, type PostedJournal } from '../ledger/ledger';
import { pickupJournal, refundJournal, settlementAmount, settlementJournal } from './order-money';

/**
 * The order's figures as order-money.ts computes them (docs/figures.md "Orders basis"), each an
 * exact amount in minor units at every step of an order's life, and the refund and settlement
 * journals at their edges (the tests pin the figures, not only the money).
 */

type Figures = Pick<
  OrderRow,
  | 'status'
  | 'total'
  | 'refunded'
  | 'cost_total'
  | 'cost_paid'
  | 'cost_returned'
  | 'paid_at'
  | 'settled_amount'
>;

// One order of 2 units at 11.50 (23.00), costing 10.00 a unit (20.00), along its life.
const placed: Figures = {
  status: 0,
  total: 2_300,
  refunded: 0,
  cost_total: 2_000,
  cost_paid: 0,
  cost_returned: 0,
  paid_at: null,
  settled_amount: 0,
};
const at = 1_790_000_000_000;
const steps: Array<
  [string, Figures, { cost: number; estimated: boolean; earnings: number; escrow: number; settles: number }]
> = [
  ['placed, not paid', placed, { cost: 2_000, estimated: true, earnings: 300, escrow: 0, settles: 2_300 }],
  [
    'paid, awaiting pickup',
    { ...placed, status: 5, paid_at: at },
    { cost: 2_000, estimated: true, earnings: 300, escrow: 2_300, settles: 2_300 },
  ],
  [
    'picked up',
    { ...placed, status: 1, paid_at: at, cost_paid: 2_000 },
    { cost: 2_000, estimated: false, earnings: 300, escrow: 2_300, settles: 2_300 },
  ],
  [
    'shipped, 4.00 refunded',
    { ...placed, status: 2, paid_at: at, cost_paid: 2_000, refunded: 400 },
    { cost: 2_000, estimated: false, earnings: -100, escrow: 1_900, settles: 1_900 },
  ],
  [
    'settled after a 4.00 refund',
    { ...placed, status: 4, paid_at: at, cost_paid: 2_000, refunded: 400, settled_amount: 1_900 },
    { cost: 2_000, estimated: false, earnings: -100, escrow: 0, settles: 1_900 },
  ],
  [
    'shipped, refunded in full: the cost is lost',
    { ...placed, status: 3, paid_at: at, cost_paid: 2_000, refunded: 2_300 },
    { cost: 2_000, estimated: false, earnings: -2_000, escrow: 0, settles: 0 },
  ],
  [
    'cancelled before payment',
    { ...placed, status: -1 },
    { cost: 0, estimated: false, earnings: 0, escrow: 0, settles: 2_300 },
  ],
  [
    'cancelled after payment, refunded whole',
    { ...placed, status: -1, paid_at: at, refunded: 2_300 },
    { cost: 0, estimated: false, earnings: 0, escrow: 0, settles: 0 },
  ],
  [
    'cancelled after pickup: refunded whole, the cost returned',
    { ...placed, status: -1, paid_at: at, refunded: 2_300, cost_paid: 2_000, cost_returned: 2_000 },
    { cost: 0, estimated: false, earnings: 0, escrow: 0, settles: 0 },
  ],
  // No path leaves a cancelled order with a cost paid and not returned today (a refund before
  // shipping returns all of it); the rule for it is docs/figures.md's, the SQL basis's
  // (orders.repository SUMS, dashboard/stats.check) and this one: the order loses that cost.
  [
    'cancelled, 15.00 of the cost not returned',
    { ...placed, status: -1, paid_at: at, refunded: 2_300, cost_paid: 2_000, cost_returned: 500 },
    { cost: 1_500, estimated: false, earnings: -1_500, escrow: 0, settles: 0 },
  ],
  [
    'picked up, 6.00 of the cost returned',
    { ...placed, status: 1, paid_at: at, cost_paid: 2_000, cost_returned: 600 },
    { cost: 1_400, estimated: false, earnings: 900, escrow: 2_300, settles: 2_300 },
  ],
];

describe('order figures (order-money.ts)', () => {
  it.each(steps)('%s', (_name, order, want) => {
    expect({
      cost: costOf(order),
      estimated: isCostEstimated(order),
      earnings: earningsOf(order),
      escrow: inEscrow(order),
      settles: settlementAmount(order as OrderRow),
    }).toEqual(want);
  });

  it('earnings = sales − cost for every paid order, sales being 0 once cancelled', () => {
    for (const [name, order] of steps) {
      if (order.paid_at === null) continue;
      const sales = order.status === -1 ? 0 : order.total - order.refunded;
      expect(earningsOf(order), name).toBe(sales - costOf(order));
    }
  });
});

describe(`order journals at their edges (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Runs `post` in a transaction that is then rolled back: the journal as posted, nothing kept. */
  async function rolledBack<J extends PostedJournal | null>(
    post: (tx: Db) => Promise<J>,
  ): Promise<{ journal: J; row: { type: string; ref_type: string | null; ref_id: number | null } | null }> {
    const undo = new Error('roll back');
    let out: {
      journal: J;
      row: { type: string; ref_type: string | null; ref_id: number | null } | null;
    } | null = null;
    await t.database.db
      .transaction()
      .execute(async (tx) => {
        const journal = await post(tx);
        const row = journal
          ? await tx
              .selectFrom('journals')
              .select(['type', 'ref_type', 'ref_id'])
              .where('id', '=', journal.id)
              .executeTakeFirstOrThrow()
          : null;
        out = { journal, row };
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    return out!;
  }
  const postingsOf = (j: PostedJournal | null) =>
    Object.fromEntries((j?.postings ?? []).map((p) => [p.key, p.amount]));

  it('a refund returns the cost paid and not yet returned (paid − returned), only when asked', async () => {
    const m = await newMerchant(t, { balance: '50.00' });
    const order = await newOrder(t, m.id, { status: 1, quantity: 3 }); // 34.50 paid, 30.00 cost paid
    expect(order).toMatchObject({ total: 3_450, cost_paid: 3_000, cost_returned: 0 });

    const whole = await rolledBack((tx) =>
      refundJournal(tx, order, { amount: 3_450, returnCost: true, refId: { type: 'refund', id: 77 } }, at),
    );
    expect(postingsOf(whole.journal)).toEqual({
      'platform:escrow': -3_450,
      'platform:payout_clearing': 3_450,
      'platform:supplier_payable': -3_000,
      [`wallet:${m.id}`]: 3_000,
    });
    expect(whole.row).toEqual({ type: 'refund', ref_type: 'refund', ref_id: 77 });

    // 10.00 of it back already: the rest, 20.00, returns.
    const rest = await rolledBack((tx) =>
      refundJournal(
        tx,
        { ...order, cost_returned: 1_000 },
        { amount: 500, returnCost: true, refId: { type: 'order', id: order.id } },
        at,
      ),
    );
    expect(postingsOf(rest.journal)).toEqual({
      'platform:escrow': -500,
      'platform:payout_clearing': 500,
      'platform:supplier_payable': -2_000,
      [`wallet:${m.id}`]: 2_000,
    });
    expect(rest.row).toEqual({ type: 'refund', ref_type: 'order', ref_id: order.id });

    // Shipped goods: the amount only, the cost stays paid.
    const shippedRefund = await rolledBack((tx) =>
      refundJournal(tx, order, { amount: 400, returnCost: false, refId: { type: 'refund', id: 78 } }, at),
    );
    expect(postingsOf(shippedRefund.journal)).toEqual({
      'platform:escrow': -400,
      'platform:payout_clearing': 400,
    });
  });

  it('settlement pays total − refunded into the wallet; nothing, and no journal, when all was refunded', async () => {
    const m = await newMerchant(t, { balance: '50.00' });
    const order = await newOrder(t, m.id, { status: 3, quantity: 2 }); // 23.00 in escrow
    const part = await rolledBack((tx) => settlementJournal(tx, { ...order, refunded: 400 }, at));
    expect(postingsOf(part.journal)).toEqual({ 'platform:escrow': -1_900, [`wallet:${m.id}`]: 1_900 });
    expect(part.row).toEqual({ type: 'settlement', ref_type: 'order', ref_id: order.id });

    const none = await rolledBack((tx) => settlementJournal(tx, { ...order, refunded: 2_300 }, at));
    expect(none).toEqual({ journal: null, row: null });
  });

  it('the list’s earnings (order-money.ts) and its sums (SQL) tell the same figures at every step', async () => {
    // Each order of its own shop, set to a step of the table by its money columns, so the list's
    // one item and the list's sums read the same order through the two definitions.
    for (const [name, figures, want] of steps) {
      if (figures.paid_at === null) continue;
      const m = await newMerchant(t, { balance: '50.00' });
      const order = await newOrder(t, m.id, { status: 5, quantity: 2 });
      await t.database.db
        .updateTable('orders')
        .set({
          status: figures.status,
          refunded: figures.refunded,
          cost_paid: figures.cost_paid,
          cost_returned: figures.cost_returned,
          settled_amount: figures.settled_amount,
        })
        .where('id', '=', order.id)
        .execute();
      // A keyword makes the list a search, whose sums are the SQL aggregate over its orders (the
      // plain list of paid orders answers from the rollups, which this UPDATE went around).
      const res = await m.client.call(r.list, { paid: '1', keyword: order.order_no });
      expect(res.code, res.raw).toBe(1);
      const money = (n: number) => (n / 100).toFixed(2);
      expect(
        res.data.list.map((o) => o.earnings),
        name,
      ).toEqual([money(want.earnings)]);
      const sums = { profit: money(want.earnings), cost: money(want.cost), in_escrow: money(want.escrow) };
      expect(res.data.sums, name).toMatchObject(sums);
      // And once the rollups are refilled from the orders, the rollups' answer is the same.
      await rebuildStats(t.database.db);
      expect((await m.client.call(r.list, { paid: '1' })).data.sums, name).toMatchObject(sums);
      const detail = await m.client.call(r.detail, { id: String(order.id) });
      expect(detail.data.money, name).toMatchObject({
        cost: money(want.cost),
        cost_estimated: want.estimated,
        profit: money(want.earnings),
        in_escrow: money(want.escrow),
      });
    }
  });

  it('a pickup the ledger refuses for another reason than the balance is not reported as a short balance', async () => {
    const m = await newMerchant(t, { balance: '5.00' });
    const order = await newOrder(t, m.id); // 10.00 to pay at pickup
    const pick = (o: OrderRow) => t.database.db.transaction().execute((tx) => pickupJournal(tx, o, at));
    await expect(pick(order)).rejects.toMatchObject({ key: 'BALANCE_SHORT', vars: { missing: '5.00' } });
    // A journal of nothing is a programming error, whatever the balance: it surfaces as one.
    await expect(pick({ ...order, cost_total: 0 })).rejects.toBeInstanceOf(LedgerError);
  });
});
