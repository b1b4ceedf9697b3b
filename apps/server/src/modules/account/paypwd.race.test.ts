import { setTimeout as sleep } from 'node:timers/promises';
import { accountRoutes } from '@dropdesk/contract/account';
import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILURES } from '@dropdesk/contract/constants';
import { walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import type { Reply } from '../../../test/client';
import { newMerchant, type TestMerchant } from '../../../test/factories';
import { balanceOf, readyMerchant } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';
import { type PaySlot, payPasswordsRepository } from './paypwd.repository';
import { PAY_CHECK_LEASE_MS } from './paypwd.service';

const RIGHT = '123456';
const WRONG = '000000';

/**
 * The payment password under parallel requests (findings 1 and 2): only wrong answers
 * count towards the lock, and parallel guesses still get no more than five tries per lock window.
 */
describe(`payment password under concurrency (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Refusals carry `data` of their own shape, so these replies are read untyped.
  const verify = (m: TestMerchant, password: string): Promise<Reply<any>> =>
    m.client.post(accountRoutes.verifyPay.path, { pay_password: password });

  const payState = (id: number) =>
    t.database.db
      .selectFrom('merchants')
      .select(['pay_fail_count', 'pay_locked_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('200 parallel checks of the right payment password: all accepted, none answered PAY_PASSWORD_LOCKED', async () => {
    const m = await newMerchant(t, { payPassword: RIGHT });
    const replies = await Promise.all(Array.from({ length: 200 }, () => verify(m, RIGHT)));
    expect(replies.filter((r) => r.error === 'PAY_PASSWORD_LOCKED')).toHaveLength(0);
    expect(replies.filter((r) => r.code !== 1).map((r) => r.raw)).toEqual([]);
    expect(await payState(m.id)).toEqual({ pay_fail_count: 0, pay_locked_until: null });
  });

  it('100 parallel withdrawals with the right payment password: every one is accepted', async () => {
    const m = await readyMerchant(t, { balance: '1500' });
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        m.client.call(walletRoutes.extract, { method: 'bank', amount: '10', pay_password: RIGHT }),
      ),
    );
    expect(replies.filter((r) => r.error === 'PAY_PASSWORD_LOCKED')).toHaveLength(0);
    expect(replies.filter((r) => r.code !== 1).map((r) => r.raw)).toEqual([]);
    expect(await balanceOf(m)).toBe('500.00');
    expect(await payState(m.id)).toEqual({ pay_fail_count: 0, pay_locked_until: null });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('one wrong payment password racing four right ones, 5 times: only the wrong one counts, nothing locks', async () => {
    const m = await newMerchant(t, { payPassword: RIGHT });
    for (let round = 0; round < 5; round++) {
      // The wrong one goes last in the first round (as in the attack), then one place earlier each round.
      const at = 4 - round;
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) => verify(m, i === at ? WRONG : RIGHT)),
      );
      const wrong = replies[at];
      const rights = replies.filter((_, i) => i !== at);
      expect(wrong?.error).toBe('WRONG_PAY_PASSWORD');
      // Every round starts from no failures, so the one wrong answer is the only one counted.
      expect(wrong?.data.attempts_left).toBe(4);
      expect(rights.map((r) => r.error ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect((await payState(m.id)).pay_locked_until).toBeNull();
      // The next right one is accepted, and resets the count for the next round.
      expect((await verify(m, RIGHT)).data).toEqual({ ok: true });
      expect(await payState(m.id)).toEqual({ pay_fail_count: 0, pay_locked_until: null });
    }
  });

  it('50 parallel different wrong passwords: exactly 5 are verified, the lock is stored, the right one waits it out', async () => {
    const m = await newMerchant(t, { payPassword: RIGHT });
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => verify(m, String(100000 + i))));
    const wrong = replies.filter((r) => r.error === 'WRONG_PAY_PASSWORD');
    expect(wrong.map((r) => r.data.attempts_left).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(replies.filter((r) => r.error === 'PAY_PASSWORD_LOCKED')).toHaveLength(45);
    const state = await payState(m.id);
    expect(state.pay_locked_until).toBe(t.clock.now() + PAY_PASSWORD_LOCK_MS);

    const locked = await verify(m, RIGHT);
    expect(locked.error).toBe('PAY_PASSWORD_LOCKED');
    expect(Date.parse(locked.data.locked_until)).toBe(state.pay_locked_until);
    t.clock.advance(PAY_PASSWORD_LOCK_MS - 1);
    expect((await verify(m, RIGHT)).error).toBe('PAY_PASSWORD_LOCKED');
    t.clock.advance(1);
    expect((await verify(m, RIGHT)).data).toEqual({ ok: true });
    expect(await payState(m.id)).toEqual({ pay_fail_count: 0, pay_locked_until: null });
  });

  /**
   * Checks in flight elsewhere (another server, or one killed mid-check) hold slots taken through
   * the same repository call a check makes; finishing them is what that server's check would do.
   */
  const takeSlots = async (m: TestMerchant, n: number): Promise<PaySlot[]> => {
    const slots: PaySlot[] = [];
    for (let i = 0; i < n; i++) {
      const slot = await payPasswordsRepository.reserve(t.database.db, m.id, t.clock.now(), {
        max: PAY_PASSWORD_MAX_FAILURES,
        leaseMs: PAY_CHECK_LEASE_MS,
      });
      if (!slot) throw new Error(`slot ${i + 1} of ${n} not taken`);
      slots.push(slot);
    }
    return slots;
  };
  const failSlot = (m: TestMerchant, slot: PaySlot) =>
    payPasswordsRepository.failed(t.database.db, m.id, slot, t.clock.now(), {
      max: PAY_PASSWORD_MAX_FAILURES,
      lockMs: PAY_PASSWORD_LOCK_MS,
    });
  /** Starts a request and tells whether it has answered yet. */
  const started = (reply: Promise<Reply<any>>) => {
    const state = { done: false, reply };
    reply.then(() => {
      state.done = true;
    });
    return state;
  };

  it('the right password sent while five checks are in flight waits for them, and is accepted if they free their slots', async () => {
    const m = await newMerchant(t, { payPassword: RIGHT });
    const [a, b, c, d, e] = await takeSlots(m, 5);
    const right = started(verify(m, RIGHT));
    await sleep(100);
    expect(right.done).toBe(false);
    // Four of them turn out wrong: failures and slots still fill all five, so it keeps waiting.
    for (const slot of [a, b, c, d]) await failSlot(m, slot as PaySlot);
    await sleep(100);
    expect(right.done).toBe(false);
    // The fifth was right: the failures are cleared and the waiting check gets its slot.
    await payPasswordsRepository.passed(t.database.db, m.id, e as PaySlot);
    expect((await right.reply).data).toEqual({ ok: true });
    expect(await payState(m.id)).toEqual({ pay_fail_count: 0, pay_locked_until: null });
  });

  it('the right password sent while five wrong checks are in flight is answered LOCKED only once their lock is stored', async () => {
    const m = await newMerchant(t, { payPassword: RIGHT });
    const slots = await takeSlots(m, 5);
    const right = started(verify(m, RIGHT));
    await sleep(100);
    expect(right.done).toBe(false);
    for (const slot of slots) await failSlot(m, slot);
    const reply = await right.reply;
    expect(reply.error).toBe('PAY_PASSWORD_LOCKED');
    const state = await payState(m.id);
    expect(state.pay_locked_until).toBe(t.clock.now() + PAY_PASSWORD_LOCK_MS);
    expect(Date.parse(reply.data.locked_until)).toBe(state.pay_locked_until);
  });

  it('slots left by a server killed mid-check expire with their lease: the right password waits, then is accepted', async () => {
    const m = await newMerchant(t, { payPassword: RIGHT });
    const dead = await takeSlots(m, 5);
    const right = started(verify(m, RIGHT));
    await sleep(100);
    expect(right.done).toBe(false);
    t.clock.advance(PAY_CHECK_LEASE_MS);
    expect((await right.reply).data).toEqual({ ok: true });
    // The dead checks never became failures.
    expect((await verify(m, WRONG)).data.attempts_left).toBe(4);
    expect((await verify(m, RIGHT)).data).toEqual({ ok: true });

    // A dropped slot released late (a stalled server waking up) frees nothing of the new generation.
    const [live] = await takeSlots(m, 1);
    await payPasswordsRepository.passed(t.database.db, m.id, dead[0] as PaySlot);
    await failSlot(m, dead[1] as PaySlot);
    const inflight = () =>
      t.database.db
        .selectFrom('merchants')
        .select('pay_inflight')
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
    expect(await inflight()).toEqual({ pay_inflight: 1 });
    await payPasswordsRepository.passed(t.database.db, m.id, live as PaySlot);
    expect(await inflight()).toEqual({ pay_inflight: 0 });
  });

  it('while those slots are still leased, the wait is bounded: RATE_LIMITED at the field, never LOCKED', async () => {
    const m = await newMerchant(t, { payPassword: RIGHT });
    await takeSlots(m, 5);
    const begun = performance.now();
    const reply = await verify(m, RIGHT);
    expect(performance.now() - begun).toBeGreaterThanOrEqual(4_900);
    expect(reply.error).toBe('RATE_LIMITED');
    expect(Object.keys(reply.data.fields)).toEqual(['pay_password']);
    expect((await payState(m.id)).pay_locked_until).toBeNull();
    t.clock.advance(PAY_CHECK_LEASE_MS);
    expect((await verify(m, RIGHT)).data).toEqual({ ok: true });
  });
});
