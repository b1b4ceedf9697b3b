import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { adminChainRoutes as a } from '@dropdesk/contract/chain';
import { walletRoutes } from '@dropdesk/contract/wallet';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Anvil, Chain, erc20Network, startAnvil } from '../../../test/chain/anvil';
import { newMerchant, newOperator, type TestMerchant } from '../../../test/factories';
import { balanceOf } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';

const SCRIPT = path.resolve(import.meta.dirname, '../../../test/chain/watch-process.ts');

/**
 * The watcher killed with SIGKILL at random moments while blocks come in, then started again: every
 * transfer is credited exactly once, nothing is missed, and the books balance. The watcher runs in
 * a process of its own on the test's database (the SQLite file, or the PostgreSQL database).
 */
describe(`chain watcher killed with -9 (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let anvil: Anvil;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: {
        ...process.env,
        DATABASE_URL: t.config.databaseUrl ?? '',
        DATA_DIR: t.config.dataDir,
        WATCH_EVERY_MS: '5',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child?.stdout?.once('data', () => resolve());
      child?.once('exit', (code) => reject(new Error(`watcher exited ${code}`)));
    });
  };
  const kill = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise((r) => {
      c.once('exit', r);
      c.kill('SIGKILL');
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    anvil = await startAnvil();
  }, 60_000);
  afterAll(async () => {
    await kill();
    await anvil?.close();
    await t?.close();
  });

  it('credits every transfer once across kill -9 and restarts', async () => {
    const chain = new Chain(anvil.url);
    const usdt = await chain.deployToken('USDT', 6);
    const admin = await newOperator(t, 'admin');
    const set = await admin.call(a.setNetwork, erc20Network(anvil.url, usdt, await chain.head()));
    expect(set.code, set.raw).toBe(1);
    const merchants: TestMerchant[] = [];
    const addresses: Address[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await newMerchant(t);
      const res = await m.client.call(walletRoutes.getBlockchain);
      merchants.push(m);
      addresses.push(res.data.networks.find((n) => n.network === 'ERC20')!.address as Address);
    }
    const sent = new Map<number, number>(merchants.map((m) => [m.id, 0]));
    let transfers = 0;
    let kills = 0;
    await start();
    for (let round = 0; round < 16; round++) {
      const k = round % merchants.length;
      const cents = 10_000 + round * 137;
      await chain.mint(usdt, addresses[k]!, (cents / 100).toFixed(2));
      sent.set(merchants[k]!.id, (sent.get(merchants[k]!.id) ?? 0) + cents);
      transfers++;
      await chain.mine();
      await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 60)));
      if (round % 3 === 1) {
        await kill();
        kills++;
        await start();
      }
    }
    await chain.mine(2);
    const deadline = Date.now() + 30_000;
    const credited = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('recharges')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'approved')
            .where('tx_hash', 'is not', null)
            .executeTakeFirst()
        )?.n,
      );
    while ((await credited()) < transfers && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await kill();

    expect(kills).toBeGreaterThanOrEqual(5);
    expect(await credited()).toBe(transfers);
    for (const m of merchants) expect(await balanceOf(m)).toBe(((sent.get(m.id) ?? 0) / 100).toFixed(2));
    const journals = await t.database.db
      .selectFrom('journals')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('type', '=', 'recharge')
      .executeTakeFirst();
    expect(Number(journals?.n)).toBe(transfers);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  }, 120_000);
});
