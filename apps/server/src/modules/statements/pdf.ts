import { PassThrough, type Readable } from 'node:stream';
import { formatMoney } from '@dropdesk/contract/money';
import PDFDocument from 'pdfkit';
import type { Rows, StatementHeader, StatementJournal, StatementOrder } from './statement.model';
import { Typeset } from './typeset';
import { StatementWords } from './words';

type Doc = PDFKit.PDFDocument;

export interface PdfOptions {
  /** Leave the page content uncompressed (tests read it); compressed by default. */
  compress?: boolean;
}

// A4 in points, half-inch margins.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 36;
const RIGHT = PAGE_W - 36;
const WIDTH = RIGHT - LEFT;
const TOP = 36;
const BOTTOM = PAGE_H - 40;

// Figures, times and hashes are ASCII: they use the standard PDF fonts, which need no embedding and
// no shaping (the Noto fonts go through fontkit's layout, whose per-word cache would grow with every
// distinct amount of a 100,000-row statement). Words go through Typeset, in Noto.
const NUM = 'Helvetica';
const NUM_BOLD = 'Helvetica-Bold';
const HEX = 'Courier';
const ASCII = /^[\x20-\x7e]*$/;

const INK = '#111111';
const MUTED = '#666666';
const RULE = '#d9d9d9';
const BAND = '#eeeeee';

const BODY = 7;
const SMALL = 6;
/** Space between a cell's text and its column's edges. */
const PAD = 3;

interface Column {
  x: number;
  w: number;
  right?: boolean;
}

/** Lays columns of these widths side by side from the left margin. */
function columns<K extends string>(widths: Record<K, number>, right: NoInfer<K>[] = []): Record<K, Column> {
  let x = LEFT;
  const out = {} as Record<K, Column>;
  for (const key of Object.keys(widths) as K[]) {
    out[key] = { x, w: widths[key], right: right.includes(key) };
    x += widths[key];
  }
  return out;
}

const J = columns({ time: 76, type: 96, ref: 90, amount: 64, balance: 68, account: 86, seq: 43 }, [
  'amount',
  'balance',
  'seq',
]);
/** The second line of a journal's row: its full hash under the type, its reason after it. */
const HASH_X = J.type.x + PAD;
const REASON_X = HASH_X + 240;
const REASON_W = RIGHT - REASON_X;
const REASON_LINES = 6;

/** Rows drawn between two turns of the event loop (about 20 ms of work). */
const ROWS_PER_TURN = 128;

const O = columns(
  { orderNo: 96, placed: 78, status: 84, paid: 53, cost: 53, refunded: 53, settled: 53, profit: 53 },
  ['paid', 'cost', 'refunded', 'settled', 'profit'],
);

/**
 * A merchant's statement as PDF (pdfkit), streamed: A4, pages written out as they fill (pdfkit's
 * `bufferPages: false`), and the row sources read only as fast as the reader takes the bytes, so a
 * statement of 100,000 journals holds one page at a time. Page 1 has the header (shop, period on the
 * merchant's clock, currency, opening, money in and out, closing); then the funds records, with their
 * column headings repeated on each page; the orders; and at the end the chain heads, the signed
 * checkpoint and how to verify the statement. Each page is numbered.
 */
export function renderPdf(
  header: StatementHeader,
  journals: Rows<StatementJournal>,
  orders: Rows<StatementOrder>,
  options: PdfOptions = {},
): Readable {
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  new StatementPdf(header, out, options)
    .write(journals, orders)
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

class StatementPdf {
  private readonly doc: Doc;
  private readonly w: StatementWords;
  private readonly ts: Typeset;
  private readonly footerText: string;
  private page = 0;
  private y = TOP;
  /** Drawn at the top of each new page while a table is being written: its column headings. */
  private repeat: (() => void) | null = null;
  private pressure = false;
  private closed = false;
  private rows = 0;
  private fill = '';

  constructor(
    private readonly header: StatementHeader,
    private readonly out: PassThrough,
    options: PdfOptions,
  ) {
    this.w = new StatementWords(header);
    const title = this.w.t('statement.title');
    this.doc = new PDFDocument({
      size: 'A4',
      margin: LEFT,
      autoFirstPage: false,
      bufferPages: false,
      compress: options.compress ?? true,
      lang: header.lang,
      displayTitle: true,
      info: {
        Title: `${title} · ${header.merchant.shopName}`,
        Author: 'Dropdesk',
        Creator: 'Dropdesk',
        CreationDate: new Date(header.generatedAt),
      },
    });
    this.ts = new Typeset(this.doc, header.lang);
    const period = this.w.period(header.from, header.to);
    this.footerText = `${header.merchant.shopName} · ${period.first} – ${period.last}`;
    // The document buffers its bytes as pages are finished; pump() moves them to the stream handed out
    // (read synchronously: a 'data' listener would only start flowing on a later tick, which a row
    // source that is always ready never leaves room for), and that stream says when its reader is
    // behind (write() returns false): the writer then waits for 'drain' before the next row.
    this.doc.on('error', (error: Error) => out.destroy(error));
    out.on('close', () => {
      this.closed = true;
    });
  }

  async write(journals: Rows<StatementJournal>, orders: Rows<StatementOrder>): Promise<void> {
    this.newPage();
    this.headerBlock();
    await this.journals(journals);
    await this.orders(orders);
    this.chain();
    this.doc.end();
    this.pump();
    this.out.end();
  }

  private pump(): void {
    for (let chunk: Buffer | null = this.doc.read(); chunk !== null; chunk = this.doc.read()) {
      if (!this.out.write(chunk)) this.pressure = true;
    }
  }

  /**
   * Before each row: hands the finished bytes on; waits while the reader is behind; lets the event
   * loop run every ROWS_PER_TURN rows (a row source that is always ready, or a fast reader, would
   * otherwise keep the server busy for as long as the file takes); stops the writing (and so the
   * reading of rows) once the reader has gone.
   */
  private async breathe(): Promise<void> {
    this.pump();
    if (++this.rows % ROWS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.pressure && !this.closed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.out.off('drain', done);
          this.out.off('close', done);
          resolve();
        };
        this.out.on('drain', done);
        this.out.on('close', done);
      });
      this.pressure = false;
    }
    if (this.closed) throw new Error('the statement was closed before it was complete');
  }

  // ------------------------------------------------------------------ drawing primitives

  private color(c: string): void {
    if (this.fill !== c) {
      this.doc.fillColor(c);
      this.fill = c;
    }
  }

  /**
   * Figures, times or hashes in a standard font on baseline `y`, left at `x` or, with `right`, ending
   * there; cut with '...' to `max` wide when given (in Noto if, against expectation, the text is not
   * ASCII).
   */
  private ascii(
    text: string,
    x: number,
    y: number,
    size: number,
    font = NUM,
    right = false,
    max = Infinity,
  ): void {
    if (!ASCII.test(text)) {
      const fitted = max < Infinity ? this.ts.fit(text, max, size) : text;
      if (right) this.ts.drawRight(fitted, x, y, size);
      else this.ts.draw(fitted, x, y, size);
      return;
    }
    this.doc.font(font).fontSize(size);
    // Measured once here and handed to pdfkit (`textWidth`, which its line wrapper passes the same
    // way), which would otherwise measure it again: Courier's glyphs are all 0.6 em wide.
    let width = font === HEX ? 0.6 * size * text.length : this.doc.widthOfString(text);
    if (width > max) {
      while (text.length > 1 && width > max) {
        text = text.slice(0, -1);
        width = this.doc.widthOfString(`${text}...`);
      }
      text = `${text}...`;
    }
    const options: PDFKit.Mixins.TextOptions & { textWidth: number } = {
      lineBreak: false,
      baseline: 'alphabetic',
      textWidth: width,
    };
    this.doc.text(text, right ? x - width : x, y, options);
  }

  /** A cell of a table row: ASCII in Helvetica, anything else in Noto; cut to fit its column. */
  private cell(text: string, col: Column, y: number, size = BODY): void {
    const max = col.w - 2 * PAD;
    if (col.right) this.ascii(text, col.x + col.w - PAD, y, size, NUM, true, max);
    else this.ascii(text, col.x + PAD, y, size, NUM, false, max);
  }

  /** A column's heading, aligned as its cells. */
  private columnHeading(text: string, col: Column, y: number): void {
    const fitted = this.ts.fit(text, col.w - 2 * PAD, 6.5, 'bold');
    if (col.right) this.ts.drawRight(fitted, col.x + col.w - PAD, y, 6.5, 'bold');
    else this.ts.draw(fitted, col.x + PAD, y, 6.5, 'bold');
  }

  private rule(y: number): void {
    this.doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.25).strokeColor(RULE).stroke();
  }

  private band(y: number, h: number): void {
    this.doc.rect(LEFT, y, WIDTH, h).fill(BAND);
    this.fill = BAND;
  }

  // ------------------------------------------------------------------ pages

  private newPage(): void {
    this.doc.addPage({ size: 'A4', margin: LEFT });
    this.fill = '';
    this.page += 1;
    this.color(MUTED);
    const base = PAGE_H - 22;
    this.ts.draw(this.ts.fit(this.footerText, WIDTH - 80, SMALL), LEFT, base, SMALL);
    this.ts.drawRight(this.w.t('statement.page', { page: this.page }), RIGHT, base, SMALL);
    this.doc
      .moveTo(LEFT, base - 9)
      .lineTo(RIGHT, base - 9)
      .lineWidth(0.25)
      .strokeColor(RULE)
      .stroke();
    this.y = TOP;
    this.repeat?.();
  }

  /** Starts a new page unless `h` more points fit on this one. */
  private ensure(h: number): void {
    if (this.y + h > BOTTOM) this.newPage();
  }

  private heading(text: string): void {
    this.ensure(80);
    this.y += 6;
    this.color(INK);
    this.ts.draw(text, LEFT, this.y + 11, 10, 'bold');
    this.y += 18;
  }

  // ------------------------------------------------------------------ page 1

  private headerBlock(): void {
    const { header: h, w } = this;
    const money = (minor: number) => `${formatMoney(minor)} ${h.currency}`;
    const period = w.period(h.from, h.to);

    this.color(INK);
    this.ts.draw(w.t('statement.title'), LEFT, this.y + 16, 16, 'bold');
    this.y += 26;
    this.ts.draw(this.ts.fit(h.merchant.shopName, WIDTH, 11, 'bold'), LEFT, this.y + 11, 11, 'bold');
    this.y += 18;

    const facts: Array<[string, string]> = [
      [w.t('statement.email'), h.merchant.email],
      [w.t('statement.merchant_id'), String(h.merchant.id)],
      [w.t('statement.period'), w.t('statement.period_range', { from: period.first, to: period.last })],
      [w.t('statement.time_zone'), `${w.timeZone} (${w.periodOffset(h.from, h.to)})`],
      [w.t('statement.currency'), h.currency],
      [w.t('statement.generated_at'), w.dateTime(h.generatedAt)],
    ];
    for (const [label, value] of facts) {
      this.color(MUTED);
      this.ts.draw(this.ts.fit(label, 104, 8), LEFT, this.y + 8, 8);
      this.color(INK);
      this.ts.draw(this.ts.fit(value, WIDTH - 110, 8), LEFT + 110, this.y + 8, 8);
      this.y += 12;
    }
    this.y += 8;

    const boxes: Array<[string, number]> = [
      [w.t('statement.opening'), h.opening],
      [w.t('statement.money_in'), h.moneyIn],
      [w.t('statement.money_out'), h.moneyOut],
      [w.t('statement.closing'), h.closing],
    ];
    this.band(this.y, 38);
    const boxW = WIDTH / boxes.length;
    for (const [i, [label, minor]] of boxes.entries()) {
      const x = LEFT + i * boxW + 8;
      this.color(MUTED);
      this.ts.draw(this.ts.fit(label, boxW - 16, 7), x, this.y + 13, 7);
      this.color(INK);
      this.ascii(money(minor), x, this.y + 29, 11, NUM_BOLD);
    }
    this.y += 46;
  }

  // ------------------------------------------------------------------ the funds records

  private journalHeadings = (): void => {
    const { w } = this;
    this.band(this.y, 24);
    const base = this.y + 9;
    this.color(INK);
    const labels: Array<[string, keyof typeof J]> = [
      [`${w.t('statement.time')} (${w.utcOffset(this.header.from)})`, 'time'],
      [w.t('statement.type'), 'type'],
      [w.t('statement.reference'), 'ref'],
      [w.t('statement.amount'), 'amount'],
      [w.t('statement.balance_after'), 'balance'],
      [w.t('statement.account'), 'account'],
      [w.t('statement.seq'), 'seq'],
    ];
    for (const [label, key] of labels) this.columnHeading(label, J[key], base);
    this.color(MUTED);
    this.ts.draw(w.t('statement.hash'), HASH_X, base + 9, SMALL);
    this.ts.draw(this.ts.fit(w.t('statement.reason'), REASON_W, SMALL), REASON_X, base + 9, SMALL);
    this.y += 26;
  };

  private async journals(rows: Rows<StatementJournal>): Promise<void> {
    const { w } = this;
    this.heading(`${w.t('statement.funds')} (${this.header.currency})`);
    this.journalHeadings();
    this.repeat = this.journalHeadings;
    let any = false;
    for await (const j of rows) {
      await this.breathe();
      any = true;
      const reason = j.reason ? this.ts.wrap(j.reason, REASON_W - 2, 6.5, 'regular', REASON_LINES) : [];
      const h = 20 + Math.max(0, reason.length - 1) * 8;
      this.ensure(h);
      const b1 = this.y + 8.5;
      const b2 = this.y + 16.5;
      this.color(INK);
      this.cell(w.dateTime(j.at), J.time, b1);
      this.cell(w.journal(j.type), J.type, b1);
      if (j.ref) this.cell(j.ref, J.ref, b1);
      this.cell(formatMoney(j.amount), J.amount, b1);
      this.cell(formatMoney(j.balanceAfter), J.balance, b1);
      this.cell(w.account(j.account), J.account, b1);
      this.cell(String(j.seq), J.seq, b1);
      this.color(MUTED);
      this.ascii(j.hash, HASH_X, b2, SMALL, HEX);
      for (const [i, line] of reason.entries()) this.ts.draw(line, REASON_X, b2 + i * 8, 6.5);
      this.rule(this.y + h - 0.5);
      this.y += h;
    }
    this.repeat = null;
    if (!any) this.note(w.t('statement.no_journals'));
    this.y += 6;
  }

  // ------------------------------------------------------------------ the orders

  private orderHeadings = (): void => {
    const { w } = this;
    this.band(this.y, 16);
    const base = this.y + 10.5;
    this.color(INK);
    const labels: Array<[string, keyof typeof O]> = [
      [w.t('statement.order_no'), 'orderNo'],
      [`${w.t('statement.placed')} (${w.utcOffset(this.header.from)})`, 'placed'],
      [w.t('statement.status'), 'status'],
      [w.t('statement.paid'), 'paid'],
      [w.t('statement.cost'), 'cost'],
      [w.t('statement.refunded'), 'refunded'],
      [w.t('statement.settled'), 'settled'],
      [w.t('statement.profit'), 'profit'],
    ];
    for (const [label, key] of labels) this.columnHeading(label, O[key], base);
    this.y += 18;
  };

  private async orders(rows: Rows<StatementOrder>): Promise<void> {
    const { w } = this;
    this.heading(`${w.t('statement.orders')} (${this.header.currency})`);
    this.orderHeadings();
    this.repeat = this.orderHeadings;
    let any = false;
    for await (const o of rows) {
      await this.breathe();
      any = true;
      this.ensure(12);
      const b = this.y + 8.5;
      this.color(INK);
      this.cell(o.orderNo, O.orderNo, b);
      this.cell(w.dateTime(o.createdAt), O.placed, b);
      this.cell(w.status(o.status), O.status, b);
      this.cell(formatMoney(o.paid), O.paid, b);
      this.cell(formatMoney(o.cost), O.cost, b);
      this.cell(formatMoney(o.refunded), O.refunded, b);
      this.cell(formatMoney(o.settled), O.settled, b);
      this.cell(formatMoney(o.profit), O.profit, b);
      this.rule(this.y + 11.5);
      this.y += 12;
    }
    this.repeat = null;
    if (!any) this.note(w.t('statement.no_orders'));
    this.y += 6;
  }

  private note(text: string): void {
    this.ensure(14);
    this.color(MUTED);
    this.ts.draw(text, LEFT, this.y + 10, 8);
    this.y += 14;
  }

  // ------------------------------------------------------------------ the chain and how to verify

  private chain(): void {
    const { header: h, w } = this;
    this.heading(w.t('statement.heads'));
    for (const head of h.heads) {
      this.ensure(24);
      this.color(INK);
      this.ts.draw(
        `${w.accountWithKey(head.account)} · ${w.t('statement.seq')} ${head.seq}`,
        LEFT,
        this.y + 9,
        8,
      );
      this.ascii(head.hash, LEFT, this.y + 19, 7.5, HEX);
      this.y += 24;
    }

    this.heading(w.t('statement.checkpoint'));
    const cp = h.checkpoint;
    if (cp) {
      const facts: Array<[string, string, string]> = [
        ['#', String(cp.id), NUM],
        [w.t('statement.checkpoint_at'), `${w.dateTime(cp.at)} (${w.utcOffset(cp.at)})`, NUM],
        [w.t('statement.root'), cp.root, HEX],
        [w.t('statement.fingerprint'), cp.fingerprint, HEX],
      ];
      for (const [label, value, font] of facts) {
        this.ensure(13);
        this.color(MUTED);
        this.ts.draw(this.ts.fit(label, 104, 8), LEFT, this.y + 9, 8);
        this.color(INK);
        this.ascii(value, LEFT + 110, this.y + 9, font === HEX ? 7.5 : 8, font);
        this.y += 13;
      }
    } else {
      this.note(w.t('statement.no_checkpoint'));
    }

    const lines = this.ts.wrap(w.t('statement.verify'), WIDTH - 16, 8);
    const boxH = lines.length * 11 + 10;
    this.y += 8;
    this.ensure(boxH);
    this.band(this.y, boxH);
    this.color(INK);
    for (const [i, line] of lines.entries()) this.ts.draw(line, LEFT + 8, this.y + 13 + i * 11, 8);
    this.y += boxH;
  }
}
