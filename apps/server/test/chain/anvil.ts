import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  type Hex,
  http as httpTransport,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import token from './test-token.json' with { type: 'json' };

/**
 * A local EVM chain for the chain watcher's tests: Anvil (Foundry's node, from npm
 * `@foundry-rs/anvil`, its binary in the platform package) started per test file on a free port,
 * with automatic mining off so a test mines its blocks one by one. The test token is
 * `TestToken.sol`, compiled once with solc 0.8.30 (optimizer 200 runs, evm cancun) into
 * `test-token.json`: `npx solc@0.8.30 --optimize --bin --abi TestToken.sol` gives the same bytecode.
 *
 * The platform's deposit key is made from a fixed seed here, as the platform's own wallet would
 * hold it: the server gets only its account-level extended public key (m/44'/60'/0'), and a test
 * can check that the address the server derived is one this wallet can spend from.
 */

const require = createRequire(import.meta.url);

function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** Anvil's first funded accounts (its default mnemonic's keys, public knowledge). */
const FUNDED_KEYS: Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
];

/** The platform's deposit wallet of the tests: a fixed seed, its account-level key at m/44'/60'/0'. */
export const PLATFORM_WALLET = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'");
export const TEST_XPUB = PLATFORM_WALLET.publicExtendedKey;

/** The private key the platform's wallet holds for merchant index `i` (never given to the server). */
export function platformKeyOf(index: number): Hex {
  const key = PLATFORM_WALLET.deriveChild(0).deriveChild(index).privateKey;
  if (!key) throw new Error('no private key');
  return `0x${Buffer.from(key).toString('hex')}`;
}

/**
 * The admin's body that watches ERC20 on this node and token (`POST /admin/chain/networks`): 6
 * decimals like USDT, 2 confirmations, the tests' platform key. The server tests, the browser test
 * and the visual story all set the network with it.
 */
export function erc20Network(
  rpcUrl: string,
  token: string,
  startBlock: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    network: 'ERC20' as const,
    rpc_url: rpcUrl,
    token_contract: token,
    token_decimals: 6,
    confirmations: 2,
    xpub: TEST_XPUB,
    start_block: startBlock,
    enabled: true,
    ...overrides,
  };
}

export interface Anvil {
  url: string;
  /** An address that sends transfers (funded with ETH and the tokens it mints). */
  senders: Address[];
  close(): Promise<void>;
}

/** Starts a node; `args` adds Anvil options (the bench raises the block gas limit). */
export async function startAnvil(args: string[] = []): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    anvilBinary(),
    [
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--no-mining',
      '--silent',
      '--chain-id',
      '31337',
      ...args,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('anvil did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    senders: FUNDED_KEYS.map((k) => privateKeyToAccount(k).address),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Driving the chain: deploy the token, send transfers, mine, snapshot and revert (a reorganisation). */
export class Chain {
  readonly public;
  readonly test;
  private readonly wallets;

  constructor(readonly url: string) {
    const transport = httpTransport(url);
    this.public = createPublicClient({ transport });
    this.test = createTestClient({ mode: 'anvil', transport });
    this.wallets = FUNDED_KEYS.map((k) =>
      createWalletClient({ account: privateKeyToAccount(k), transport, chain: undefined }),
    );
  }

  /** Deploys a TestToken (`decimals` 6 like USDT) and mines it; its address. */
  async deployToken(symbol = 'USDT', decimals = 6): Promise<Address> {
    const hash = await this.wallets[0]!.deployContract({
      abi: token.abi,
      bytecode: token.bytecode as Hex,
      args: [`Test ${symbol}`, symbol, decimals],
      chain: null,
    });
    await this.mine();
    const receipt = await this.public.getTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error('no contract deployed');
    return receipt.contractAddress;
  }

  /** Mints `amount` (in token units, e.g. "150.5") to `to`: one Transfer log from the zero address. Not mined. */
  async mint(tokenAddress: Address, to: Address, amount: string, decimals = 6, sender = 0): Promise<Hash> {
    return this.wallets[sender]!.writeContract({
      address: tokenAddress,
      abi: token.abi,
      functionName: 'mint',
      args: [to, parseUnits(amount, decimals)],
      chain: null,
    });
  }

  /** Several transfers in one transaction (one log each), from a sender holding the tokens. Not mined. */
  async transferMany(
    tokenAddress: Address,
    to: Address[],
    amounts: string[],
    decimals = 6,
    sender = 0,
  ): Promise<Hash> {
    return this.wallets[sender]!.writeContract({
      address: tokenAddress,
      abi: token.abi,
      functionName: 'transferMany',
      args: [to, amounts.map((a) => parseUnits(a, decimals))],
      chain: null,
      gas: 30_000_000n,
    });
  }

  /** A signed transaction not sent yet, to send (again) with sendRaw: the same hash in another block. */
  async signMint(
    tokenAddress: Address,
    to: Address,
    amount: string,
    nonceOffset = 0,
    sender = 1,
  ): Promise<Hex> {
    const wallet = this.wallets[sender]!;
    const request = await wallet.prepareTransactionRequest({
      to: tokenAddress,
      data: encodeMint(to, parseUnits(amount, 6)),
      chain: null,
      gas: 200_000n,
    });
    return wallet.signTransaction({
      ...request,
      nonce: (request.nonce ?? 0) + nonceOffset,
      chain: null,
    } as never);
  }

  sendRaw(serialized: Hex): Promise<Hash> {
    return this.public.sendRawTransaction({ serializedTransaction: serialized });
  }

  async mine(blocks = 1): Promise<void> {
    await this.test.mine({ blocks });
  }

  async head(): Promise<number> {
    return Number(await this.public.getBlockNumber({ cacheTime: 0 }));
  }

  snapshot(): Promise<Hex> {
    return this.test.snapshot();
  }

  /** Back to the snapshot: the blocks after it leave the chain (mine again to build another branch). */
  async revert(id: Hex): Promise<void> {
    await this.test.revert({ id });
  }

  /** Drops what waits in the mempool (a reverted branch's transactions come back there). */
  async dropPending(): Promise<void> {
    await this.test.request({ method: 'anvil_dropAllTransactions' as never, params: [] as never });
  }
}

function encodeMint(to: Address, value: bigint): Hex {
  // mint(address,uint256): selector 0x40c10f19
  return `0x40c10f19${to.slice(2).toLowerCase().padStart(64, '0')}${value.toString(16).padStart(64, '0')}`;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * An RPC endpoint in front of the node that can be switched off: down, it answers 503 (as a node
 * behind a load balancer does in an outage); back up, it forwards again.
 */
export async function flakyProxy(
  target: string,
): Promise<{ url: string; down: boolean; calls: number; close(): Promise<void> }> {
  const state = { down: false, calls: 0 };
  const server = http.createServer(async (req, res) => {
    state.calls++;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (state.down) {
      res.writeHead(503).end('node down');
      return;
    }
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
