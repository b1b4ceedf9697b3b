import { accountRoutes } from '@dropdesk/contract/account';
import { dashboardRoutes } from '@dropdesk/contract/dashboard';
import { orderRoutes as r } from '@dropdesk/contract/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { expectRefusal } from '../../../test/client';
import { localDate, ShopHistory, shiftDay } from '../../../test/dashboard';
import { newMerchant } from '../../../test/factories';
import { expectOrdersMatchLedger } from '../../../test/orders';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The order list's `sold` and `paid_day` (contract orderListQuery): the orders behind the Home
 * dashboard's figures, counted as it counts them and cut into the merchant's days as it cuts them.
 */
describe(`order list: sold and paid_day (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
  });
  afterAll(() => t.close());

  /** The clock at the next hh:mm of a zone `offset` hours from UTC (no DST). */
  const toLocal = (offset: number, hh: number, mm = 0) => {
    const now = t.clock.now();
    let at = Math.floor((now + offset * HOUR) / DAY) * DAY - offset * HOUR + hh * HOUR + mm * 60_000;
    if (at <= now) at += DAY;
    t.clock.advance(at - now);
  };

  it('sold: paid and not refunded in full; paid_day: paid that day of the merchant’s zone; together: the dashboard’s today', async () => {
    const shop = await ShopHistory.open(t, { timeZone: 'America/Sao_Paulo' });
    const other = await ShopHistory.open(t, { timeZone: 'America/Sao_Paulo' });
    // Yesterday 23:30 in São Paulo: paid (02:30 UTC of today's UTC date).
    toLocal(-3, 23, 30);
    const yesterday = localDate(t.clock.now(), 'America/Sao_Paulo');
    const late = await shop.order(0);
    // Today 00:10: paid; paid and refunded 1.00 after delivery (still sold); paid, delivered and
    // refunded in full (not sold); paid then cancelled; never paid; another shop's.
    t.clock.advance(40 * 60_000);
    const today = localDate(t.clock.now(), 'America/Sao_Paulo');
    expect(today).toBe(shiftDay(yesterday, 1));
    const plain = await shop.order(0);
    const partly = await shop.order(0);
    const whole = await shop.order(1, 2);
    for (const id of [partly, whole]) {
      await shop.pick(id);
      await shop.ship(id);
      await shop.confirm(id);
    }
    await shop.askRefund(partly, '1.00');
    await shop.audit(partly, true);
    await shop.askRefund(whole);
    await shop.audit(whole, true);
    const cancelled = await shop.order(1);
    await shop.cancel(cancelled);
    const unpaid = await shop.order(1, 1, false);
    await other.order(0);

    const m = await shop.merchantClient();
    const ids = async (query: Record<string, string>) => {
      const res = await m.call(r.list, query);
      expect(res.code, res.raw).toBe(1);
      return { ids: res.data.list.map((o) => o.id), total: res.data.total };
    };
    expect(await ids({})).toEqual({ ids: [unpaid, cancelled, whole, partly, plain, late], total: 6 });
    expect(await ids({ sold: '1' })).toEqual({ ids: [partly, plain, late], total: 3 });
    expect(await ids({ paid_day: today })).toEqual({ ids: [cancelled, whole, partly, plain], total: 4 });
    expect(await ids({ paid_day: yesterday })).toEqual({ ids: [late], total: 1 });
    expect(await ids({ paid_day: shiftDay(today, 1) })).toEqual({ ids: [], total: 0 });
    expect(await ids({ sold: '1', paid_day: today })).toEqual({ ids: [partly, plain], total: 2 });
    expect(await ids({ sold: '1', paid_day: today, status: '3' })).toEqual({ ids: [partly], total: 1 });
    expect(await ids({ sold: '1', paid_day: today, limit: '1', page: '2' })).toEqual({
      ids: [plain],
      total: 2,
    });

    // The same orders the dashboard counts.
    const index = (await m.call(dashboardRoutes.index)).data;
    expect(index).toMatchObject({ today, today_orders: 2, total_orders: 3 });

    // The day is the merchant's: in Ho Chi Minh (10 hours ahead) the late order was paid today.
    const moved = await m.call(accountRoutes.setTimeZone, { time_zone: 'Asia/Ho_Chi_Minh' });
    expect(moved.code).toBe(1);
    const hcmDay = localDate(t.clock.now(), 'Asia/Ho_Chi_Minh');
    expect(await ids({ sold: '1', paid_day: hcmDay })).toEqual({ ids: [partly, plain, late], total: 3 });
    expect(await ids({ sold: '1', paid_day: yesterday })).toEqual({ ids: [], total: 0 });
  });

  it('paid, paid_range, refunded and in_escrow, and the sums of every order a figure filter keeps', async () => {
    const shop = await ShopHistory.open(t, { timeZone: 'Asia/Ho_Chi_Minh', cost: '10.00' }); // 11.50
    const other = await ShopHistory.open(t, { timeZone: 'Asia/Ho_Chi_Minh' });
    toLocal(7, 9);
    // Yesterday 09:00: `early` paid and settled later; today 09:00 the rest.
    const early = await shop.order(0);
    await shop.pick(early);
    await shop.ship(early);
    await shop.confirm(early);
    t.clock.advance(DAY);
    const awaiting = await shop.order(0);
    const shipped = await shop.order(0, 2);
    await shop.pick(shipped);
    await shop.ship(shipped);
    await shop.askRefund(shipped);
    await shop.audit(shipped, true);
    const part = await shop.order(0);
    await shop.pick(part);
    await shop.ship(part);
    await shop.askRefund(part, '1.50');
    await shop.audit(part, true);
    const cancelled = await shop.order(0);
    await shop.cancel(cancelled);
    await shop.order(0, 1, false);
    await other.order(0);
    t.clock.advance(3 * DAY);
    await shop.tick(); // `early` settles

    const m = await shop.merchantClient();
    const list = async (query: Record<string, string>) => {
      const res = await m.call(r.list, { ...query, limit: '100' });
      expect(res.code, res.raw).toBe(1);
      return res.data;
    };
    // A plain list (a tab) has no sums; a figure's list has them.
    expect((await list({})).sums).toBeNull();
    expect((await list({ status: '5' })).sums).toBeNull();
    const paid = await list({ paid: '1' });
    expect(paid.list.map((o) => o.id)).toEqual([cancelled, part, shipped, awaiting, early]);
    // 11.50 each (shipped 23.00), cost 10.00 a unit: early +1.50 (settled), awaiting +1.50 (its cost
    // to pay at pickup), shipped −20.00 (refunded in full, cost kept), part 0.00 (11.50 − 1.50 −
    // 10.00), cancelled 0.
    expect(paid.sums).toEqual({
      orders: 5,
      sold: 3,
      sales: '33.00',
      refunded: '36.00',
      cost: '50.00',
      cost_estimated: '10.00',
      profit: '-17.00',
      in_escrow: '21.50',
    });
    const refunded = await list({ refunded: '1' });
    expect(refunded.list.map((o) => o.id)).toEqual([cancelled, part, shipped]);
    expect(refunded.sums?.refunded).toBe('36.00');
    const escrow = await list({ in_escrow: '1' });
    expect(escrow.list.map((o) => o.id)).toEqual([part, awaiting]);
    expect(escrow.sums?.in_escrow).toBe('21.50');
    // Three days on, today and yesterday hold none of them; all time holds them all.
    expect((await list({ paid_range: 'today' })).list).toEqual([]);
    expect((await list({ paid_range: 'yesterday' })).list).toEqual([]);
    expect((await list({ paid_range: 'all' })).sums).toEqual(paid.sums);
    expect((await list({ sold: '1', paid_range: 'all' })).sums).toMatchObject({
      orders: 3,
      sold: 3,
      sales: '33.00',
    });
    // A paid day and a period together keep their overlap.
    const day = localDate(t.clock.now() - 3 * DAY, 'Asia/Ho_Chi_Minh');
    expect((await list({ paid_day: day, paid_range: 'all' })).list.map((o) => o.id)).toEqual([
      cancelled,
      part,
      shipped,
      awaiting,
    ]);
    expect((await list({ paid_day: day, paid_range: 'today' })).list).toEqual([]);
    // Another shop sees none of these orders in any figure's list.
    const theirs = await (await other.merchantClient()).call(r.list, { paid: '1', refunded: '1' });
    expect(theirs.data).toMatchObject({ total: 0, list: [], sums: { orders: 0, refunded: '0.00' } });
  });

  it.each([
    [{ sold: '0' }, 'sold'],
    [{ sold: 'true' }, 'sold'],
    [{ sold: '' }, 'sold'],
    [{ paid_day: '2025-02-30' }, 'paid_day'],
    [{ paid_day: '2025-13-01' }, 'paid_day'],
    [{ paid_day: '2025-1-01' }, 'paid_day'],
    [{ paid_day: 'today' }, 'paid_day'],
    [{ paid_day: '' }, 'paid_day'],
    [{ paid: '0' }, 'paid'],
    [{ paid: 'yes' }, 'paid'],
    [{ paid_range: 'decade' }, 'paid_range'],
    [{ paid_range: '' }, 'paid_range'],
    [{ refunded: '2' }, 'refunded'],
    [{ in_escrow: 'true' }, 'in_escrow'],
  ])('refuses %j: INVALID_INPUT on %s', async (query, field) => {
    const m = await newMerchant(t);
    const res = await m.client.get(r.list.path, query, { lang: 'en' });
    expectRefusal(res, 'INVALID_INPUT', field);
    expect(res.fields?.[field]).toBe('Not a valid value');
  });

  it('a leap day is a day', async () => {
    const m = await newMerchant(t);
    const res = await m.client.call(r.list, { paid_day: '2028-02-29' });
    expect(res.data).toMatchObject({ total: 0, list: [] });
  });
});
