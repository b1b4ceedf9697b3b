import { randomUUID } from 'node:crypto';
import { adminSettingsRoutes } from '@dropdesk/contract/settings';
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

/** Asks for a top-up with a fresh voucher; returns the recharge. */
export async function askTopUp(m: TestMerchant, amount: string, method = 'manual') {
  const voucher = await uploadAs(m, 'voucher');
  return ok(await pay(m.client, '/merchant/merchant/recharge', { method, amount, voucher }), 'recharge');
}

export async function balanceOf(m: TestMerchant): Promise<string> {
  return ok(await m.client.get('/merchant/merchant/getMerInfo'), 'getMerInfo').balance as string;
}

/** What a merchant needs to withdraw: a verified identity, a bank card, payment password 123456. */
export const READY = { kyc: 'verified', bank: true, payPassword: '123456' } as const;

/**
 * A merchant with payment password 123456, a verified identity, a bank card and `balance`, made
 * from rows by the factory (kept for callers that also want an operator at hand).
 */
export async function readyMerchant(
  t: TestApp,
  opts: { op?: Client; balance?: string; bank?: boolean; timeZone?: string } = {},
): Promise<TestMerchant & { op: Client }> {
  const op = opts.op ?? (await newOperator(t));
  const m = await newMerchant(t, {
    ...READY,
    bank: opts.bank !== false,
    ...(opts.balance ? { balance: opts.balance } : {}),
    ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
  });
  return { ...m, op };
}

export const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
export const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A receiving account for bank-card top-ups, which stay closed until one is set. */
export const TOPUP_ACCOUNT = {
  bank_name: 'Test Bank',
  holder_name: 'Dropdesk Test',
  account_number: '000000000000',
  reference_rule: 'DD{merchant_id}',
} as const;

/** How manual top-ups are paid, which stay closed until an admin writes it. */
export const TOPUP_MANUAL = {
  instructions: 'Pay cash at the Dropdesk desk, 1 Test Street, 9:00-17:00.\nKeep the receipt.',
} as const;

/**
 * Opens manual and bank-card top-ups the way an admin does: sets the receiving account and writes
 * the manual instructions.
 */
export async function openBankTopUps(admin: Client): Promise<void> {
  ok(await admin.call(adminSettingsRoutes.setBankAccount, TOPUP_ACCOUNT), 'set the top-up bank account');
  ok(await admin.call(adminSettingsRoutes.setManualDeposit, TOPUP_MANUAL), 'write the manual instructions');
}
