import { accountRoutes } from '@dropdesk/contract/account';
import { adminRoutes } from '@dropdesk/contract/admin';
import { adminKycRoutes, kycRoutes } from '@dropdesk/contract/kyc';
import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client } from '../../../test/client';
import {
  newMerchant,
  newOperator,
  png,
  registerMerchant,
  type TestMerchant,
  type TestOperator,
} from '../../../test/factories';
import { newBuyer } from '../../../test/store';
import { openBankTopUps, uploadAs } from '../../../test/wallet';
import { LINK_WINDOW_MS } from './private-links';

/**
 * Private files (vouchers, ID photos, licences) through the links the replies name (docs/design.md §4,
 * docs/decisions.md 30): an `<img>` loads them with no header, only their owner and the operator
 * roles that review them get one, a link ends within minutes or with its session, and to anybody
 * else, a tampered link, another file's or an expired one, a private file is a 404 like a missing one.
 */
const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

describe(`private files through signed links (${engine})`, () => {
  let t: TestApp;
  let admin: TestOperator;
  let reviewer: TestOperator;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newOperator(t, 'admin');
    reviewer = await newOperator(t, 'reviewer');
    await openBankTopUps(admin);
  });
  afterAll(() => t.close());

  /** An image element's request: the path and its query, no header at all. */
  const load = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const missing = () => load('/uploads/u_AAAAAAAAAAAAAAAAAAAAAA');
  const idOf = (url: string) => /^\/uploads\/(u_[A-Za-z0-9_-]{22})\?/.exec(url)?.[1] ?? '';

  /** A merchant with an identity submitted (three ID photos) and a manual top-up asked (a voucher). */
  async function merchantWithFiles(): Promise<TestMerchant & { photos: string[]; voucher: string }> {
    const m = await newMerchant(t);
    const photos = [await uploadAs(m, 'id_card'), await uploadAs(m, 'id_card'), await uploadAs(m, 'id_card')];
    const submitted = await m.client.call(kycRoutes.submitIdcard, {
      real_name: 'Nguyen Van A',
      id_number: '079123456789',
      id_card_front: photos[0]!,
      id_card_back: photos[1]!,
      id_card_hand: photos[2]!,
    });
    expect(submitted.code, submitted.raw).toBe(1);
    const voucher = await uploadAs(m, 'voucher');
    const asked = await m.client.call(walletRoutes.recharge, { method: 'manual', amount: '150.00', voucher });
    expect(asked.code, asked.raw).toBe(1);
    return { ...m, photos, voucher };
  }

  /** The links an operator's queues name for a merchant's files. */
  async function queueLinks(op: Client, m: { id: number }) {
    const kyc = await op.call(adminKycRoutes.list, { status: 'pending', page: '1', limit: '100' });
    const recharges = await op.call(adminWalletRoutes.recharges, {
      merchant_id: String(m.id),
      page: '1',
      limit: '100',
    });
    expect(kyc.code, kyc.raw).toBe(1);
    expect(recharges.code, recharges.raw).toBe(1);
    const k = kyc.data.list.find((x) => x.merchant.id === m.id)!;
    return [
      k.id_card_front_url,
      k.id_card_back_url,
      k.id_card_hand_url,
      recharges.data.list[0]!.voucher_url!,
    ];
  }

  async function expectImage(url: string) {
    const res = await load(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.length).toBeGreaterThan(0);
    return res;
  }

  async function expectMissing(url: string, headers: Record<string, string> = {}) {
    const res = await load(url, headers);
    expect(res.statusCode, url).toBe(404);
    // Exactly what a file that does not exist answers: nothing tells a private file from none.
    expect(res.body).toBe((await missing()).body);
    expect(res.headers['content-type']).toBe((await missing()).headers['content-type']);
  }

  it("the owner's replies name its photos and voucher by links an image element loads, cached privately for no longer than they last", async () => {
    const m = await merchantWithFiles();
    const info = await m.client.call(kycRoutes.idcard);
    const log = await m.client.call(walletRoutes.rechargeLog, { page: '1', limit: '10' });
    const urls = [
      info.data.id_card_front_url!,
      info.data.id_card_back_url!,
      info.data.id_card_hand_url!,
      log.data.list[0]!.voucher_url!,
    ];
    expect(urls.map(idOf)).toEqual([...m.photos, m.voucher]);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/u_[A-Za-z0-9_-]{22}\?v=\d+&e=\d+&s=[A-Za-z0-9_-]{43}$/);
      const res = await expectImage(url);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual((2 * LINK_WINDOW_MS) / 1000);
      const expires = Number(new URL(url, 'http://x').searchParams.get('e'));
      expect(maxAge).toBe(expires - Math.ceil(t.clock.now() / 1000));
    }
  });

  it('a private upload names its file by a link for the uploader; before sign-up by none', async () => {
    const m = await newMerchant(t);
    const own = await m.client.upload('voucher', await png());
    expect(own.data).toMatchObject({ kind: 'voucher', private: true });
    await expectImage(own.data.url);
    const anon = await new Client(t.app).upload('id_card', await png());
    expect(anon.data).toMatchObject({ kind: 'id_card', private: true, url: null });
    // Public kinds keep their plain, long-cached path.
    const logo = await m.client.upload('logo', await png());
    expect(logo.data.url).toBe(`/uploads/${logo.data.id}`);
    expect((await load(logo.data.url)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("the photos registration took show on the new merchant's identity page (what /idInfo loads)", async () => {
    const m = await registerMerchant(t);
    const info = await m.client.call(kycRoutes.idcard);
    expect(info.data.status).toBe('unverified');
    const prefill = info.data.prefill!;
    for (const url of [prefill.id_card_front_url, prefill.id_card_back_url, prefill.id_card_hand_url])
      await expectImage(url!);
  });

  it('reviewers and admins see the files in the identity and top-up queues', async () => {
    const m = await merchantWithFiles();
    for (const op of [reviewer, admin]) {
      const urls = await queueLinks(op, m);
      expect(urls.map(idOf)).toEqual([...m.photos, m.voucher]);
      for (const url of urls) await expectImage(url);
    }
    // A decision's reply names the voucher for the operator who made it.
    const recharge = (await m.client.call(walletRoutes.rechargeLog, { page: '1', limit: '1' })).data.list[0]!;
    const approved = await reviewer.call(adminWalletRoutes.approveRecharge, { id: recharge.id });
    expect(approved.code, approved.raw).toBe(1);
    await expectImage(approved.data.voucher_url!);
  });

  it('operators of other roles get no link, and a link made for them opens nothing', async () => {
    const m = await merchantWithFiles();
    for (const role of ['support', 'catalogue'] as const) {
      const op = await newOperator(t, role);
      expect((await op.call(adminKycRoutes.list, { status: 'pending', page: '1', limit: '10' })).error).toBe(
        'FORBIDDEN',
      );
      expect((await op.call(adminWalletRoutes.recharges, { page: '1', limit: '10' })).error).toBe(
        'FORBIDDEN',
      );
      const { sessionId } = (await t.app.sessions.operator(op.token!))!;
      for (const file of [...m.photos, m.voucher]) {
        await expectMissing(t.app.privateLinks.url(file, sessionId));
        await expectMissing(`/uploads/${file}`, { token: op.token! });
      }
    }
  });

  it('another merchant, a buyer and nobody get a 404, whatever they try', async () => {
    const a = await merchantWithFiles();
    const b = await newMerchant(t);
    const buyer = await newBuyer(t);
    const { sessionId: bSession } = (await t.app.sessions.merchant(b.token))!;
    const ownOfB = (await b.client.upload('voucher', await png())).data.url as string;
    for (const file of [...a.photos, a.voucher]) {
      await expectMissing(`/uploads/${file}`);
      await expectMissing(`/uploads/${file}`, { token: b.token });
      await expectMissing(`/uploads/${file}`, { token: buyer.token });
      // A link issued to B's session names B's file: on A's file its signature fails...
      await expectMissing(ownOfB.replace(idOf(ownOfB), file));
      // ...and one made for B's session (were any reply to name A's file to B) is refused at the fetch.
      await expectMissing(t.app.privateLinks.url(file, bSession));
    }
  });

  it('a tampered link, or one moved to another file, opens nothing', async () => {
    const m = await merchantWithFiles();
    const [front, back] = (await queueLinks(reviewer, m)) as [string, string];
    const u = new URL(front, 'http://x');
    const at = (change: (q: URLSearchParams) => void) => {
      const q = new URLSearchParams(u.search);
      change(q);
      return `${u.pathname}?${q}`;
    };
    const s = u.searchParams.get('s')!;
    const e = Number(u.searchParams.get('e'));
    for (const url of [
      `${new URL(back, 'http://x').pathname}${u.search}`,
      at((q) => q.set('s', `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`)),
      at((q) => q.set('e', String(e + 3600))),
      at((q) => q.set('v', String(Number(q.get('v')) + 1))),
      at((q) => q.delete('s')),
      at((q) => q.set('e', 'soon')),
      at((q) => q.set('v', '-1')),
    ])
      await expectMissing(url);
    await expectImage(front);
  });

  it('a link repeats within its window, changes after it, and stops working within 10 minutes', async () => {
    const m = await merchantWithFiles();
    const first = (await m.client.call(kycRoutes.idcard)).data.id_card_front_url!;
    expect((await m.client.call(kycRoutes.idcard)).data.id_card_front_url).toBe(first);
    const expires = Number(new URL(first, 'http://x').searchParams.get('e')) * 1000;
    expect(expires - t.clock.now()).toBeGreaterThan(LINK_WINDOW_MS - 1);
    expect(expires - t.clock.now()).toBeLessThanOrEqual(2 * LINK_WINDOW_MS);
    t.clock.advance(expires - t.clock.now() - 1000);
    await expectImage(first);
    const next = (await m.client.call(kycRoutes.idcard)).data.id_card_front_url!;
    expect(next).not.toBe(first);
    t.clock.advance(1000);
    await expectMissing(first);
    await expectImage(next);
  });

  it('signing out ends the links of that session; the links of another of its sessions go on', async () => {
    const m = await merchantWithFiles();
    const other = new Client(t.app, await t.app.sessions.open({ type: 'merchant', id: m.id }));
    const mine = (await m.client.call(kycRoutes.idcard)).data.id_card_front_url!;
    const theirs = (await other.call(kycRoutes.idcard)).data.id_card_front_url!;
    await expectImage(mine);
    expect((await m.client.call(accountRoutes.logout)).code).toBe(1);
    await expectMissing(mine);
    await expectImage(theirs);

    const op = await newOperator(t, 'reviewer');
    const [link] = await queueLinks(op, m);
    await expectImage(link!);
    expect((await op.call(adminRoutes.logout)).code).toBe(1);
    await expectMissing(link!);
  });

  it("an operator's links end when the operator is disabled", async () => {
    const m = await merchantWithFiles();
    const op = await newOperator(t, 'reviewer');
    const [link] = await queueLinks(op, m);
    await expectImage(link!);
    await t.database.db
      .updateTable('operators')
      .set({ disabled_at: t.clock.now() })
      .where('id', '=', op.id)
      .execute();
    await expectMissing(link!);
  });

  it('a token that is sent and not valid answers 401 on a file read too; a buyer reads as nobody', async () => {
    const m = await merchantWithFiles();
    const forged = await load(`/uploads/${m.voucher}`, { token: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
    // The token header still serves API clients: the owner (never cached), a reviewer.
    const own = await load(`/uploads/${m.voucher}`, { token: m.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await load(`/uploads/${m.voucher}`, { token: reviewer.token! })).statusCode).toBe(200);
  });
});
