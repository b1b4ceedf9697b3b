import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import type { Client } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { askTopUp, balanceOf, openBankTopUps, READY } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';

/**
 * Random sequences of top-ups, reviews, withdrawals and rejections against a model of the wallet:
 * after every step the merchant's balance equals the model's and the ledger check passes.
 * FC_SEED / FC_RUNS reproduce or widen a run; the seed is printed on failure by fast-check.
 */
type Cmd =
  | { kind: 'topup'; cents: number }
  | { kind: 'reviewTopup'; pick: number; approve: boolean }
  | { kind: 'withdraw'; cents: number }
  | { kind: 'reviewWithdrawal'; pick: number; approve: boolean };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constant('topup' as const), cents: fc.integer({ min: 10_000, max: 500_000 }) }),
  fc.record({ kind: fc.constant('reviewTopup' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), cents: fc.integer({ min: 1, max: 600_000 }) }),
  fc.record({ kind: fc.constant('reviewWithdrawal' as const), pick: fc.nat(), approve: fc.boolean() }),
);

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe(`wallet model (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let op: Client;
  let min = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t);
    await openBankTopUps(op);
    const settings = await op.call(adminWalletRoutes.settings);
    min = Math.round(Number(settings.data.withdraw_min) * 100);
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  it('balances follow the model and the ledger stays sound', async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 12 }), async (cmds) => {
        const m = await newMerchant(t, READY);
        const model = {
          balance: 0,
          pendingTopups: [] as Array<{ id: number; cents: number }>,
          pendingW: [] as Array<{ id: number; cents: number }>,
        };
        for (const c of cmds) {
          if (c.kind === 'topup') {
            const r = await askTopUp(m, money(c.cents));
            model.pendingTopups.push({ id: r.id, cents: c.cents });
          } else if (c.kind === 'reviewTopup' && model.pendingTopups.length > 0) {
            const r = model.pendingTopups.splice(c.pick % model.pendingTopups.length, 1)[0]!;
            const res = c.approve
              ? await op.call(adminWalletRoutes.approveRecharge, { id: r.id })
              : await op.call(adminWalletRoutes.rejectRecharge, { id: r.id, reason: 'no such transfer' });
            expect(res.code, res.raw).toBe(1);
            if (c.approve) model.balance += r.cents;
          } else if (c.kind === 'withdraw') {
            const res = await m.client.call(walletRoutes.extract, {
              method: 'bank',
              amount: money(c.cents),
              pay_password: '123456',
            });
            // The minimum is checked before the balance.
            if (c.cents < min) expect(res.error, res.raw).toBe('MIN_WITHDRAWAL');
            else if (c.cents > model.balance) expect(res.error, res.raw).toBe('CANNOT_EXCEED_BALANCE');
            else {
              expect(res.code, res.raw).toBe(1);
              model.balance -= c.cents;
              model.pendingW.push({ id: res.data.id, cents: c.cents });
            }
          } else if (c.kind === 'reviewWithdrawal' && model.pendingW.length > 0) {
            const w = model.pendingW.splice(c.pick % model.pendingW.length, 1)[0]!;
            const res = c.approve
              ? await op.call(adminWalletRoutes.approveWithdrawal, { id: w.id })
              : await op.call(adminWalletRoutes.rejectWithdrawal, { id: w.id, reason: 'account closed' });
            expect(res.code, res.raw).toBe(1);
            if (!c.approve) model.balance += w.cents;
          }
          expect(await balanceOf(m)).toBe(money(model.balance));
          expect((await checkLedger(t.database.db)).problems).toEqual([]);
        }
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 25),
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
        verbose: true,
      },
    );
    console.log(`wallet model on ${t.engine}: ${Date.now() - started} ms`);
  }, 120_000);
});
