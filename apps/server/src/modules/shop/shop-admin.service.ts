import type { adminShop, ShopClosure } from '@dropdesk/contract/shop';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { ShopClosuresTable } from '../../db/schema';
import { type Clock, iso } from '../../lib/clock';
import { notFound, Refusal } from '../../lib/refusal';
import { loadMerInfo } from '../account';
import { audit } from '../audit';
import { notify } from '../notices';
import type { Sessions } from '../sessions';
import { shopsRepository } from './shops.repository';

type AdminShop = z.infer<typeof adminShop>;

/** Closures an operator sees of a shop (newest first). */
const CLOSURES_SHOWN = 50;

const closureView = (row: Omit<ShopClosuresTable, 'id'> & { id: number }): ShopClosure => ({
  id: row.id,
  reason: row.reason,
  closed_by: row.closed_by,
  closed_at: iso(row.closed_at),
  reopened_by: row.reopened_by,
  reopened_at: row.reopened_at === null ? null : iso(row.reopened_at),
  reopen_note: row.reopen_note,
});

export interface ShopAdminDeps {
  db: Db;
  clock: Clock;
  sessions: Pick<Sessions, 'revokeAll'>;
  publicUrl: string;
}

/**
 * Operators close and reopen shops (docs/design.md §5 "Merchant, session, shop"; docs/shop.md). Closing is
 * one transaction: the merchant's status and reason (what every writing request checks), the
 * closure's history row, every session of the merchant ended (docs/decisions.md 3: it may log in
 * again and read), the merchant's notice with the reason, and the audit entry. Of two operators
 * closing at once one wins, the other is told SHOP_ALREADY_CLOSED; reopening likewise.
 * `operatorId` is null from the command line (`npm run ops -- shop:close`).
 */
export class ShopAdmin {
  constructor(private readonly deps: ShopAdminDeps) {}

  async shop(merchantId: number): Promise<AdminShop> {
    const { db, publicUrl } = this.deps;
    const [info, closures] = await Promise.all([
      loadMerInfo(db, merchantId, publicUrl),
      shopsRepository.closures(db, merchantId, CLOSURES_SHOWN),
    ]);
    if (!info) throw notFound();
    return {
      merchant_id: info.id,
      status: info.status,
      closed_reason: info.closed_reason,
      shop: info.shop,
      closures: closures.map(closureView),
    };
  }

  async close(operatorId: number | null, merchantId: number, reason: string): Promise<AdminShop> {
    const { db, clock, sessions } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      if (!(await shopsRepository.close(tx, merchantId, reason, now)))
        throw await this.notOpen(tx, merchantId);
      const closureId = await shopsRepository.insertClosure(tx, { merchantId, reason, operatorId, at: now });
      await sessions.revokeAll({ type: 'merchant', id: merchantId }, undefined, tx);
      await notify(
        tx,
        { merchantId, type: 'shop_closed', params: { reason }, ref: { type: 'shop_closure', id: closureId } },
        now,
      );
      await audit(
        tx,
        {
          operatorId,
          action: 'shop.close',
          targetType: 'merchant',
          targetId: merchantId,
          before: { status: 'active', closed_reason: null },
          after: { status: 'closed', closed_reason: reason },
          detail: { closure_id: closureId, sessions_revoked: true },
        },
        now,
      );
    });
    return this.shop(merchantId);
  }

  async reopen(operatorId: number | null, merchantId: number, note: string): Promise<AdminShop> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const before = await shopsRepository.status(tx, merchantId);
      if (!before) throw notFound();
      if (!(await shopsRepository.reopen(tx, merchantId, now))) throw new Refusal('SHOP_NOT_CLOSED');
      const closureId = await shopsRepository.endClosure(tx, { merchantId, operatorId, note, at: now });
      await notify(
        tx,
        {
          merchantId,
          type: 'shop_reopened',
          params: { note },
          ...(closureId === null ? {} : { ref: { type: 'shop_closure', id: closureId } }),
        },
        now,
      );
      await audit(
        tx,
        {
          operatorId,
          action: 'shop.reopen',
          targetType: 'merchant',
          targetId: merchantId,
          before: { status: 'closed', closed_reason: before.closed_reason },
          after: { status: 'active', closed_reason: null },
          detail: { closure_id: closureId, note },
        },
        now,
      );
    });
    return this.shop(merchantId);
  }

  /** Why a shop could not be closed: there is no such merchant, or it is closed already. */
  private async notOpen(db: Db, merchantId: number): Promise<Refusal> {
    return (await shopsRepository.status(db, merchantId)) ? new Refusal('SHOP_ALREADY_CLOSED') : notFound();
  }
}
