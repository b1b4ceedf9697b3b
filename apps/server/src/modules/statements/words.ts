import type { Lang } from '@dropdesk/contract/constants';
import type { StatementMessageKey } from '@dropdesk/contract/errors';
import type { JournalType } from '@dropdesk/contract/ledger';
import type { OrderStatusName } from '@dropdesk/contract/orders';
import { t } from '../../i18n/t';
import { offsetAt, validZone } from '../../lib/zoned';
import type { StatementHeader } from './statement.model';

/**
 * What the CSV and the PDF say alike: the words of the merchant's language, and instants on the
 * merchant's wall clock. Every key is written out (no key is built from a value).
 */

const JOURNAL_WORDS: Record<JournalType, StatementMessageKey> = {
  recharge: 'statement.journal_recharge',
  withdrawal_hold: 'statement.journal_withdrawal_hold',
  withdrawal_payout: 'statement.journal_withdrawal_payout',
  withdrawal_release: 'statement.journal_withdrawal_release',
  order_payment: 'statement.journal_order_payment',
  order_pickup: 'statement.journal_order_pickup',
  refund: 'statement.journal_refund',
  settlement: 'statement.journal_settlement',
  level_purchase: 'statement.journal_level_purchase',
  express_purchase: 'statement.journal_express_purchase',
  alliance_commission: 'statement.journal_alliance_commission',
  fee: 'statement.journal_fee',
  adjustment: 'statement.journal_adjustment',
};

const STATUS_WORDS: Record<OrderStatusName, StatementMessageKey> = {
  unpaid: 'statement.status_unpaid',
  awaiting_pickup: 'statement.status_awaiting_pickup',
  awaiting_shipment: 'statement.status_awaiting_shipment',
  shipped: 'statement.status_shipped',
  in_transit: 'statement.status_in_transit',
  reached: 'statement.status_reached',
  received: 'statement.status_received',
  completed: 'statement.status_completed',
  cancelled: 'statement.status_cancelled',
};

const ACCOUNT_WORDS: Record<string, StatementMessageKey> = {
  wallet: 'statement.account_wallet',
  withdraw_hold: 'statement.account_withdraw_hold',
};

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The statement's words and clock, made once per statement. */
export class StatementWords {
  readonly lang: Lang;
  readonly timeZone: string;
  /** The zone's offset per UTC day when it is the same all day, else null (a summer-time change). */
  private readonly days = new Map<number, number | null>();
  /** The offset per quarter hour on a day of change (zones change offset on quarter hours). */
  private readonly quarters = new Map<number, number>();

  constructor(header: Pick<StatementHeader, 'lang' | 'timeZone'>) {
    this.lang = header.lang;
    this.timeZone = validZone(header.timeZone);
  }

  t(key: StatementMessageKey, vars?: Record<string, unknown>): string {
    return t(this.lang, key, vars);
  }

  journal(type: JournalType): string {
    return Object.hasOwn(JOURNAL_WORDS, type) ? this.t(JOURNAL_WORDS[type]) : type;
  }

  /** A status code in words; a code we have no word for is shown as it is. */
  status(code: string): string {
    return Object.hasOwn(STATUS_WORDS, code) ? this.t(STATUS_WORDS[code as OrderStatusName]) : code;
  }

  /**
   * An account in words by its kind: 'wallet' or a ledger key 'wallet:12' is the wallet, likewise
   * 'withdraw_hold'; any other account name as it is.
   */
  account(name: string): string {
    const kind = name.split(':')[0]!;
    return Object.hasOwn(ACCOUNT_WORDS, kind) ? this.t(ACCOUNT_WORDS[kind]!) : name;
  }

  /** An account in words with its ledger key after it when that says more: 'Wallet (wallet:12)'. */
  accountWithKey(name: string): string {
    const word = this.account(name);
    return word === name ? name : `${word} (${name})`;
  }

  /** How far the wall clock is ahead of UTC at `ms`: Intl is asked about twice a day of rows. */
  private offset(ms: number): number {
    const day = Math.floor(ms / DAY);
    let whole = this.days.get(day);
    if (whole === undefined) {
      const first = offsetAt(day * DAY, this.timeZone);
      whole = first === offsetAt((day + 1) * DAY - 1, this.timeZone) ? first : null;
      if (this.days.size > 10_000) this.days.clear();
      this.days.set(day, whole);
    }
    if (whole !== null) return whole;
    const quarter = Math.floor(ms / (15 * MINUTE));
    let off = this.quarters.get(quarter);
    if (off === undefined) {
      off = offsetAt(ms, this.timeZone);
      if (this.quarters.size > 10_000) this.quarters.clear();
      this.quarters.set(quarter, off);
    }
    return off;
  }

  /** `YYYY-MM-DD HH:mm:ss` on the merchant's wall clock. */
  dateTime(ms: number): string {
    const iso = new Date(ms + this.offset(ms)).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }

  /** 'UTC+07:00' at instant `ms`. */
  utcOffset(ms: number): string {
    const minutes = Math.round(this.offset(ms) / MINUTE);
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  }

  /** The zone's offset over the period: one, or 'UTC+01:00 / UTC+02:00' when it changed (summer time). */
  periodOffset(from: number, to: number): string {
    const first = this.utcOffset(from);
    const last = this.utcOffset(Math.max(from, to - 1));
    return first === last ? first : `${first} / ${last}`;
  }

  /** The period's bounds as the merchant reads them: its first and last second (`to` is exclusive). */
  period(from: number, to: number): { first: string; last: string } {
    return { first: this.dateTime(from), last: this.dateTime(Math.max(from, to - 1)) };
  }
}
