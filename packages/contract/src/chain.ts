import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from './envelope';
import { moneyOut } from './money-fields';
import * as adminChainPaths from './paths/admin-chain';
import { ADMINS, defineRoute, REVIEWERS } from './route';
import { text } from './text';
import { ADDRESS_PATTERNS, NETWORKS, type Network, RECHARGE_CONFIRMATIONS } from './wallet';

/**
 * Chain top-ups credited by the chain (docs/wallet.md "Chain deposits"): each merchant has a deposit
 * address of its own per watched network, derived from an extended public key an admin sets; a
 * watcher follows the network's blocks and credits a token transfer to that address once it has the
 * network's confirmations.
 */

/** How a network's blocks are read and its addresses are spelled. */
export const CHAIN_KINDS = ['evm', 'tron'] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];
/** The kind of each network the platform offers (TRC20 is TRON's; ERC20 is Ethereum's, an EVM chain). */
export const NETWORK_KINDS: Record<Network, ChainKind> = { ERC20: 'evm', TRC20: 'tron' };
/** The kinds the watcher can follow on this platform (a TRON node can't run here: docs/wallet.md). */
export const WATCHED_KINDS: readonly ChainKind[] = ['evm'];
/** What an alert about a watched transfer is. */
export const CHAIN_ALERT_KINDS = ['credited_reorged'] as const;

/** An extended public key as wallets export it (BIP32: xpub / tpub; base58, 111 characters). */
export const XPUB_PATTERN = /^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,115}$/;

// ---------------------------------------------------------------- shapes

export const chainHealth = z.object({
  /** The newest block the node reported, and when. */
  head: z.number().int().nullable(),
  head_at: isoTime.nullable(),
  /** The last block scanned for transfers. */
  scanned: z.number().int(),
  scanned_at: isoTime.nullable(),
  /** head − scanned: blocks not read yet. */
  lag: z.number().int().nullable(),
  /** The last failure to read the node (kept until a run succeeds), its time, and failures in a row. */
  last_error: z.string().nullable(),
  error_at: isoTime.nullable(),
  errors: z.number().int(),
  /** Transfers seen and waiting for confirmations (or for the minimum). */
  pending: z.number().int(),
  /** Alerts not resolved yet. */
  open_alerts: z.number().int(),
});
export type ChainHealth = z.infer<typeof chainHealth>;

export const chainNetwork = z.object({
  network: z.enum(NETWORKS),
  kind: z.enum(CHAIN_KINDS),
  rpc_url: z.string(),
  token_contract: z.string(),
  token_decimals: z.number().int(),
  confirmations: z.number().int(),
  xpub: z.string(),
  start_block: z.number().int(),
  enabled: z.boolean(),
  /** Merchants' addresses derived so far; the key can't change once there is one. */
  addresses: z.number().int(),
  updated_at: isoTime,
  health: chainHealth.nullable(),
});
export type ChainNetworkItem = z.infer<typeof chainNetwork>;

export const chainAlert = z.object({
  id: z.number().int(),
  network: z.enum(NETWORKS),
  kind: z.enum(CHAIN_ALERT_KINDS),
  recharge_id: z.number().int(),
  order_no: z.string(),
  merchant_id: z.number().int(),
  amount: moneyOut,
  tx_hash: z.string(),
  log_index: z.number().int(),
  /** What the watcher saw: the block, its hash when credited and the hash the chain has now. */
  detail: z.object({
    block: z.number().int(),
    hash_then: z.string(),
    hash_now: z.string().nullable(),
    head: z.number().int(),
  }),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
  resolved_by: z.number().int().nullable(),
  resolution: z.string().nullable(),
});
export type ChainAlertItem = z.infer<typeof chainAlert>;

// ---------------------------------------------------------------- bodies

const EVM_CONTRACT = ADDRESS_PATTERNS.ERC20;

export const chainNetworkBody = z
  .object({
    network: z.enum(NETWORKS, { error: 'FIELD_INVALID' }),
    rpc_url: text({ error: 'FIELD_REQUIRED' })
      .trim()
      .min(1, { error: 'FIELD_REQUIRED' })
      .max(500, { error: 'FIELD_TOO_LONG' })
      .refine((v) => /^https?:\/\/[^\s/@]+(\/\S*)?$/.test(v), { error: 'FIELD_URL' }),
    token_contract: text({ error: 'FIELD_REQUIRED' }).trim().min(1, { error: 'FIELD_REQUIRED' }),
    token_decimals: z
      .number({ error: 'FIELD_REQUIRED' })
      .int({ error: 'FIELD_INTEGER' })
      .min(0, { error: 'FIELD_TOO_SMALL' })
      .max(36, { error: 'FIELD_TOO_BIG' }),
    confirmations: z
      .number({ error: 'FIELD_REQUIRED' })
      .int({ error: 'FIELD_INTEGER' })
      .min(1, { error: 'FIELD_TOO_SMALL' })
      .max(1000, { error: 'FIELD_TOO_BIG' })
      .default(RECHARGE_CONFIRMATIONS),
    xpub: text({ error: 'FIELD_REQUIRED' })
      .trim()
      .refine((v) => XPUB_PATTERN.test(v), { error: 'FIELD_XPUB' }),
    /** The first block to read (the watcher starts after it is set; older blocks are never read). */
    start_block: z
      .number({ error: 'FIELD_REQUIRED' })
      .int({ error: 'FIELD_INTEGER' })
      .min(0, { error: 'FIELD_TOO_SMALL' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'FIELD_TOO_BIG' }),
    enabled: z.boolean({ error: 'FIELD_INVALID' }).default(true),
  })
  .strict()
  .superRefine((body, ctx) => {
    const ok =
      body.network === 'ERC20'
        ? EVM_CONTRACT.test(body.token_contract)
        : ADDRESS_PATTERNS.TRC20.test(body.token_contract);
    if (!ok) ctx.addIssue({ code: 'custom', path: ['token_contract'], message: 'FIELD_INVALID' });
  });
export type ChainNetworkBody = z.infer<typeof chainNetworkBody>;

export const resolveAlertBody = z
  .object({
    id: z
      .number({ error: 'FIELD_REQUIRED' })
      .int({ error: 'FIELD_INTEGER' })
      .min(1, { error: 'FIELD_INVALID' }),
    resolution: text({ error: 'FIELD_REQUIRED', multiline: true })
      .trim()
      .min(1, { error: 'FIELD_REQUIRED' })
      .max(1000, { error: 'FIELD_TOO_LONG' }),
  })
  .strict();

// ---------------------------------------------------------------- routes

export const adminChainRoutes = {
  networks: defineRoute({
    ...adminChainPaths.networks,
    roles: REVIEWERS,
    summary: "The networks the chain watcher follows, each with its settings and the watcher's health",
    refusals: [],
    data: z.object({ list: z.array(chainNetwork) }),
  }),
  setNetwork: defineRoute({
    ...adminChainPaths.setNetwork,
    roles: ADMINS,
    summary:
      'Set a watched network: RPC node, token contract and decimals, confirmations, extended public key, first block (admin role)',
    refusals: ['INVALID_INPUT', 'XPUB_LOCKED', 'WATCHER_UNAVAILABLE'],
    body: chainNetworkBody,
    data: chainNetwork,
  }),
  alerts: defineRoute({
    ...adminChainPaths.alerts,
    roles: REVIEWERS,
    summary: 'Alerts of the chain watcher (a credited transfer whose block left the chain), open first',
    refusals: ['INVALID_INPUT'],
    query: z.object({ ...pageQuery, open: z.enum(['1', '0']).optional() }).strict(),
    data: pageOf(chainAlert),
  }),
  resolveAlert: defineRoute({
    ...adminChainPaths.resolveAlert,
    roles: ADMINS,
    summary: 'Close an alert with what was done about it (admin role)',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: resolveAlertBody,
    data: chainAlert,
  }),
};
