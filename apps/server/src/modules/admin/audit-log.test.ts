import { randomUUID } from 'node:crypto';
import { AUDIT_TARGETS, adminRoutes as r } from '@dropdesk/contract/admin';
import { adminMessageRoutes } from '@dropdesk/contract/messages';
import type { RouteDef } from '@dropdesk/contract/route';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newCategory, newLevel, newProduct } from '../../../test/catalogue';
import { seedChainAlert } from '../../../test/chain/alerts';
import { TEST_XPUB } from '../../../test/chain/anvil';
import { Client, expectRefusal, type Reply } from '../../../test/client';
import { contractRows } from '../../../test/contract-rows';
import { newPackage } from '../../../test/express';
import {
  creditWallet,
  newMerchant,
  newOperator,
  OPERATOR_PASSWORD,
  type TestOperator,
} from '../../../test/factories';
import { csv, photo, postForm } from '../../../test/fixtures/catalogue';
import { appealRefund, askRefund, newOrder } from '../../../test/orders';
import { auditSince, lastAuditId } from '../../../test/services';
import { askTopUp, openBankTopUps, READY, TOPUP_ACCOUNT, TRC20 } from '../../../test/wallet';
import { audit } from '../audit';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
/** Less than the operators' idle time, so the test's admin stays signed in. */
const GAP = 20 * 60_000;

/**
 * The audit log (docs/console-api.md "Audit log"): append-only in the database itself, read by
 * admins newest first with filters; and every /admin row that changes something leaves an entry
 * with its operator, target and the values after (and before, where there was a before).
 */
describe(`the audit log (${engine})`, () => {
  let t: TestApp;
  let admin: TestOperator;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newOperator(t, 'admin');
  });
  afterAll(() => t.close());

  // ------------------------------------------------------------ append-only

  it('refuses every UPDATE and DELETE of its rows, on the engine itself', async () => {
    const db = t.database.db;
    await audit(
      db,
      {
        operatorId: admin.id,
        action: 'invite.create',
        targetType: 'invitation_code',
        targetId: 'TEST1',
        before: null,
        after: { a: 1 },
      },
      t.clock.now(),
    );
    const id = await lastAuditId(t);
    await expect(
      db.updateTable('audit_log').set({ after: '{"a":2}' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.updateTable('audit_log').set({ before: '{}' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    if (t.engine === 'postgres')
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const [entry] = await auditSince(t, id - 1);
    expect(entry).toMatchObject({ action: 'invite.create', after: { a: 1 } });
  });

  // ------------------------------------------------------------ reading it

  it('lists entries newest first with the operator’s name, filtered, page by page', async () => {
    const start = t.clock.now();
    const reviewer = await newOperator(t, 'reviewer');
    t.clock.advance(GAP);
    const mid = t.clock.now();
    const made = await admin.call(r.createOperator, {
      username: `audited_${Date.now().toString(36)}`,
      password: OPERATOR_PASSWORD,
      role: 'support',
    });
    t.clock.advance(GAP);
    await admin.call(r.updateOperator, { id: made.data.id, role: 'catalogue' });
    await admin.call(r.resetTotp, { id: reviewer.id });
    const end = t.clock.now() + 1;

    const mine = await admin.call(r.audit, {
      operator_id: String(admin.id),
      target_type: 'operator',
      from: iso(mid),
    });
    expect(mine.data.list.map((e) => e.action)).toEqual([
      'operator.reset_totp',
      'operator.update',
      'operator.create',
    ]);
    expect(mine.data.total).toBe(3);
    const [reset, update, create] = mine.data.list;
    expect(reset).toEqual({
      id: expect.any(Number),
      operator: { id: admin.id, username: admin.username },
      action: 'operator.reset_totp',
      target_type: 'operator',
      target_id: String(reviewer.id),
      before: { totp_enrolled: true, totp_enrolled_at: iso(start) },
      after: { totp_enrolled: false, totp_enrolled_at: null },
      detail: { sessions_revoked: true },
      created_at: iso(end - 1),
    });
    expect(update).toMatchObject({ before: { role: 'support' }, after: { role: 'catalogue' }, detail: null });
    expect(create).toMatchObject({ before: null, after: { role: 'support' }, created_at: iso(mid) });
    expect(reset!.id).toBeGreaterThan(update!.id);

    const byAction = await admin.call(r.audit, {
      action: 'operator.update',
      target_id: String(made.data.id),
    });
    expect(byAction.data.list.map((e) => e.id)).toEqual([update!.id]);
    const byTarget = await admin.call(r.audit, { target_type: 'operator', target_id: String(made.data.id) });
    expect(byTarget.data.list.map((e) => e.action)).toEqual(['operator.update', 'operator.create']);
    // `to` is exclusive, `from` inclusive.
    const window = await admin.call(r.audit, {
      operator_id: String(admin.id),
      from: iso(mid),
      to: iso(mid + 1),
    });
    expect(window.data.list.map((e) => e.id)).toEqual([create!.id]);
    expect(
      (await admin.call(r.audit, { operator_id: String(admin.id), from: iso(end), to: iso(end + GAP) })).data
        .total,
    ).toBe(0);
    // The reviewer's own login is its entry.
    const theirs = await admin.call(r.audit, { operator_id: String(reviewer.id) });
    expect(theirs.data.list.map((e) => e.action)).toEqual(['operator.login']);
    expect(theirs.data.list[0]!.operator).toEqual({ id: reviewer.id, username: reviewer.username });
    // Pages.
    const page1 = await admin.call(r.audit, { operator_id: String(admin.id), from: iso(mid), limit: '2' });
    const page2 = await admin.call(r.audit, {
      operator_id: String(admin.id),
      from: iso(mid),
      limit: '2',
      page: '2',
    });
    expect(page1.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect([...page1.data.list, ...page2.data.list].map((e) => e.id)).toEqual(
      mine.data.list.map((e) => e.id),
    );
    // What the command line did has no operator.
    await audit(
      t.database.db,
      {
        operatorId: null,
        action: 'invite.create',
        targetType: 'invitation_code',
        targetId: 'TEST2',
        before: null,
        after: { ok: true },
      },
      t.clock.now(),
    );
    const cli = await admin.call(r.audit, { action: 'invite.create' });
    expect(cli.data.list[0]).toMatchObject({
      operator: null,
      after: { ok: true },
      before: null,
      detail: null,
    });
  });

  it.each([
    ['a page of 0', { page: '0' }, 'page'],
    ['a limit of 101', { limit: '101' }, 'limit'],
    ['an operator id of text', { operator_id: 'admin' }, 'operator_id'],
    ['an operator id of 0', { operator_id: '0' }, 'operator_id'],
    ['an empty action', { action: '' }, 'action'],
    ['an action of 65 characters', { action: 'x'.repeat(65) }, 'action'],
    ['a target type of 65 characters', { target_type: 'x'.repeat(65) }, 'target_type'],
    ['a target id with a control character', { target_id: 'a\u0001' }, 'target_id'],
    ['a from that is no time', { from: 'yesterday' }, 'from'],
    ['a from without a time zone', { from: '2026-11-22T08:00:00' }, 'from'],
    ['a date without a time', { to: '2026-11-22' }, 'to'],
    ['a to before the from', { from: '2026-11-22T08:00:00Z', to: '2026-11-22T07:00:00Z' }, 'to'],
    ['a to equal to the from', { from: '2026-11-22T08:00:00Z', to: '2026-11-22T08:00:00Z' }, 'to'],
    ['an unknown parameter', { merchant_id: '1' }, 'merchant_id'],
  ])('the list refuses %s', async (_name, query, field) => {
    expectRefusal(await admin.get(r.audit.path, query), 'INVALID_INPUT', field);
  });

  it('takes times with an offset', async () => {
    const res = await admin.call(r.audit, {
      from: '2026-11-22T15:00:00+07:00',
      to: '2026-11-22T09:00:00.000Z',
    });
    expect(res.code, res.raw).toBe(1);
  });

  it.each(['reviewer', 'catalogue', 'support'] as const)(
    'a %s operator is refused the audit log',
    async (role) => {
      const op = await newOperator(t, role);
      expectRefusal(await op.call(r.audit, {}), 'FORBIDDEN');
      expectRefusal(await op.get(r.audit.path, { page: 'x' }), 'FORBIDDEN');
    },
  );

  // ------------------------------------------------------------ every action audited

  it('every /admin row that changes something leaves an entry with its operator, target and after', async () => {
    const m = await newMerchant(t, { ...READY, balance: '500.00', payPassword: '123456' });
    await openBankTopUps(admin);
    const other = await newOperator(t, 'reviewer');
    const category = await newCategory(t);
    const product = await newProduct(t, { categoryId: category });
    const level = await newLevel(t, { margin_bps: 100, quota: 5, price: '1.00' });
    const pkg = await newPackage(t);
    const announcement = await admin.call(adminMessageRoutes.createAnnouncement, {
      texts: { en: 'Audited' },
      main_lang: 'en',
    });
    const kycA = await newMerchant(t, { kyc: 'pending' });
    const kycB = await newMerchant(t, { kyc: 'pending' });
    const submission = async (merchantId: number) =>
      (
        await t.database.db
          .selectFrom('kyc_submissions')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .executeTakeFirstOrThrow()
      ).id;
    const [topUpA, topUpB] = [await askTopUp(m, '150.00', 'bank'), await askTopUp(m, '160.00', 'bank')];
    const withdrawal = async () => {
      const res = await m.client.post(
        '/merchant/merchant/extract',
        { method: 'bank', amount: '100.00', pay_password: '123456' },
        { headers: { 'Idempotency-Key': randomUUID() } },
      );
      if (res.code !== 1) throw new Error(`withdrawal: ${res.raw}`);
      return res.data.id as number;
    };
    const [wA, wB] = [await withdrawal(), await withdrawal()];
    await creditWallet(t, m.id, '50.00');
    const toShip = await newOrder(t, m.id, { status: 1 });
    const shipped = await newOrder(t, m.id, { status: 2 });
    const appealed = await newOrder(t, m.id, { status: 2 });
    const refund = await askRefund(t, appealed);
    await m.client.post(
      '/merchant/merchant/refund_audit',
      { id: refund.id, action: 'reject', reason: 'Not agreed' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    await appealRefund(t, refund.id);
    const closeMe = await newMerchant(t);
    const toShipByCsv = await newOrder(t, m.id, { status: 1 });
    // A balance adjustment is approved or rejected by another admin than its proposer.
    const proposer = await newOperator(t, 'admin');
    const proposal = async () => {
      const res = await proposer.post(
        '/admin/adjustments/propose',
        { merchant_id: m.id, direction: 'credit', amount: '1.00', reason: 'Walk' },
        { headers: { 'Idempotency-Key': randomUUID() } },
      );
      if (res.code !== 1) throw new Error(`proposal: ${res.raw}`);
      return res.data.id as number;
    };

    /** A body for each POST row, and, for the forms, how to send it. */
    type Call = { body: Record<string, unknown> } | { form: () => Promise<Reply> };
    const calls: Record<string, () => Promise<Call> | Call> = {
      'POST /admin/logout': () => ({ body: {} }),
      'POST /admin/operators/create': () => ({
        body: { username: `walk_${Date.now().toString(36)}`, password: OPERATOR_PASSWORD, role: 'support' },
      }),
      'POST /admin/operators/update': () => ({ body: { id: other.id, role: 'support' } }),
      'POST /admin/operators/reset_totp': () => ({ body: { id: other.id } }),
      'POST /admin/alliance/settings': () => ({ body: { commission_bps: 150 } }),
      'POST /admin/catalogue/categories': () => ({ body: { main_lang: 'en', names: { en: 'Walked' } } }),
      'POST /admin/catalogue/categories/update': () => ({
        body: { id: category, names: { en: 'Walked again' } },
      }),
      'POST /admin/catalogue/products': () => ({
        body: {
          category_id: category,
          main_lang: 'en',
          texts: [{ lang: 'en', title: 'Walked' }],
          cost: '3.00',
          stock: 5,
        },
      }),
      'POST /admin/catalogue/products/update': () => ({ body: { id: product, stock: 42 } }),
      'POST /admin/catalogue/products/image': () => ({
        form: async () =>
          postForm(admin, '/admin/catalogue/products/image', [
            { name: 'product_id', value: String(product) },
            { name: 'file', filename: 'photo', content: await photo(40, 40), mime: 'image/png' },
          ]),
      }),
      'POST /admin/catalogue/products/import': () => ({
        form: async () =>
          postForm(admin, '/admin/catalogue/products/import', [
            {
              name: 'file',
              filename: 'products.csv',
              content: csv([
                ['category', 'main_lang', 'cost', 'stock', 'title_en'],
                [String(category), 'en', '4.00', '9', 'Imported on the walk'],
              ]),
              mime: 'text/csv',
            },
          ]),
      }),
      'POST /admin/levels': () => ({ body: { name: 'Walk', margin_bps: 200, quota: 9, price: '2.00' } }),
      'POST /admin/levels/update': () => ({ body: { id: level.id, quota: 6 } }),
      'POST /admin/express/packages': () => ({
        body: { main_lang: 'en', names: { en: 'Walk' }, price: '1.00', days: 1, product_count: 1 },
      }),
      'POST /admin/express/packages/update': () => ({ body: { id: pkg.id, price: '2.00' } }),
      'POST /admin/express/packages/disable': () => ({ body: { id: pkg.id } }),
      'POST /admin/kyc/approve': async () => ({ body: { id: await submission(kycA.id) } }),
      'POST /admin/kyc/reject': async () => ({ body: { id: await submission(kycB.id), reason: 'Blurred' } }),
      'POST /admin/messages/send': () => ({
        body: { title: 'Walk', body: 'Walking', audience: 'chosen', merchant_ids: [m.id] },
      }),
      'POST /admin/announcements/create': () => ({ body: { texts: { en: 'Walk' }, main_lang: 'en' } }),
      'POST /admin/announcements/update': () => ({ body: { id: announcement.data.id, active: false } }),
      'POST /admin/orders/ship': () => ({ body: { id: toShip.id, carrier: 'GHN', tracking_no: 'W1' } }),
      'POST /admin/orders/progress': () => ({ body: { id: shipped.id, status: 6 } }),
      'POST /admin/refunds/arbitrate': () => ({
        body: { id: refund.id, decision: 'reject', reason: 'Upheld' },
      }),
      'POST /admin/topup_bank_account': () => ({ body: { ...TOPUP_ACCOUNT, holder_name: 'Walked' } }),
      'POST /admin/topup_manual': () => ({ body: { instructions: 'Walked in with cash' } }),
      'POST /admin/shop/close': () => ({ body: { merchant_id: closeMe.id, reason: 'Walk' } }),
      'POST /admin/shop/reopen': () => ({ body: { merchant_id: closeMe.id } }),
      'POST /admin/service_contact': () => ({ body: { url: '', text: 'Walk' } }),
      'POST /admin/recharges/approve': () => ({ body: { id: topUpA.id } }),
      'POST /admin/recharges/reject': () => ({ body: { id: topUpB.id, reason: 'Walk' } }),
      'POST /admin/withdrawals/approve': () => ({ body: { id: wA } }),
      'POST /admin/withdrawals/reject': () => ({ body: { id: wB, reason: 'Walk' } }),
      'POST /admin/adjustments/propose': () => ({
        body: { merchant_id: m.id, direction: 'credit', amount: '2.00', reason: 'Walk' },
      }),
      'POST /admin/adjustments/approve': async () => ({ body: { id: await proposal() } }),
      'POST /admin/adjustments/reject': async () => ({ body: { id: await proposal(), reason: 'Walk' } }),
      'POST /admin/ledger/check': () => ({ body: {} }),
      'POST /admin/orders/ship_csv': () => ({
        form: async () =>
          postForm(admin, '/admin/orders/ship_csv', [
            {
              name: 'file',
              filename: 'shipping.csv',
              content: csv([
                ['order_no', 'carrier', 'tracking_no'],
                [toShipByCsv.order_no, 'GHN', 'W2'],
              ]),
              mime: 'text/csv',
            },
          ]),
      }),
      'POST /admin/deposit_addresses': () => ({ body: { network: 'TRC20', address: TRC20, enabled: true } }),
      'POST /admin/chain/networks': () => ({
        body: {
          network: 'ERC20',
          rpc_url: 'https://rpc.example',
          token_contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
          token_decimals: 6,
          xpub: TEST_XPUB,
          start_block: 1,
          enabled: false,
        },
      }),
      'POST /admin/chain/alerts/resolve': async () => ({
        body: { id: await seedChainAlert(t, (await newMerchant(t)).id), resolution: 'Walked' },
      }),
      'POST /admin/wallet/settings': () => ({
        body: {
          withdraw_fee_bps: 100,
          withdraw_fee_fixed: '1.00',
          withdraw_min: '10.00',
          processing_hours: 24,
        },
      }),
    };

    // Every operator POST row of the contract, rows added later included, must be in the table:
    // a new row that changes something is audited, and this test says so.
    const rows = contractRows().filter(
      (row: RouteDef) => row.method === 'POST' && row.path.startsWith('/admin') && row.auth === 'operator',
    );
    expect(rows.map((row) => `${row.method} ${row.path}`).sort()).toEqual(Object.keys(calls).sort());

    const missing: string[] = [];
    for (const row of rows) {
      const name = `${row.method} ${row.path}`;
      // Logging out ends the session it is sent with: a session of its own.
      const client = name === 'POST /admin/logout' ? await signedInAgain(admin) : admin;
      const call = await calls[name]!();
      const before = await lastAuditId(t);
      const res =
        'form' in call
          ? await call.form()
          : await client.post(row.path, call.body, {
              headers: row.idempotent ? { 'Idempotency-Key': randomUUID() } : {},
            });
      expect(res.code, `${name}: ${res.raw}`).toBe(1);
      const entries = await auditSince(t, before);
      const entry = entries.find((e) => e.operator_id === admin.id);
      // Its target kind is one the console can name (the contract's AUDIT_TARGETS).
      const known = (AUDIT_TARGETS as readonly string[]).includes(entry?.target_type ?? '');
      if (!entry || !known || entry.target_id === '' || entry.after === null) missing.push(name);
    }
    expect(missing).toEqual([]);
  }, 120_000);

  /** Another session of the same operator (`signIn` replaces the client's token: keep the first). */
  async function signedInAgain(op: TestOperator): Promise<Client> {
    const kept = op.token;
    t.clock.advance(30_000);
    await op.signIn();
    const fresh = new Client(t.app, op.token);
    op.token = kept;
    return fresh;
  }
});

const iso = (ms: number) => new Date(ms).toISOString();
