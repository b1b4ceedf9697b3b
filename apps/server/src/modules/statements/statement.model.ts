import type { Lang } from '@dropdesk/contract/constants';
import type { BillType, JournalType } from '@dropdesk/contract/ledger';

/**
 * What the statement renderers (CSV and PDF) are given: the header's figures, already summed, and
 * two streams of rows read once, in order. Money is integer minor units (cents) throughout.
 */
export interface StatementHeader {
  lang: Lang;
  /** IANA, e.g. 'Asia/Ho_Chi_Minh'; an unknown zone is written in UTC. */
  timeZone: string;
  /** e.g. 'USDT'. */
  currency: string;
  merchant: { id: number; shopName: string; email: string };
  /** epoch ms, period [from, to). */
  from: number;
  to: number;
  generatedAt: number;
  /** Wallet balance, minor units. */
  opening: number;
  closing: number;
  /** Sums over the period, minor units, moneyOut positive. */
  moneyIn: number;
  moneyOut: number;
  /** Chain heads at the end of the period, one per account of the merchant (wallet, withdraw_hold). */
  heads: Array<{ account: string; seq: number; hash: string }>;
  /** The signed checkpoint the statement links to, if any. */
  checkpoint: { id: number; at: number; root: string; fingerprint: string } | null;
}

export interface StatementJournal {
  at: number;
  journalId: number;
  seq: number;
  account: string;
  type: JournalType;
  billType: BillType;
  /** Minor units, signed. */
  amount: number;
  balanceAfter: number;
  /** An adjustment's reason. */
  reason: string | null;
  /** e.g. an order number, or null. */
  ref: string | null;
  /** 64 hex. */
  hash: string;
}

export interface StatementOrder {
  orderNo: string;
  createdAt: number;
  /** A status code such as 'completed' (contract OrderStatusName); rendered as a translated word. */
  status: string;
  /** Minor units. */
  paid: number;
  cost: number;
  refunded: number;
  settled: number;
  profit: number;
}

export type Rows<T> = AsyncIterable<T>;
