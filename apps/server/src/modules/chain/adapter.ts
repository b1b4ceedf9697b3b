import type { ChainKind } from '@dropdesk/contract/chain';
import { createPublicClient, http, parseAbiItem, parseEventLogs } from 'viem';

/** One token transfer as the chain records it: a log of the token contract's `Transfer` event. */
export interface TokenTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  from: string;
  /** As the network spells it (EVM: the checksum case, as derive.ts spells merchants' addresses). */
  to: string;
  /** In the token's smallest unit. */
  value: bigint;
}

/**
 * What the watcher asks of a network's node. One implementation per kind of chain: every EVM chain
 * an admin enables is read by `EvmAdapter` (its own RPC URL and token contract); TRON's TRC20 fits
 * the same three calls (its HTTP API has the head, blocks by number, and a contract's events), which
 * is where a TRON adapter would go (docs/wallet.md says why there is none yet).
 */
export interface ChainAdapter {
  /** The newest block number. */
  head(): Promise<number>;
  /** The hash the chain has now at each height (null: no such block any more). */
  blockHashes(numbers: readonly number[]): Promise<Map<number, string | null>>;
  /** The token's transfers in blocks `from`..`to`, both included, in chain order. */
  transfers(token: string, from: number, to: number): Promise<TokenTransfer[]>;
  /** The token's transfers made by a mined, successful transaction; null when there is none such. */
  transfersOf(token: string, txHash: string): Promise<TokenTransfer[] | null>;
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** An EVM chain over JSON-RPC (viem's public client: request batching, timeouts, typed logs). */
export class EvmAdapter implements ChainAdapter {
  private readonly client;

  constructor(rpcUrl: string, timeoutMs = 10_000) {
    // No retries here: a failed run is recorded and the next run starts again from the cursor.
    this.client = createPublicClient({
      transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0, batch: { batchSize: 100 } }),
    });
  }

  async head(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  async blockHashes(numbers: readonly number[]): Promise<Map<number, string | null>> {
    const unique = [...new Set(numbers)];
    const blocks = await Promise.all(
      unique.map((n) =>
        this.client
          .getBlock({ blockNumber: BigInt(n) })
          .then((b) => b.hash as string | null)
          .catch((error: unknown) => {
            if (error instanceof Error && error.name === 'BlockNotFoundError') return null;
            throw error;
          }),
      ),
    );
    return new Map(unique.map((n, i) => [n, blocks[i] ?? null]));
  }

  async transfersOf(token: string, txHash: string): Promise<TokenTransfer[] | null> {
    let receipt: Awaited<ReturnType<typeof this.client.getTransactionReceipt>>;
    try {
      receipt = await this.client.getTransactionReceipt({ hash: txHash as `0x${string}` });
    } catch (error) {
      if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    }
    if (receipt.status !== 'success') return null;
    const wanted = token.toLowerCase();
    return parseEventLogs({ abi: [TRANSFER], logs: receipt.logs, strict: true })
      .filter((log) => log.address.toLowerCase() === wanted)
      .map((log) => ({
        txHash: receipt.transactionHash,
        logIndex: Number(log.logIndex),
        blockNumber: Number(receipt.blockNumber),
        blockHash: receipt.blockHash,
        from: log.args.from,
        to: log.args.to,
        value: log.args.value,
      }));
  }

  async transfers(token: string, from: number, to: number): Promise<TokenTransfer[]> {
    const logs = await this.client.getLogs({
      address: token as `0x${string}`,
      event: TRANSFER,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      strict: true,
    });
    return logs
      .filter((log) => !log.removed && log.blockHash !== null && log.transactionHash !== null)
      .map((log) => ({
        txHash: log.transactionHash as string,
        logIndex: Number(log.logIndex),
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash as string,
        from: log.args.from,
        to: log.args.to,
        value: log.args.value,
      }));
  }
}

/** The adapter of a network's kind, or null for a kind this platform can't follow yet. */
export function adapterFor(kind: ChainKind, rpcUrl: string): ChainAdapter | null {
  return kind === 'evm' ? new EvmAdapter(rpcUrl) : null;
}
