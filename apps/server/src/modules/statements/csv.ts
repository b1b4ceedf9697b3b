import { pipeline, Readable } from 'node:stream';
import { formatMoney } from '@dropdesk/contract/money';
import { stringify } from 'csv-stringify';
import type { Rows, StatementHeader, StatementJournal, StatementOrder } from './statement.model';
import { StatementWords } from './words';

/** A CSV row. Money goes in as bigint minor units and comes out as a plain decimal ("1234.50"). */
type Row = Array<string | number | bigint>;

const money = (minor: number): bigint => BigInt(minor);

/**
 * A merchant's statement as CSV, streamed: rows are stringified as the consumer reads them, and
 * `journals` and `orders` are each read once, when their table is reached (so neither is held whole).
 *
 * Layout, one block after another with an empty row between: the header (title, shop, period on the
 * merchant's wall clock, its UTC offset, currency, opening, money in, money out, closing); the funds
 * records; the chain heads at the end of the period and the signed checkpoint; the orders.
 * A UTF-8 byte order mark goes first so Excel reads Thai and CJK as UTF-8; records end in CRLF
 * (RFC 4180). Amounts are plain decimals so spreadsheets sum them; times are `YYYY-MM-DD HH:mm:ss`
 * in the merchant's zone. A text cell that starts like a formula (`=`, `+`, `-`, `@`, tab, CR) gets a
 * leading `'` (csv-stringify's `escape_formulas`); amounts and numbers are never escaped.
 */
export function renderCsv(
  header: StatementHeader,
  journals: Rows<StatementJournal>,
  orders: Rows<StatementOrder>,
): Readable {
  const csv = stringify({
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { bigint: (minor) => formatMoney(Number(minor)) },
  });
  // On any failure (a row source that throws, a consumer that goes away) pipeline destroys both
  // streams, which ends the row sources' iteration (their `return()` runs, so a cursor closes); the
  // error reaches the consumer as the CSV stream's 'error'.
  pipeline(Readable.from(csvRows(header, journals, orders)), csv, () => {});
  return csv;
}

async function* csvRows(
  header: StatementHeader,
  journals: Rows<StatementJournal>,
  orders: Rows<StatementOrder>,
): AsyncGenerator<Row> {
  const w = new StatementWords(header);
  const period = w.period(header.from, header.to);
  const offset = w.periodOffset(header.from, header.to);

  yield [w.t('statement.title')];
  yield [w.t('statement.shop'), header.merchant.shopName];
  yield [w.t('statement.email'), header.merchant.email];
  yield [w.t('statement.merchant_id'), header.merchant.id];
  yield [w.t('statement.period'), period.first, period.last];
  yield [w.t('statement.time_zone'), w.timeZone, offset];
  yield [w.t('statement.currency'), header.currency];
  yield [w.t('statement.generated_at'), w.dateTime(header.generatedAt)];
  yield [w.t('statement.opening'), money(header.opening)];
  yield [w.t('statement.money_in'), money(header.moneyIn)];
  yield [w.t('statement.money_out'), money(header.moneyOut)];
  yield [w.t('statement.closing'), money(header.closing)];

  yield [];
  yield [w.t('statement.funds')];
  yield [
    `${w.t('statement.time')} (${offset})`,
    w.t('statement.type'),
    `${w.t('statement.amount')} (${header.currency})`,
    `${w.t('statement.balance_after')} (${header.currency})`,
    w.t('statement.reference'),
    w.t('statement.reason'),
    w.t('statement.account'),
    w.t('statement.seq'),
    w.t('statement.hash'),
  ];
  for await (const j of journals) {
    yield [
      w.dateTime(j.at),
      w.journal(j.type),
      money(j.amount),
      money(j.balanceAfter),
      j.ref ?? '',
      j.reason ?? '',
      w.account(j.account),
      j.seq,
      j.hash,
    ];
  }

  yield [];
  yield [w.t('statement.heads')];
  yield [w.t('statement.account'), w.t('statement.seq'), w.t('statement.hash')];
  for (const head of header.heads) yield [w.accountWithKey(head.account), head.seq, head.hash];
  yield [];
  yield [w.t('statement.checkpoint')];
  const cp = header.checkpoint;
  if (cp) {
    yield ['#', w.t('statement.checkpoint_at'), w.t('statement.root'), w.t('statement.fingerprint')];
    yield [cp.id, w.dateTime(cp.at), cp.root, cp.fingerprint];
  } else {
    yield [w.t('statement.no_checkpoint')];
  }
  yield [w.t('statement.verify')];

  yield [];
  yield [w.t('statement.orders')];
  yield [
    w.t('statement.order_no'),
    `${w.t('statement.placed')} (${offset})`,
    w.t('statement.status'),
    `${w.t('statement.paid')} (${header.currency})`,
    `${w.t('statement.cost')} (${header.currency})`,
    `${w.t('statement.refunded')} (${header.currency})`,
    `${w.t('statement.settled')} (${header.currency})`,
    `${w.t('statement.profit')} (${header.currency})`,
  ];
  for await (const o of orders) {
    yield [
      o.orderNo,
      w.dateTime(o.createdAt),
      w.status(o.status),
      money(o.paid),
      money(o.cost),
      money(o.refunded),
      money(o.settled),
      money(o.profit),
    ];
  }
}
