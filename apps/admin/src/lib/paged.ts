import type { TablePaginationConfig } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { formatNumber } from './format';
import { i18n } from './i18n';

export const PAGE_SIZES = [20, 50, 100];

/**
 * A server-paged table's state in the address (`?page=2&limit=50&status=5`): back, forward and
 * reload keep it, and a link can hand it over. Every filter change goes back to page 1. Two tables
 * on one screen keep apart with a `prefix` (`a_page`).
 */
export function usePaged<const F extends string>(filterNames: readonly F[], prefix = '') {
  const [params, setParams] = useSearchParams();
  const pageKey = `${prefix}page`;
  const limitKey = `${prefix}limit`;
  const page = Math.max(1, Number(params.get(pageKey)) || 1);
  const limit = PAGE_SIZES.includes(Number(params.get(limitKey)))
    ? Number(params.get(limitKey))
    : PAGE_SIZES[0]!;
  const filters = Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? undefined])) as Record<
    F,
    string | undefined
  >;
  const update = (changes: Record<string, string | number | undefined | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: false },
    );
  return {
    page,
    limit,
    filters,
    /** The query the server reads: page, limit and the filters set (strings, as a query string is). */
    query: { page: String(page), limit: String(limit), ...filters },
    setFilters: (changes: Partial<Record<F, string | undefined>>) =>
      update({ ...changes, [pageKey]: undefined }),
    /** antd Table's pagination, on the server's `total` (a capped count says "10,000+"). */
    pagination: (total: number | undefined, capped = false): TablePaginationConfig => ({
      current: page,
      pageSize: limit,
      total: total ?? 0,
      pageSizeOptions: PAGE_SIZES,
      showSizeChanger: true,
      showTotal: (n) => i18n.t('common.total', { count: n, total: `${formatNumber(n)}${capped ? '+' : ''}` }),
      onChange: (p, size) =>
        update({ [pageKey]: p === 1 ? undefined : p, [limitKey]: size === PAGE_SIZES[0] ? undefined : size }),
    }),
  };
}
