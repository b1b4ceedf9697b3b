import { randomUUID } from 'node:crypto';
import type { TestApp } from './app';
import type { Client, Reply } from './client';
import { newMerchant, newOperator, png, type TestMerchant } from './factories';

/** A fresh Idempotency-Key header. */
export function idem(key: string = randomUUID()) {
  return { headers: { 'Idempotency-Key': key } };
}

/** POST with a fresh Idempotency-Key. */
export function pay<T = any>(client: Client, url: string, body: unknown): Promise<Reply<T>> {
  return client.post<T>(url, body, idem());
}

function ok<T>(res: Reply<T>, what: string): T {
  if (res.code !== 1) throw new Error(`${what} failed: ${res.raw}`);
  return res.data;
}

export async function uploadAs(m: TestMerchant, kind: 'voucher' | 'id_card'): Promise<string> {
  return ok(await m.client.upload(kind, await png()), `upload ${kind}`).id as string;
}

/** Submits identity documents and has an operator verify them. */
export async function verifyIdentity(m: TestMerchant, op: Client): Promise<void> {
  const body = {
    real_name: 'Nguyen Van A',
    id_number: '079123456789',
    id_card_front: await uploadAs(m, 'id_card'),
    id_card_back: await uploadAs(m, 'id_card'),
    id_card_hand: await uploadAs(m, 'id_card'),
  };
  ok(await m.client.post('/merchant/merchant/idcard', body), 'idcard');
  const list = ok(await op.get('/admin/kyc', { status: 'pending', limit: 100 }), 'kyc list');
  const mine = list.list.find((s: any) => s.merchant.id === m.id);
  ok(await op.post('/admin/kyc/approve', { id: mine.id }), 'kyc approve');
}

/** Asks for a top-up with a fresh voucher; returns the recharge. */
export async function askTopUp(m: TestMerchant, amount: string, method = 'manual') {
  const voucher = await uploadAs(m, 'voucher');
  return ok(await pay(m.client, '/merchant/merchant/recharge', { method, amount, voucher }), 'recharge');
}

/** A top-up asked by the merchant and approved by the operator: the wallet is credited. */
export async function topUp(m: TestMerchant, op: Client, amount: string) {
  const recharge = await askTopUp(m, amount);
  return ok(await pay(op, '/admin/recharges/approve', { id: recharge.id }), 'approve recharge');
}

export async function balanceOf(m: TestMerchant): Promise<string> {
  return ok(await m.client.get('/merchant/merchant/getMerInfo'), 'getMerInfo').balance as string;
}

/** A merchant with payment password 123456, a verified identity, a bank card and `balance`. */
export async function readyMerchant(
  t: TestApp,
  opts: { op?: Client; balance?: string; bank?: boolean; register?: Record<string, unknown> } = {},
): Promise<TestMerchant & { op: Client }> {
  const op = opts.op ?? (await newOperator(t));
  const m = await newMerchant(t, { payPassword: '123456', overrides: opts.register });
  await verifyIdentity(m, op);
  if (opts.bank !== false) {
    ok(
      await m.client.post('/merchant/merchant/changeBank', {
        holder_name: 'Nguyen Van A',
        bank_name: 'Vietcombank',
        account_number: '0071000123456',
        pay_password: '123456',
      }),
      'changeBank',
    );
  }
  if (opts.balance) await topUp(m, op, opts.balance);
  return { ...m, op };
}

export const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
export const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
