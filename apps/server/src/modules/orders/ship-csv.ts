import type { Lang } from '@dropdesk/contract/constants';
import type { MessageKey } from '@dropdesk/contract/errors';
import {
  carrierField,
  MAX_SHIP_CSV_ROWS,
  progressNoteField,
  SHIP_CSV_COLUMNS,
  type ShipCsvAction,
  type shipCsvResult,
  trackingNoField,
} from '@dropdesk/contract/orders';
import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { t } from '../../i18n/t';
import { decode, messageOf } from '../catalogue';

export type ShipCsvResult = z.infer<typeof shipCsvResult>;

/** One data row of a shipping CSV, read and checked: the step it asks for, or why it can't be done. */
export type ShipCsvLine =
  | { row: number; order_no: string; action: 'shipped'; carrier: string; tracking_no: string }
  | { row: number; order_no: string; action: 'in_transit' | 'reached'; note: string | null }
  | { row: number; result: ShipCsvResult };

/** The `status` cell: empty (shipped), a step's name, or its wire code. */
const ACTIONS: Record<string, ShipCsvAction> = {
  '': 'shipped',
  shipped: 'shipped',
  '2': 'shipped',
  in_transit: 'in_transit',
  '6': 'in_transit',
  reached: 'reached',
  '7': 'reached',
};

/**
 * Reads a shipping CSV (docs/console-api.md "Orders and shipping"): a header naming the columns
 * (SHIP_CSV_COLUMNS, any order; `order_no` always, `carrier` and `tracking_no` for shipped rows),
 * then one step per row. Each row is checked through the contract's own fields (carrierField,
 * trackingNoField, progressNoteField); a row that can't be read becomes its own refused result, and
 * the others go on. A header problem (an unknown or repeated column, a missing `order_no`) refuses
 * every row at row 0, as the catalogue import does; cells a row's step does not use are ignored.
 */
export function readShipCsv(bytes: Buffer, lang: Lang): { rows: number; lines: ShipCsvLine[] } {
  const text = decode(bytes);
  const refused = (row: number, field: string, key: MessageKey, order_no = '', message?: string) => ({
    row,
    result: {
      row,
      order_no,
      action: null,
      done: false,
      error: 'INVALID_INPUT',
      field,
      msg: message ?? t(lang, key),
    },
  });
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to: MAX_SHIP_CSV_ROWS + 2,
    }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const row = Number((error as CsvError & { records?: number }).records ?? 0);
    return { rows: 0, lines: [refused(row, '_', 'FIELD_INVALID')] };
  }
  const [header, ...data] = records;
  if (!header || header.every((cell) => cell.trim() === ''))
    return { rows: 0, lines: [refused(0, 'file', 'FIELD_REQUIRED')] };

  const columns = header.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(SHIP_CSV_COLUMNS);
  const problems: ShipCsvLine[] = [];
  const seen = new Set<string>();
  for (const name of columns) {
    if (!known.has(name)) problems.push(refused(0, name, 'FIELD_UNKNOWN'));
    else if (seen.has(name)) problems.push(refused(0, name, 'FIELD_INVALID'));
    seen.add(name);
  }
  if (!seen.has('order_no')) problems.push(refused(0, 'order_no', 'FIELD_REQUIRED'));
  const rows = data.filter((cells) => cells.some((cell) => cell.trim() !== '')).length;
  if (problems.length) return { rows, lines: problems };
  if (data.length > MAX_SHIP_CSV_ROWS)
    return { rows, lines: [refused(MAX_SHIP_CSV_ROWS + 1, '_', 'FIELD_TOO_BIG')] };

  const at = new Map(columns.map((name, i) => [name, i]));
  const lines: ShipCsvLine[] = [];
  /** One data row read and checked: the step it asks for, or why it can't be done. */
  const readRow = (cells: string[], row: number): ShipCsvLine => {
    const cell = (name: string) => cells[at.get(name) ?? -1] ?? '';
    const orderNo = cell('order_no').trim().toUpperCase();
    if (cells.length > columns.length) return refused(row, '_', 'FIELD_TOO_BIG', orderNo);
    if (orderNo === '') return refused(row, 'order_no', 'FIELD_REQUIRED');
    if (orderNo.length > 40) return refused(row, 'order_no', 'FIELD_TOO_LONG', orderNo);
    const action = ACTIONS[cell('status').trim().toLowerCase()];
    if (!action) return refused(row, 'status', 'FIELD_INVALID', orderNo);
    if (action === 'shipped') {
      const carrier = carrierField.safeParse(cell('carrier'));
      if (!carrier.success)
        return refused(row, 'carrier', 'FIELD_INVALID', orderNo, messageOf(lang, carrier.error.issues));
      const tracking = trackingNoField.safeParse(cell('tracking_no'));
      if (!tracking.success)
        return refused(row, 'tracking_no', 'FIELD_INVALID', orderNo, messageOf(lang, tracking.error.issues));
      return { row, order_no: orderNo, action, carrier: carrier.data, tracking_no: tracking.data };
    }
    const note = progressNoteField.safeParse(cell('note'));
    if (!note.success)
      return refused(row, 'note', 'FIELD_INVALID', orderNo, messageOf(lang, note.error.issues));
    return { row, order_no: orderNo, action, note: note.data === '' ? null : note.data };
  };
  for (const [i, cells] of data.entries())
    if (cells.some((cell) => cell.trim() !== '')) lines.push(readRow(cells, i + 1));
  return { rows, lines };
}
