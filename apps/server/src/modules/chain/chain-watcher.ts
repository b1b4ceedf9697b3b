import { DEFAULT_LANG, MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import type { Network } from '@dropdesk/contract/wallet';
import type { Db } from '../../db/database';
import { withJobLock } from '../../db/job-lock';
import { t } from '../../i18n/t';
import type { Clock } from '../../lib/clock';
import { orderNo } from '../../lib/order-no';
import { merchantAccounts } from '../account';
import { post } from '../ledger';
import { notify } from '../notices';
import { adapterFor, type ChainAdapter } from './adapter';
import { formatToken, tokenToMinor } from './amounts';
import {
  type ChainNetworkRow,
  type ChainRechargeRow,
  chainRepository as repo,
  type SeenTransfer,
} from './chain.repository';

const transferKey = (tx: string | null, log: number | null) => `${tx}:${log}`;

/** The PostgreSQL advisory lock of a network's watcher ("ddch" + the network's place): one instance at a time. */
export const CHAIN_WATCH_LOCK = 0x6464_6368_0000;
/**
 * How far back a reorganisation is looked for: when the last scanned block is no longer the chain's,
 * this many blocks are read again; credited transfers this young are checked every run. Ethereum
 * finalises in about 64 blocks, so a deeper change is not expected; one is still never silent (a
 * credited transfer older than this is not re-checked, which is the limit docs/wallet.md states).
 */
export const REORG_WINDOW = 128;
/** Blocks read per `eth_getLogs` call (public nodes refuse wide ranges). */
export const MAX_RANGE = 2_000;

export interface ChainWatcherDeps {
  db: Db;
  clock: Clock;
  /** The node of a network; tests give their own (a node that is down, then back). */
  adapter?: (row: ChainNetworkRow) => ChainAdapter | null;
  log?: { warn(obj: object, msg: string): void };
}

/** What one run did on one network (tests and the bench read it). */
export interface WatchRun {
  network: Network;
  head: number;
  scanned: number;
  seen: number;
  credited: number;
  dropped: number;
  alerts: number;
}

/**
 * Follows each enabled network's blocks and credits token transfers to merchants' own addresses
 * (docs/wallet.md "Chain deposits"). One run per network:
 *
 * 1. reads the head; a node that can't be read records the error and changes nothing (the cursor
 *    stays, so nothing is missed: the next run reads from where the last good one stopped);
 * 2. checks that the last scanned block, the blocks of the waiting transfers and of the young
 *    credited ones are still the chain's: a waiting transfer whose block left is dropped (the
 *    merchant is told; it comes back pending if it is mined again), a credited one raises an alert
 *    for operators (never a silent debit or a second credit), and the cursor steps back to read again;
 * 3. reads the token's transfers up to the head, keeps those to merchants' addresses (another
 *    token's, or to an address no merchant owns, are never read or are left), records each once per
 *    (network, tx hash, log index), and moves the cursor, in one transaction;
 * 4. credits each waiting transfer with the network's confirmations (its block is the head's or
 *    older by confirmations − 1) whose block was just checked: one conditional UPDATE (pending →
 *    approved) and its journal in one transaction, so a transfer is credited at most once across
 *    restarts, kill -9 and instances. Below the minimum top-up it waits until this merchant's
 *    waiting ones reach it, then they are credited together.
 */
export class ChainWatcher {
  constructor(private readonly deps: ChainWatcherDeps) {}

  /** One run on every enabled network, each under its own lock. */
  async runAll(): Promise<WatchRun[]> {
    const networks = (await repo.networks(this.deps.db)).filter((n) => n.enabled === 1);
    const runs: WatchRun[] = [];
    for (const [i, network] of networks.entries()) {
      const run = await withJobLock(this.deps.db, CHAIN_WATCH_LOCK + i + 1, () => this.run(network));
      if (run) runs.push(run);
    }
    return runs;
  }

  async run(net: ChainNetworkRow): Promise<WatchRun | null> {
    const { db, clock } = this.deps;
    const adapter = (this.deps.adapter ?? ((n) => adapterFor(n.kind, n.rpc_url)))(net);
    if (!adapter) return null;
    const network = net.network;
    const out: WatchRun = { network, head: 0, scanned: 0, seen: 0, credited: 0, dropped: 0, alerts: 0 };
    try {
      const head = await adapter.head();
      out.head = head;
      const cursor = (await repo.cursor(db, network)) ?? null;
      let from = Math.max(cursor?.block_number ?? net.start_block - 1, net.start_block - 1);

      // 2. still the chain's?
      const pending = await repo.pending(db, network);
      const credited = await repo.recentCredited(db, network, head - REORG_WINDOW);
      const hashes = await adapter.blockHashes([
        ...(cursor?.block_hash ? [cursor.block_number] : []),
        ...pending.map((r) => r.block_number ?? 0),
        ...credited.map((r) => r.block_number ?? 0),
      ]);
      if (cursor?.block_hash && hashes.get(cursor.block_number) !== cursor.block_hash)
        from = Math.max(net.start_block - 1, from - REORG_WINDOW);
      const verified: ChainRechargeRow[] = [];
      const moved: ChainRechargeRow[] = [];
      for (const row of pending) {
        if (hashes.get(row.block_number ?? 0) === row.block_hash) verified.push(row);
        else moved.push(row);
      }
      const movedCredited = credited.filter(
        (r) => (hashes.get(r.block_number ?? 0) ?? null) !== r.block_hash,
      );
      // Read again from before the first block that left: the same transfer is often mined again.
      for (const row of [...moved, ...movedCredited])
        from = Math.max(net.start_block - 1, Math.min(from, (row.block_number ?? 0) - 1));

      // 3. read on to the head
      /** What step 3 read: each transfer's block hash, by transfer. */
      const seenAt = new Map<string, string>();
      const to = Math.min(head, from + MAX_RANGE);
      if (to > from) {
        const transfers = await adapter.transfers(net.token_contract, from + 1, to);
        const toHash = (await adapter.blockHashes([to])).get(to) ?? null;
        const owners = await repo.owners(
          db,
          network,
          transfers.map((tr) => tr.to),
        );
        const seen: SeenTransfer[] = [];
        for (const tr of transfers) {
          const merchantId = owners.get(tr.to);
          if (merchantId === undefined) continue;
          const cents = tokenToMinor(tr.value, net.token_decimals);
          // Under a cent is nothing the platform can credit (and the usual shape of address
          // poisoning: zero or dust transfers); beyond 2^53 cents is not a real transfer.
          if (cents < 1n || cents > BigInt(Number.MAX_SAFE_INTEGER)) continue;
          seen.push({
            merchantId,
            network,
            address: tr.to,
            txHash: tr.txHash,
            logIndex: tr.logIndex,
            blockNumber: tr.blockNumber,
            blockHash: tr.blockHash,
            from: tr.from,
            amount: Number(cents),
            tokenAmount: formatToken(tr.value, net.token_decimals),
          });
        }
        const now = clock.now();
        await db.transaction().execute(async (tx) => {
          for (const s of seen) await repo.recordTransfer(tx, s, now);
          await repo.saveCursor(tx, {
            network,
            block_number: to,
            block_hash: toHash,
            head_number: head,
            head_at: now,
            scanned_at: now,
            last_error: null,
            error_at: null,
            errors: 0,
          });
        });
        out.seen = seen.length;
        for (const s of seen) seenAt.set(transferKey(s.txHash, s.logIndex), s.blockHash);
        // What was just read is as checked as what step 2 checked.
        const fresh = await repo.pending(db, network);
        const known = new Set(verified.map((r) => r.id));
        for (const row of fresh)
          if (!known.has(row.id) && seenAt.get(transferKey(row.tx_hash, row.log_index)) === row.block_hash)
            verified.push(row);
      } else {
        await repo.saveCursor(db, {
          network,
          block_number: from,
          block_hash: cursor && from === cursor.block_number ? cursor.block_hash : (hashes.get(from) ?? null),
          head_number: head,
          head_at: clock.now(),
          scanned_at: clock.now(),
          last_error: null,
          error_at: null,
          errors: 0,
        });
      }
      out.scanned = Math.max(from, to);

      // A transfer whose block left and that was not read again up to the head is gone: a waiting
      // one is dropped, a credited one raises an alert. Found again in another block, it was moved
      // (its row now names the new block). Not read up to the head yet: the next run decides.
      const again = (r: ChainRechargeRow) => seenAt.has(transferKey(r.tx_hash, r.log_index));
      if (to >= head) {
        for (const row of moved) if (!again(row)) out.dropped += await this.drop(row);
        for (const row of movedCredited)
          if (!again(row))
            out.alerts += await this.alert(row, hashes.get(row.block_number ?? 0) ?? null, head);
      }

      // 4. credit what has its confirmations
      out.credited = await this.creditConfirmed(net, verified, head);
      return out;
    } catch (error) {
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);
      this.deps.log?.warn(
        { network, err: message },
        'chain watcher: run failed; the next run starts from the cursor',
      );
      await repo.recordError(db, network, message.slice(0, 500), clock.now(), net.start_block);
      return null;
    }
  }

  /** Credits the confirmed ones: each at or above the minimum, and a merchant's smaller ones once they reach it together. */
  private async creditConfirmed(
    net: ChainNetworkRow,
    rows: ChainRechargeRow[],
    head: number,
  ): Promise<number> {
    const confirmed = rows.filter((r) => head - (r.block_number ?? head) + 1 >= net.confirmations);
    const byMerchant = new Map<number, ChainRechargeRow[]>();
    for (const r of confirmed) byMerchant.set(r.merchant_id, [...(byMerchant.get(r.merchant_id) ?? []), r]);
    let credited = 0;
    for (const [, list] of byMerchant) {
      const small = list.filter((r) => r.amount < MIN_TOPUP_MINOR);
      const waiting = small.reduce((sum, r) => sum + r.amount, 0);
      const due = [
        ...list.filter((r) => r.amount >= MIN_TOPUP_MINOR),
        ...(waiting >= MIN_TOPUP_MINOR ? small : []),
      ];
      for (const row of due) credited += await this.credit(net, row);
    }
    return credited;
  }

  /** One transfer credited: pending → approved and its journal, in one transaction; 0 when another run did it. */
  private async credit(net: ChainNetworkRow, row: ChainRechargeRow): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      const done = await repo.settle(tx, row.id, row.block_hash ?? '', {
        status: 'approved',
        reason: null,
        resolved_at: now,
      });
      if (!done) return 0;
      const journal = await post(tx, {
        type: 'recharge',
        merchantId: row.merchant_id,
        ref: { type: 'recharge', id: row.id },
        operatorId: null,
        at: now,
        postings: [
          { account: { merchantId: row.merchant_id, kind: 'wallet' }, amount: row.amount },
          { account: { platform: 'deposit_clearing' }, amount: -row.amount },
        ],
      });
      await repo.setJournal(tx, row.id, journal.id);
      await notify(
        tx,
        {
          merchantId: row.merchant_id,
          type: 'recharge_credited',
          params: {
            order_no: orderNo('R', row.id, row.created_at),
            amount: formatMoney(row.amount),
            network: net.network,
            confirmations: net.confirmations,
          },
          ref: { type: 'recharge', id: row.id },
        },
        now,
      );
      return 1;
    });
  }

  /** A waiting transfer whose block left the chain: dropped, with the reason in the merchant's language. */
  private async drop(row: ChainRechargeRow): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const lang = (await merchantAccounts.byId(db, row.merchant_id))?.lang ?? DEFAULT_LANG;
    return db.transaction().execute(async (tx) => {
      const done = await repo.settle(tx, row.id, row.block_hash ?? '', {
        status: 'rejected',
        reason: t(lang, 'REASON_CHAIN_DROPPED'),
        resolved_at: now,
      });
      if (!done) return 0;
      await notify(
        tx,
        {
          merchantId: row.merchant_id,
          type: 'recharge_dropped',
          params: { order_no: orderNo('R', row.id, row.created_at), amount: formatMoney(row.amount) },
          ref: { type: 'recharge', id: row.id },
        },
        now,
      );
      return 1;
    });
  }

  /** A credited transfer whose block left the chain: an alert for operators, once. Nothing moves. */
  private async alert(row: ChainRechargeRow, hashNow: string | null, head: number): Promise<number> {
    const raised = await repo.raiseAlert(this.deps.db, {
      network: row.network as Network,
      recharge_id: row.id,
      merchant_id: row.merchant_id,
      detail: JSON.stringify({ block: row.block_number, hash_then: row.block_hash, hash_now: hashNow, head }),
      created_at: this.deps.clock.now(),
    });
    if (raised)
      this.deps.log?.warn(
        { network: row.network, recharge: row.id, block: row.block_number },
        'chain watcher: a credited transfer left the chain; alert raised for operators',
      );
    return raised ? 1 : 0;
  }
}
