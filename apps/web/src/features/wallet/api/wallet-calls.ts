import type { BodyOf, DataOf } from '@dropdesk/contract/route';
import type { walletRoutes } from '@dropdesk/contract/wallet';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useSession } from '../../../lib/session';

type R = typeof walletRoutes;
export type ExtractInfo = DataOf<R['extractInfo']>;

export const walletApi = {
  blockchain: () => call<R['getBlockchain']>({ method: 'GET', path: '/merchant/merchant/getBlockchain' }),
  recharge: (body: BodyOf<R['recharge']>, idempotencyKey: string) =>
    call<R['recharge']>({ method: 'POST', path: '/merchant/merchant/recharge' }, { body, idempotencyKey }),
  rechargeLog: (page: number) =>
    call<R['rechargeLog']>(
      { method: 'GET', path: '/merchant/merchant/recharge_log' },
      { query: { page: String(page) } },
    ),
  extractInfo: () => call<R['extractInfo']>({ method: 'GET', path: '/merchant/merchant/extract' }),
  extract: (body: BodyOf<R['extract']>, idempotencyKey: string) =>
    call<R['extract']>(
      { method: 'POST', path: '/merchant/merchant/extract' },
      { body, idempotencyKey, quiet: true },
    ),
  extractLog: (page: number) =>
    call<R['extractLog']>(
      { method: 'GET', path: '/merchant/merchant/extract_log' },
      { query: { page: String(page) } },
    ),
};

/** Query keys of this feature, from one factory; keyed by session so one merchant never sees another's. */
export const walletKeys = {
  all: ['wallet'] as const,
  blockchain: (token: string | null) => ['wallet', 'blockchain', token] as const,
  extractInfo: (token: string | null) => ['wallet', 'extract', token] as const,
  rechargeLog: (token: string | null) => ['wallet', 'recharge-log', token] as const,
  extractLog: (token: string | null) => ['wallet', 'extract-log', token] as const,
};

const useToken = () => useSession((s) => s.token);

export const useBlockchain = () =>
  useQuery({ queryKey: walletKeys.blockchain(useToken()), queryFn: walletApi.blockchain });
export const useExtractInfo = () =>
  useQuery({ queryKey: walletKeys.extractInfo(useToken()), queryFn: walletApi.extractInfo });

interface Paged<T> {
  list: T[];
  total?: number;
  page?: number;
  has_more?: boolean;
}

function nextPage<T>(last: Paged<T>, pages: Paged<T>[]): number | undefined {
  if (last.has_more === false || last.list.length === 0) return undefined;
  if (typeof last.total === 'number' && pages.reduce((n, p) => n + p.list.length, 0) >= last.total)
    return undefined;
  return pages.length + 1;
}

export const useRechargeLog = () =>
  useInfiniteQuery({
    queryKey: walletKeys.rechargeLog(useToken()),
    queryFn: ({ pageParam }) => walletApi.rechargeLog(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPage(last as Paged<unknown>, pages as Paged<unknown>[]),
  });

export const useExtractLog = () =>
  useInfiniteQuery({
    queryKey: walletKeys.extractLog(useToken()),
    queryFn: ({ pageParam }) => walletApi.extractLog(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPage(last as Paged<unknown>, pages as Paged<unknown>[]),
  });

/** One key per attempt: a retry of the same attempt reuses it, a changed form gets a new one. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
