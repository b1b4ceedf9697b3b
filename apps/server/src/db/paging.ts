import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './database';

/** Page `page` (from 1) of `limit` rows. */
export interface Paging {
  page: number;
  limit: number;
}

/** The list shape of docs/design.md §4: `{ total, page, limit, list }`. */
export interface PageOf<T> {
  total: number;
  /** Set when `total` was counted only up to a cap (fetchPage's `countCap`): more rows match. */
  capped?: boolean;
  page: number;
  limit: number;
  list: T[];
}

/**
 * One page of a filtered query, and how many rows the filter matches in all, side by side.
 * `filtered` holds the FROM, joins and WHERE; `select` adds the columns and the order to it.
 */
// Any table, joins and aliases: the builder's own type parameters are not ours to spell here.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Builder<O> = SelectQueryBuilder<any, any, O>;

export async function fetchPage<Q extends Builder<object>, Row, T>(
  filtered: Q,
  select: (q: Q) => Builder<Row>,
  paging: Paging,
  toItems: (rows: Row[]) => T[] | Promise<T[]>,
  /** How the matches are counted, when not all of them (see countUpTo). */
  count?: (filtered: Q) => Promise<{ total: number; capped: boolean }>,
): Promise<PageOf<T>> {
  const [counted, rows] = await Promise.all([
    count
      ? count(filtered)
      : filtered
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow()
          .then((r) => ({ total: Number((r as { total: number | string | bigint }).total) })),
    select(filtered)
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
  ]);
  return { ...counted, page: paging.page, limit: paging.limit, list: await toItems(rows) };
}

/**
 * Counts the matches of a filtered query up to `cap` (and says `capped` when there are more): a
 * count reads every match, so a broad search would otherwise cost its whole result to show its
 * first page.
 */
export function countUpTo<Q extends Builder<object>>(db: Db, cap: number) {
  return async (filtered: Q) => {
    const row = await db
      .selectFrom(
        filtered
          .select(sql`1`.as('one'))
          .limit(cap + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    const n = Number(row.total);
    return { total: Math.min(n, cap), capped: n > cap };
  };
}
