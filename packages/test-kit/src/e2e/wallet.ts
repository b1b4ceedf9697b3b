/**
 * Money set up through the API, for specs that need a merchant with a history: the operator acts
 * through the admin API, as the operator console would. The UI paths themselves are covered by
 * wallet.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { admin, api, ok, registerMerchant, type TestMerchant, uploadImage } from './server';

/** A fresh Idempotency-Key (money routes need one). */
export const idempotent = () => ({ 'Idempotency-Key': randomUUID() });

/** The platform's TRC20 deposit address in the browser tests. */
export const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** The receiving bank account of bank-card top-ups in the browser tests. */
export const TOPUP_BANK = {
  bank_name: 'Vietcombank',
  holder_name: 'DROPDESK TEST',
  account_number: '0071000999999',
  reference_rule: 'DD{merchant_id}',
} as const;

/** How manual top-ups are paid in the browser tests (an admin's text, line breaks kept). */
export const TOPUP_MANUAL = {
  instructions: 'Cash at the Dropdesk desk, 12 Lê Lợi, District 1.\nMon-Fri 9:00-17:00, bring your shop ID.',
} as const;

/**
 * Opens every top-up method: a deposit address on TRC20, the manual instructions and the receiving
 * bank account.
 */
export async function openTopUps(op: string) {
  ok(await admin(op, '/admin/deposit_addresses', { body: { network: 'TRC20', address: TRC20 } }));
  ok(await admin(op, '/admin/topup_manual', { body: TOPUP_MANUAL }));
  ok(await admin(op, '/admin/topup_bank_account', { body: TOPUP_BANK }));
}

/** The operator's pending item of this merchant in an admin review list. */
export async function pendingOf(op: string, path: string, merchantId: number): Promise<{ id: number }> {
  const list = ok(
    await admin<{ list: { id: number; merchant: { id: number } }[] }>(op, path, {
      query: { status: 'pending', limit: 100 },
    }),
  );
  const item = list.list.find((x) => x.merchant.id === merchantId);
  if (!item) throw new Error(`nothing pending for merchant ${merchantId} at ${path}`);
  return item;
}

/** The operator approves this merchant's pending top-up, withdrawal or identity. */
export async function approve(op: string, what: 'recharges' | 'withdrawals' | 'kyc', merchantId: number) {
  const item = await pendingOf(op, `/admin/${what}`, merchantId);
  ok(await admin(op, `/admin/${what}/approve`, { body: { id: item.id }, headers: idempotent() }));
}

/** The operator rejects this merchant's pending top-up or withdrawal, with a reason. */
export async function reject(
  op: string,
  what: 'recharges' | 'withdrawals',
  merchantId: number,
  reason: string,
) {
  const item = await pendingOf(op, `/admin/${what}`, merchantId);
  ok(await admin(op, `/admin/${what}/reject`, { body: { id: item.id, reason }, headers: idempotent() }));
}

/** Sets the payment password through the API (the account suite covers the UI). */
export async function setPayPassword(m: TestMerchant, pay = '123456') {
  ok(
    await api('/merchant/merchant/setPaypwd', {
      token: m.token,
      body: { pay_password: pay, pay_password_confirm: pay },
    }),
  );
}

/** A pending manual top-up asked through the API. */
export async function askTopUp(m: TestMerchant, amount: string) {
  const voucher = await uploadImage('voucher', m.token);
  ok(
    await api('/merchant/merchant/recharge', {
      token: m.token,
      body: { method: 'manual', amount, voucher },
      headers: idempotent(),
    }),
  );
}

/** A top-up asked through the API and approved by the operator. */
export async function toppedUp(m: TestMerchant, op: string, amount: string) {
  await askTopUp(m, amount);
  await approve(op, 'recharges', m.merinfo.id);
}

/** Identity submitted through the API and verified by the operator. */
export async function verified(m: TestMerchant, op: string) {
  const [front, back, hand] = await Promise.all([
    uploadImage('id_card', m.token),
    uploadImage('id_card', m.token),
    uploadImage('id_card', m.token),
  ]);
  ok(
    await api('/merchant/merchant/idcard', {
      token: m.token,
      body: {
        real_name: m.realName,
        id_number: '079123456789',
        id_card_front: front,
        id_card_back: back,
        id_card_hand: hand,
      },
    }),
  );
  await approve(op, 'kyc', m.merinfo.id);
}

/** Saves a bank card (needs the payment password). */
export async function savedBankCard(m: TestMerchant, pay = '123456') {
  ok(
    await api('/merchant/merchant/changeBank', {
      token: m.token,
      body: {
        holder_name: m.realName,
        bank_name: 'Vietcombank',
        account_number: '0071000123456',
        pay_password: pay,
      },
    }),
  );
}

/** A pending withdrawal to the saved bank card. */
/** A merchant who can withdraw: payment password 123456, verified identity, a bank card, `balance`. */
export async function merchantWithMoney(op: string, balance = '500'): Promise<TestMerchant> {
  const m = await registerMerchant();
  await setPayPassword(m);
  await verified(m, op);
  await savedBankCard(m);
  await toppedUp(m, op, balance);
  return m;
}

export async function askWithdrawal(m: TestMerchant, amount: string, pay = '123456') {
  ok(
    await api('/merchant/merchant/extract', {
      token: m.token,
      body: { method: 'bank', amount, pay_password: pay },
      headers: idempotent(),
    }),
  );
}

/** The balance the server holds for this merchant, as on the wire ("400.00"). */
export async function balanceOf(m: TestMerchant): Promise<string> {
  return ok(await api<{ balance: string }>('/merchant/merchant/getMerInfo', { token: m.token })).balance;
}
