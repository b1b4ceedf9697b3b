import type { AdminProduct, adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { overviewRoutes } from '@dropdesk/contract/overview';
import type { DataOf } from '@dropdesk/contract/route';
import type { adminWalletRoutes } from '@dropdesk/contract/wallet';

/**
 * Rows as the operator API answers them, for component tests (each test changes what it needs),
 * typed from the contract's rows: a field the contract renames or drops fails the typecheck here,
 * and the fake API (@dropdesk/test-kit/fake-api) checks each faked answer against the row's schema.
 */
let seq = 100;

/** One page of a list answer (`pageOf` in the contract). */
export interface Page<T> {
  total: number;
  page: number;
  limit: number;
  list: T[];
}
export const page = <T>(list: T[], total = list.length): Page<T> => ({ total, page: 1, limit: 50, list });

/** A top-up in the review queue (`GET /admin/recharges`), with its merchant and history. */
export type AdminRecharge = DataOf<typeof adminWalletRoutes.recharges>['list'][number];
export type MerchantRef = AdminRecharge['merchant'];

export function newMerchantRef(over: Partial<MerchantRef> = {}): MerchantRef {
  seq += 1;
  return { id: seq, real_name: 'Nguyen Van A', phone: '+84900000001', shop_name: `Shop ${seq}`, ...over };
}

export function newRecharge(over: Partial<AdminRecharge> = {}): AdminRecharge {
  seq += 1;
  return {
    id: seq,
    order_no: `R${seq}`,
    method: 'bank',
    network: null,
    address: null,
    amount: '150.00',
    status: 'pending',
    reason: null,
    voucher_url: `/uploads/v${seq}.webp`,
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    resolved_at: null,
    merchant: newMerchantRef(),
    history: { approved: 2, approved_total: '300.00', rejected: 0, cancelled: 0, pending: 1, first_at: null },
    ...over,
  };
}

/** `/admin/queues`: every queue's size and the preset reasons (English). */
export const queueSummary: DataOf<typeof overviewRoutes.queues> = {
  queues: [],
  reasons: {
    recharge: [{ code: 'not_received', text: 'We have not received this payment.' }],
    withdrawal: [{ code: 'risk_review', text: 'This withdrawal did not pass our security review.' }],
    kyc: [{ code: 'photo_unclear', text: 'The ID photos are unclear.' }],
  },
};

export function newAdminProduct(over: Partial<AdminProduct> = {}): AdminProduct {
  seq += 1;
  return {
    id: seq,
    category_id: 1,
    main_lang: 'en',
    texts: [{ lang: 'en', title: `Lamp ${seq}`, description: '' }],
    images: [],
    cost: '12.50',
    stock: 40,
    hot: false,
    active: true,
    sales: 3,
    listings: 1,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...over,
  };
}

export const categoriesReply: DataOf<typeof adminCatalogueRoutes.categories> = [
  { id: 1, parent_id: null, main_lang: 'en', names: { en: 'Home' }, sort: 0, products: 5 },
  { id: 2, parent_id: 1, main_lang: 'en', names: { en: 'Lighting' }, sort: 0, products: 2 },
];
