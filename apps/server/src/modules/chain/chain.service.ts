import {
  type ChainAlertItem,
  type ChainNetworkBody,
  type ChainNetworkItem,
  NETWORK_KINDS,
  WATCHED_KINDS,
} from '@dropdesk/contract/chain';
import { MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import type { ChainFacts, Network } from '@dropdesk/contract/wallet';
import { getAddress } from 'viem';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { orderNo } from '../../lib/order-no';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import {
  type AlertWithTransfer,
  type ChainCursorRow,
  type ChainNetworkRow,
  type ChainRechargeRow,
  chainRepository as repo,
} from './chain.repository';
import { deriveAddress, parseXpub } from './derive';

/** What a top-up record needs to say how far its transfer is: each watched network's head and rule. */
export type ChainState = Map<string, { head: number | null; required: number }>;

/** The state of every watched network, read once for a page of records. */
export async function chainState(db: Db): Promise<ChainState> {
  const [networks, cursors] = await Promise.all([repo.networks(db), repo.cursors(db)]);
  const heads = new Map(cursors.map((c) => [c.network, c.head_number]));
  return new Map(
    networks.map((n) => [n.network, { head: heads.get(n.network) ?? null, required: n.confirmations }]),
  );
}

/** A watched transfer's facts as its record shows them; null for a declared top-up. */
export function chainFactsOf(row: ChainRechargeRow, state: ChainState): ChainFacts | null {
  if (row.tx_hash === null || row.network === null) return null;
  const net = state.get(row.network);
  const required = net?.required ?? 0;
  const block = row.block_number ?? 0;
  const seen = net?.head == null ? 1 : Math.max(1, net.head - block + 1);
  const confirmations = row.status === 'approved' ? required : Math.min(seen, required);
  return {
    tx_hash: row.tx_hash,
    log_index: row.log_index ?? 0,
    block,
    from: row.from_address ?? '',
    token_amount: row.token_amount ?? formatMoney(row.amount),
    confirmations,
    required,
    below_minimum: row.status === 'pending' && confirmations >= required && row.amount < MIN_TOPUP_MINOR,
  };
}

/** The watched network a merchant deposits on, if `network` is one (enabled, of a kind the watcher follows). */
export async function watchedNetwork(db: Db, network: Network): Promise<ChainNetworkRow | undefined> {
  const row = await repo.network(db, network);
  return row && row.enabled === 1 && WATCHED_KINDS.includes(row.kind) ? row : undefined;
}

/** Every watched network (enabled, of a kind the watcher follows). */
export async function watchedNetworks(db: Db): Promise<ChainNetworkRow[]> {
  return (await repo.networks(db)).filter((n) => n.enabled === 1 && WATCHED_KINDS.includes(n.kind));
}

/**
 * A merchant's own deposit address on a watched network: derived at index = the merchant's id the
 * first time it is asked for, then stored (the watcher reads the stored ones). Deriving the same
 * index gives the same address; the unique indexes keep one address to one merchant.
 */
export async function depositAddressOf(
  db: Db,
  net: ChainNetworkRow,
  merchantId: number,
  now: number,
): Promise<string> {
  const stored = await repo.address(db, net.network, merchantId);
  if (stored) return stored.address;
  const key = parseXpub(net.xpub);
  if (!key) throw new Error(`the extended public key of ${net.network} does not parse`);
  const address = deriveAddress(net.kind, key, merchantId);
  await repo.insertAddress(db, {
    network: net.network,
    merchant_id: merchantId,
    derivation_index: merchantId,
    address,
    created_at: now,
  });
  return (await repo.address(db, net.network, merchantId))?.address ?? address;
}

/** A network's settings as an admin sets them: what the console shows and the audit records. */
function settingsOf(r: Pick<ChainNetworkRow, SettingKey>) {
  return {
    rpc_url: r.rpc_url,
    token_contract: r.token_contract,
    token_decimals: r.token_decimals,
    confirmations: r.confirmations,
    xpub: r.xpub,
    start_block: r.start_block,
    enabled: r.enabled === 1,
  };
}
type SettingKey =
  | 'rpc_url'
  | 'token_contract'
  | 'token_decimals'
  | 'confirmations'
  | 'xpub'
  | 'start_block'
  | 'enabled';

function healthOf(cursor: ChainCursorRow | undefined, pending: number, openAlerts: number) {
  if (!cursor) return null;
  return {
    head: cursor.head_number,
    head_at: cursor.head_at === null ? null : iso(cursor.head_at),
    scanned: cursor.block_number,
    scanned_at: cursor.scanned_at === null ? null : iso(cursor.scanned_at),
    lag: cursor.head_number === null ? null : Math.max(0, cursor.head_number - cursor.block_number),
    last_error: cursor.last_error,
    error_at: cursor.error_at === null ? null : iso(cursor.error_at),
    errors: cursor.errors,
    pending,
    open_alerts: openAlerts,
  };
}

function alertItem(row: AlertWithTransfer): ChainAlertItem {
  const detail = JSON.parse(row.detail) as ChainAlertItem['detail'];
  return {
    id: row.id,
    network: row.network,
    kind: row.kind,
    recharge_id: row.recharge_id,
    order_no: orderNo('R', row.recharge_id, row.recharge_created_at),
    merchant_id: row.merchant_id,
    amount: formatMoney(row.amount),
    tx_hash: row.tx_hash ?? '',
    log_index: row.log_index ?? 0,
    detail,
    created_at: iso(row.created_at),
    resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
    resolved_by: row.resolved_by,
    resolution: row.resolution,
  };
}

/** What operators see and set of the chain watcher: the networks, their health, the alerts. */
export class ChainService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async networks(): Promise<{ list: ChainNetworkItem[] }> {
    const { db } = this.deps;
    const [rows, cursors, counts, pending, alerts] = await Promise.all([
      repo.networks(db),
      repo.cursors(db),
      repo.addressCounts(db),
      repo.pendingCounts(db),
      repo.openAlertCounts(db),
    ]);
    const byNetwork = new Map(cursors.map((c) => [c.network, c]));
    return {
      list: rows.map((r) =>
        this.item(
          r,
          counts.get(r.network) ?? 0,
          healthOf(byNetwork.get(r.network), pending.get(r.network) ?? 0, alerts.get(r.network) ?? 0),
        ),
      ),
    };
  }

  private item(r: ChainNetworkRow, addresses: number, health: ChainNetworkItem['health']): ChainNetworkItem {
    return {
      network: r.network,
      kind: r.kind,
      ...settingsOf(r),
      addresses,
      updated_at: iso(r.updated_at),
      health,
    };
  }

  async setNetwork(op: SessionOperator, body: ChainNetworkBody): Promise<ChainNetworkItem> {
    const kind = NETWORK_KINDS[body.network];
    // Shown to merchants to check what they send: in its checksum case (EIP-55), however it was typed.
    const tokenContract =
      kind === 'evm' ? getAddress(body.token_contract.toLowerCase()) : body.token_contract;
    if (!parseXpub(body.xpub)) throw fieldRefusal('INVALID_INPUT', 'xpub', 'FIELD_XPUB');
    if (body.enabled && !WATCHED_KINDS.includes(kind)) throw new Refusal('WATCHER_UNAVAILABLE');
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (tx) => {
      const before = await repo.network(tx, body.network);
      const addresses = (await repo.addressCounts(tx)).get(body.network) ?? 0;
      if (before && before.xpub !== body.xpub && addresses > 0) throw new Refusal('XPUB_LOCKED');
      await repo.upsertNetwork(tx, {
        network: body.network,
        kind,
        rpc_url: body.rpc_url,
        token_contract: tokenContract,
        token_decimals: body.token_decimals,
        confirmations: body.confirmations,
        xpub: body.xpub,
        start_block: body.start_block,
        enabled: body.enabled ? 1 : 0,
        updated_by: op.id,
        updated_at: now,
        created_at: before?.created_at ?? now,
      });
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'chain_network.set',
          targetType: 'network',
          targetId: body.network,
          before: before ? settingsOf(before) : null,
          after: settingsOf({ ...body, token_contract: tokenContract, enabled: body.enabled ? 1 : 0 }),
        },
        now,
      );
    });
    const item = (await this.networks()).list.find((n) => n.network === body.network);
    if (!item) throw notFound();
    return item;
  }

  async alerts(query: Paging & { open?: '1' | '0' | undefined }) {
    const page = await repo.alertPage(
      this.deps.db,
      query.open === undefined ? undefined : query.open === '1',
      query,
    );
    return { ...page, list: page.list.map(alertItem) };
  }

  async resolveAlert(op: SessionOperator, id: number, resolution: string): Promise<ChainAlertItem> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      const done = await repo.resolveAlert(tx, id, op.id, resolution, now);
      if (!done) throw (await repo.alert(tx, id)) ? new Refusal('ALREADY_RESOLVED') : notFound();
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'chain_alert.resolve',
          targetType: 'chain_alert',
          targetId: id,
          before: { resolved: false },
          after: { resolved: true, resolution },
        },
        now,
      );
      const row = await repo.alert(tx, id);
      if (!row) throw notFound();
      return alertItem(row);
    });
  }
}
