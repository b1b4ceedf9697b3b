import { randomUUID } from 'node:crypto';
import { adminChainRoutes as a } from '@dropdesk/contract/chain';
import { DEFAULT_LANG } from '@dropdesk/contract/constants';
import { reportsRoutes } from '@dropdesk/contract/reports';
import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import { type Address, getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  type Anvil,
  Chain,
  erc20Network,
  flakyProxy,
  platformKeyOf,
  startAnvil,
  TEST_XPUB,
} from '../../../test/chain/anvil';
import { expectRefusal } from '../../../test/client';
import { newMerchant, newOperator, type TestMerchant, type TestOperator } from '../../../test/factories';
import { balanceOf, READY, uploadAs } from '../../../test/wallet';
import { t as say } from '../../i18n/t';
import { checkLedger } from '../ledger/ledger.check';
import { ChainWatcher } from './chain-watcher';

/**
 * The chain watcher against a real EVM node (Anvil, mined block by block) and a real database, on
 * the engine of the run: addresses, confirmations, reorganisations before and after crediting, a
 * node that goes down, two instances, amounts below the minimum, and the console's and merchant's
 * calls around it. The ledger check runs after every test.
 */
describe(`chain watcher (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let anvil: Anvil;
  let chain: Chain;
  let usdt: Address;
  let other: Address;
  let admin: TestOperator;
  let watcher: ChainWatcher;

  const network = (overrides: Record<string, unknown> = {}) => erc20Network(anvil.url, usdt, 0, overrides);

  /** The merchant's own ERC20 address, as its deposit screen shows it. */
  async function addressOf(m: TestMerchant): Promise<Address> {
    const res = await m.client.call(walletRoutes.getBlockchain);
    expect(res.code, res.raw).toBe(1);
    const erc = res.data.networks.find((n) => n.network === 'ERC20');
    expect(erc).toMatchObject({ own: true, confirmations: 2, token_contract: getAddress(usdt) });
    return erc!.address as Address;
  }

  async function records(m: TestMerchant) {
    const res = await m.client.call(walletRoutes.rechargeLog, { page: '1', limit: '50' });
    expect(res.code, res.raw).toBe(1);
    return res.data.list;
  }

  async function noticesOf(m: TestMerchant) {
    return t.database.db
      .selectFrom('notices')
      .select(['type', 'params'])
      .where('merchant_id', '=', m.id)
      .execute();
  }

  const run = async () => {
    const runs = await watcher.runAll();
    return runs[0];
  };

  beforeAll(async () => {
    t = await buildTestApp();
    anvil = await startAnvil();
    chain = new Chain(anvil.url);
    usdt = await chain.deployToken('USDT', 6);
    other = await chain.deployToken('OTHER', 6);
    admin = await newOperator(t, 'admin');
    const set = await admin.call(a.setNetwork, network({ start_block: await chain.head() }));
    expect(set.code, set.raw).toBe(1);
    watcher = new ChainWatcher({ db: t.database.db, clock: t.clock });
  }, 60_000);
  afterEach(async () => {
    // Every block so far read, so the next test starts from a quiet chain.
    await run();
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
  afterAll(async () => {
    await anvil?.close();
    await t?.close();
  });

  it("each merchant's address is its own, derived from the admin's key, and one the platform's wallet can spend", async () => {
    const [m1, m2] = [await newMerchant(t), await newMerchant(t)];
    const a1 = await addressOf(m1);
    expect(await addressOf(m1)).toBe(a1);
    const a2 = await addressOf(m2);
    expect(a2).not.toBe(a1);
    expect(a1).toBe(privateKeyToAccount(platformKeyOf(m1.id)).address);
    expect(a2).toBe(privateKeyToAccount(platformKeyOf(m2.id)).address);
    const rows = await t.database.db
      .selectFrom('chain_addresses')
      .selectAll()
      .where('merchant_id', 'in', [m1.id, m2.id])
      .execute();
    expect(rows.map((r) => [r.merchant_id, r.derivation_index, r.address])).toEqual(
      expect.arrayContaining([
        [m1.id, m1.id, a1],
        [m2.id, m2.id, a2],
      ]),
    );
  });

  it('a transfer is pending at 1 confirmation and credited at exactly 2, once, with a journal and a notice', async () => {
    const m = await newMerchant(t);
    const to = await addressOf(m);
    const hash = await chain.mint(usdt, to, '150.5');
    await chain.mine();
    const first = await run();
    expect(first).toMatchObject({ seen: 1, credited: 0 });
    let [r] = await records(m);
    expect(r).toMatchObject({
      method: 'chain',
      network: 'ERC20',
      address: to,
      amount: '150.50',
      status: 'pending',
      voucher_url: null,
      chain: {
        tx_hash: hash,
        log_index: 0,
        confirmations: 1,
        required: 2,
        below_minimum: false,
        token_amount: '150.50',
      },
    });
    expect(await balanceOf(m)).toBe('0.00');
    // Running again on the same head changes nothing.
    expect(await run()).toMatchObject({ seen: 0, credited: 0 });

    await chain.mine();
    expect(await run()).toMatchObject({ credited: 1 });
    [r] = await records(m);
    expect(r).toMatchObject({ status: 'approved', chain: { confirmations: 2, required: 2 } });
    expect(await balanceOf(m)).toBe('150.50');
    expect((await noticesOf(m)).map((n) => n.type)).toEqual(['recharge_credited']);
    const bill = await m.client.call(reportsRoutes.bill, { page: '1', limit: '10' });
    expect(bill.data.list).toEqual([expect.objectContaining({ amount: '150.50', journal_type: 'recharge' })]);

    await chain.mine(3);
    expect(await run()).toMatchObject({ credited: 0 });
    expect(await balanceOf(m)).toBe('150.50');
  });

  it('two transfers in one transaction are two top-ups (two log indexes)', async () => {
    const m = await newMerchant(t);
    const to = await addressOf(m);
    await chain.mint(usdt, anvil.senders[0]!, '1000');
    await chain.mine();
    const hash = await chain.transferMany(usdt, [to, to], ['120', '130.25']);
    await chain.mine(2);
    expect(await run()).toMatchObject({ seen: 2, credited: 2 });
    const list = await records(m);
    expect(list.map((r) => [r.chain?.tx_hash, r.chain?.log_index, r.amount]).sort()).toEqual([
      [hash, 0, '120.00'],
      [hash, 1, '130.25'],
    ]);
    expect(await balanceOf(m)).toBe('250.25');
  });

  it("a transfer to an address that is no merchant's, and another token's transfer to a merchant, are left", async () => {
    const m = await newMerchant(t);
    const to = await addressOf(m);
    const before = await t.database.db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    await chain.mint(usdt, '0x000000000000000000000000000000000000dEaD', '500');
    await chain.mint(other, to, '500');
    await chain.mine(2);
    expect(await run()).toMatchObject({ seen: 0, credited: 0 });
    const after = await t.database.db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect(await records(m)).toEqual([]);
  });

  it('below the minimum a transfer waits, and is credited when the waiting ones reach 100 together', async () => {
    const m = await newMerchant(t);
    const to = await addressOf(m);
    await chain.mint(usdt, to, '40.123456');
    await chain.mine(2);
    expect(await run()).toMatchObject({ seen: 1, credited: 0 });
    let [r] = await records(m);
    expect(r).toMatchObject({
      status: 'pending',
      amount: '40.12',
      chain: { confirmations: 2, below_minimum: true, token_amount: '40.123456' },
    });
    // Dust under a cent is nothing to credit (and the usual shape of address poisoning).
    await chain.mint(usdt, to, '0.001');
    await chain.mint(usdt, to, '59.88');
    await chain.mine(2);
    expect(await run()).toMatchObject({ seen: 1, credited: 2 });
    const list = await records(m);
    expect(list.map((x) => [x.amount, x.status])).toEqual([
      ['59.88', 'approved'],
      ['40.12', 'approved'],
    ]);
    expect(await balanceOf(m)).toBe('100.00');
    [r] = await records(m);
    expect(r?.chain?.below_minimum).toBe(false);
  });

  it('a reorganisation before 2 confirmations drops the transfer and tells the merchant; nothing is credited', async () => {
    const m = await newMerchant(t);
    const to = await addressOf(m);
    const snap = await chain.snapshot();
    await chain.mint(usdt, to, '200');
    await chain.mine();
    expect(await run()).toMatchObject({ seen: 1 });
    await chain.revert(snap);
    await chain.dropPending();
    await chain.mine(3);
    expect(await run()).toMatchObject({ dropped: 1, credited: 0 });
    const [r] = await records(m);
    expect(r).toMatchObject({ status: 'rejected', reason: say(DEFAULT_LANG, 'REASON_CHAIN_DROPPED') });
    expect((await noticesOf(m)).map((n) => n.type)).toEqual(['recharge_dropped']);
    expect(await balanceOf(m)).toBe('0.00');
  });

  it('a transfer mined again in another block after a reorganisation is moved, not dropped, and credited once', async () => {
    const m = await newMerchant(t);
    const to = await addressOf(m);
    const signed = await chain.signMint(usdt, to, '300');
    const snap = await chain.snapshot();
    const hash = await chain.sendRaw(signed);
    await chain.mine();
    expect(await run()).toMatchObject({ seen: 1 });
    const firstBlock = (await records(m))[0]?.chain?.block;
    await chain.revert(snap);
    await chain.dropPending();
    await chain.mine();
    expect(await chain.sendRaw(signed)).toBe(hash);
    await chain.mine();
    expect(await run()).toMatchObject({ dropped: 0, credited: 0 });
    let [r] = await records(m);
    expect(r).toMatchObject({ status: 'pending', chain: { tx_hash: hash, confirmations: 1 } });
    expect(r?.chain?.block).toBe((firstBlock ?? 0) + 1);
    await chain.mine();
    expect(await run()).toMatchObject({ credited: 1 });
    [r] = await records(m);
    expect(r?.status).toBe('approved');
    expect(await balanceOf(m)).toBe('300.00');
    expect((await noticesOf(m)).map((n) => n.type)).toEqual(['recharge_credited']);
  });

  it('a credited transfer that a deeper reorganisation takes raises one alert, and nothing is debited or credited again', async () => {
    const m = await newMerchant(t);
    const to = await addressOf(m);
    const snap = await chain.snapshot();
    await chain.mint(usdt, to, '400');
    await chain.mine(2);
    expect(await run()).toMatchObject({ credited: 1 });
    await chain.revert(snap);
    await chain.dropPending();
    await chain.mine(4);
    expect(await run()).toMatchObject({ alerts: 1, credited: 0, dropped: 0 });
    expect(await run()).toMatchObject({ alerts: 0 });
    expect(await balanceOf(m)).toBe('400.00');
    const [r] = await records(m);
    expect(r?.status).toBe('approved');

    const alerts = await admin.call(a.alerts, { open: '1', page: '1', limit: '10' });
    expect(alerts.code, alerts.raw).toBe(1);
    const alert = alerts.data.list.find((x) => x.recharge_id === r?.id);
    expect(alert).toMatchObject({
      network: 'ERC20',
      kind: 'credited_reorged',
      amount: '400.00',
      merchant_id: m.id,
      resolved_at: null,
    });
    expect(alert?.detail.hash_now).not.toBe(alert?.detail.hash_then);
    const health = (await admin.call(a.networks)).data.list[0]?.health;
    expect(health?.open_alerts).toBeGreaterThanOrEqual(1);

    const reviewer = await newOperator(t, 'reviewer');
    expectRefusal(await reviewer.call(a.resolveAlert, { id: alert!.id, resolution: 'x' }), 'FORBIDDEN');
    expectRefusal(
      await admin.call(a.resolveAlert, { id: alert!.id, resolution: '' }),
      'INVALID_INPUT',
      'resolution',
    );
    const done = await admin.call(a.resolveAlert, {
      id: alert!.id,
      resolution: 'Recovered from the sender; see ticket 42.',
    });
    expect(done.code, done.raw).toBe(1);
    expect(done.data).toMatchObject({
      resolution: 'Recovered from the sender; see ticket 42.',
      resolved_by: admin.id,
    });
    expectRefusal(
      await admin.call(a.resolveAlert, { id: alert!.id, resolution: 'again' }),
      'ALREADY_RESOLVED',
    );
    expectRefusal(await admin.call(a.resolveAlert, { id: 999_999, resolution: 'none' }), 'NOT_FOUND');
  });

  it('a node that is down delays crediting, records the error for the console, and loses nothing', async () => {
    const proxy = await flakyProxy(anvil.url);
    try {
      expect(
        (await admin.call(a.setNetwork, network({ rpc_url: proxy.url, start_block: await chain.head() })))
          .code,
      ).toBe(1);
      const m = await newMerchant(t);
      const to = await addressOf(m);
      proxy.down = true;
      await chain.mint(usdt, to, '120');
      await chain.mine(2);
      expect(await run()).toBeUndefined();
      expect(await run()).toBeUndefined();
      const health = (await admin.call(a.networks)).data.list.find((n) => n.network === 'ERC20')?.health;
      expect(health).toMatchObject({ errors: 2 });
      expect(health?.last_error).toBeTruthy();
      expect(await balanceOf(m)).toBe('0.00');
      proxy.down = false;
      expect(await run()).toMatchObject({ seen: 1, credited: 1 });
      expect(await balanceOf(m)).toBe('120.00');
      const healthy = (await admin.call(a.networks)).data.list.find((n) => n.network === 'ERC20')?.health;
      expect(healthy).toMatchObject({ errors: 0, last_error: null, lag: 0 });
    } finally {
      await admin.call(a.setNetwork, network({ start_block: 0 }));
      await proxy.close();
    }
  });

  it('two instances watching at once credit each transfer once', async () => {
    const second = await buildTestApp({}, { shareWith: t });
    try {
      const other = new ChainWatcher({ db: second.database.db, clock: second.clock });
      const merchants = [await newMerchant(t), await newMerchant(t), await newMerchant(t)];
      const addresses = await Promise.all(merchants.map(addressOf));
      for (let round = 0; round < 3; round++) {
        for (const to of addresses) await chain.mint(usdt, to, '101');
        await chain.mine();
        await Promise.all([watcher.runAll(), other.runAll(), watcher.runAll(), other.runAll()]);
      }
      await chain.mine(2);
      await Promise.all([watcher.runAll(), other.runAll()]);
      for (const m of merchants) {
        expect(await balanceOf(m)).toBe('303.00');
        const list = await records(m);
        expect(list.map((r) => r.status)).toEqual(['approved', 'approved', 'approved']);
      }
      const journals = await t.database.db
        .selectFrom('journals')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(
          'merchant_id',
          'in',
          merchants.map((m) => m.id),
        )
        .executeTakeFirst();
      expect(Number(journals?.n)).toBe(9);
    } finally {
      await second.close();
    }
  });

  it('a payout on a watched network is checked against the chain before the withdrawal is marked paid', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000.00' });
    const dest = anvil.senders[2]!;
    const idem = () => ({ headers: { 'idempotency-key': randomUUID() } });
    const withdraw = async () => {
      const res = await m.client.call(
        walletRoutes.extract,
        {
          method: 'blockchain',
          currency: 'USDT',
          network: 'ERC20',
          address: dest,
          amount: '200',
          pay_password: '123456',
        },
        idem(),
      );
      expect(res.code, res.raw).toBe(1);
      return res.data;
    };
    const w = await withdraw();
    expect(w.actual).toBe('197.00');
    const approve = (id: number, reference?: string) =>
      admin.call(adminWalletRoutes.approveWithdrawal, { id, ...(reference ? { reference } : {}) }, idem());
    const mined = async (hash: Promise<string>, blocks = 2) => {
      const h = await hash;
      await chain.mine(blocks);
      return h;
    };

    expectRefusal(await approve(w.id), 'INVALID_INPUT', 'reference');
    expectRefusal(await approve(w.id, 'WIRE-2026-11-29'), 'INVALID_INPUT', 'reference');
    expectRefusal(await approve(w.id, `0x${'ab'.repeat(32)}`), 'PAYOUT_NOT_FOUND');
    await mined(chain.mint(usdt, anvil.senders[0]!, '2000'), 1);
    const wrongAmount = await mined(chain.transferMany(usdt, [dest], ['196.99']));
    expectRefusal(await approve(w.id, wrongAmount), 'PAYOUT_MISMATCH');
    const wrongAddress = await mined(chain.transferMany(usdt, [anvil.senders[1]!], ['197']));
    expectRefusal(await approve(w.id, wrongAddress), 'PAYOUT_MISMATCH');
    const wrongToken = await mined(chain.mint(other, dest, '197'));
    expectRefusal(await approve(w.id, wrongToken), 'PAYOUT_MISMATCH');
    const right = await mined(chain.transferMany(usdt, [dest], ['197']), 1);
    // One block holds it: not confirmed yet.
    expectRefusal(await approve(w.id, right), 'PAYOUT_NOT_FOUND');
    await chain.mine();
    const paid = await approve(w.id, right);
    expect(paid.code, paid.raw).toBe(1);
    expect(paid.data).toMatchObject({ status: 'approved', actual: '197.00' });
    // The same transaction can't pay a second withdrawal.
    const w2 = await withdraw();
    expectRefusal(await approve(w2.id, right.toUpperCase().replace('0X', '0x')), 'PAYOUT_REUSED');
    // A node that can't be asked decides nothing.
    const proxy = await flakyProxy(anvil.url);
    try {
      expect((await admin.call(a.setNetwork, network({ rpc_url: proxy.url }))).code).toBe(1);
      proxy.down = true;
      expectRefusal(await approve(w2.id, `0x${'cd'.repeat(32)}`), 'CHAIN_UNREACHABLE');
    } finally {
      await admin.call(a.setNetwork, network());
      await proxy.close();
    }
    expect(await balanceOf(m)).toBe('600.00');
  });

  describe('around the watcher', () => {
    it('a voucher top-up on a watched network is refused; cancel and review of a watched one too', async () => {
      const m = await newMerchant(t);
      const to = await addressOf(m);
      const voucher = await uploadAs(m, 'voucher');
      const asked = await m.client.call(
        walletRoutes.recharge,
        { method: 'chain', network: 'ERC20', amount: '150', voucher },
        { headers: { 'idempotency-key': randomUUID() } },
      );
      expectRefusal(asked, 'NETWORK_WATCHED', 'network');
      await chain.mint(usdt, to, '110');
      await chain.mine();
      await run();
      const [r] = await records(m);
      expectRefusal(await m.client.call(walletRoutes.rechargeCancel, { id: r!.id }), 'CREDITED_BY_CHAIN');
      const stranger = await newMerchant(t);
      expectRefusal(await stranger.client.call(walletRoutes.rechargeCancel, { id: r!.id }), 'NOT_FOUND');
      const idem = { headers: { 'idempotency-key': randomUUID() } };
      expectRefusal(
        await admin.call(adminWalletRoutes.approveRecharge, { id: r!.id }, idem),
        'CREDITED_BY_CHAIN',
      );
      expectRefusal(
        await admin.call(
          adminWalletRoutes.rejectRecharge,
          { id: r!.id, reason: 'no' },
          { headers: { 'idempotency-key': randomUUID() } },
        ),
        'CREDITED_BY_CHAIN',
      );
      // Not in the operators' review queue: it waits for blocks, not for a person.
      const queue = await admin.call(adminWalletRoutes.recharges, {
        status: 'pending',
        page: '1',
        limit: '100',
      });
      expect(queue.data.list.map((x) => x.id)).not.toContain(r!.id);
      // One merchant's list shows it, with its chain facts, for the operator who is asked about it.
      const ofMerchant = await admin.call(adminWalletRoutes.recharges, {
        merchant_id: String(m.id),
        page: '1',
        limit: '100',
      });
      expect(ofMerchant.data.list).toEqual([
        expect.objectContaining({
          id: r!.id,
          voucher_url: null,
          chain: expect.objectContaining({ confirmations: 1 }),
        }),
      ]);
      await chain.mine();
      await run();
      expect(await balanceOf(m)).toBe('110.00');
    });

    it('setting a network: bad input, roles, a kind with no watcher, and a key locked once addresses exist', async () => {
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ xpub: 'xpub-not-a-key' }, 'xpub'],
        [{ xpub: TEST_XPUB.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) }, 'xpub'],
        [{ token_contract: '0x123' }, 'token_contract'],
        [{ rpc_url: 'ftp://node' }, 'rpc_url'],
        [{ rpc_url: 'http://' }, 'rpc_url'],
        [{ confirmations: 0 }, 'confirmations'],
        [{ confirmations: 1.5 }, 'confirmations'],
        [{ token_decimals: 40 }, 'token_decimals'],
        [{ start_block: -1 }, 'start_block'],
        [{ network: 'BSC' }, 'network'],
      ];
      for (const [change, field] of bad)
        expectRefusal(
          await admin.call(a.setNetwork, network(change)),
          'INVALID_INPUT',
          field,
          JSON.stringify(change),
        );
      expectRefusal(await admin.call(a.setNetwork, { ...network(), fee: 1 } as never), 'INVALID_INPUT');
      // A private extended key is never taken, even a valid one.
      const xprv = (await import('../../../test/chain/anvil')).PLATFORM_WALLET.privateExtendedKey;
      expectRefusal(await admin.call(a.setNetwork, network({ xpub: xprv })), 'INVALID_INPUT', 'xpub');
      expectRefusal(
        await admin.call(
          a.setNetwork,
          network({ network: 'TRC20', token_contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
        ),
        'WATCHER_UNAVAILABLE',
      );
      const reviewer = await newOperator(t, 'reviewer');
      expectRefusal(await reviewer.call(a.setNetwork, network()), 'FORBIDDEN');
      expect((await reviewer.call(a.networks)).code).toBe(1);
      const m = await newMerchant(t);
      expectRefusal(await m.client.call(a.networks), 'UNAUTHORIZED');
      // Merchants have addresses from the key by now: another key would give them other addresses.
      const { HDKey } = await import('@scure/bip32');
      const otherKey = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive(
        "m/44'/60'/0'",
      ).publicExtendedKey;
      expectRefusal(await admin.call(a.setNetwork, network({ xpub: otherKey })), 'XPUB_LOCKED');
      const kept = (await admin.call(a.networks)).data.list.find((n) => n.network === 'ERC20');
      expect(kept).toMatchObject({ xpub: TEST_XPUB, enabled: true });
      expect(kept?.addresses).toBeGreaterThan(0);
      // The same key with other settings is fine, and audited.
      expect((await admin.call(a.setNetwork, network({ confirmations: 2 }))).code).toBe(1);
      const audited = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'chain_network.set')
        .execute();
      expect(audited.length).toBeGreaterThan(0);
    });
  });
});
