import type { Readable } from 'node:stream';
import type { Lang } from '@dropdesk/contract/constants';
import { JOURNAL_TYPES } from '@dropdesk/contract/ledger';
import { formatMoney } from '@dropdesk/contract/money';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/t';
import { renderCsv } from './csv';
import { POSTSCRIPT_NAMES } from './fonts';
import { renderPdf } from './pdf';
import type { StatementHeader, StatementJournal, StatementOrder } from './statement.model';
import { StatementWords } from './words';

const FROM = Date.UTC(2026, 9, 31, 17); // 2026-11-01 00:00 in Ho Chi Minh City
const TO = Date.UTC(2026, 10, 30, 17);

function headerOf(lang: Lang, over: Partial<StatementHeader> = {}): StatementHeader {
  return {
    lang,
    timeZone: 'Asia/Ho_Chi_Minh',
    currency: 'USDT',
    merchant: { id: 42, shopName: 'Sunny Corner', email: 'owner@example.com' },
    from: FROM,
    to: TO,
    generatedAt: TO + 3_600_000,
    opening: 123_450,
    closing: 100_000,
    moneyIn: 50_000,
    moneyOut: 73_450,
    heads: [
      { account: 'wallet:42', seq: 3, hash: 'a1'.repeat(32) },
      { account: 'withdraw_hold:42', seq: 1, hash: 'b2'.repeat(32) },
    ],
    checkpoint: { id: 9, at: TO + 60_000, root: 'c3'.repeat(32), fingerprint: '0123456789abcdef' },
    ...over,
  };
}

const hashOf = (i: number) => i.toString(16).padStart(8, '0').repeat(8);

function journal(i: number, over: Partial<StatementJournal> = {}): StatementJournal {
  return {
    at: FROM + i * 61_000,
    journalId: 1_000 + i,
    seq: i + 1,
    account: 'wallet:42',
    type: JOURNAL_TYPES[i % JOURNAL_TYPES.length]!,
    billType: 'order',
    amount: i % 2 ? -(1_000 + i) : 2_050 + i,
    balanceAfter: 100_000 + i,
    reason: null,
    ref: i % 3 ? `DD${20261101000 + i}` : null,
    hash: hashOf(i),
    ...over,
  };
}

const ORDERS: StatementOrder[] = [
  {
    orderNo: 'DD20261101001',
    createdAt: FROM + 5_000,
    status: 'completed',
    paid: 12_345,
    cost: 8_000,
    refunded: 0,
    settled: 4_345,
    profit: 4_345,
  },
  {
    orderNo: 'DD20261101002',
    createdAt: FROM + 9_000,
    status: 'cancelled',
    paid: 5_000,
    cost: 3_000,
    refunded: 5_000,
    settled: 0,
    profit: 0,
  },
];

async function* rows<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The CSV as its records, and the rows of the table that follows the record `title`. */
async function readCsv(stream: Readable) {
  const bytes = await bytesOf(stream);
  const records: string[][] = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false });
  const field = (label: string) => records.find((r) => r[0] === label)?.[1];
  const table = (title: string) => {
    const start = records.findIndex((r) => r[0] === title && r.length === 1);
    const end = records.findIndex((r, i) => i > start && r.length === 1 && r[0] === '');
    return records.slice(start + 2, end === -1 ? undefined : end);
  };
  return { bytes, records, field, table };
}

describe('the statement as CSV', () => {
  it.each(['en', 'th'] as const)('%s: reads back to the same figures and hashes', async (lang) => {
    const header = headerOf(lang);
    const journals = Array.from({ length: 30 }, (_, i) => journal(i));
    const { bytes, records, field, table } = await readCsv(renderCsv(header, rows(journals), rows(ORDERS)));
    const say = (key: Parameters<typeof t>[1]) => t(lang, key);

    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes('\r\n')).toBe(true);
    expect(records[0]).toEqual([say('statement.title')]);
    expect(field(say('statement.shop'))).toBe('Sunny Corner');
    expect(field(say('statement.opening'))).toBe('1234.50');
    expect(field(say('statement.money_in'))).toBe('500.00');
    expect(field(say('statement.money_out'))).toBe('734.50');
    expect(field(say('statement.closing'))).toBe('1000.00');
    expect(records.find((r) => r[0] === say('statement.period'))).toEqual([
      say('statement.period'),
      '2026-11-01 00:00:00',
      '2026-11-30 23:59:59',
    ]);
    expect(records.find((r) => r[0] === say('statement.time_zone'))?.slice(1)).toEqual([
      'Asia/Ho_Chi_Minh',
      'UTC+07:00',
    ]);

    const funds = table(say('statement.funds'));
    expect(funds).toHaveLength(30);
    for (const [i, row] of funds.entries()) {
      const j = journals[i]!;
      expect(row).toEqual([
        new StatementWords(header).dateTime(j.at),
        new StatementWords(header).journal(j.type),
        formatMoney(j.amount),
        formatMoney(j.balanceAfter),
        j.ref ?? '',
        '',
        say('statement.account_wallet'),
        String(j.seq),
        j.hash,
      ]);
    }
    expect(funds[0]![0]).toBe('2026-11-01 00:00:00');
    expect(funds[1]![2]).toBe('-10.01');
    expect(funds.reduce((sum, r) => sum + Math.round(Number(r[2]) * 100), 0)).toBe(
      journals.reduce((sum, j) => sum + j.amount, 0),
    );

    const heads = table(say('statement.heads'));
    expect(heads.slice(0, 2)).toEqual([
      [`${say('statement.account_wallet')} (wallet:42)`, '3', 'a1'.repeat(32)],
      [`${say('statement.account_withdraw_hold')} (withdraw_hold:42)`, '1', 'b2'.repeat(32)],
    ]);
    expect(
      records.some(
        (r) => r.join() === ['9', '2026-12-01 00:01:00', 'c3'.repeat(32), '0123456789abcdef'].join(),
      ),
    ).toBe(true);

    const orders = table(say('statement.orders'));
    expect(orders).toEqual([
      [
        'DD20261101001',
        '2026-11-01 00:00:05',
        say('statement.status_completed'),
        '123.45',
        '80.00',
        '0.00',
        '43.45',
        '43.45',
      ],
      [
        'DD20261101002',
        '2026-11-01 00:00:09',
        say('statement.status_cancelled'),
        '50.00',
        '30.00',
        '50.00',
        '0.00',
        '0.00',
      ],
    ]);
  });

  it('keeps a value with commas, quotes and line breaks whole, and defuses a formula', async () => {
    const shopName = 'Ann\'s "Best", Shop';
    const reason = 'Refund of 2 items, per "ticket 7"\nsecond line, with a comma';
    const { field, table } = await readCsv(
      renderCsv(
        headerOf('en', { merchant: { id: 1, shopName, email: 'a@b.c' } }),
        rows([journal(0, { reason }), journal(1, { reason: '=HYPERLINK("http://x")', ref: '+1' })]),
        rows([]),
      ),
    );
    expect(field('Shop')).toBe(shopName);
    const funds = table('Funds records');
    expect(funds[0]![5]).toBe(reason);
    expect(funds[1]![5]).toBe('\'=HYPERLINK("http://x")');
    expect(funds[1]![4]).toBe("'+1");
    expect(funds[1]![2]).toBe('-10.01');
  });

  it('says so when the period has no checkpoint, no journals and no orders', async () => {
    const { records, table } = await readCsv(
      renderCsv(headerOf('vi', { checkpoint: null }), rows([]), rows([])),
    );
    expect(table(t('vi', 'statement.funds'))).toEqual([]);
    expect(records.some((r) => r[0] === t('vi', 'statement.no_checkpoint'))).toBe(true);
  });
});

describe('the statement as PDF', () => {
  it.each([
    ['th', 'thai'],
    ['zh-CN', 'sc'],
    ['ja', 'jp'],
    ['vi', 'latin'],
  ] as const)('%s: is a PDF that embeds the Noto font of its script', async (lang, face) => {
    const shopName = { th: 'ร้านแสงตะวัน', 'zh-CN': '阳光小店', ja: 'ひだまり商店', vi: 'Cửa hàng Mặt Trời' }[
      lang
    ];
    const header = headerOf(lang, { merchant: { id: 7, shopName, email: 'x@y.z' } });
    const journals = Array.from({ length: 60 }, (_, i) => journal(i, { reason: i === 3 ? shopName : null }));
    const pdf = await bytesOf(renderPdf(header, rows(journals), rows(ORDERS), { compress: false }));

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdf.toString('latin1');
    expect(text).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${POSTSCRIPT_NAMES[face]}\\b`));
    // Only the fonts the statement's words need: no Korean font in any of these.
    expect(text).not.toContain(POSTSCRIPT_NAMES.kr);
    // Figures and hashes are drawn in the standard fonts: a hash is there as its bytes.
    expect(text).toContain(Buffer.from(hashOf(59)).toString('hex'));
    expect(text).toContain(Buffer.from('a1'.repeat(32)).toString('hex'));
    // Pages: the header and 60 rows on the first two, then the orders and the chain.
    expect(text.match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('draws a character its language font lacks with a face that has it (simplified 补 in Japanese)', async () => {
    const header = headerOf('ja', { merchant: { id: 7, shopName: '客服补偿', email: 'x@y.z' } });
    const text = (await bytesOf(renderPdf(header, rows([]), rows([]), { compress: false }))).toString(
      'latin1',
    );
    expect(text).toContain(POSTSCRIPT_NAMES.jp);
    expect(text).toContain(POSTSCRIPT_NAMES.sc);
  });
});

describe('streaming', () => {
  /** A generator of `n` journals that counts how many have been taken from it. */
  function counted(n: number) {
    const state = { taken: 0, closed: false };
    async function* gen(): AsyncGenerator<StatementJournal> {
      try {
        for (let i = 0; i < n; i++) {
          state.taken++;
          yield journal(i, { reason: i % 500 === 0 ? 'Adjustment, see ticket' : null });
        }
      } finally {
        state.closed = true;
      }
    }
    return { state, rows: gen() };
  }

  /** Waits until `state.taken` stops moving. */
  async function settled(state: { taken: number }) {
    let last = -1;
    while (last !== state.taken) {
      last = state.taken;
      await new Promise((r) => setTimeout(r, 30));
    }
  }

  it.each([
    ['PDF', renderPdf],
    ['CSV', renderCsv],
  ] as const)('%s: 5,000 journals go through as they are read, not all at once', async (_, render) => {
    const { state, rows: journals } = counted(5_000);
    const stream = render(headerOf('en'), journals, rows(ORDERS));
    await settled(state);
    // Nobody reads yet: the writer stopped at a full buffer, far from the end.
    expect(state.taken).toBeGreaterThan(0);
    expect(state.taken).toBeLessThan(5_000);

    const bytes = (await bytesOf(stream)).length;
    expect(state.taken).toBe(5_000);
    expect(state.closed).toBe(true);
    expect(bytes).toBeGreaterThan(5_000 * 60);
  });

  it.each([
    ['PDF', renderPdf],
    ['CSV', renderCsv],
  ] as const)('%s: stops reading rows when the reader goes away', async (_, render) => {
    const { state, rows: journals } = counted(5_000);
    const stream = render(headerOf('en'), journals, rows(ORDERS));
    await settled(state);
    stream.destroy();
    await settled(state);
    expect(state.closed).toBe(true);
    expect(state.taken).toBeLessThan(5_000);
  });

  it.each([
    ['PDF', renderPdf],
    ['CSV', renderCsv],
  ] as const)('%s: fails the stream when reading the rows fails', async (_, render) => {
    async function* broken(): AsyncGenerator<StatementJournal> {
      yield journal(0);
      throw new Error('the database went away');
    }
    await expect(bytesOf(render(headerOf('en'), broken(), rows(ORDERS)))).rejects.toThrow(
      'the database went away',
    );
  });
});

describe('words and clock', () => {
  it('writes times on the merchant’s wall clock across a summer-time change', () => {
    const w = new StatementWords({ lang: 'en', timeZone: 'America/New_York' });
    const change = Date.UTC(2026, 2, 8, 7); // 2026-03-08 02:00 EST becomes 03:00 EDT
    expect(w.dateTime(change - 1_000)).toBe('2026-03-08 01:59:59');
    expect(w.dateTime(change)).toBe('2026-03-08 03:00:00');
    expect(w.periodOffset(Date.UTC(2026, 2, 1, 5), Date.UTC(2026, 3, 1, 4))).toBe('UTC-05:00 / UTC-04:00');
    expect(new StatementWords({ lang: 'en', timeZone: 'Not/AZone' }).dateTime(0)).toBe('1970-01-01 00:00:00');
  });

  it('names journal types, statuses and accounts in the language, and an unknown code as it is', () => {
    const w = new StatementWords({ lang: 'ko', timeZone: 'Asia/Seoul' });
    expect(w.journal('withdrawal_hold')).toBe(t('ko', 'statement.journal_withdrawal_hold'));
    expect(w.status('in_transit')).toBe(t('ko', 'statement.status_in_transit'));
    expect(w.status('toString')).toBe('toString');
    expect(w.account('withdraw_hold:9')).toBe(t('ko', 'statement.account_withdraw_hold'));
    expect(w.account('platform:revenue')).toBe('platform:revenue');
  });
});
