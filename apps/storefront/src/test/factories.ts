import type { DataOf } from '@dropdesk/contract/route';
import type { BuyerOrder, storeRoutes } from '@dropdesk/contract/store';

/**
 * Test data typed from the contract's rows (store.ts): a field the contract renames or drops fails
 * the typecheck here, and the fake API checks each faked answer against the row's schema.
 */
export type StoreShop = DataOf<typeof storeRoutes.shop>;
export type StoreProduct = DataOf<typeof storeRoutes.products>['list'][number];
export type StoreProductDetail = DataOf<typeof storeRoutes.product>;
export type Payment = DataOf<typeof storeRoutes.testPay>;

export const shopData = (over: Partial<StoreShop> = {}): StoreShop => ({
  id: 7,
  name: 'Lotus Goods',
  logo_url: '/uploads/logo.png',
  banner_url: '/uploads/banner.png',
  ad_banner_url: null,
  intro: 'Home things, shipped fast.',
  welcome: 'Welcome to our shop!',
  service_link: '',
  twitter: '',
  google: '',
  followers: 12,
  following: false,
  rating: 4.6,
  ratings: 5,
  closed: false,
  lang: 'en',
  ...over,
});

export const productData = (id: number, over: Partial<StoreProduct> = {}): StoreProduct => ({
  id,
  title: `Product ${id}`,
  image: { url: `/uploads/p${id}.jpg`, width: 800, height: 800 },
  price: '12.50',
  stock: 10,
  sales: 3,
  recommended: false,
  ...over,
});

export const productDetail = (id: number, over: Partial<StoreProductDetail> = {}): StoreProductDetail => ({
  ...productData(id),
  shop_id: 7,
  shop_lang: 'en',
  description: 'A good thing.',
  images: [
    { url: `/uploads/p${id}.jpg`, width: 800, height: 800 },
    { url: `/uploads/p${id}-2.jpg`, width: 800, height: 600 },
  ],
  ...over,
});

const NO = { pay: false, cancel: false, confirm: false, rate: false, refund: false, appeal: false };

export const orderData = (
  over: Partial<Omit<BuyerOrder, 'can'>> & { can?: Partial<BuyerOrder['can']> } = {},
): BuyerOrder => ({
  id: 41,
  order_no: 'D20260101000041',
  shop_id: 7,
  shop_name: 'Lotus Goods',
  listing_id: 3,
  title: 'Product 3',
  image_url: null,
  quantity: 2,
  price: '12.50',
  total: '25.00',
  status: 5,
  receiver_name: 'An Nguyen',
  receiver_phone: '+84901234567',
  address: '12 Le Loi, District 1, HCMC',
  carrier: null,
  tracking_no: null,
  timeline: [
    { status: 0, at: '2026-01-01T10:00:00.000Z', note: null },
    { status: 5, at: '2026-01-01T10:01:00.000Z', note: null },
  ],
  pay_deadline: null,
  created_at: '2026-01-01T10:00:00.000Z',
  money: { paid: '25.00', paid_at: '2026-01-01T10:01:00.000Z', refunded: '0.00' },
  refund: null,
  rating: null,
  ...over,
  can: { ...NO, ...over.can },
});

export const paymentData = (over: Partial<Payment> = {}): Payment => ({
  id: 90,
  provider: 'test',
  test_mode: true,
  status: 'created',
  amount: '25.00',
  pay_url: '/s/pay/90',
  ...over,
});
