import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { chainedPostings } from '../ledger';

// The statement's reads (statement.service.ts decides): a merchant's accounts, the edges of a
// period on each account's chain, its postings page by page with what they refer to, and the
// orders paid in the period.

export const statementsRepository = {
  merchant(db: Db, merchantId: number) {
    return db
      .selectFrom('merchants as m')
      .leftJoin('shops as s', 's.merchant_id', 'm.id')
      .select(['m.id', 'm.email', 'm.lang', 'm.time_zone', 's.name as shop_name'])
      .where('m.id', '=', merchantId)
      .executeTakeFirst();
  },

  accountId(db: Db, key: string) {
    return db.selectFrom('accounts').select('id').where('key', '=', key).executeTakeFirst();
  },

  /** The account's last posting written before `at` (its place, hash and balance then). */
  lastBefore(db: Db, accountId: number, at: number) {
    return db
      .selectFrom('postings')
      .select(['seq', 'hash', 'balance_after'])
      .where('account_id', '=', accountId)
      .where('created_at', '<', at)
      .where('seq', 'is not', null)
      .orderBy('seq', 'desc')
      .limit(1)
      .$narrowType<{ seq: number; hash: string }>()
      .executeTakeFirst();
  },

  /** What came in (+) and went out (−) of an account over seq (after, upTo]. */
  sums(db: Db, accountId: number, after: number, upTo: number) {
    return db
      .selectFrom('postings')
      .select([
        sql<number>`coalesce(sum(case when amount > 0 then amount else 0 end), 0)`.as('money_in'),
        sql<number>`coalesce(sum(case when amount < 0 then -amount else 0 end), 0)`.as('money_out'),
      ])
      .where('account_id', '=', accountId)
      .where('seq', '>', after)
      .where('seq', '<=', upTo)
      .executeTakeFirstOrThrow();
  },

  /**
   * A page of an account's postings over seq (after, upTo], in chain order, with their journal and
   * the number the merchant knows what it refers to by (an order's, a top-up's, a withdrawal's).
   */
  postings(db: Db, accountId: number, after: number, upTo: number, limit: number) {
    return chainedPostings(db)
      .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'j.ref_id').on('j.ref_type', '=', 'order'))
      .leftJoin('recharges as r', (join) =>
        join.onRef('r.id', '=', 'j.ref_id').on('j.ref_type', '=', 'recharge'),
      )
      .leftJoin('withdrawals as w', (join) =>
        join.onRef('w.id', '=', 'j.ref_id').on('j.ref_type', '=', 'withdrawal'),
      )
      .select(['o.order_no', 'r.created_at as recharge_at', 'w.created_at as withdrawal_at'])
      .where('p.account_id', '=', accountId)
      .where('p.seq', '>', after)
      .where('p.seq', '<=', upTo)
      .orderBy('p.seq')
      .limit(limit)
      .$narrowType<{ seq: number; hash: string }>()
      .execute();
  },

  /** A page of the merchant's orders paid in [from, to), in the order they were paid. */
  ordersPaid(
    db: Db,
    merchantId: number,
    from: number,
    to: number,
    after: { paidAt: number; id: number } | null,
    limit: number,
  ) {
    let q = db
      .selectFrom('orders')
      .select([
        'id',
        'order_no',
        'created_at',
        'paid_at',
        'status',
        'total',
        'refunded',
        'settled_amount',
        'cost_total',
        'cost_paid',
        'cost_returned',
      ])
      .where('merchant_id', '=', merchantId)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to);
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb('paid_at', '>', after.paidAt),
          eb.and([eb('paid_at', '=', after.paidAt), eb('id', '>', after.id)]),
        ]),
      );
    return q.orderBy('paid_at').orderBy('id').limit(limit).$narrowType<{ paid_at: number }>().execute();
  },
};
