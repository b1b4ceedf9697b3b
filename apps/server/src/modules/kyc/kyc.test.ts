import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import type { Client } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { uploadAs } from '../../../test/wallet';

describe(`identity and bank (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let op: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t);
  });
  afterAll(() => t.close());

  async function body(m: Awaited<ReturnType<typeof newMerchant>>) {
    return {
      real_name: 'Tran Thi B',
      id_number: '079123456789',
      id_card_front: await uploadAs(m, 'id_card'),
      id_card_back: await uploadAs(m, 'id_card'),
      id_card_hand: await uploadAs(m, 'id_card'),
    };
  }
  async function pendingOf(merchantId: number) {
    const list = await op.get('/admin/kyc', { status: 'pending', limit: 100 });
    return list.data.list.find((s: any) => s.merchant.id === merchantId);
  }

  it('unverified → in progress → rejected with a reason → resubmitted → verified, with notices', async () => {
    const m = await newMerchant(t);
    expect((await m.client.get('/merchant/merchant/idcard')).data.status).toBe('unverified');
    const sent = await m.client.post('/merchant/merchant/idcard', await body(m));
    expect(sent.code, sent.raw).toBe(1);
    expect((await m.client.get('/merchant/merchant/idcard')).data.status).toBe('pending'); // "in progress" on the screen;
    const again = await m.client.post('/merchant/merchant/idcard', await body(m));
    expect(again.error).toBe('KYC_IN_PROGRESS');
    const s = await pendingOf(m.id);
    expect((await op.post('/admin/kyc/reject', { id: s.id, reason: '' })).code).not.toBe(1);
    expect((await op.post('/admin/kyc/reject', { id: s.id, reason: 'photo is blurred' })).code).toBe(1);
    const rejected = (await m.client.get('/merchant/merchant/idcard')).data;
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'photo is blurred' });
    expect((await op.post('/admin/kyc/approve', { id: s.id })).error).toBe('ALREADY_RESOLVED');
    expect((await m.client.post('/merchant/merchant/idcard', await body(m))).code).toBe(1);
    const s2 = await pendingOf(m.id);
    expect((await op.post('/admin/kyc/approve', { id: s2.id })).code).toBe(1);
    expect((await m.client.get('/merchant/merchant/idcard')).data.status).toBe('verified');
    expect((await m.client.get('/merchant/merchant/getMerInfo')).data.kyc_status).toBe('verified');
    expect((await m.client.post('/merchant/merchant/idcard', await body(m))).error).toBe(
      'KYC_ALREADY_VERIFIED',
    );
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
    for (const bad of [
      { ...good, id_number: '!!' },
      { ...good, real_name: '' },
      { ...good, status: 'verified' },
      { ...good, id_card_front: await uploadAs(other, 'id_card') },
      { ...good, id_card_hand: undefined },
    ]) {
      const res = await m.client.post('/merchant/merchant/idcard', bad);
      expect(res.code, res.raw).not.toBe(1);
    }
    expect((await m.client.get('/merchant/merchant/idcard')).data.status).toBe('unverified');
  });

  it('racing approve vs reject on one submission: one winner', async () => {
    const m = await newMerchant(t);
    await m.client.post('/merchant/merchant/idcard', await body(m));
    const s = await pendingOf(m.id);
    const results = await Promise.all([
      op.post('/admin/kyc/approve', { id: s.id }),
      op.post('/admin/kyc/reject', { id: s.id, reason: 'race' }),
      op.post('/admin/kyc/approve', { id: s.id }),
    ]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
  });

  it('merchants cannot review', async () => {
    const m = await newMerchant(t);
    await m.client.post('/merchant/merchant/idcard', await body(m));
    const s = await pendingOf(m.id);
    expect((await m.client.post('/admin/kyc/approve', { id: s.id })).code).not.toBe(1);
    expect((await m.client.get('/admin/kyc')).code).not.toBe(1);
  });

  it('changeBank needs the payment password and reads back masked', async () => {
    const m = await newMerchant(t, { payPassword: '123456' });
    const card = { holder_name: 'Tran Thi B', bank_name: 'ACB', account_number: '1234 5678 9012' };
    expect((await m.client.post('/merchant/merchant/changeBank', card)).code).not.toBe(1);
    expect(
      (await m.client.post('/merchant/merchant/changeBank', { ...card, pay_password: '000000' })).code,
    ).not.toBe(1);
    expect(
      (
        await m.client.post('/merchant/merchant/changeBank', {
          ...card,
          account_number: '12',
          pay_password: '123456',
        })
      ).code,
    ).not.toBe(1);
    expect(
      (
        await m.client.post('/merchant/merchant/changeBank', {
          ...card,
          pay_password: '123456',
          verified: true,
        })
      ).code,
    ).not.toBe(1);
    const ok = await m.client.post('/merchant/merchant/changeBank', { ...card, pay_password: '123456' });
    expect(ok.code, ok.raw).toBe(1);
    const read = await m.client.get('/merchant/merchant/bank');
    expect(read.raw).not.toContain('123456789012');
    expect(read.raw).toContain('9012');
    const other = await newMerchant(t, { payPassword: '123456' });
    expect((await other.client.get('/merchant/merchant/bank')).raw).not.toContain('9012');
  });
});
