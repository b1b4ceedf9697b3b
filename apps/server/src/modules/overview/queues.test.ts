import { adminKycRoutes as k, kycRoutes } from '@dropdesk/contract/kyc';
import { merchantAdminRoutes as ma } from '@dropdesk/contract/merchants-admin';
import { adminOrderRoutes as a, orderRoutes } from '@dropdesk/contract/orders';
import { overviewRoutes as o } from '@dropdesk/contract/overview';
import { REJECT_REASONS } from '@dropdesk/contract/reasons';
import { OPERATOR_ROLES } from '@dropdesk/contract/route';
import { adminWalletRoutes as w, walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { appealRefund, askRefund, newOrder } from '../../../test/orders';
import { auditSince, lastAuditId, noticesOf } from '../../../test/services';
import { askTopUp, openBankTopUps, READY, uploadAs } from '../../../test/wallet';
import { t as translate } from '../../i18n/t';

/**
 * The reviewers' work queues over HTTP (docs/console-api.md "Queues"): the summary every
 * role reads, what each queue's items carry, rejections with a preset reason stored in the merchant's
 * language, bad reject bodies, and two operators deciding one item: one wins, the other is told.
 */
describe(`work queues (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let reviewer: Client;
  let reviewer2: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    reviewer = await newOperator(t, 'reviewer');
    reviewer2 = await newOperator(t, 'reviewer');
    await openBankTopUps(await newOperator(t, 'admin'));
  });
  afterEach(() => expectBooksBalanced(t));
  afterAll(() => t.close());

  const withdraw = async (m: { client: Client }, amount = '100') => {
    const res = await m.client.call(walletRoutes.extract, { method: 'bank', amount, pay_password: '123456' });
    if (res.code !== 1) throw new Error(res.raw);
    return res.data;
  };
  const submissionOf = async (merchantId: number) =>
    (
      await t.database.db
        .selectFrom('kyc_submissions')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
  /** A refund the merchant rejected and the buyer appealed, on an order shipped. */
  const appealed = async (merchantId: number, client: Client) => {
    const refund = await askRefund(t, await newOrder(t, merchantId, { status: 2 }), {
      amount: '2.00',
      reason: 'Arrived scratched',
    });
    const audit = await client.call(orderRoutes.refundAudit, {
      id: refund.id,
      action: 'reject',
      reason: 'It left us intact',
    });
    if (audit.code !== 1) throw new Error(audit.raw);
    await appealRefund(t, refund.id, 'Photos of the scratch attached');
    return refund;
  };

  it('the summary: each queue’s size and oldest item, for every role; the preset reasons in the caller’s language', async () => {
    // A fresh platform, so the sizes are this test's alone.
    const fresh = await buildTestApp();
    try {
      const admin = await newOperator(fresh, 'admin');
      await openBankTopUps(admin);
      const empty = await admin.call(o.queues);
      expect(empty.code, empty.raw).toBe(1);
      expect(empty.data.queues).toEqual(
        ['recharges', 'withdrawals', 'kyc', 'appeals', 'adjustments', 'shipping'].map((queue) => ({
          queue,
          pending: 0,
          oldest_at: null,
        })),
      );

      const first = fresh.clock.now();
      const m = await newMerchant(fresh, { ...READY, balance: '500.00' });
      await newMerchant(fresh, { kyc: 'pending' });
      const topUp = await askTopUp(m, '100.00');
      fresh.clock.advance(60_000);
      await askTopUp(m, '150.00');
      await m.client.call(walletRoutes.extract, { method: 'bank', amount: '50', pay_password: '123456' });
      const picked = await newOrder(fresh, m.id, { status: 1 });
      await newOrder(fresh, m.id, { status: 1 });
      const refund = await askRefund(fresh, await newOrder(fresh, m.id, { status: 2 }));
      await m.client.call(orderRoutes.refundAudit, { id: refund.id, action: 'reject', reason: 'No' });
      fresh.clock.advance(60_000);
      await appealRefund(fresh, refund.id);
      const admin2 = await newOperator(fresh, 'admin');
      await admin2.call(ma.proposeAdjustment, {
        merchant_id: m.id,
        direction: 'credit',
        amount: '5.00',
        reason: 'Courier fee refund',
      });

      for (const role of OPERATOR_ROLES) {
        const res = await (await newOperator(fresh, role)).call(o.queues, undefined, { lang: 'en' });
        expect(res.code, `${role} ${res.raw}`).toBe(1);
        const of = Object.fromEntries(res.data.queues.map((q) => [q.queue, q]));
        expect(of.recharges).toEqual({ queue: 'recharges', pending: 2, oldest_at: topUp.created_at });
        expect(of.withdrawals?.pending).toBe(1);
        expect(of.kyc).toEqual({ queue: 'kyc', pending: 1, oldest_at: new Date(first).toISOString() });
        expect(of.appeals).toEqual({
          queue: 'appeals',
          pending: 1,
          oldest_at: new Date(first + 120_000).toISOString(),
        });
        expect(of.adjustments?.pending).toBe(1);
        expect(of.shipping).toEqual({
          queue: 'shipping',
          pending: 2,
          oldest_at: new Date(picked.picked_at!).toISOString(),
        });
        expect(res.data.reasons.recharge.map((r) => r.code)).toEqual(Object.keys(REJECT_REASONS.recharge));
        expect(res.data.reasons.kyc[0]).toEqual({
          code: 'photo_unclear',
          text: translate('en', 'REASON_PHOTO_UNCLEAR'),
        });
      }
      const th = await admin.call(o.queues, undefined, { lang: 'th' });
      expect(th.data.reasons.withdrawal[0]?.text).toBe(translate('th', 'REASON_DESTINATION_INVALID'));
      // A queue answers its size, it is not a list: nothing in it is decided by reading it.
      expect((await admin.call(o.queues)).data.queues.find((q) => q.queue === 'recharges')?.pending).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it('a preset reason is stored in the merchant’s language, told in its notice and audited with its code', async () => {
    const m = await newMerchant(t, { ...READY, balance: '500.00', lang: 'ja' });
    const topUp = await askTopUp(m, '100.00');
    const held = await withdraw(m);
    const before = await lastAuditId(t);

    const r1 = await reviewer.call(
      w.rejectRecharge,
      { id: topUp.id, reason_code: 'amount_mismatch' },
      { lang: 'en' },
    );
    expect(r1.code, r1.raw).toBe(1);
    const japanese = translate('ja', 'REASON_AMOUNT_MISMATCH');
    expect(r1.data).toMatchObject({ status: 'rejected', reason: japanese });
    const r2 = await reviewer.call(w.rejectWithdrawal, { id: held.id, reason_code: 'holder_mismatch' });
    expect(r2.data).toMatchObject({ status: 'rejected', reason: translate('ja', 'REASON_HOLDER_MISMATCH') });

    // The merchant reads them where it reads a typed reason: its records and its notices.
    const log = await m.client.call(walletRoutes.rechargeLog, {});
    expect(log.data.list.find((x) => x.id === topUp.id)?.reason).toBe(japanese);
    const out = await m.client.call(walletRoutes.extractLog, {});
    expect(out.data.list.find((x) => x.id === held.id)?.reason).toBe(
      translate('ja', 'REASON_HOLDER_MISMATCH'),
    );
    const notices = await noticesOf(t, m.id);
    expect(notices.find((n) => n.type === 'recharge_rejected')?.params.reason).toBe(japanese);
    expect(notices.find((n) => n.type === 'withdrawal_rejected')?.params.reason).toBe(
      translate('ja', 'REASON_HOLDER_MISMATCH'),
    );
    const audit = await auditSince(t, before);
    expect(audit.map((x) => [x.action, x.detail.reason_code, x.detail.reason])).toEqual([
      ['recharge.reject', 'amount_mismatch', japanese],
      ['withdrawal.reject', 'holder_mismatch', translate('ja', 'REASON_HOLDER_MISMATCH')],
    ]);

    // Identity: the language the merchant chose last (set_language) is the one it reads.
    const k1 = await newMerchant(t, { kyc: 'pending', lang: 'ko' });
    await k1.client.get('/merchant/merchant/set_language', { lang: 'tr' });
    const id = await submissionOf(k1.id);
    const r3 = await reviewer.call(k.reject, { id, reason_code: 'id_expired' });
    expect(r3.data).toMatchObject({ status: 'rejected', reason: translate('tr', 'REASON_ID_EXPIRED') });
    expect((await k1.client.call(kycRoutes.idcard)).data).toMatchObject({
      status: 'rejected',
      reason: translate('tr', 'REASON_ID_EXPIRED'),
    });
    // A typed reason stays as typed.
    const k2 = await newMerchant(t, { kyc: 'pending', lang: 'ja' });
    const r4 = await reviewer.call(k.reject, { id: await submissionOf(k2.id), reason: 'Glare on the photo' });
    expect(r4.data.reason).toBe('Glare on the photo');
  });

  it('a rejection takes a typed reason or a preset code of its own queue, exactly one; a missing id is NOT_FOUND', async () => {
    const m = await newMerchant(t, { ...READY, balance: '300.00' });
    const topUp = await askTopUp(m, '100.00');
    const held = await withdraw(m);
    const pendingIdentity = await newMerchant(t, { kyc: 'pending' });
    const kyc = await submissionOf(pendingIdentity.id);
    for (const [row, id, own, other] of [
      [w.rejectRecharge, topUp.id, 'duplicate', 'photo_unclear'],
      [w.rejectWithdrawal, held.id, 'risk_review', 'voucher_unreadable'],
      [k.reject, kyc, 'id_expired', 'payout_failed'],
    ] as const) {
      const post = (body: Record<string, unknown>) =>
        reviewer.post(row.path, body, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
      expectRefusal(await post({ id }), 'INVALID_INPUT', 'reason');
      expect((await post({ id })).fields?.reason).toBe(translate('vi', 'FIELD_REQUIRED'));
      const both = await post({ id, reason: 'x', reason_code: own });
      expectRefusal(both, 'INVALID_INPUT', 'reason_code');
      expect(both.fields?.reason_code).toBe(translate('vi', 'FIELD_REASON_ONE'));
      expectRefusal(
        await post({ id, reason_code: other }),
        'INVALID_INPUT',
        'reason_code',
        `${row.path} ${other}`,
      );
      expectRefusal(await post({ id, reason_code: 'made_up' }), 'INVALID_INPUT', 'reason_code');
      expectRefusal(await post({ id, reason_code: 7 }), 'INVALID_INPUT', 'reason_code');
      expectRefusal(await post({ id, reason: '   ' }), 'INVALID_INPUT', 'reason');
      expectRefusal(await post({ id, reason: 'x'.repeat(501) }), 'INVALID_INPUT', 'reason');
      expectRefusal(await post({ id, reason_code: null }), 'INVALID_INPUT', 'reason_code');
      expectRefusal(await post({ id: 99_999_999, reason: 'gone' }), 'NOT_FOUND');
    }
    expectRefusal(
      await reviewer.call(w.rejectRecharge, { id: 99_999_999, reason_code: 'duplicate' }),
      'NOT_FOUND',
    );
    // Nothing of the refused calls stuck: each is still pending.
    expect((await m.client.call(walletRoutes.rechargeLog, {})).data.list[0]?.status).toBe('pending');
    expect((await pendingIdentity.client.call(kycRoutes.idcard)).data.status).toBe('pending');
  });

  it('what each item carries: a top-up with the merchant’s history, a withdrawal with balance, hold and recent records', async () => {
    const m = await newMerchant(t, { ...READY, balance: '400.00' });
    const old = await askTopUp(m, '120.00');
    await reviewer.call(w.rejectRecharge, { id: old.id, reason_code: 'not_received' });
    const cancelled = await askTopUp(m, '130.00');
    await m.client.call(walletRoutes.rechargeCancel, { id: cancelled.id });
    const pending = await askTopUp(m, '140.00');

    const list = await reviewer.call(w.recharges, { status: 'pending', merchant_id: String(m.id) });
    expect(list.code, list.raw).toBe(1);
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      id: pending.id,
      amount: '140.00',
      method: 'manual',
      voucher_url: expect.stringMatching(/^\/uploads\//),
      // The factory's balance is an approved top-up of 400.00.
      history: { approved: 1, approved_total: '400.00', rejected: 1, cancelled: 1, pending: 1 },
    });
    expect(list.data.list[0]?.history.first_at).not.toBeNull();

    const held = await withdraw(m, '100');
    const out = await reviewer.call(w.withdrawals, { status: 'pending', merchant_id: String(m.id) });
    expect(out.data.list[0]).toMatchObject({
      id: held.id,
      amount: '100.00',
      fee: held.fee,
      actual: held.actual,
      bank: { holder_name: 'Nguyen Van A', bank_name: 'Vietcombank', account_number: '0071000123456' },
      wallet: { balance: '300.00', hold: '100.00' },
    });
    expect(out.data.list[0]?.recent.map((p) => [p.journal_type, p.amount])).toEqual([
      ['withdrawal_hold', '-100.00'],
      ['recharge', '400.00'],
    ]);
  });

  it('identity and appeals: the registered name beside the typed one; both sides’ statements and the money trail', async () => {
    const m = await newMerchant(t, { ...READY, balance: '200.00', kyc: 'rejected' });
    // Submitted again after the factory's rejection, as the identity screen does.
    const again = await m.client.call(kycRoutes.submitIdcard, {
      real_name: 'Nguyen Van B',
      id_number: '079123456780',
      id_card_front: await uploadAs(m, 'id_card'),
      id_card_back: await uploadAs(m, 'id_card'),
      id_card_hand: await uploadAs(m, 'id_card'),
    });
    expect(again.code, again.raw).toBe(1);
    const queue = await reviewer.call(k.list, {});
    expect(queue.data.list.find((x) => x.merchant.id === m.id)).toMatchObject({
      status: 'pending',
      real_name: 'Nguyen Van B',
      id_number: '079123456780',
      id_card_front_url: expect.stringMatching(/^\/uploads\//),
      merchant: { registered_name: 'Nguyen Van A', country: 'VN', rejected_before: 1 },
    });
    const rejected = await reviewer.call(k.list, { status: 'rejected' });
    expect(rejected.data.list.find((x) => x.merchant.id === m.id)?.merchant.rejected_before).toBe(0);

    const refund = await appealed(m.id, m.client);
    const appeals = await reviewer.call(a.appeals, { status: 'appealed' });
    expect(appeals.code, appeals.raw).toBe(1);
    const item = appeals.data.list.find((x) => x.id === refund.id);
    expect(item).toMatchObject({
      reason: 'Arrived scratched',
      reject_reason: 'It left us intact',
      appeal_statement: 'Photos of the scratch attached',
      order_status: 2,
      money: { paid: '11.50', in_escrow: '11.50', cost_paid: '10.00', refunded: '0.00', settled: '0.00' },
    });
  });

  it('two operators on one item, in every queue: one wins, the other is told ALREADY_RESOLVED', async () => {
    const admin = await newOperator(t, 'admin');
    const admin2 = await newOperator(t, 'admin');
    const proposer = await newOperator(t, 'admin');
    for (let round = 0; round < 3; round++) {
      const m = await newMerchant(t, { ...READY, balance: '600.00' });
      const topUp = await askTopUp(m, '100.00');
      const held = await withdraw(m);
      const kyc = await submissionOf((await newMerchant(t, { kyc: 'pending' })).id);
      const refund = await appealed(m.id, m.client);
      const proposal = await proposer.call(ma.proposeAdjustment, {
        merchant_id: m.id,
        direction: 'debit',
        amount: '10.00',
        reason: 'Duplicate credit',
      });
      const queues = [
        [
          reviewer.call(w.approveRecharge, { id: topUp.id }),
          reviewer2.call(w.rejectRecharge, { id: topUp.id, reason_code: 'duplicate' }),
        ],
        [
          reviewer.call(w.rejectWithdrawal, { id: held.id, reason_code: 'risk_review' }),
          reviewer2.call(w.approveWithdrawal, { id: held.id, reference: 'BANK-1' }),
        ],
        [
          reviewer.call(k.approve, { id: kyc }),
          reviewer2.call(k.reject, { id: kyc, reason_code: 'photo_unclear' }),
        ],
        [
          reviewer.call(a.arbitrate, { id: refund.id, decision: 'refund', reason: 'Photos are clear' }),
          reviewer2.call(a.arbitrate, { id: refund.id, decision: 'reject', reason: 'Photos unclear' }),
        ],
        [
          admin.call(ma.approveAdjustment, { id: proposal.data.id }),
          admin2.call(ma.rejectAdjustment, { id: proposal.data.id, reason: 'Not a duplicate' }),
        ],
      ];
      const settled = await Promise.all(queues.map((pair) => Promise.all(pair)));
      settled.forEach((pair, i) => {
        expect(
          pair.filter((x) => x.code === 1),
          `queue ${i} round ${round}: ${pair.map((x) => x.raw).join(' ')}`,
        ).toHaveLength(1);
        for (const x of pair) if (x.code !== 1) expectRefusal(x, 'ALREADY_RESOLVED');
      });
    }
  });

  it('who reviews: reviewers and admins; support and catalogue are FORBIDDEN from the review rows', async () => {
    const m = await newMerchant(t, { ...READY, balance: '200.00', kyc: 'pending' });
    const topUp = await askTopUp(m, '100.00');
    for (const role of ['support', 'catalogue'] as const) {
      const op = await newOperator(t, role);
      expectRefusal(await op.call(w.recharges, {}), 'FORBIDDEN');
      expectRefusal(await op.call(w.rejectRecharge, { id: topUp.id, reason_code: 'duplicate' }), 'FORBIDDEN');
      expectRefusal(await op.call(w.withdrawals, {}), 'FORBIDDEN');
      expectRefusal(await op.call(k.list, {}), 'FORBIDDEN');
      expectRefusal(await op.call(k.reject, { id: 1, reason_code: 'id_expired' }), 'FORBIDDEN');
    }
    // A merchant's session is no operator's.
    expect((await m.client.get(o.queues.path)).status).toBe(401);
    expect((await m.client.call(walletRoutes.rechargeLog, {})).data.list[0]?.status).toBe('pending');
  });
});
