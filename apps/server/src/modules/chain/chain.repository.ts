import type { Network } from '@dropdesk/contract/wallet';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type {
  ChainAlertsTable,
  ChainCursorsTable,
  ChainNetworksTable,
  RechargesTable,
} from '../../db/schema';

export type ChainNetworkRow = Selectable<ChainNetworksTable>;
export type ChainCursorRow = Selectable<ChainCursorsTable>;
export type ChainAlertRow = Selectable<ChainAlertsTable>;
export type ChainRechargeRow = Selectable<RechargesTable>;
export type AlertWithTransfer = ChainAlertRow & {
  amount: number;
  tx_hash: string | null;
  log_index: number | null;
  recharge_created_at: number;
};

/** A transfer the watcher saw to a merchant's address, ready to be recorded. */
export interface SeenTransfer {
  merchantId: number;
  network: Network;
  address: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  from: string;
  amount: number;
  tokenAmount: string;
}

/** Queries of the chain watcher and its settings; the rules are the watcher's and the service's. */
export const chainRepository = {
  networks(db: Db): Promise<ChainNetworkRow[]> {
    return db.selectFrom('chain_networks').selectAll().orderBy('network').execute();
  },

  network(db: Db, network: Network): Promise<ChainNetworkRow | undefined> {
    return db.selectFrom('chain_networks').selectAll().where('network', '=', network).executeTakeFirst();
  },

  async upsertNetwork(
    db: Db,
    values: Omit<ChainNetworkRow, 'created_at'> & { created_at: number },
  ): Promise<void> {
    const { network, created_at, ...change } = values;
    await db
      .insertInto('chain_networks')
      .values(values)
      .onConflict((oc) => oc.column('network').doUpdateSet(change))
      .execute();
  },

  /** How many merchants' addresses each network has. */
  async addressCounts(db: Db): Promise<Map<Network, number>> {
    const rows = await db
      .selectFrom('chain_addresses')
      .select((eb) => ['network', eb.fn.countAll<number | string>().as('n')])
      .groupBy('network')
      .execute();
    return new Map(rows.map((r) => [r.network, Number(r.n)]));
  },

  address(db: Db, network: Network, merchantId: number) {
    return db
      .selectFrom('chain_addresses')
      .select(['address', 'derivation_index'])
      .where('network', '=', network)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  },

  /** Stores a merchant's derived address; a concurrent first read stores the same row once. */
  async insertAddress(
    db: Db,
    row: {
      network: Network;
      merchant_id: number;
      derivation_index: number;
      address: string;
      created_at: number;
    },
  ): Promise<void> {
    await db
      .insertInto('chain_addresses')
      .values(row)
      .onConflict((oc) => oc.columns(['network', 'merchant_id']).doNothing())
      .execute();
  },

  /** The merchants owning some of these addresses on a network, by address. */
  async owners(db: Db, network: Network, addresses: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const unique = [...new Set(addresses)];
    // In slices, under the engines' limits on bound parameters.
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await db
        .selectFrom('chain_addresses')
        .select(['address', 'merchant_id'])
        .where('network', '=', network)
        .where('address', 'in', unique.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.address, r.merchant_id);
    }
    return out;
  },

  cursor(db: Db, network: Network): Promise<ChainCursorRow | undefined> {
    return db.selectFrom('chain_cursors').selectAll().where('network', '=', network).executeTakeFirst();
  },

  cursors(db: Db): Promise<ChainCursorRow[]> {
    return db.selectFrom('chain_cursors').selectAll().execute();
  },

  async saveCursor(db: Db, row: ChainCursorRow): Promise<void> {
    const { network, ...change } = row;
    await db
      .insertInto('chain_cursors')
      .values(row)
      .onConflict((oc) => oc.column('network').doUpdateSet(change))
      .execute();
  },

  /** A failed run: the error is kept until a run succeeds; the cursor stays where it was. */
  async recordError(db: Db, network: Network, error: string, at: number, startBlock: number): Promise<void> {
    await db
      .insertInto('chain_cursors')
      .values({
        network,
        block_number: startBlock - 1,
        block_hash: null,
        head_number: null,
        head_at: null,
        scanned_at: null,
        last_error: error,
        error_at: at,
        errors: 1,
      })
      .onConflict((oc) =>
        oc.column('network').doUpdateSet({
          last_error: error,
          error_at: at,
          errors: sql<number>`chain_cursors.errors + 1`,
        }),
      )
      .execute();
  },

  /**
   * Records a transfer seen in a block, once per (network, tx hash, log index). Seen again (the same
   * transaction mined in another block after a reorganisation): its block is updated, and one that
   * was dropped meanwhile is pending again. A credited one keeps its state (its alert, if any, stays).
   */
  async recordTransfer(db: Db, t: SeenTransfer, now: number): Promise<void> {
    await db
      .insertInto('recharges')
      .values({
        merchant_id: t.merchantId,
        method: 'chain',
        network: t.network,
        address: t.address,
        amount: t.amount,
        voucher: null,
        reason: null,
        journal_id: null,
        created_at: now,
        resolved_at: null,
        resolved_by: null,
        tx_hash: t.txHash,
        log_index: t.logIndex,
        block_number: t.blockNumber,
        block_hash: t.blockHash,
        from_address: t.from,
        token_amount: t.tokenAmount,
      })
      .onConflict((oc) =>
        oc.columns(['network', 'tx_hash', 'log_index']).doUpdateSet({
          block_number: t.blockNumber,
          block_hash: t.blockHash,
          status: sql`case when recharges.status = 'rejected' then 'pending' else recharges.status end`,
          reason: sql`case when recharges.status = 'rejected' then null else recharges.reason end`,
          resolved_at: sql`case when recharges.status = 'rejected' then null else recharges.resolved_at end`,
        }),
      )
      .execute();
  },

  /** A network's transfers still waiting (for confirmations or for the minimum), oldest block first. */
  pending(db: Db, network: Network): Promise<ChainRechargeRow[]> {
    return db
      .selectFrom('recharges')
      .selectAll()
      .where('network', '=', network)
      .where('status', '=', 'pending')
      .where('tx_hash', 'is not', null)
      .orderBy('block_number')
      .orderBy('log_index')
      .execute();
  },

  /** Credited transfers in blocks from `fromBlock` on, with no alert yet: a reorganisation may still take them. */
  recentCredited(db: Db, network: Network, fromBlock: number): Promise<ChainRechargeRow[]> {
    return db
      .selectFrom('recharges')
      .selectAll()
      .where('network', '=', network)
      .where('status', '=', 'approved')
      .where('tx_hash', 'is not', null)
      .where('block_number', '>=', fromBlock)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('chain_alerts')
              .select('chain_alerts.id')
              .whereRef('chain_alerts.recharge_id', '=', 'recharges.id'),
          ),
        ),
      )
      .execute();
  },

  /** Counts of pending transfers per network, for the health. */
  async pendingCounts(db: Db): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('recharges')
      .select((eb) => ['network', eb.fn.countAll<number | string>().as('n')])
      .where('status', '=', 'pending')
      .where('tx_hash', 'is not', null)
      .groupBy('network')
      .execute();
    return new Map(rows.map((r) => [r.network ?? '', Number(r.n)]));
  },

  async openAlertCounts(db: Db): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('chain_alerts')
      .select((eb) => ['network', eb.fn.countAll<number | string>().as('n')])
      .where('resolved_at', 'is', null)
      .groupBy('network')
      .execute();
    return new Map(rows.map((r) => [r.network, Number(r.n)]));
  },

  /** Raises an alert once per transfer and kind; true when this call raised it. */
  async raiseAlert(
    db: Db,
    alert: { network: Network; recharge_id: number; merchant_id: number; detail: string; created_at: number },
  ): Promise<boolean> {
    const row = await db
      .insertInto('chain_alerts')
      .values({ ...alert, kind: 'credited_reorged', resolved_at: null, resolved_by: null, resolution: null })
      .onConflict((oc) => oc.columns(['recharge_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * A waiting transfer settled: credited (`approved`) or dropped (`rejected`, with the reason), only
   * while it is still pending and still names the block that was checked; false when another run
   * settled it first, or it moved to another block meanwhile.
   */
  async settle(
    db: Db,
    id: number,
    blockHash: string,
    change: { status: 'approved' | 'rejected'; reason: string | null; resolved_at: number },
  ): Promise<boolean> {
    const row = await db
      .updateTable('recharges')
      .set(change)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('block_hash', '=', blockHash)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async setJournal(db: Db, id: number, journalId: number): Promise<void> {
    await db.updateTable('recharges').set({ journal_id: journalId }).where('id', '=', id).execute();
  },

  /** Alerts, open ones first then newest first, each with its transfer (`open` keeps only open or only closed ones). */
  alertPage(db: Db, open: boolean | undefined, paging: Paging): Promise<PageOf<AlertWithTransfer>> {
    let q = db.selectFrom('chain_alerts').innerJoin('recharges', 'recharges.id', 'chain_alerts.recharge_id');
    if (open !== undefined) q = q.where('chain_alerts.resolved_at', open ? 'is' : 'is not', null);
    return fetchPage(
      q,
      (f) =>
        f
          .selectAll('chain_alerts')
          .select([
            'recharges.amount',
            'recharges.tx_hash',
            'recharges.log_index',
            'recharges.created_at as recharge_created_at',
          ])
          .orderBy(sql`case when chain_alerts.resolved_at is null then 0 else 1 end`)
          .orderBy('chain_alerts.id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  alert(db: Db, id: number): Promise<AlertWithTransfer | undefined> {
    return db
      .selectFrom('chain_alerts')
      .innerJoin('recharges', 'recharges.id', 'chain_alerts.recharge_id')
      .selectAll('chain_alerts')
      .select([
        'recharges.amount',
        'recharges.tx_hash',
        'recharges.log_index',
        'recharges.created_at as recharge_created_at',
      ])
      .where('chain_alerts.id', '=', id)
      .executeTakeFirst();
  },

  /** Closes an open alert; false when it is closed already or missing. */
  async resolveAlert(
    db: Db,
    id: number,
    operatorId: number,
    resolution: string,
    now: number,
  ): Promise<boolean> {
    const row = await db
      .updateTable('chain_alerts')
      .set({ resolved_at: now, resolved_by: operatorId, resolution })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },
};
