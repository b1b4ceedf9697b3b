/**
 * `npm run bench:chain`: the chain watcher when one block holds 1,000 token transfers to 1,000
 * merchants. A local EVM node (Anvil, as in the tests) and a fresh database of the engine
 * (`BENCH_ENGINE=postgres` for PostgreSQL; SQLite by default). Prints, per phase, how long the
 * watcher's run took: reading the block and recording the 1,000 transfers as pending, then, a
 * block later (2 confirmations), crediting them (a journal and a notice each); transfers credited
 * per second; and the watcher's lag: blocks behind after each run, and the seconds from the block
 * that gave the 2nd confirmation to the last credit (the run, plus on average half the
 * CHAIN_WATCH_SECONDS interval, which the figure adds).
 */
import type { Address } from 'viem';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { ChainWatcher } from '../src/modules/chain';
import { chainRepository } from '../src/modules/chain/chain.repository';
import { depositAddressOf } from '../src/modules/chain/chain.service';
import { checkLedger } from '../src/modules/ledger/ledger.check';
import { Chain, startAnvil, TEST_XPUB } from '../test/chain/anvil';
import { benchMerchant, freshDatabase } from './support';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 1_000);
const INTERVAL_S = 5;
const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

const place = await freshDatabase(engine, 'chain');
const database = openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir, poolSize: 10 });
const anvil = await startAnvil(['--gas-limit', '1000000000']);
try {
  await migrateToLatest(database);
  const db = database.db;
  const chain = new Chain(anvil.url);
  const usdt = await chain.deployToken('USDT', 6);
  const now = Date.now();
  await chainRepository.upsertNetwork(db, {
    network: 'ERC20',
    kind: 'evm',
    rpc_url: anvil.url,
    token_contract: usdt,
    token_decimals: 6,
    confirmations: 2,
    xpub: TEST_XPUB,
    start_block: await chain.head(),
    enabled: 1,
    updated_by: null,
    updated_at: now,
    created_at: now,
  });
  const net = await chainRepository.network(db, 'ERC20');
  if (!net) throw new Error('no network');

  let started = performance.now();
  const addresses: Address[] = [];
  await db.transaction().execute(async (tx) => {
    for (let m = 0; m < MERCHANTS; m++) {
      const id = await benchMerchant(tx, '77', m, now);
      addresses.push((await depositAddressOf(tx, net, id, now)) as Address);
    }
  });
  console.log(
    `${MERCHANTS} merchants and their derived addresses: ${Math.round(performance.now() - started)} ms (${engine})`,
  );

  // Tokens for the sender, then one block with a transfer to every merchant (in slices of 250 per transaction).
  await chain.mint(usdt, anvil.senders[0]!, String(MERCHANTS * 200));
  await chain.mine();
  const watcher = new ChainWatcher({ db, clock: systemClock });
  await watcher.runAll();
  for (let i = 0; i < addresses.length; i += 250) {
    const slice = addresses.slice(i, i + 250);
    await chain.transferMany(
      usdt,
      slice,
      slice.map((_, k) => (100 + ((i + k) % 50) + 0.25).toFixed(2)),
    );
  }
  await chain.mine();
  const block = await chain.public.getBlock({ blockTag: 'latest', includeTransactions: false });
  const logs = await chain.public.getLogs({ address: usdt, fromBlock: block.number, toBlock: block.number });
  console.log(`block ${block.number}: ${block.transactions.length} transactions, ${logs.length} transfers`);

  started = performance.now();
  const seen = await watcher.runAll();
  const seenMs = performance.now() - started;
  console.log(
    `run 1 (1 confirmation): ${seen[0]?.seen} recorded pending in ${Math.round(seenMs)} ms; lag after it: ${(seen[0]?.head ?? 0) - (seen[0]?.scanned ?? 0)} blocks`,
  );

  await chain.mine();
  started = performance.now();
  const credit = await watcher.runAll();
  const creditMs = performance.now() - started;
  const credited = credit[0]?.credited ?? 0;
  console.log(
    `run 2 (2 confirmations): ${credited} credited in ${Math.round(creditMs)} ms = ${Math.round((credited / creditMs) * 1000)} transfers credited/s; lag after it: ${(credit[0]?.head ?? 0) - (credit[0]?.scanned ?? 0)} blocks`,
  );
  console.log(
    `from the block of the 2nd confirmation to the last credit: ${(creditMs / 1000).toFixed(2)} s of run + ${INTERVAL_S / 2} s average wait for the next run (CHAIN_WATCH_SECONDS=${INTERVAL_S}) = ${(creditMs / 1000 + INTERVAL_S / 2).toFixed(2)} s`,
  );
  const report = await checkLedger(db);
  console.log(`ledger check: ${report.problems.length} problems (${report.journals} journals)`);
  if (credited !== MERCHANTS || report.problems.length > 0) process.exitCode = 1;
} finally {
  await anvil.close();
  await database.close();
  await place.drop();
}
