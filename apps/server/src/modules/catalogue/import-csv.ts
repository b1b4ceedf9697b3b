import { IMPORT_COLUMNS, productBody, textsField } from '@dropdesk/contract/catalogue';
import { LANGUAGES, type Lang, UPLOAD_MAX_BYTES } from '@dropdesk/contract/constants';
import type { MessageKey } from '@dropdesk/contract/errors';
import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { t } from '../../i18n/t';
import { Refusal } from '../../lib/refusal';
import { fieldsOf } from '../../plugins/errors';
import type { NewProduct, ProductText } from './catalogue-admin.repository';

/** Data rows one import may carry. */
export const MAX_IMPORT_ROWS = 10_000;
/** The largest CSV file: the upload limit every multipart route has. */
export const MAX_IMPORT_BYTES = UPLOAD_MAX_BYTES;
/** Problems one answer lists; an operator fixes these and tries again. */
export const MAX_IMPORT_PROBLEMS = 1_000;

/** The columns a file must have (titles: at least the main language's, checked per row). */
const REQUIRED_COLUMNS = ['category', 'main_lang', 'cost', 'stock'] as const;

/** A category as the import finds it: by id, or by its names (any language) under its parent. */
export interface ImportCategory {
  id: number;
  parentId: number | null;
  names: readonly string[];
}

export interface ImportProblem {
  /** 1 is the first data row; 0 is the header. */
  row: number;
  /** The column (`cost`, `title_en`), or `_` for the row as a whole. */
  field: string;
  /** In the operator's language. */
  message: string;
}

export interface CheckedImport {
  /** Data rows in the file (blank lines aside). */
  rows: number;
  /** The products to insert, in file order; empty when there is any problem. */
  products: NewProduct[];
  problems: ImportProblem[];
}

const fold = (name: string) => name.normalize('NFC').trim().toLowerCase();

/**
 * Resolves the `category` cell: a category id, or a path of names "Parent/Child" (a parent alone
 * by its name), each name in any of its languages, compared without case.
 */
export class CategoryIndex {
  private readonly byId = new Map<number, ImportCategory>();

  constructor(private readonly categories: readonly ImportCategory[]) {
    for (const c of categories) this.byId.set(c.id, c);
  }

  resolve(cell: string): { id: number } | { problem: MessageKey } {
    const value = cell.trim();
    if (value === '') return { problem: 'FIELD_REQUIRED' };
    if (/^\d{1,15}$/.test(value)) {
      const found = this.byId.get(Number(value));
      return found ? { id: found.id } : { problem: 'FIELD_CATEGORY_UNKNOWN' };
    }
    const path = value.split('/').map(fold);
    if (path.length > 2 || path.some((name) => name === '')) return { problem: 'FIELD_INVALID' };
    const named = (parentId: number | null, name: string) =>
      this.categories.filter((c) => c.parentId === parentId && c.names.some((n) => fold(n) === name));
    const parents = named(null, path[0] as string);
    const matches = path.length === 1 ? parents : parents.flatMap((p) => named(p.id, path[1] as string));
    if (matches.length === 0) return { problem: 'FIELD_CATEGORY_UNKNOWN' };
    // Two categories of one name under one parent: the file must say which by id.
    if (matches.length > 1) return { problem: 'FIELD_CATEGORY_AMBIGUOUS' };
    return { id: (matches[0] as ImportCategory).id };
  }
}

/** The fields a row is checked with: the contract's own, so a row passes exactly what the API would. */
const fields = productBody.shape;
const textFields = textsField.element.shape;

const BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
};

/** The message of a failed field check, with its variables (`{max}`), in `lang` (also the shipping CSV's). */
export function messageOf(lang: Lang, issues: z.core.$ZodIssue[]): string {
  const key = Object.values(fieldsOf(issues))[0] ?? 'FIELD_INVALID';
  let params: Record<string, unknown> | undefined;
  for (const issue of issues) if (issue.code === 'custom' && issue.params) params ??= issue.params;
  return t(lang, key, params);
}

/** The text of an uploaded file: UTF-8 (a BOM is dropped), nothing binary (also the shipping CSV's). */
export function decode(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal('UNSUPPORTED_FILE', { fields: { file: 'UNSUPPORTED_FILE' } });
  }
  if (text.includes('\u0000'))
    throw new Refusal('UNSUPPORTED_FILE', { fields: { file: 'UNSUPPORTED_FILE' } });
  return text;
}

/**
 * Reads and checks a CSV import: the header names the columns (IMPORT_COLUMNS, in any order), each
 * data row is checked through the contract's field schemas, and every problem is collected as
 * `{ row, field, message }` (1 = the first data row, 0 = the header). The products come back only
 * when there is no problem at all: an import is all or nothing.
 */
export function checkImport(bytes: Buffer, categories: CategoryIndex, lang: Lang): CheckedImport {
  const text = decode(bytes);
  let records: string[][];
  try {
    // Arrays, not objects: the header is checked here, and a row with more cells than it is a problem.
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // The header, the most rows allowed, and one more to know there are too many.
      to: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // `records` counts the header: the row being read is the next data row.
    const row = Number((error as CsvError & { records?: number }).records ?? 0);
    return { rows: 0, products: [], problems: [{ row, field: '_', message: t(lang, 'FIELD_INVALID') }] };
  }
  const [header, ...data] = records;
  if (!header || header.every((cell) => cell.trim() === ''))
    throw new Refusal('INVALID_INPUT', { fields: { file: 'FIELD_REQUIRED' } });

  const problems: ImportProblem[] = [];
  const problem = (row: number, field: string, message: string) => {
    if (problems.length < MAX_IMPORT_PROBLEMS) problems.push({ row, field, message });
  };

  const columns = header.map((name) => name.trim());
  const known = new Set<string>(IMPORT_COLUMNS);
  const seen = new Set<string>();
  for (const name of columns) {
    if (!known.has(name)) problem(0, name, t(lang, 'FIELD_UNKNOWN'));
    else if (seen.has(name)) problem(0, name, t(lang, 'FIELD_INVALID'));
    seen.add(name);
  }
  const missing = REQUIRED_COLUMNS.filter((name) => !seen.has(name));
  for (const name of missing) problem(0, name, t(lang, 'FIELD_REQUIRED'));
  const rows = data.filter((cells) => cells.some((cell) => cell.trim() !== '')).length;
  // Without a required column every row would say the same: the header's problem is enough.
  if (missing.length) return { rows, products: [], problems };
  if (data.length > MAX_IMPORT_ROWS) {
    problem(MAX_IMPORT_ROWS + 1, '_', t(lang, 'FIELD_TOO_BIG'));
    return { rows, products: [], problems };
  }

  const index = new Map<string, number>();
  columns.forEach((name, i) => {
    if (known.has(name) && !index.has(name)) index.set(name, i);
  });

  const products: NewProduct[] = [];
  data.forEach((cells, i) => {
    const row = i + 1;
    if (cells.every((cell) => cell.trim() === '')) return;
    const before = problems.length;
    const flag = (field: string, message: string) => problem(row, field, message);
    if (cells.length > columns.length) flag('_', t(lang, 'FIELD_TOO_BIG'));
    const cell = (name: string) => {
      const at = index.get(name);
      return at === undefined ? '' : (cells[at] ?? '');
    };

    const category = categories.resolve(cell('category'));
    if ('problem' in category) flag('category', t(lang, category.problem));

    const mainLang = fields.main_lang.safeParse(cell('main_lang').trim());
    if (!mainLang.success)
      flag(
        'main_lang',
        cell('main_lang').trim() === '' ? t(lang, 'FIELD_REQUIRED') : t(lang, 'FIELD_INVALID'),
      );

    const cost = fields.cost.safeParse(cell('cost'));
    if (!cost.success) flag('cost', messageOf(lang, cost.error.issues));

    const stockText = cell('stock').trim();
    let stock: number | null = null;
    if (stockText === '') flag('stock', t(lang, 'FIELD_REQUIRED'));
    else if (!/^-?\d+$/.test(stockText)) flag('stock', t(lang, 'FIELD_INTEGER'));
    else {
      const checked = fields.stock.safeParse(Number(stockText));
      if (checked.success) stock = checked.data;
      else flag('stock', messageOf(lang, checked.error.issues));
    }

    const flagOf = (name: 'hot' | 'active', fallback: boolean): boolean => {
      const value = cell(name).trim().toLowerCase();
      if (value === '') return fallback;
      const parsed = BOOLEANS[value];
      if (parsed === undefined) flag(name, t(lang, 'FIELD_INVALID'));
      return parsed ?? fallback;
    };
    const hot = flagOf('hot', false);
    const active = flagOf('active', true);

    const texts: ProductText[] = [];
    for (const textLang of LANGUAGES) {
      const title = textFields.title.safeParse(cell(`title_${textLang}`));
      const description = textFields.description.safeParse(cell(`description_${textLang}`));
      if (!title.success) flag(`title_${textLang}`, messageOf(lang, title.error.issues));
      if (!description.success) flag(`description_${textLang}`, messageOf(lang, description.error.issues));
      if (!title.success || !description.success) continue;
      if (title.data === '') {
        // A description needs the title it describes; the main language needs its title.
        if (description.data !== '' || (mainLang.success && mainLang.data === textLang))
          flag(`title_${textLang}`, t(lang, 'FIELD_REQUIRED'));
        continue;
      }
      texts.push({ lang: textLang, title: title.data, description: description.data });
    }

    if (
      problems.length > before ||
      'problem' in category ||
      !mainLang.success ||
      !cost.success ||
      stock === null
    )
      return;
    products.push({
      categoryId: category.id,
      mainLang: mainLang.data,
      texts,
      cost: cost.data,
      stock,
      hot,
      active,
    });
  });

  return { rows, products: problems.length ? [] : products, problems };
}
