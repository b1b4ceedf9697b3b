import type { CurrencyInfo, MerInfo } from '@dropdesk/contract/account';
import { type EchartRange, ORDER_BADGE_QUERY } from '@dropdesk/contract/constants';
import type { dashboardRoutes } from '@dropdesk/contract/dashboard';
import type { messageRoutes } from '@dropdesk/contract/messages';
import * as accountPaths from '@dropdesk/contract/paths/account';
import * as dashboardPaths from '@dropdesk/contract/paths/dashboard';
import * as messagePaths from '@dropdesk/contract/paths/message';
import * as orderPaths from '@dropdesk/contract/paths/order';
import type { DataOf, PathRow } from '@dropdesk/contract/route';
import { exchange } from '@dropdesk/web-kit/http';
import { DEVICE_HEADER, deviceId } from '../lib/device';

/**
 * The Home page's calls (src/home/page.ts): plain fetch with the `token`, `lang` and `device`
 * (lib/device.ts) headers, the API's envelope read by the kit's framework-free core
 * (@dropdesk/web-kit/http), no HTTP client of the app's (that one brings i18next and the toasts).
 * Each call answers its `data`, or throws a `CallFailed` saying why. Paths come from the contract's
 * zod-free rows (`@dropdesk/contract/paths/*`), types from its zod rows by `import type`: neither
 * brings zod.
 */

export type Dashboard = DataOf<typeof dashboardRoutes.index>;
export type Echart = DataOf<typeof dashboardRoutes.echart>;
export type EchartPoint = Echart['series'][number];
export type Announcement = DataOf<typeof messageRoutes.affiche>['list'][number];

/** Why a call gave no data: no session (401), a refusal with the server's words, no answer, a crash. */
export class CallFailed extends Error {
  constructor(
    readonly kind: 'session' | 'refused' | 'network' | 'server',
    message = '',
  ) {
    super(message);
  }
}

export interface Caller {
  token: string;
  lang: string;
  /** fetch, replaceable in tests. */
  fetch?: typeof fetch;
}

async function get<T>(
  caller: Caller,
  row: PathRow & { method: 'GET' },
  query?: Readonly<Record<string, string | number>>,
): Promise<T> {
  const params = query && new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const url = params ? `${row.path}?${params}` : row.path;
  const reply = await exchange(() =>
    (caller.fetch ?? fetch)(url, {
      headers: { token: caller.token, lang: caller.lang, [DEVICE_HEADER]: deviceId() },
    }),
  );
  if (reply.kind === 'network') throw new CallFailed('network');
  if (reply.kind === 'unauthorized') throw new CallFailed('session', reply.msg);
  if (reply.kind === 'server' || reply.code === undefined) throw new CallFailed('server');
  if (reply.code !== 1) throw new CallFailed('refused', reply.msg);
  return reply.data as T;
}

export const getDashboard = (c: Caller) => get<Dashboard>(c, dashboardPaths.index);
export const getEchart = (c: Caller, range: EchartRange) => get<Echart>(c, dashboardPaths.echart, { range });
export const getAffiche = (c: Caller) => get<DataOf<typeof messageRoutes.affiche>>(c, messagePaths.affiche);
export const getMerInfo = (c: Caller) => get<MerInfo>(c, accountPaths.getMerInfo);
export const getCurrency = async (c: Caller): Promise<CurrencyInfo> =>
  (await get<{ currency: CurrencyInfo }>(c, accountPaths.config)).currency;
/** The Order tab's badge: the specification's status 5, page 1, limit 10 `total` (ORDER_BADGE_QUERY). */
export const getOrderBadge = async (c: Caller): Promise<number> =>
  (await get<{ total: number }>(c, orderPaths.list, ORDER_BADGE_QUERY)).total;

/** Enough of the dashboard's shape to draw from: a snapshot from an older version reads as none. */
export function isDashboard(data: unknown): data is Dashboard {
  const d = data as Partial<Dashboard> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.today === 'string' &&
    typeof d.total_sales === 'string' &&
    typeof d.today_sales === 'string' &&
    typeof d.rating === 'object' &&
    typeof d.credit?.score === 'number' &&
    typeof d.credit.penalties === 'object' &&
    typeof d.visitors?.thirty === 'number'
  );
}

export const isCurrency = (data: unknown): data is CurrencyInfo =>
  typeof (data as CurrencyInfo | null)?.code === 'string' &&
  typeof (data as CurrencyInfo | null)?.symbol === 'string';

export const isAnnouncements = (data: unknown): data is Announcement[] =>
  Array.isArray(data) && data.every((a) => typeof a?.text === 'string' && typeof a?.id === 'number');
