import type { ReviewStatus } from '@dropdesk/contract/wallet';
import { type Selectable, sql } from 'kysely';
import type { Db } from './database';
import { fetchPage, type PageOf, type Paging } from './paging';
import type { DB } from './schema';

/** Tables of a merchant's requests that operators review (top-ups, withdrawals). */
export type ReviewedTable = 'recharges' | 'withdrawals';

export interface ReviewFilter {
  merchantId?: number | undefined;
  status?: ReviewStatus | undefined;
  /** Top-ups a person declared (with a voucher), not the transfers the chain watcher credits. */
  declaredOnly?: boolean | undefined;
}

/**
 * A page of one merchant's requests (newest first, its log) or of the review queue (oldest first),
 * optionally of one status.
 */
export function reviewPage<T extends ReviewedTable>(
  db: Db,
  table: T,
  filter: ReviewFilter,
  paging: Paging,
  order: 'asc' | 'desc',
  /** `due_at` (withdrawals): by their promise's end, then by id. */
  sort: 'id' | 'due_at' = 'id',
): Promise<PageOf<Selectable<DB[T]>>> {
  // Both tables have merchant_id, status and id; Kysely can't see that through the type parameter.
  let q = db.selectFrom(table as ReviewedTable);
  if (filter.merchantId !== undefined) q = q.where('merchant_id', '=', filter.merchantId);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.declaredOnly && table === 'recharges') q = q.where(sql.ref('tx_hash'), 'is', null);
  return fetchPage(
    q,
    (f) =>
      (sort === 'due_at' ? f.selectAll().orderBy(sql.ref('due_at'), order) : f.selectAll()).orderBy(
        'id',
        order,
      ),
    paging,
    (rows) => rows as Selectable<DB[T]>[],
  );
}
