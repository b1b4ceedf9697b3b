import { adminKycRoutes, kycRoutes } from '@dropdesk/contract/kyc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator, newUpload, type TestMerchant } from '../../../test/factories';

describe(`identity and bank (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let op: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t);
  });
  afterAll(() => t.close());

  /** A complete submission with three fresh photos of the merchant's own (the upload route: uploads.test). */
  async function body(m: TestMerchant) {
    return {
      real_name: 'Tran Thi B',
      id_number: '079123456789',
      id_card_front: await newUpload(t, m.id, 'id_card'),
      id_card_back: await newUpload(t, m.id, 'id_card'),
      id_card_hand: await newUpload(t, m.id, 'id_card'),
    };
  }
  /** The merchant's own pending submission, as the operator's queue shows it. */
  async function pendingOf(merchantId: number) {
    const list = await op.call(adminKycRoutes.list, { status: 'pending', limit: '100' });
    const mine = list.data.list.filter((s) => s.merchant.id === merchantId);
    expect(mine).toHaveLength(1);
    return mine[0]!;
  }

  it('unverified → in progress → rejected with a reason → resubmitted → verified, with notices', async () => {
    const m = await newMerchant(t);
    expect((await m.client.call(kycRoutes.idcard)).data.status).toBe('unverified');
    const sent = await m.client.call(kycRoutes.submitIdcard, await body(m));
    expect(sent.code, sent.raw).toBe(1);
    expect((await m.client.call(kycRoutes.idcard)).data.status).toBe('pending'); // "in progress" on the screen
    expectRefusal(await m.client.call(kycRoutes.submitIdcard, await body(m)), 'KYC_IN_PROGRESS');
    const s = await pendingOf(m.id);
    expectRefusal(await op.call(adminKycRoutes.reject, { id: s.id, reason: '' }), 'INVALID_INPUT', 'reason');
    const rejected = await op.call(adminKycRoutes.reject, { id: s.id, reason: 'photo is blurred' });
    expect(rejected.code, rejected.raw).toBe(1);
    expect((await m.client.call(kycRoutes.idcard)).data).toMatchObject({
      status: 'rejected',
      reason: 'photo is blurred',
    });
    expectRefusal(await op.call(adminKycRoutes.approve, { id: s.id }), 'ALREADY_RESOLVED');
    expect((await m.client.call(kycRoutes.submitIdcard, await body(m))).code).toBe(1);
    const s2 = await pendingOf(m.id);
    expect((await op.call(adminKycRoutes.approve, { id: s2.id })).code).toBe(1);
    expect((await m.client.call(kycRoutes.idcard)).data.status).toBe('verified');
    expect((await m.client.get('/merchant/merchant/getMerInfo')).data.kyc_status).toBe('verified');
    expectRefusal(await m.client.call(kycRoutes.submitIdcard, await body(m)), 'KYC_ALREADY_VERIFIED');
    const notices = await t.database.db
      .selectFrom('notices')
      .select('type')
      .where('merchant_id', '=', m.id)
      .execute();
    expect(notices.map((n) => n.type).sort()).toEqual(['kyc_rejected', 'kyc_verified']);
  });

  it('refuses bad bodies, unknown fields and another merchant’s uploads', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const good = await body(m);
    for (const [bad, key, field] of [
      [{ ...good, id_number: '!!' }, 'ID_NUMBER_INVALID', 'id_number'],
      [{ ...good, real_name: '' }, 'INVALID_INPUT', 'real_name'],
      [{ ...good, status: 'verified' }, 'INVALID_INPUT', 'status'],
      [
        { ...good, id_card_front: await newUpload(t, other.id, 'id_card') },
        'UPLOAD_INVALID',
        'id_card_front',
      ],
      [{ ...good, id_card_back: await newUpload(t, m.id, 'voucher') }, 'UPLOAD_INVALID', 'id_card_back'],
      [{ ...good, id_card_hand: good.id_card_front }, 'UPLOAD_INVALID', 'id_card_back'],
      [{ ...good, id_card_hand: undefined }, 'INVALID_INPUT', 'id_card_hand'],
    ] as const) {
      const res = await m.client.post('/merchant/merchant/idcard', bad);
      expectRefusal(res, key, field, JSON.stringify(bad));
    }
    expect((await m.client.call(kycRoutes.idcard)).data.status).toBe('unverified');
  });

  it('racing approve vs reject on one submission: one winner', async () => {
    const m = await newMerchant(t);
    await m.client.call(kycRoutes.submitIdcard, await body(m));
    const s = await pendingOf(m.id);
    const results = await Promise.all([
      op.call(adminKycRoutes.approve, { id: s.id }),
      op.call(adminKycRoutes.reject, { id: s.id, reason: 'race' }),
      op.call(adminKycRoutes.approve, { id: s.id }),
    ]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results) if (r.code !== 1) expectRefusal(r, 'ALREADY_RESOLVED');
  });

  it('merchants cannot review', async () => {
    const m = await newMerchant(t);
    await m.client.call(kycRoutes.submitIdcard, await body(m));
    const s = await pendingOf(m.id);
    for (const res of [
      await m.client.call(adminKycRoutes.approve, { id: s.id }),
      await m.client.call(adminKycRoutes.list),
    ]) {
      expect(res.status).toBe(401);
      expectRefusal(res, 'UNAUTHORIZED');
    }
    expect((await m.client.call(kycRoutes.idcard)).data.status).toBe('pending');
  });

  it('changeBank needs the payment password and reads back masked', async () => {
    const m = await newMerchant(t, { payPassword: '123456' });
    const card = { holder_name: 'Tran Thi B', bank_name: 'ACB', account_number: '1234 5678 9012' };
    const change = (extra: Record<string, unknown>) =>
      m.client.post('/merchant/merchant/changeBank', { ...card, ...extra });
    expectRefusal(await change({}), 'PAY_PASSWORD_REQUIRED', 'pay_password');
    expectRefusal(await change({ pay_password: '000000' }), 'WRONG_PAY_PASSWORD', 'pay_password');
    expectRefusal(
      await change({ account_number: '12', pay_password: '123456' }),
      'ACCOUNT_NUMBER_INVALID',
      'account_number',
    );
    expectRefusal(await change({ pay_password: '123456', verified: true }), 'INVALID_INPUT', 'verified');
    expect((await m.client.call(kycRoutes.bank)).data.bank).toBeNull();
    const ok = await m.client.call(kycRoutes.changeBank, { ...card, pay_password: '123456' });
    expect(ok.code, ok.raw).toBe(1);
    const read = await m.client.call(kycRoutes.bank);
    expect(read.data.bank).toMatchObject({ holder_name: 'Tran Thi B', bank_name: 'ACB' });
    expect(read.data.bank?.account_number).toMatch(/9012$/);
    expect(read.raw).not.toContain('123456789012');
    const other = await newMerchant(t, { payPassword: '123456' });
    expect((await other.client.call(kycRoutes.bank)).data.bank).toBeNull();
  });
});
