import { foldText } from '@dropdesk/contract/fold';
import { adminOrderRoutes as a, MAX_SHIP_CSV_ROWS } from '@dropdesk/contract/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { type Client, expectRefusal, type Reply } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { expectOrdersMatchLedger, newOrder, orderRow } from '../../../test/orders';
import { auditSince, lastAuditId, noticesOf } from '../../../test/services';
import { t as translate } from '../../i18n/t';

/**
 * The support desk's console calls (docs/console-api.md "Orders and shipping"): finding an
 * order by its number, its merchant (id or shop name) or its buyer (email or phone), and shipping
 * steps from a CSV, each row its own step and reported, one row refused never stopping the others.
 */
describe(`console orders and shipping (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let support: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    support = await newOperator(t, 'support');
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
  });
  afterAll(() => t.close());

  const ready = () => newMerchant(t, { balance: '500.00' });
  const ids = async (query: Record<string, string>) => {
    const res = await support.call(a.orders, query);
    expect(res.code, `${JSON.stringify(query)} ${res.raw}`).toBe(1);
    return res.data.list.map((o) => o.id);
  };
  /** POSTs a CSV to ship_csv, as a multipart `file` (the console's upload) or a text/csv body. */
  const sendCsv = async (csv: string | Buffer, as: 'multipart' | 'text' = 'multipart', lang = 'en') => {
    const body = typeof csv === 'string' ? Buffer.from(csv) : csv;
    const boundary = `----dd${Math.random().toString(16).slice(2)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: a.shipCsv.path,
      headers:
        as === 'multipart'
          ? { 'content-type': `multipart/form-data; boundary=${boundary}`, token: support.token!, lang }
          : { 'content-type': 'text/csv', token: support.token!, lang },
      payload:
        as === 'multipart'
          ? Buffer.concat([
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ship.csv"\r\nContent-Type: text/csv\r\n\r\n`,
              ),
              body,
              Buffer.from(`\r\n--${boundary}--\r\n`),
            ])
          : body,
    });
    const parsed = JSON.parse(res.body);
    return { status: res.statusCode, ...parsed, fields: parsed.data?.fields, raw: res.body } as Reply;
  };

  it('finds orders by number (either case), merchant (id or shop name) and buyer (email or phone)', async () => {
    const m1 = await ready();
    const m2 = await ready();
    const tag = `Desk ${Date.now().toString(36)}`;
    await t.database.db
      .updateTable('shops')
      .set({ name: `${tag} Lamps`, name_fold: foldText(`${tag} Lamps`) })
      .where('merchant_id', '=', m1.id)
      .execute();
    const o1 = await newOrder(t, m1.id, {
      status: 1,
      receiver: { name: 'Le Thi C', phone: '+84912000111', address: '1 Hang Bac, Hanoi' },
    });
    const o2 = await newOrder(t, m1.id, { status: 5 });
    const o3 = await newOrder(t, m2.id, { status: 5 });

    expect(await ids({ order_no: o1.order_no })).toEqual([o1.id]);
    expect(await ids({ order_no: o1.order_no.toLowerCase() })).toEqual([o1.id]);
    expect(await ids({ order_no: o1.order_no.slice(0, -1) })).toEqual([]);
    expect(await ids({ merchant: String(m1.id) })).toEqual([o2.id, o1.id]);
    expect(await ids({ merchant: `${tag.toLowerCase()} lamps` })).toEqual([o2.id, o1.id]);
    expect(await ids({ merchant: tag.slice(2) })).toEqual([o2.id, o1.id]);
    expect(await ids({ merchant: String(m1.id), merchant_id: String(m2.id) })).toEqual([]);
    expect(await ids({ merchant: String(m2.id), merchant_id: String(m2.id) })).toEqual([o3.id]);
    expect(await ids({ merchant: `${tag} Lamps`, status: '1' })).toEqual([o1.id]);
    expect(await ids({ merchant: 'no shop has this name at all' })).toEqual([]);
    // Case and accents don't matter in a shop's name either.
    await t.database.db
      .updateTable('shops')
      .set({ name: `Cửa hàng ${tag} Việt`, name_fold: foldText(`Cửa hàng ${tag} Việt`) })
      .where('merchant_id', '=', m2.id)
      .execute();
    expect(await ids({ merchant: `cua hang ${tag.toLowerCase()} viet` })).toEqual([o3.id]);
    expect(await ids({ merchant: `CỬA HÀNG ${tag.toUpperCase()}` })).toEqual([o3.id]);

    expect(await ids({ buyer: o3.guest_email! })).toEqual([o3.id]);
    expect(await ids({ buyer: o3.guest_email!.toUpperCase() })).toEqual([o3.id]);
    expect(await ids({ buyer: '+84912000111' })).toEqual([o1.id]);
    expect(await ids({ buyer: '+84 912 000-111' })).toEqual([o1.id]);
    // A signed-in buyer's orders, by the buyer's email.
    const { id: buyerId } = await t.database.db
      .insertInto('buyers')
      .values({ email: `signed-${o2.id}@example.com`, created_at: t.clock.now(), updated_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('orders').set({ buyer_id: buyerId }).where('id', '=', o2.id).execute();
    expect(await ids({ buyer: `Signed-${o2.id}@example.com` })).toEqual([o2.id]);

    const line = (await support.call(a.orders, { order_no: o1.order_no })).data;
    expect(line).toMatchObject({ total: 1, total_capped: false });
    expect(line.list[0]).toMatchObject({ merchant_id: m1.id, shop_name: `${tag} Lamps`, status: 1 });

    for (const [query, field] of [
      [{ buyer: 'not an email or phone' }, 'buyer'],
      [{ buyer: '0123' }, 'buyer'],
      [{ buyer: 'x'.repeat(255) }, 'buyer'],
      [{ order_no: 'O'.repeat(41) }, 'order_no'],
      [{ merchant: 'x'.repeat(61) }, 'merchant'],
      [{ merchant: 'a\u0000b' }, 'merchant'],
      [{ merchant_id: 'abc' }, 'merchant_id'],
      [{ shop: 'x' }, 'shop'],
    ] as const)
      expectRefusal(await support.get(a.orders.path, query), 'INVALID_INPUT', field, JSON.stringify(query));
  });

  it('ship from a CSV: each row its own step, reported; a refused row does not stop the others', async () => {
    const m = await ready();
    const [s1, s2, waiting, broken, shipped, transit] = [
      await newOrder(t, m.id, { status: 1 }),
      await newOrder(t, m.id, { status: 1 }),
      await newOrder(t, m.id, { status: 5 }),
      await newOrder(t, m.id, { status: 1 }),
      await newOrder(t, m.id, { status: 2 }),
      await newOrder(t, m.id, { status: 6 }),
    ];
    const before = await lastAuditId(t);
    const csv = [
      'order_no,carrier,tracking_no,status,note',
      `${s1.order_no},GHN,GHN-001,,`,
      `${s2.order_no.toLowerCase()},"Viettel Post",VT-002,shipped,`,
      `${waiting.order_no},GHN,GHN-003,,`,
      'O00000000000000,GHN,GHN-004,,',
      `${broken.order_no},GHN,has spaces,,`,
      `${shipped.order_no},,,in_transit,Left the Hanoi hub`,
      `${transit.order_no},,,7,`,
      `${shipped.order_no},,,lost,`,
      '',
      `,GHN,GHN-009,,`,
    ].join('\n');
    const res = await sendCsv(csv);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ rows: 9, done: 4, failed: 5 });
    expect(
      res.data.results.map(
        (r: {
          row: number;
          action: string | null;
          done: boolean;
          error: string | null;
          field: string | null;
        }) => [r.row, r.action, r.done, r.error, r.field],
      ),
    ).toEqual([
      [1, 'shipped', true, null, null],
      [2, 'shipped', true, null, null],
      [3, 'shipped', false, 'ORDER_STATUS_CHANGED', null],
      [4, 'shipped', false, 'NOT_FOUND', null],
      [5, null, false, 'INVALID_INPUT', 'tracking_no'],
      [6, 'in_transit', true, null, null],
      [7, 'reached', true, null, null],
      [8, null, false, 'INVALID_INPUT', 'status'],
      // Blank lines are skipped: rows are data records, as in the catalogue import.
      [9, null, false, 'INVALID_INPUT', 'order_no'],
    ]);
    expect(res.data.results[2].msg).toBe(translate('en', 'ORDER_STATUS_CHANGED'));
    expect(res.data.results[4].msg).toBe(translate('en', 'FIELD_INVALID'));

    expect(await orderRow(t, s1.id)).toMatchObject({ status: 2, carrier: 'GHN', tracking_no: 'GHN-001' });
    expect(await orderRow(t, s2.id)).toMatchObject({
      status: 2,
      carrier: 'Viettel Post',
      tracking_no: 'VT-002',
    });
    expect((await orderRow(t, waiting.id)).status).toBe(5);
    expect((await orderRow(t, broken.id)).status).toBe(1);
    expect((await orderRow(t, shipped.id)).status).toBe(6);
    expect((await orderRow(t, transit.id)).status).toBe(7);
    // Each step as the one-by-one calls record it: the timeline note, the audit entry, the notice.
    const detail = await support.call(a.order, { id: String(shipped.id) });
    expect(detail.data.timeline.at(-1)).toMatchObject({ status: 6, note: 'Left the Hanoi hub' });
    const audit = await auditSince(t, before);
    expect(audit.map((x) => [x.action, Number(x.target_id)])).toEqual([
      ['order.ship', s1.id],
      ['order.ship', s2.id],
      ['order.progress', shipped.id],
      ['order.progress', transit.id],
    ]);
    const notices = (await noticesOf(t, m.id)).filter(
      (n) => n.type === 'order_shipped' || n.type === 'order_progress',
    );
    expect(notices.map((n) => n.params.order_no)).toEqual([
      s1.order_no,
      s2.order_no,
      shipped.order_no,
      transit.order_no,
    ]);
  });

  it('a text/csv body works as the upload does; one order shipped then in transit in one file goes in order', async () => {
    const m = await ready();
    const o = await newOrder(t, m.id, { status: 1 });
    const csv = `tracking_no,order_no,carrier,status\r\nZX-1,${o.order_no},J&T,\r\n,${o.order_no},,in_transit\r\n`;
    const res = await sendCsv(csv, 'text');
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ rows: 2, done: 2, failed: 0 });
    expect(await orderRow(t, o.id)).toMatchObject({ status: 6, carrier: 'J&T', tracking_no: 'ZX-1' });
    // Sent again: every row finds its order moved on.
    const again = await sendCsv(csv, 'text', 'vi');
    expect(again.data.results.map((r: { error: string }) => r.error)).toEqual([
      'ORDER_STATUS_CHANGED',
      'ORDER_STATUS_CHANGED',
    ]);
    expect(again.data.results[0].msg).toBe(translate('vi', 'ORDER_STATUS_CHANGED'));
  });

  it('a bad header refuses every row at row 0; an empty, binary or missing file is refused; too many rows', async () => {
    const m = await ready();
    const o = await newOrder(t, m.id, { status: 1 });
    const unknown = await sendCsv(`order_no,carrier,tracking,weight\n${o.order_no},GHN,X1,2`);
    expect(unknown.data).toMatchObject({ done: 0 });
    expect(unknown.data.results.map((r: { row: number; field: string }) => [r.row, r.field])).toEqual([
      [0, 'tracking'],
      [0, 'weight'],
    ]);
    const missing = await sendCsv(`carrier,tracking_no\nGHN,X1`);
    expect(missing.data.results.map((r: { row: number; field: string }) => [r.row, r.field])).toEqual([
      [0, 'order_no'],
    ]);
    const twice = await sendCsv(`order_no,order_no\n${o.order_no},${o.order_no}`);
    expect(twice.data.results[0]).toMatchObject({ row: 0, field: 'order_no', error: 'INVALID_INPUT' });
    expect((await orderRow(t, o.id)).status).toBe(1);

    const many = [
      'order_no,carrier,tracking_no',
      ...Array.from({ length: MAX_SHIP_CSV_ROWS + 1 }, (_, i) => `X${i},GHN,T${i}`),
    ];
    const tooMany = await sendCsv(many.join('\n'));
    expect(tooMany.data.results).toEqual([
      expect.objectContaining({ row: MAX_SHIP_CSV_ROWS + 1, field: '_' }),
    ]);
    const header = await sendCsv('\n\n');
    expect(header.data.results[0]).toMatchObject({ row: 0, field: 'file', error: 'INVALID_INPUT' });
    const unclosed = await sendCsv(`order_no,carrier,tracking_no\n"${o.order_no},GHN,X1`);
    expect(unclosed.data.results[0]).toMatchObject({ done: false, error: 'INVALID_INPUT', field: '_' });

    expectRefusal(await sendCsv(Buffer.from([0xff, 0xfe, 0x00, 0x41])), 'UNSUPPORTED_FILE', 'file');
    expectRefusal(await sendCsv(''), 'INVALID_INPUT', 'file');
    expectRefusal(await sendCsv('', 'text'), 'INVALID_INPUT', 'file');
    expectRefusal(await support.post(a.shipCsv.path, { order_no: o.order_no }), 'INVALID_INPUT', 'file');
    expect((await orderRow(t, o.id)).status).toBe(1);
  });
});
