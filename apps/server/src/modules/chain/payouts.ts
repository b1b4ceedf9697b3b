import { Refusal } from '../../lib/refusal';
import { adapterFor, type ChainAdapter } from './adapter';
import type { ChainNetworkRow } from './chain.repository';

/** A chain transaction hash as an EVM network writes it. */
export const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** The token's smallest units that make `cents`, or null when the token can't hold them exactly. */
function tokenUnits(cents: number, decimals: number): bigint | null {
  if (decimals >= 2) return BigInt(cents) * 10n ** BigInt(decimals - 2);
  const scale = 10n ** BigInt(2 - decimals);
  return BigInt(cents) % scale === 0n ? BigInt(cents) / scale : null;
}

/**
 * An operator's on-chain payout of a withdrawal, checked against the chain before it is marked paid
 * (docs/wallet.md "Payouts checked against the chain"): transaction `txHash` must be mined and
 * successful with the network's confirmations, and pay exactly `actual` cents of the network's
 * token to `to`. Refuses PAYOUT_NOT_FOUND (not on the chain, failed, or not confirmed yet),
 * PAYOUT_MISMATCH (it pays something else: another amount, address or token) or CHAIN_UNREACHABLE
 * (the node can't be asked; nothing is decided).
 */
export async function checkPayout(
  net: ChainNetworkRow,
  payout: { txHash: string; to: string; actual: number },
  adapterOf: (net: ChainNetworkRow) => ChainAdapter | null = (n) => adapterFor(n.kind, n.rpc_url),
): Promise<void> {
  const adapter = adapterOf(net);
  if (!adapter) return;
  let transfers: Awaited<ReturnType<ChainAdapter['transfersOf']>>;
  let head: number;
  try {
    transfers = await adapter.transfersOf(net.token_contract, payout.txHash);
    head = await adapter.head();
  } catch {
    throw new Refusal('CHAIN_UNREACHABLE');
  }
  if (transfers === null) throw new Refusal('PAYOUT_NOT_FOUND');
  const block = transfers[0]?.blockNumber;
  if (block !== undefined && head - block + 1 < net.confirmations) throw new Refusal('PAYOUT_NOT_FOUND');
  const value = tokenUnits(payout.actual, net.token_decimals);
  const to = payout.to.toLowerCase();
  if (!transfers.some((t) => t.to.toLowerCase() === to && t.value === value))
    throw new Refusal('PAYOUT_MISMATCH');
}
