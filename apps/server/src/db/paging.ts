import type { SelectQueryBuilder } from 'kysely';

/** Page `page` (from 1) of `limit` rows. */
export interface Paging {
  page: number;
  limit: number;
}

/** The list shape of DESIGN §4: `{ total, page, limit, list }`. */
export interface PageOf<T> {
  total: number;
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
): Promise<PageOf<T>> {
  const [counted, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    select(filtered)
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
  ]);
  const total = Number((counted as { total: number | string | bigint }).total);
  return { total, page: paging.page, limit: paging.limit, list: await toItems(rows) };
}
