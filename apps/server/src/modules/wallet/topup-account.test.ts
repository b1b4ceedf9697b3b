import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator, type TestMerchant } from '../../../test/factories';
import { TRC20, uploadAs } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';

/**
 * What the merchant pays into off chain, as admins configure it: the receiving bank account of
 * bank-card top-ups (a merchant reads it with its own transfer reference) and the
 * instructions of manual top-ups (the two methods showed the same screen). Reviewers read
 * both; until its own is configured (and enabled) each method is not open. The chain method is
 * likewise closed while no network has an enabled deposit address. Paths are written out, as the
 * web calls them.
 */
const MERCHANT_ROW = '/merchant/merchant/getBankAccount';
const ADMIN_ROW = '/admin/topup_bank_account';
const MANUAL_ROW = '/merchant/merchant/getManualDeposit';
const ADMIN_MANUAL_ROW = '/admin/topup_manual';
const RECHARGE = '/merchant/merchant/recharge';

const ACCOUNT = {
  bank_name: 'Vietcombank',
  holder_name: 'Dropdesk Trading Ltd',
  account_number: '0071 0001-23456',
  reference_rule: 'DD{merchant_id}',
};

describe(`top-up bank account (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Client;
  let reviewer: Client;
  let support: Client;
  let catalogue: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, reviewer, support, catalogue] = await Promise.all([
      newOperator(t, 'admin'),
      newOperator(t, 'reviewer'),
      newOperator(t, 'support'),
      newOperator(t, 'catalogue'),
    ]);
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const recharge = (m: TestMerchant, body: Record<string, unknown>) =>
    m.client.post(RECHARGE, body, { headers: { 'Idempotency-Key': randomUUID() } });

  it('is not configured at first: manual and bank top-ups are refused before the voucher is read', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const shown = await m.client.get(MERCHANT_ROW);
    expect(shown.code, shown.raw).toBe(1);
    expect(shown.data).toEqual({ account: null });
    expect((await reviewer.get(ADMIN_ROW)).data).toEqual({ account: null });
    expect((await m.client.get(MANUAL_ROW)).data).toEqual({ manual: null });
    expect((await reviewer.get(ADMIN_MANUAL_ROW)).data).toEqual({ manual: null });

    const voucher = await uploadAs(m, 'voucher');
    const foreign = await uploadAs(other, 'voucher');
    for (const method of ['manual', 'bank']) {
      expectRefusal(await recharge(m, { method, amount: '100', voucher }), 'METHOD_UNAVAILABLE', 'method');
      // Not open says so first, whatever the voucher: the merchant should not upload one in vain.
      expectRefusal(
        await recharge(m, { method, amount: '100', voucher: foreign }),
        'METHOD_UNAVAILABLE',
        'method',
      );
    }
    const en = await m.client.post(
      RECHARGE,
      { method: 'manual', amount: '100', voucher },
      { lang: 'en', headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(en.fields?.method).toBe('This top-up method is not open yet');
    expect((await m.client.get('/merchant/merchant/recharge_log')).data.total).toBe(0);
  });

  it('chain: refused with NETWORK_UNAVAILABLE while the network has no enabled address', async () => {
    const m = await newMerchant(t);
    const voucher = await uploadAs(m, 'voucher');
    expect((await m.client.get('/merchant/merchant/getBlockchain')).data.networks).toEqual([]);
    const chain = (network: string) => recharge(m, { method: 'chain', network, amount: '100', voucher });
    expectRefusal(await chain('TRC20'), 'NETWORK_UNAVAILABLE', 'network');
    const disabled = await admin.post('/admin/deposit_addresses', {
      network: 'TRC20',
      address: TRC20,
      enabled: false,
    });
    expect(disabled.code, disabled.raw).toBe(1);
    expect((await m.client.get('/merchant/merchant/getBlockchain')).data.networks).toEqual([]);
    expectRefusal(await chain('TRC20'), 'NETWORK_UNAVAILABLE', 'network');
    expectRefusal(await chain('ERC20'), 'NETWORK_UNAVAILABLE', 'network');
    expect((await m.client.get('/merchant/merchant/recharge_log')).data.total).toBe(0);
  });

  it('only admins set it; reviewers read it; other roles are FORBIDDEN; no session is 401', async () => {
    expectRefusal(await reviewer.post(ADMIN_ROW, ACCOUNT), 'FORBIDDEN');
    for (const op of [support, catalogue]) {
      expectRefusal(await op.get(ADMIN_ROW), 'FORBIDDEN');
      expectRefusal(await op.post(ADMIN_ROW, ACCOUNT), 'FORBIDDEN');
    }
    const m = await newMerchant(t);
    // A merchant session is not an operator session, and an operator's is not a merchant's.
    expect((await m.client.get(ADMIN_ROW)).status).toBe(401);
    expect((await m.client.post(ADMIN_ROW, ACCOUNT)).status).toBe(401);
    expect((await admin.get(MERCHANT_ROW)).status).toBe(401);
    const nobody = { token: null };
    expect((await m.client.get(MERCHANT_ROW, undefined, nobody)).status).toBe(401);
    expect((await m.client.get(ADMIN_ROW, undefined, nobody)).status).toBe(401);
    expect((await m.client.post(ADMIN_ROW, ACCOUNT, nobody)).status).toBe(401);
    expect((await reviewer.get(ADMIN_ROW)).data).toEqual({ account: null });
  });

  it('refuses bad input, each at its field', async () => {
    const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
      ['no bank name', { bank_name: undefined }, 'bank_name', 'INVALID_INPUT', 'Required'],
      ['blank holder', { holder_name: '   ' }, 'holder_name', 'INVALID_INPUT', 'Required'],
      [
        'a 5,000-character name',
        { holder_name: 'A'.repeat(5000) },
        'holder_name',
        'INVALID_INPUT',
        'Too long',
      ],
      ['a long bank name', { bank_name: 'B'.repeat(101) }, 'bank_name', 'INVALID_INPUT', 'Too long'],
      [
        'an account number with letters out of place',
        { account_number: '12!34' },
        'account_number',
        'ACCOUNT_NUMBER_INVALID',
        'Please enter a valid account number',
      ],
      [
        'a rule without a placeholder',
        { reference_rule: 'DROPDESK' },
        'reference_rule',
        'INVALID_INPUT',
        'Use only letters, digits and dashes, with the merchant_id or invite_code placeholder',
      ],
      [
        'an unknown placeholder',
        { reference_rule: 'DD{phone}' },
        'reference_rule',
        'INVALID_INPUT',
        'Use only letters, digits and dashes, with the merchant_id or invite_code placeholder',
      ],
      [
        'a space a bank would drop',
        { reference_rule: 'DD {merchant_id}' },
        'reference_rule',
        'INVALID_INPUT',
        'Use only letters, digits and dashes, with the merchant_id or invite_code placeholder',
      ],
      [
        'a long rule',
        { reference_rule: `${'D'.repeat(30)}{merchant_id}` },
        'reference_rule',
        'INVALID_INPUT',
        'Too long',
      ],
      [
        'a control character',
        { bank_name: 'Viet\u0000' },
        'bank_name',
        'INVALID_INPUT',
        'Contains characters that are not allowed',
      ],
      ['enabled as text', { enabled: 'yes' }, 'enabled', 'INVALID_INPUT', 'Not a valid value'],
      ['an unknown field', { merchant_id: 1 }, 'merchant_id', 'INVALID_INPUT', 'Unknown field'],
    ];
    for (const [what, change, field, key, message] of cases) {
      const res = await admin.post(ADMIN_ROW, { ...ACCOUNT, ...change }, { lang: 'en' });
      expectRefusal(res, key, field, what);
      expect(res.fields?.[field], what).toBe(message);
    }
    expect((await reviewer.get(ADMIN_ROW)).data).toEqual({ account: null });
  });

  it('configured: each merchant reads it with its own reference, bank-card top-ups open, and the change is audited', async () => {
    const saved = await admin.post(ADMIN_ROW, ACCOUNT);
    expect(saved.code, saved.raw).toBe(1);
    expect(saved.data).toEqual({
      bank_name: 'Vietcombank',
      holder_name: 'Dropdesk Trading Ltd',
      account_number: '0071000123456',
      reference_rule: 'DD{merchant_id}',
      enabled: true,
      updated_at: expect.any(String),
    });
    expect((await reviewer.get(ADMIN_ROW)).data).toEqual({ account: saved.data });

    const [a, b] = await Promise.all([newMerchant(t), newMerchant(t)]);
    for (const m of [a, b]) {
      const res = await m.client.get(MERCHANT_ROW);
      expect(res.data).toEqual({
        account: {
          bank_name: 'Vietcombank',
          holder_name: 'Dropdesk Trading Ltd',
          account_number: '0071000123456',
          reference: `DD${m.id}`,
        },
      });
    }
    const res = await recharge(a, { method: 'bank', amount: '100', voucher: await uploadAs(a, 'voucher') });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ method: 'bank', status: 'pending', amount: '100.00' });
    // Another merchant's voucher is still refused once the method is open.
    const foreign = await uploadAs(b, 'voucher');
    expectRefusal(
      await recharge(a, { method: 'bank', amount: '100', voucher: foreign }),
      'UPLOAD_INVALID',
      'voucher',
    );
    // The account opens bank-card top-ups only: manual ones wait for their own instructions.
    expectRefusal(
      await recharge(a, { method: 'manual', amount: '100', voucher: await uploadAs(a, 'voucher') }),
      'METHOD_UNAVAILABLE',
      'method',
    );

    const byCode = await admin.post(ADMIN_ROW, { ...ACCOUNT, reference_rule: 'DD-{invite_code}' });
    expect(byCode.code, byCode.raw).toBe(1);
    expect((await a.client.get(MERCHANT_ROW)).data.account.reference).toBe(`DD-${a.inviteCode}`);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'topup_bank_account.set')
      .execute();
    expect(audit).toHaveLength(2);
    expect({ before: JSON.parse(audit[1]!.before!), after: JSON.parse(audit[1]!.after!) }).toMatchObject({
      before: { reference_rule: 'DD{merchant_id}' },
      after: { reference_rule: 'DD-{invite_code}' },
    });
  });

  it('disabled by an admin: the bank-card method closes again', async () => {
    const off = await admin.post(ADMIN_ROW, { ...ACCOUNT, enabled: false });
    expect(off.code, off.raw).toBe(1);
    expect((await reviewer.get(ADMIN_ROW)).data.account).toMatchObject({ enabled: false });
    const m = await newMerchant(t);
    expect((await m.client.get(MERCHANT_ROW)).data).toEqual({ account: null });
    const voucher = await uploadAs(m, 'voucher');
    expectRefusal(
      await recharge(m, { method: 'bank', amount: '100', voucher }),
      'METHOD_UNAVAILABLE',
      'method',
    );
  });

  // ------------------------------------------------------------ manual top-ups

  const MANUAL = {
    instructions: 'Cash at our office, 12 Lê Lợi, District 1, 9:00-17:00.\nBring your shop ID.',
  };

  it('manual: only admins write the instructions; reviewers read them; other roles FORBIDDEN; no session 401', async () => {
    expectRefusal(await reviewer.post(ADMIN_MANUAL_ROW, MANUAL), 'FORBIDDEN');
    for (const op of [support, catalogue]) {
      expectRefusal(await op.get(ADMIN_MANUAL_ROW), 'FORBIDDEN');
      expectRefusal(await op.post(ADMIN_MANUAL_ROW, MANUAL), 'FORBIDDEN');
    }
    const m = await newMerchant(t);
    expect((await m.client.get(ADMIN_MANUAL_ROW)).status).toBe(401);
    expect((await m.client.post(ADMIN_MANUAL_ROW, MANUAL)).status).toBe(401);
    expect((await admin.get(MANUAL_ROW)).status).toBe(401);
    const nobody = { token: null };
    expect((await m.client.get(MANUAL_ROW, undefined, nobody)).status).toBe(401);
    expect((await m.client.post(ADMIN_MANUAL_ROW, MANUAL, nobody)).status).toBe(401);
    expect((await reviewer.get(ADMIN_MANUAL_ROW)).data).toEqual({ manual: null });
  });

  it('manual: refuses bad instructions at their field, in the caller’s language, and stores nothing', async () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['no instructions', { instructions: undefined }, 'instructions', 'Required'],
      ['blank instructions', { instructions: ' \n ' }, 'instructions', 'Required'],
      ['1,001 characters', { instructions: 'x'.repeat(1001) }, 'instructions', 'Too long'],
      [
        'a control character',
        { instructions: 'Cash\u0007' },
        'instructions',
        'Contains characters that are not allowed',
      ],
      ['a number', { instructions: 42 }, 'instructions', 'Required'],
      ['enabled as text', { enabled: 'yes' }, 'enabled', 'Not a valid value'],
      ['an unknown field', { html: '<b>x</b>' }, 'html', 'Unknown field'],
    ];
    for (const [what, change, field, message] of cases) {
      const res = await admin.post(ADMIN_MANUAL_ROW, { ...MANUAL, ...change }, { lang: 'en' });
      expectRefusal(res, 'INVALID_INPUT', field, what);
      expect(res.fields?.[field], what).toBe(message);
    }
    const vi = await admin.post(ADMIN_MANUAL_ROW, { instructions: '' }, { lang: 'vi' });
    expectRefusal(vi, 'INVALID_INPUT', 'instructions');
    expect(vi.fields?.instructions).not.toBe('Required');
    expect((await reviewer.get(ADMIN_MANUAL_ROW)).data).toEqual({ manual: null });
    expect(
      await t.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'topup_manual.set')
        .execute(),
    ).toEqual([]);
  });

  it('manual: written, every merchant reads the instructions as typed, manual top-ups open, the change is audited', async () => {
    const saved = await admin.post(ADMIN_MANUAL_ROW, {
      ...MANUAL,
      instructions: `  ${MANUAL.instructions}  `,
    });
    expect(saved.code, saved.raw).toBe(1);
    expect(saved.data).toEqual({ ...MANUAL, enabled: true, updated_at: expect.any(String) });
    expect((await reviewer.get(ADMIN_MANUAL_ROW)).data).toEqual({ manual: saved.data });

    const [a, b] = await Promise.all([newMerchant(t), newMerchant(t)]);
    for (const m of [a, b])
      expect((await m.client.get(MANUAL_ROW)).data).toEqual({
        manual: { instructions: MANUAL.instructions },
      });

    const res = await recharge(a, { method: 'manual', amount: '250', voucher: await uploadAs(a, 'voucher') });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ method: 'manual', status: 'pending', amount: '250.00', network: null });
    // Another merchant's voucher is refused, and the top-up stays the caller's own.
    expectRefusal(
      await recharge(a, { method: 'manual', amount: '100', voucher: await uploadAs(b, 'voucher') }),
      'UPLOAD_INVALID',
      'voucher',
    );
    expect((await b.client.get('/merchant/merchant/recharge_log')).data.total).toBe(0);

    const changed = await admin.post(ADMIN_MANUAL_ROW, { instructions: 'Ask customer service first.' });
    expect(changed.code, changed.raw).toBe(1);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'topup_manual.set')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ target_type: 'topup_manual', target_id: '1' });
    expect({ before: JSON.parse(audit[1]!.before!), after: JSON.parse(audit[1]!.after!) }).toEqual({
      before: { ...MANUAL, enabled: true },
      after: { instructions: 'Ask customer service first.', enabled: true },
    });
  });

  it('manual: disabled by an admin, the method closes again and the instructions are kept', async () => {
    const off = await admin.post(ADMIN_MANUAL_ROW, { ...MANUAL, enabled: false });
    expect(off.code, off.raw).toBe(1);
    expect((await reviewer.get(ADMIN_MANUAL_ROW)).data.manual).toMatchObject({ ...MANUAL, enabled: false });
    const m = await newMerchant(t);
    expect((await m.client.get(MANUAL_ROW)).data).toEqual({ manual: null });
    expectRefusal(
      await recharge(m, { method: 'manual', amount: '100', voucher: await uploadAs(m, 'voucher') }),
      'METHOD_UNAVAILABLE',
      'method',
    );
  });
});
