/**
 * The visual tests' world: nine days of one shop's life, built through the API on a server whose
 * clock stands still (TEST_CLOCK_AT) and moves only when told, so that every run draws the same
 * screens to the pixel: the same names, amounts, order numbers, dates and times.
 *
 * - **Hoa Mai** (`full`): a verified merchant with a bank card, a shop set up, products on shelf
 *   and in the warehouse, a bought level and an express-lane package, top-ups approved, rejected
 *   and pending, withdrawals paid, rejected and pending, and orders in every status, among them
 *   refunds before and after shipping, a pending refund and an appealed one, settled and rated
 *   orders, visitors and a follower.
 * - **Cửa hàng Mới** (`empty`): registered with Hoa Mai's invitation code, nothing else: every
 *   screen's empty state.
 * - **Lan Anh** (`pending`): an identity and a chain top-up waiting for the operator, so the
 *   console's queues show what an operator reviews.
 * - a signed-in buyer (`buyer`) with orders and a follow, and guests.
 * - the platform's ERC20 network watched on a local node (setup.ts): merchants' chain deposit
 *   screens show their own address, and the console a watcher that is up to date.
 *
 * The story runs from Wednesday 11 November 2026, 09:00 in Ho Chi Minh City, to Friday 20
 * November 10:00 (`NOW`): today, yesterday, this week (from Monday the 16th) and this month all
 * differ. Built once per run (globalSetup) and written to the run's data folder for the specs.
 */

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROME_ARGS, chromePath } from '@dropdesk/test-kit/e2e/chrome';
import { mailedCode } from '@dropdesk/test-kit/e2e/orders';
import { admin, api, baseURL, DEMO, ok, operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { chromium } from '@playwright/test';
import { erc20Network } from '../../../server/test/chain/anvil';
import { pictures } from './pictures';
import { NOW, START } from './time';

const PAY = '123456';

export interface History {
  now: string;
  full: { id: number; token: string; account: string; inviteCode: string };
  empty: { id: number; token: string; account: string; inviteCode: string };
  pending: { id: number; token: string; account: string };
  buyer: { token: string; email: string };
  /** Order ids by their part in the story. */
  orders: Record<string, number>;
  /** A guest order's link token (the storefront's order page), by order id. */
  guestLinks: Record<number, string>;
  /** Listing ids: one on shelf, one in the warehouse. */
  listings: { onShelf: number; inWarehouse: number };
  /** The payment of the order waiting for payment (the storefront's test payment page). */
  unpaidPayment: number;
  /** The demo admin's console session at NOW. */
  operator: { token: string; id: number; username: string; role: string };
  /** The first notice of the full merchant (the message detail screen). */
  noticeId: number;
  /** A system message id. */
  systemMessageId: number;
}

export const historyFile = () => path.join(process.env.E2E_DATA_DIR ?? '', 'visual-history.json');

const key = () => ({ 'Idempotency-Key': randomUUID() });

async function advance(ms: number) {
  ok(await api('/__test/clock', { body: { advance_ms: ms } }));
}

/** Moves the clock to a time of the story (ISO, UTC): each day starts at its own hour. */
async function at(time: string) {
  const now = Date.parse(ok(await api<{ now: string }>('/__test/clock')).now);
  const target = Date.parse(time);
  if (target < now) throw new Error(`the story can't go back from ${new Date(now).toISOString()} to ${time}`);
  await advance(target - now);
}

/** A few minutes between two steps, as between a person's actions. */
const minutes = (n: number) => advance(n * 60_000);

async function upload(kind: string, bytes: Buffer, token?: string): Promise<string> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${kind}.png`);
  return ok(await api<{ id: string }>('/merchant/common/upload', { body: form, token })).id;
}

/** A phone's browser (the story's merchants work on their phones; its buyers visit on theirs). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The headers of a merchant's device: its browser, which the security centre names a session by,
 * and the `device` id the app sends with every call (src/lib/device.ts), by which the server tells
 * a sign-in from a new device. Fixed ids, so every run has the same devices.
 */
type Device = { device: string; 'user-agent': string };
const phoneOf = (email: string): Device => ({
  device: `phone-${email.replace(/\W/g, '-')}`.padEnd(22, '-'),
  'user-agent': PHONE_UA,
});
const laptopOf = (email: string): Device => ({
  device: `laptop-${email.replace(/\W/g, '-')}`.padEnd(22, '-'),
  'user-agent': LAPTOP_UA,
});

interface Person {
  storeName: string;
  realName: string;
  /** The number on their ID card, their own (12 digits). */
  idNumber: string;
  email: string;
  phone: string;
  address: string;
  invite: string;
  logo: [string, string];
}

async function register(p: Person): Promise<{ id: number; token: string; inviteCode: string }> {
  const [logo, front, back, hand, license] = [
    await upload('logo', await pictures.logo(...p.logo)),
    await upload('id_card', await pictures.idFront(p.realName, p.idNumber)),
    await upload('id_card', await pictures.idBack()),
    await upload('id_card', await pictures.idHand(p.realName)),
    await upload('license', await pictures.receipt('0.00', 'Business licence')),
  ];
  const { merinfo } = ok(
    await api<{ merinfo: { id: number; token: string; invite_code: string } }>(
      '/merchant/merchant/register',
      {
        headers: phoneOf(p.email),
        body: {
          store_logo: logo,
          store_name: p.storeName,
          store_address: p.address,
          country: 'VN',
          phone: p.phone,
          real_name: p.realName,
          id_card_front: front,
          id_card_back: back,
          id_card_hand: hand,
          email: p.email,
          password: 'Visual@2026',
          password_confirm: 'Visual@2026',
          invite_code: p.invite,
          business_license: license,
          time_zone: 'Asia/Ho_Chi_Minh',
        },
      },
    ),
  );
  return { id: merinfo.id, token: merinfo.token, inviteCode: merinfo.invite_code };
}

/** Signs a merchant in, on their phone unless told: a new session, and an event of its history. */
async function login(account: string, device: Device = phoneOf(account)): Promise<string> {
  return ok(
    await api<{ merinfo: { token: string } }>('/merchant/merchant/login', {
      headers: device,
      body: { account, password: 'Visual@2026' },
    }),
  ).merinfo.token;
}

/** What the merchant sends for identity verification: their own name and number on the pictures. */
async function submitIdentity(token: string, realName: string, idNumber: string) {
  const front = await upload('id_card', await pictures.idFront(realName, idNumber), token);
  const back = await upload('id_card', await pictures.idBack(), token);
  const hand = await upload('id_card', await pictures.idHand(realName), token);
  ok(
    await api('/merchant/merchant/idcard', {
      token,
      body: {
        real_name: realName,
        id_number: idNumber,
        id_card_front: front,
        id_card_back: back,
        id_card_hand: hand,
      },
    }),
  );
}

async function pendingId(op: string, what: string, merchantId: number): Promise<number> {
  const list = ok(
    await admin<{ list: { id: number; merchant: { id: number } }[] }>(op, `/admin/${what}`, {
      query: { status: 'pending', limit: 100 },
    }),
  );
  const item = list.list.find((x) => x.merchant.id === merchantId);
  if (!item) throw new Error(`nothing pending for merchant ${merchantId} at /admin/${what}`);
  return item.id;
}

async function topUp(token: string, method: 'manual' | 'bank' | 'chain', amount: string) {
  await minutes(12);
  const voucher = await upload(
    'voucher',
    await pictures.receipt(amount, method === 'chain' ? 'TRC20 USDT' : 'Vietcombank'),
    token,
  );
  ok(
    await api('/merchant/merchant/recharge', {
      token,
      body: { method, amount, voucher, ...(method === 'chain' ? { network: 'TRC20' } : {}) },
      headers: key(),
    }),
  );
}

const buyerOf = (n: number) => ({
  receiver_name: ['Trần Thị Mua', 'Lê Văn Khách', 'Phạm Minh Châu', 'Somchai Jaidee'][n % 4] as string,
  receiver_phone: `+8490123456${n % 10}`,
  address: [
    '45 Lê Lợi, Phường Bến Nghé, Hồ Chí Minh',
    '12 Hàng Bài, Hoàn Kiếm, Hà Nội',
    '88 Trần Phú, Hải Châu, Đà Nẵng',
    '9 Sukhumvit Soi 11, Bangkok',
  ][n % 4] as string,
});

interface Placed {
  id: number;
  payment: number;
  token: string | null;
  /** The header a buyer's action sends: the guest's order token or the buyer's session. */
  as: Record<string, string>;
}

/** A buyer orders `quantity` of a listing; `pay` completes the test payment. */
async function order(
  listing: number,
  n: number,
  opts: { buyer?: string; quantity?: number; pay?: boolean } = {},
): Promise<Placed> {
  const placed = ok(
    await api<{ order: { id: number }; payment: { id: number }; order_token: string | null }>(
      '/store/checkout',
      {
        token: opts.buyer,
        body: {
          listing_id: listing,
          quantity: opts.quantity ?? 1,
          ...buyerOf(n),
          ...(opts.buyer ? {} : { email: `guest-${n}@example.test` }),
        },
        headers: key(),
      },
    ),
  );
  if (opts.pay !== false) ok(await api('/store/pay/test', { body: { payment_id: placed.payment.id } }));
  const token = placed.order_token;
  return {
    id: placed.order.id,
    payment: placed.payment.id,
    token,
    as: opts.buyer ? { token: opts.buyer } : { 'order-token': token ?? '' },
  };
}

async function buyer(
  path: string,
  o: Placed,
  body: Record<string, unknown>,
  { idempotent = false, after = 45 }: { idempotent?: boolean; after?: number } = {},
) {
  await minutes(after);
  ok(await api(path, { body, headers: { ...o.as, ...(idempotent ? key() : {}) } }));
}

/** The watched network of the story: its node, the token's contract, the first block to read. */
export interface StoryChain {
  rpcUrl: string;
  token: string;
  startBlock: number;
}

export async function buildHistory(chain: StoryChain): Promise<History> {
  const clock = ok(await api<{ now: string }>('/__test/clock'));
  if (clock.now !== START)
    throw new Error(`the visual server's clock must stand at ${START}: it says ${clock.now}`);

  // ---------------------------------------------------------------- Wednesday 11, 09:00
  ok(
    await admin(await operatorLogin(), '/admin/deposit_addresses', {
      body: { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    }),
  );
  ok(
    await admin(await operatorLogin(), '/admin/chain/networks', {
      body: erc20Network(chain.rpcUrl, chain.token, chain.startBlock),
    }),
  );
  ok(
    await admin(await operatorLogin(), '/admin/topup_bank_account', {
      body: {
        bank_name: 'Vietcombank',
        holder_name: 'DROPDESK TEST',
        account_number: '0071000999999',
        reference_rule: 'DD{merchant_id}',
      },
    }),
  );
  ok(
    await admin(await operatorLogin(), '/admin/topup_manual', {
      body: {
        instructions:
          'Nộp tiền mặt tại quầy Dropdesk, 21 Nguyễn Huệ, Quận 1, 9:00–17:00 (thứ Hai–thứ Sáu).\nGiữ lại biên lai và tải ảnh biên lai lên.',
      },
    }),
  );

  const hoaMai: Person = {
    storeName: 'Hoa Mai Store',
    realName: 'Nguyễn Thị Hoa',
    idNumber: '079190012345',
    email: 'hoamai@example.test',
    phone: '+84901110001',
    address: '21 Nguyễn Huệ, Quận 1, Hồ Chí Minh',
    invite: DEMO.inviteCode,
    logo: ['H', '#db2777'],
  };
  const full = await register(hoaMai);
  const empty = await register({
    storeName: 'Cửa hàng Mới',
    realName: 'Võ Văn Mới',
    idNumber: '001088054321',
    email: 'moi@example.test',
    phone: '+84901110002',
    address: '7 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
    invite: full.inviteCode,
    logo: ['M', '#0891b2'],
  });
  const pending = await register({
    storeName: 'Lan Anh Fashion',
    realName: 'Đỗ Lan Anh',
    idNumber: '048195067890',
    email: 'lananh@example.test',
    phone: '+84901110003',
    address: '3 Trần Hưng Đạo, Hải Châu, Đà Nẵng',
    invite: DEMO.inviteCode,
    logo: ['L', '#7c3aed'],
  });
  // Each merchant's own ERC20 address is derived when its deposit screen is first read: read now,
  // so the console says 3 addresses whatever order the looks run in.
  for (const who of [full, empty, pending])
    ok(await api('/merchant/merchant/getBlockchain', { token: who.token }));

  const m = full.token;
  ok(
    await api('/merchant/merchant/setPaypwd', {
      token: m,
      body: { pay_password: PAY, pay_password_confirm: PAY },
    }),
  );
  await submitIdentity(m, hoaMai.realName, hoaMai.idNumber);
  ok(
    await admin(await operatorLogin(), '/admin/kyc/approve', {
      body: { id: await pendingId(await operatorLogin(), 'kyc', full.id) },
      headers: key(),
    }),
  );
  ok(
    await api('/merchant/merchant/changeBank', {
      token: m,
      body: {
        holder_name: hoaMai.realName,
        bank_name: 'Vietcombank',
        account_number: '0071000123456',
        pay_password: PAY,
      },
    }),
  );
  const banner = await upload('banner', await pictures.banner(), m);
  ok(
    await api('/merchant/merchant/store', {
      token: m,
      body: {
        intro: 'Hoa tươi, quà tặng và đồ gia dụng, giao trong ngày ở TP.HCM.',
        welcome: 'Chào mừng bạn đến với Hoa Mai!',
        service_link: 'https://t.me/hoamai_store',
        twitter: 'https://twitter.com/hoamai',
      },
    }),
  );
  ok(await api('/merchant/merchant/store_banner', { token: m, body: { banner } }));
  ok(await api('/merchant/product/addAllHot', { token: m, body: {} }));
  const listed = ok(
    await api<{ list: { id: number; price: string }[] }>('/merchant/product/manage', {
      token: m,
      query: { page: 1, limit: 100 },
    }),
  ).list.sort((a, b) => a.id - b.id);
  if (listed.length < 12) throw new Error(`addAllHot listed ${listed.length} products, the story needs 12`);
  const L = listed.map((l) => l.id);
  const inWarehouse = L[L.length - 1] as number;
  ok(
    await api('/merchant/product/setSwitch', { token: m, body: { ids: [inWarehouse], status: 'warehouse' } }),
  );

  await topUp(m, 'manual', '500.00');
  ok(
    await admin(await operatorLogin(), '/admin/recharges/approve', {
      body: { id: await pendingId(await operatorLogin(), 'recharges', full.id) },
      headers: key(),
    }),
  );

  const o: Record<string, Placed> = {};
  // o1: delivered, received and rated the same day; it settles on the 14th.
  o.settled = await order(L[0] as number, 1, { quantity: 2 });
  await pick(m, o.settled.id);
  await shipAndDeliver(o.settled.id, 'GHN', 'GHN1001');
  await buyer('/store/order/confirm', o.settled, { id: o.settled.id });
  await buyer('/store/order/rate', o.settled, {
    id: o.settled.id,
    stars: 4,
    comment: 'Hoa đẹp, giao nhanh.',
  });

  // ---------------------------------------------------------------- Thursday 12
  await at('2026-11-12T01:30:00.000Z');
  const levels = ok(await api<{ next_level_id: number | null }>('/merchant/index/level', { token: m }));
  if (levels.next_level_id)
    ok(
      await api('/merchant/index/level_upgrade', {
        token: m,
        body: { level_id: levels.next_level_id, pay_password: PAY },
        headers: key(),
      }),
    );
  await topUp(m, 'bank', '200.00');
  ok(
    await admin(await operatorLogin(), '/admin/recharges/approve', {
      body: { id: await pendingId(await operatorLogin(), 'recharges', full.id) },
      headers: key(),
    }),
  );
  // o2: shipped, then refunded in full: the goods had left, so the cost paid at pickup stays paid.
  o.refundedShipped = await order(L[1] as number, 2);
  await pick(m, o.refundedShipped.id);
  await ship(o.refundedShipped.id, 'GHN', 'GHN1002');
  await askRefund(o.refundedShipped, 'all', false, 'Chờ quá lâu, tôi không cần nữa.');
  await decideRefund(m, o.refundedShipped.id, 'approve');

  // ---------------------------------------------------------------- Friday 13
  await at('2026-11-13T03:10:00.000Z');
  // o3: refunded before it shipped: the cost returns to the wallet.
  o.refundedBeforeShipping = await order(L[2] as number, 3);
  await pick(m, o.refundedBeforeShipping.id);
  await askRefund(o.refundedBeforeShipping, 'all', false, 'Đặt nhầm màu.');
  await decideRefund(m, o.refundedBeforeShipping.id, 'approve');
  const packages = ok(
    await api<{ list: { id: number; product_count: number }[] }>('/merchant/index/train', { token: m }),
  ).list;
  const pkg = packages[0];
  if (pkg)
    ok(
      await api('/merchant/index/buy_train', {
        token: m,
        body: { id: pkg.id, pay_password: PAY, listing_ids: L.slice(3, 3 + Math.min(2, pkg.product_count)) },
        headers: key(),
      }),
    );
  await topUp(m, 'manual', '120.00');
  ok(
    await admin(await operatorLogin(), '/admin/recharges/reject', {
      body: {
        id: await pendingId(await operatorLogin(), 'recharges', full.id),
        reason: 'The receipt shows 100.00, not 120.00',
      },
      headers: key(),
    }),
  );

  // ---------------------------------------------------------------- Saturday 14 (o1 settles)
  await at('2026-11-14T04:00:00.000Z');
  ok(
    await api('/merchant/merchant/extract', {
      token: m,
      body: { method: 'bank', amount: '100.00', pay_password: PAY },
      headers: key(),
    }),
  );
  ok(
    await admin(await operatorLogin(), '/admin/withdrawals/approve', {
      body: {
        id: await pendingId(await operatorLogin(), 'withdrawals', full.id),
        reference: 'VCB 20261114 000123',
      },
      headers: key(),
    }),
  );

  // ---------------------------------------------------------------- Monday 16 (this week)
  await at('2026-11-16T01:45:00.000Z');
  const buyerEmail = 'chau.buyer@example.test';
  ok(await api('/store/auth/send_code', { body: { email: buyerEmail } }));
  const buyerToken = ok(
    await api<{ token: string }>('/store/auth/login', {
      body: { email: buyerEmail, code: await mailedCode(buyerEmail) },
    }),
  ).token;
  ok(await api('/store/follow', { token: buyerToken, body: { shop: full.id, follow: true } }));
  // o4: in transit.
  o.inTransit = await order(L[4] as number, 4, { buyer: buyerToken });
  await pick(m, o.inTransit.id);
  await ship(o.inTransit.id, 'Viettel Post', 'VTP2004');
  ok(
    await admin(await operatorLogin(), '/admin/orders/progress', {
      body: { id: o.inTransit.id, status: 6, note: 'Hub Tân Bình' },
    }),
  );
  // o12: received, a refund asked, rejected by the merchant, appealed to the platform.
  o.appealed = await order(L[5] as number, 5);
  await pick(m, o.appealed.id);
  await shipAndDeliver(o.appealed.id, 'GHN', 'GHN1005');
  await buyer('/store/order/confirm', o.appealed, { id: o.appealed.id });
  await askRefund(o.appealed, '5.00', true, 'Một bông hoa bị dập.');
  await decideRefund(m, o.appealed.id, 'reject', 'Ảnh giao hàng cho thấy hoa còn nguyên.');
  await buyer('/store/order/appeal', o.appealed, {
    id: o.appealed.id,
    statement: 'Tôi có ảnh bông hoa bị dập khi nhận.',
  });
  ok(
    await api('/merchant/merchant/extract', {
      token: m,
      body: { method: 'bank', amount: '50.00', pay_password: PAY },
      headers: key(),
    }),
  );
  ok(
    await admin(await operatorLogin(), '/admin/withdrawals/reject', {
      body: {
        id: await pendingId(await operatorLogin(), 'withdrawals', full.id),
        reason: 'The account holder does not match the verified name',
      },
      headers: key(),
    }),
  );

  // ---------------------------------------------------------------- Tuesday 17
  await at('2026-11-17T06:20:00.000Z');
  // o9: reached the buyer, not confirmed yet.
  o.reached = await order(L[6] as number, 6);
  await pick(m, o.reached.id);
  await shipAndDeliver(o.reached.id, 'GHN', 'GHN1006');

  // ---------------------------------------------------------------- Wednesday 18
  await at('2026-11-18T02:05:00.000Z');
  // o10: received and rated five stars, settling on the 21st.
  o.received = await order(L[7] as number, 7, { buyer: buyerToken });
  await pick(m, o.received.id);
  await shipAndDeliver(o.received.id, 'GHN', 'GHN1007');
  await buyer('/store/order/confirm', o.received, { id: o.received.id });
  await buyer('/store/order/rate', o.received, { id: o.received.id, stars: 5, comment: 'Rất hài lòng!' });

  // ---------------------------------------------------------------- Thursday 19 (yesterday)
  await at('2026-11-19T07:40:00.000Z');
  // o8: picked up, waiting for shipment.
  o.picked = await order(L[8] as number, 8);
  await pick(m, o.picked.id);
  // o11: reached, a partial refund asked and waiting for the merchant.
  o.refundAsked = await order(L[9] as number, 9, { quantity: 2 });
  await pick(m, o.refundAsked.id);
  await shipAndDeliver(o.refundAsked.id, 'GHN', 'GHN1009');
  await askRefund(o.refundAsked, '3.00', true, 'Thiếu một thiệp chúc mừng.');
  ok(
    await api('/merchant/merchant/extract', {
      token: m,
      body: { method: 'bank', amount: '80.00', pay_password: PAY },
      headers: key(),
    }),
  );

  // ---------------------------------------------------------------- Friday 20 (today), from 06:30
  await at('2026-11-19T23:30:00.000Z');
  o.awaitingPickup = await order(L[10] as number, 10);
  o.awaitingPickup2 = await order(L[0] as number, 11, { buyer: buyerToken });
  o.cancelledPaid = await order(L[1] as number, 12);
  await buyer('/store/order/cancel', o.cancelledPaid, { id: o.cancelledPaid.id }, { idempotent: true });
  o.cancelledUnpaid = await order(L[2] as number, 13, { pay: false });
  // (Within the 30 minutes an unpaid order waits, or the order jobs cancel it first.)
  await buyer(
    '/store/order/cancel',
    o.cancelledUnpaid,
    { id: o.cancelledUnpaid.id },
    { idempotent: true, after: 6 },
  );
  await topUp(m, 'bank', '150.00');
  // Hoa Mai signs in on a laptop too, a device her account has never seen (the security centre:
  // a second live session, and a sign-in from a new device in the history).
  await login(hoaMai.email, laptopOf(hoaMai.email));
  // Lan Anh's identity and chain top-up wait for the operator.
  const lanAnh = await login('lananh@example.test');
  await submitIdentity(lanAnh, 'Đỗ Lan Anh', '048195067890');
  await topUp(lanAnh, 'chain', '300.00');
  const sent = ok(
    await admin<{ id: number }>(await operatorLogin(), '/admin/messages/send', {
      body: {
        title: 'Lịch nghỉ lễ / Holiday schedule',
        body: 'Kho tạm nghỉ ngày 1/1. Đơn lấy hàng trước 31/12 vẫn được gửi đúng hạn.\nThe warehouse is closed on 1 January.',
        audience: 'all',
      },
    }),
  );
  await visits(full.id, 3);

  // 09:50: an order waiting for payment (its 30 minutes run past 10:00).
  await at('2026-11-20T02:50:00.000Z');
  o.unpaid = await order(L[3] as number, 14, { pay: false });
  await at(NOW);
  const now = ok(await api<{ now: string }>('/__test/clock')).now;
  if (now !== NOW) throw new Error(`the story should end at ${NOW}, not ${now}`);

  // Fresh sessions at NOW for the pictures (the story's are days old).
  const [fullToken, emptyToken, pendingToken] = [
    await login(hoaMai.email),
    await login('moi@example.test'),
    await login('lananh@example.test'),
  ];
  // (The story's operator is the demo admin: operatorLogin() signs in again whenever half an idle
  // hour of the story has ended the session.)
  const opToken = await operatorLogin();
  const me = ok(
    await admin<{ operator: { id: number; username: string; role: string } }>(opToken, '/admin/me'),
  ).operator;
  const notices = ok(
    await api<{ list: { id: number }[] }>('/merchant/index/notice', {
      token: fullToken,
      query: { type: 'notice', page: 1, limit: 1 },
    }),
  ).list;

  const history: History = {
    now,
    full: { id: full.id, token: fullToken, account: hoaMai.email, inviteCode: full.inviteCode },
    empty: { id: empty.id, token: emptyToken, account: 'moi@example.test', inviteCode: empty.inviteCode },
    pending: { id: pending.id, token: pendingToken, account: 'lananh@example.test' },
    buyer: { token: buyerToken, email: buyerEmail },
    orders: Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.id])),
    guestLinks: Object.fromEntries(
      Object.values(o)
        .filter((v) => v.token)
        .map((v) => [v.id, v.token as string]),
    ),
    listings: { onShelf: L[0] as number, inWarehouse },
    unpaidPayment: o.unpaid.payment,
    operator: { token: opToken, id: me.id, username: me.username, role: me.role },
    noticeId: notices[0]?.id ?? 0,
    systemMessageId: sent.id,
  };
  writeFileSync(historyFile(), JSON.stringify(history, null, 2));
  return history;
}

async function pick(token: string, id: number) {
  await minutes(25);
  ok(await api('/merchant/order/pick', { token, body: { id, pay_password: PAY }, headers: key() }));
}

async function ship(id: number, carrier: string, trackingNo: string) {
  await minutes(40);
  ok(
    await admin(await operatorLogin(), '/admin/orders/ship', {
      body: { id, carrier, tracking_no: trackingNo },
    }),
  );
}

async function shipAndDeliver(id: number, carrier: string, trackingNo: string) {
  await ship(id, carrier, trackingNo);
  await minutes(95);
  ok(
    await admin(await operatorLogin(), '/admin/orders/progress', {
      body: { id, status: 6, note: 'Hub Tân Bình' },
    }),
  );
  await minutes(130);
  ok(
    await admin(await operatorLogin(), '/admin/orders/progress', {
      body: { id, status: 7, note: 'Đã giao' },
    }),
  );
}

async function askRefund(o: Placed, amount: string | 'all', received: boolean, reason: string) {
  await minutes(50);
  const paid =
    amount === 'all'
      ? ok(await api<{ order: { total: string } }>('/store/order', { query: { id: o.id }, headers: o.as }))
          .order.total
      : amount;
  await buyer('/store/order/refund', o, { id: o.id, amount: paid, reason, goods_received: received });
}

async function decideRefund(token: string, orderId: number, action: 'approve' | 'reject', reason?: string) {
  await minutes(35);
  const refunds = ok(
    await api<{ list: { id: number; order_id: number }[] }>('/merchant/merchant/refund_order', {
      token,
      query: { status: 'pending', page: 1, limit: 100 },
    }),
  ).list;
  const refund = refunds.find((r) => r.order_id === orderId);
  if (!refund) throw new Error(`no pending refund on order ${orderId}`);
  ok(
    await api('/merchant/merchant/refund_audit', {
      token,
      body: { id: refund.id, action, ...(reason ? { reason } : {}) },
      headers: key(),
    }),
  );
}

/** `n` buyers open the shop's page in the storefront, each on a phone of their own. */
async function visits(shop: number, n: number) {
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: CHROME_ARGS,
  });
  try {
    for (let i = 0; i < n; i += 1) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        // A phone's browser, not a robot's: visits from automation are not counted.
        userAgent: PHONE_UA,
      });
      const page = await context.newPage();
      const counted = page.waitForResponse((r) => r.url().endsWith('/store/visit'));
      await page.goto(`/s/${shop}`);
      await counted;
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
