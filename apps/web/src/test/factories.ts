import type { accountRoutes, MerInfo } from '@dropdesk/contract/account';
import type { ListingItem } from '@dropdesk/contract/catalogue';
import type { orderRoutes } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { ok } from '@dropdesk/test-kit/fake-api';

let seq = 0;

/** A merchant as getMerInfo returns it; override what the test cares about. */
export function newMerInfo(over: Partial<MerInfo> = {}): MerInfo {
  seq += 1;
  return {
    id: seq,
    phone: `+8490000${String(seq).padStart(4, '0')}`,
    email: `m${seq}@shop.test`,
    real_name: 'Nguyễn Văn An',
    country: 'VN',
    time_zone: 'Asia/Ho_Chi_Minh',
    lang: 'en',
    invite_code: `INV${seq}AB`,
    invite_link: `http://localhost/register?invite=INV${seq}AB`,
    status: 'active',
    closed_reason: null,
    pay_password_set: false,
    kyc_status: 'unverified',
    created_at: '2026-11-01T08:00:00.000Z',
    balance: '1234.50',
    level: null,
    shop: {
      name: `Shop ${seq}`,
      logo_url: null,
      address: '1 Lê Lợi, Quận 1',
      phone: '',
      intro: '',
      welcome: '',
      service_link: '',
      banner_url: null,
      ad_banner_url: null,
      twitter: '',
      google: '',
    },
    ...over,
  };
}

/**
 * A listing of the merchant's shop as product/manage lists it (catalogue and express tests), with
 * the id the calling feature's counter gave; override what the test cares about.
 */
export function listingOf(id: number, over: Partial<ListingItem> = {}): ListingItem {
  return {
    id,
    product_id: id + 1000,
    title: `Listing ${id}`,
    image: null,
    cost: '40.00',
    price: '46.00',
    profit: '6.00',
    stock: 12,
    status: 'selling',
    sellable: true,
    unsellable_reason: null,
    views: 0,
    sales: 0,
    recommended: false,
    created_at: '2026-11-20T08:00:00.000Z',
    ...over,
  };
}

/** The public config (common/config) as the server sends it; the platform's currency is USD ($). */
export function newConfig(
  over: Partial<DataOf<typeof accountRoutes.config>> = {},
): DataOf<typeof accountRoutes.config> {
  return {
    service_url: 'https://support.example/chat',
    service_text: '',
    invite_base_url: 'http://localhost',
    languages: [],
    countries: ['VN'],
    min_topup: '100.00',
    currency: { code: 'USD', symbol: '$' },
    ...over,
  };
}

/**
 * The Order tab's badge: every tab screen (/my, /product, /order) asks order/list for the orders
 * awaiting pickup (status 5, page 1, limit 10). Spread it into mockApi in a test that opens one.
 * /my also asks index/notice_unread for its Messages entry's badge (none unread here).
 */
export const orderBadge = (total = 0) => ({
  'GET /merchant/order/list': () => ok(badgePage(total)),
  'GET /merchant/index/notice_unread': () => ok({ system: 0, notice: 0 }),
});

/** order/list's answer to the Order tab's badge call: `total` orders awaiting pickup, no rows asked. */
export const badgePage = (total = 0): DataOf<typeof orderRoutes.list> => ({
  total,
  page: 1,
  limit: 10,
  list: [],
  total_capped: false,
  sums: null,
});
