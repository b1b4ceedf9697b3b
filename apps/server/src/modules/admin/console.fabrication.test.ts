import { randomUUID } from 'node:crypto';
import { merchantAdminRoutes as ma } from '@dropdesk/contract/merchants-admin';
import { orderRoutes } from '@dropdesk/contract/orders';
import { OPERATOR_ROLES, type RouteDef } from '@dropdesk/contract/route';
import { walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import type { Client, Reply } from '../../../test/client';
import { contractRows } from '../../../test/contract-rows';
import { ShopHistory } from '../../../test/dashboard';
import { newMerchant, newOperator } from '../../../test/factories';
import { appealRefund, askRefund, newOrder } from '../../../test/orders';
import { askTopUp, openBankTopUps, READY } from '../../../test/wallet';

type AnySchema = { _zod: { def: Record<string, any> } };

/** The schema under optional/default/nullable wrappers and transforms (a pipe's input side). */
function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch'].includes(def.type))
      s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
}

/** A plausible value for field `key`: the target id for ids, the first choice of an enum, text. */
function sample(key: string, schema: AnySchema, id: number): unknown {
  const def = unwrap(schema)._zod.def;
  switch (def.type) {
    case 'number':
    case 'int':
      if (/status/.test(key)) return 6;
      return id;
    case 'boolean':
      return true;
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries)[0];
    case 'union':
      return sample(key, def.options[0], id);
    case 'array':
      return [sample(key, def.element, id)];
    default:
      break;
  }
  if (/password/.test(key)) return 'Secret#123';
  if (/amount|price|cost|fee/.test(key)) return '1.00';
  if (key === 'tz') return 'Asia/Ho_Chi_Minh';
  if (/(^|_)ids?$|merchant|page|limit/.test(key)) return String(id);
  if (key === 'buyer') return `buyer${id}@example.com`;
  if (key === 'reason') return 'Checked by the console test';
  return 'Checked by the test';
}

/**
 * The bodies a row is sent: every field filled for the target, and, for a rejection that takes a
 * preset reason, the same with `reason_code` instead of `reason` (the two never go together).
 */
function bodiesOf(schema: unknown, id: number): Record<string, unknown>[] {
  if (!schema) return [{}];
  const s = unwrap(schema as AnySchema);
  if (s._zod.def.type !== 'object') return [{}];
  const shape = s._zod.def.shape as Record<string, AnySchema>;
  const body = Object.fromEntries(
    Object.entries(shape)
      .filter(([key]) => key !== 'reason_code')
      .map(([key, field]) => [key, sample(key, field, id)]),
  );
  if (!('reason_code' in shape)) return [body];
  const { reason: _typed, ...rest } = body;
  return [body, { ...rest, reason_code: sample('reason_code', shape.reason_code!, id) }];
}

/**
 * docs/design.md §1: no console action creates orders, visits, followers or ratings, and money
 * moves only as a journal tied to a reviewed request (a top-up, a withdrawal, a refund appeal) or an
 * adjustment with a reason that a second admin approved. Every /admin row of the contract (new rows
 * included, as contractRows reads every table) is called by an operator of every role with bodies
 * naming real requests, orders and merchants; afterwards the figures' rows are the same, each new
 * journal is one of those, and the books balance.
 */
describe(`nothing the console does is made up (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const counts = async () => {
    const db = t.database.db;
    const n = async (q: Promise<{ n: unknown } | undefined>) => Number((await q)?.n ?? 0);
    return {
      orders: await n(
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ),
      paid: await n(
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('paid_at', 'is not', null)
          .executeTakeFirst(),
      ),
      visits: await n(
        db
          .selectFrom('shop_visits')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ),
      follows: await n(
        db
          .selectFrom('shop_follows')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ),
      rated: await n(
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('rating_stars', 'is not', null)
          .executeTakeFirst(),
      ),
    };
  };

  it('every /admin call, by every role, makes no order, visit, follower or rating, and posts only reviewed or two-admin journals', async () => {
    // A storefront shop with real orders, a rating, a visit and a follower.
    const shop = await ShopHistory.open(t);
    const rated = await shop.order(0);
    await shop.pick(rated);
    await shop.ship(rated);
    await shop.confirm(rated);
    await shop.rate(rated, 5);
    await shop.visit('v1');
    await shop.follow(0, true);
    // A merchant with one of everything waiting: a top-up, a withdrawal, an identity, an appeal, a
    // proposal, and orders to ship.
    const firstAdmin = await newOperator(t, 'admin');
    await openBankTopUps(firstAdmin);
    const m = await newMerchant(t, { ...READY, balance: '800.00' });
    const topUp = await askTopUp(m, '100.00');
    const held = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '50',
      pay_password: '123456',
    });
    const identity = await newMerchant(t, { kyc: 'pending' });
    const appealed = await askRefund(t, await newOrder(t, m.id, { status: 2 }), { amount: '2.00' });
    await m.client.call(orderRoutes.refundAudit, { id: appealed.id, action: 'reject', reason: 'Intact' });
    await appealRefund(t, appealed.id);
    const toShip = await newOrder(t, m.id, { status: 1 });
    const proposal = await firstAdmin.call(ma.proposeAdjustment, {
      merchant_id: m.id,
      direction: 'credit',
      amount: '3.00',
      reason: 'Courier fee refunded',
    });
    const kyc = await t.database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('merchant_id', '=', identity.id)
      .executeTakeFirstOrThrow();
    const targets = [
      ...new Set([
        topUp.id,
        held.data.id,
        kyc.id,
        appealed.id,
        proposal.data.id,
        toShip.id,
        rated,
        m.id,
        shop.id,
      ]),
    ];

    // Every role, and a second admin (the one who may approve the first one's proposal).
    const operators: Client[] = [];
    for (const role of OPERATOR_ROLES) operators.push(await newOperator(t, role));
    operators.push(firstAdmin);
    const before = await counts();
    expect(before).toMatchObject({ visits: 1, follows: 1, rated: 1 });
    const lastJournal = Number(
      (
        await t.database.db
          .selectFrom('journals')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

    // The operators' own rows (managing operators, signing out) last: they disable, re-role and
    // sign out the operators whose ids the walk aims at, which would leave the rows after them
    // walked by nobody.
    const ownAccounts = (row: RouteDef) =>
      Number(row.path.startsWith('/admin/operators') || row.path === '/admin/logout');
    const rows = contractRows()
      .filter((row: RouteDef) => row.path.startsWith('/admin'))
      .sort((a, b) => ownAccounts(a) - ownAccounts(b));
    expect(rows.length).toBeGreaterThan(60);
    const answers: string[] = [];
    for (const row of rows) {
      for (const id of targets) {
        for (const body of row.method === 'POST' ? bodiesOf(row.body, id) : bodiesOf(row.query, id)) {
          for (const op of operators) {
            const opts = { headers: row.idempotent ? { 'Idempotency-Key': randomUUID() } : {} };
            const query = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
            const res: Reply =
              row.method === 'POST'
                ? await op.post(row.path, body, opts)
                : await op.get(row.path, query, opts);
            expect(res.status, `${row.method} ${row.path} ${res.raw}`).toBeLessThan(500);
            answers.push(`${row.method} ${row.path} ${res.code === 1 ? 'ok' : res.error}`);
          }
        }
      }
    }
    // The shipping CSV, as the console sends it, by a support operator of its own: the walk above
    // also disabled, re-roled and reset the operators whose ids it aimed at.
    const shipper = await newOperator(t, 'support');
    const csv = `order_no,carrier,tracking_no\n${toShip.order_no},GHN,GHN-1\n`;
    const shipped = await t.app.inject({
      method: 'POST',
      url: '/admin/orders/ship_csv',
      headers: { 'content-type': 'text/csv', token: shipper.token! },
      payload: csv,
    });
    expect(JSON.parse(shipped.body).data?.done, shipped.body).toBe(1);

    // The calls did things: each queue was decided, the proposal approved by the other admin.
    for (const path of [
      '/admin/recharges/approve',
      '/admin/withdrawals/approve',
      '/admin/kyc/approve',
      '/admin/refunds/arbitrate',
      '/admin/adjustments/approve',
      '/admin/adjustments/propose',
      '/admin/ledger/check',
    ])
      expect(answers, path).toContain(`POST ${path} ok`);
    expect(answers).toContain('POST /admin/adjustments/approve SELF_APPROVAL');

    // No figure made up.
    expect(await counts()).toEqual(before);
    // Every journal posted is tied to a reviewed request, or is a two-admin adjustment with a reason.
    const db = t.database.db;
    const journals = await db
      .selectFrom('journals')
      .select(['id', 'type', 'ref_type', 'ref_id', 'reason', 'operator_id'])
      .where('id', '>', lastJournal)
      .orderBy('id')
      .execute();
    expect(journals.length).toBeGreaterThan(0);
    for (const j of journals) {
      const what = JSON.stringify(j);
      switch (j.type) {
        case 'recharge': {
          expect(j.ref_type, what).toBe('recharge');
          const r = await db
            .selectFrom('recharges')
            .selectAll()
            .where('id', '=', j.ref_id!)
            .executeTakeFirstOrThrow();
          expect([r.status, r.resolved_by !== null], what).toEqual(['approved', true]);
          break;
        }
        case 'withdrawal_payout':
        case 'withdrawal_release': {
          expect(j.ref_type, what).toBe('withdrawal');
          const w = await db
            .selectFrom('withdrawals')
            .selectAll()
            .where('id', '=', j.ref_id!)
            .executeTakeFirstOrThrow();
          expect(['approved', 'rejected'], what).toContain(w.status);
          expect(w.resolved_by, what).not.toBeNull();
          break;
        }
        case 'refund': {
          expect(j.ref_type, what).toBe('refund');
          const r = await db
            .selectFrom('refunds')
            .selectAll()
            .where('id', '=', j.ref_id!)
            .executeTakeFirstOrThrow();
          expect([r.status, r.operator_id !== null], what).toEqual(['appeal_refunded', true]);
          break;
        }
        case 'adjustment': {
          expect(j.reason?.trim(), what).toBeTruthy();
          expect(j.ref_type, what).toBe('balance_adjustment');
          const b = await db
            .selectFrom('balance_adjustments')
            .selectAll()
            .where('id', '=', j.ref_id!)
            .executeTakeFirstOrThrow();
          expect(b.status, what).toBe('approved');
          expect(b.decided_by, what).not.toBe(b.proposed_by);
          expect(j.operator_id, what).toBe(b.decided_by);
          expect(j.reason, what).toBe(b.reason);
          break;
        }
        default:
          throw new Error(`an /admin call posted a ${j.type} journal: ${what}`);
      }
    }
    expect([...new Set(journals.map((j) => j.type))]).toEqual(
      expect.arrayContaining(['recharge', 'refund', 'adjustment']),
    );
    await expectBooksBalanced(t);
  }, 600_000);
});
