import { formatMoney } from '@dropdesk/contract/money';
import { moneyTransaction } from '../../db/transaction';
import type { MoneyDeps } from '../../lib/money-deps';
import { notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import { balanceAfter, post, walletBalance } from '../ledger';
import { notify } from '../notices';
import { currentLevel, levelItem } from './catalogue.views';
import { levelsRepository } from './levels.repository';

/** The merchant's level row; registration gives every shop one, so its absence is a broken row. */
async function currentOf(db: MoneyDeps['db'], merchantId: number) {
  const current = await levelsRepository.current(db, merchantId);
  if (!current) throw new Error(`merchant ${merchantId} has no level`);
  return current;
}

/**
 * Seller levels: what each level offers (margin, quota, price), and the purchase of the next one
 * from the wallet. A merchant keeps the terms of the day of purchase: an operator's later change of
 * a level applies to purchases from then on.
 */
export class LevelsService {
  constructor(private readonly deps: MoneyDeps) {}

  /** The levels by rank, the merchant's own (as bought), the one an upgrade buys, the quota used. */
  async overview(merchantId: number) {
    const { db } = this.deps;
    const [levels, current] = await Promise.all([levelsRepository.all(db), currentOf(db, merchantId)]);
    const next = levels.find((l) => l.rank > current.rank);
    return {
      current: currentLevel(current),
      levels: levels.map(levelItem),
      next_level_id: next?.id ?? null,
      quota_used: current.listings_used,
    };
  }

  /**
   * Buys the level ranked just above the merchant's (any other: LEVEL_NOT_NEXT) with the payment
   * password. In one money transaction, which also completes the Idempotency-Key: the purchase is
   * recorded at the level's terms of today (only while the merchant still holds the level it had, so
   * of two racing purchases one wins), a `level_purchase` journal moves the price from the wallet
   * to the platform's revenue (the ledger refuses INSUFFICIENT_BALANCE when the wallet is short,
   * and nothing is kept), and the merchant is told. A free level posts no journal. The new margin
   * prices every listing from the next read; the new quota applies to the next add.
   */
  async upgrade(
    merchantId: number,
    body: { level_id: number; pay_password: string },
    idem: Idempotency | null,
  ) {
    const { db, clock } = this.deps;
    const level = await levelsRepository.byId(db, body.level_id);
    if (!level) throw notFound();
    const current = await currentOf(db, merchantId);
    const next = await levelsRepository.nextAbove(db, current.rank);
    if (next?.id !== level.id) throw new Refusal('LEVEL_NOT_NEXT');
    await this.deps.payPasswords.check(merchantId, body.pay_password);

    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      if (!(await levelsRepository.buy(tx, merchantId, current.level_id, level, now)))
        throw new Refusal('LEVEL_NOT_NEXT');
      const wallet = { merchantId, kind: 'wallet' } as const;
      let balance: number;
      if (level.price > 0) {
        const journal = await post(tx, {
          type: 'level_purchase',
          merchantId,
          ref: { type: 'level', id: level.id },
          at: now,
          postings: [
            { account: wallet, amount: -level.price },
            { account: { platform: 'revenue' }, amount: level.price },
          ],
        });
        balance = balanceAfter(journal, wallet);
      } else {
        balance = await walletBalance(tx, merchantId);
      }
      await notify(
        tx,
        {
          merchantId,
          type: 'level_upgraded',
          params: { level: level.name },
          ref: { type: 'level', id: level.id },
        },
        now,
      );
      return { current: currentLevel(await currentOf(tx, merchantId)), balance: formatMoney(balance) };
    });
  }
}
