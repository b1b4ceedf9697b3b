import { adminCatalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newCategory } from '../../../test/catalogue';
import { type Client, expectRefusal } from '../../../test/client';
import { newOperator } from '../../../test/factories';
import { csv, fixture, postForm } from '../../../test/fixtures/catalogue';
import { auditSince, lastAuditId } from '../../../test/services';
import { t as translate } from '../../i18n/t';
import { CategoryIndex, checkImport, MAX_IMPORT_ROWS } from './import-csv';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

describe('the category cell', () => {
  const index = new CategoryIndex([
    { id: 1, parentId: null, names: ['Electronics', 'Điện tử', '电子产品'] },
    { id: 2, parentId: 1, names: ['Audio', 'Âm thanh'] },
    { id: 3, parentId: null, names: ['Home'] },
    { id: 4, parentId: 3, names: ['Audio'] },
    { id: 5, parentId: 3, names: ['Decor'] },
    { id: 6, parentId: 3, names: ['decor'] },
  ]);
  it.each([
    ['2', { id: 2 }],
    ['Electronics', { id: 1 }],
    [' electronics / AUDIO ', { id: 2 }],
    ['Điện tử/Âm thanh', { id: 2 }],
    ['电子产品/Audio', { id: 2 }],
    ['Home/Audio', { id: 4 }],
    ['', { problem: 'FIELD_REQUIRED' }],
    ['99', { problem: 'FIELD_CATEGORY_UNKNOWN' }],
    ['Audio', { problem: 'FIELD_CATEGORY_UNKNOWN' }],
    ['Electronics/Decor', { problem: 'FIELD_CATEGORY_UNKNOWN' }],
    ['Home/Decor', { problem: 'FIELD_CATEGORY_AMBIGUOUS' }],
    ['Electronics/', { problem: 'FIELD_INVALID' }],
    ['A/B/C', { problem: 'FIELD_INVALID' }],
  ])('%j resolves to %j', (cell, expected) => {
    expect(index.resolve(cell)).toEqual(expected);
  });
});

describe('checking a file without a database', () => {
  const index = new CategoryIndex([{ id: 7, parentId: null, names: ['Toys'] }]);
  const header = ['category', 'main_lang', 'cost', 'stock', 'title_en'];

  it('numbers rows from the first data row and names the column of each problem', () => {
    const checked = checkImport(
      csv([
        header,
        ['Toys', 'en', '1.00', '1', 'Kite'],
        ['Toys', 'en', '1,5', '-2', 'Ball'],
        ['', '', '', '', ''],
      ]),
      index,
      'en',
    );
    expect(checked.rows).toBe(2);
    expect(checked.products).toEqual([]);
    expect(checked.problems).toEqual([
      { row: 2, field: 'cost', message: translate('en', 'FIELD_NOT_A_NUMBER') },
      { row: 2, field: 'stock', message: translate('en', 'FIELD_TOO_SMALL') },
    ]);
  });

  it('reads booleans, trims cells, and gives the defaults', () => {
    const checked = checkImport(
      csv([
        [...header, 'hot', 'active'],
        ['7', 'en', ' 2 ', '0', ' Kite ', 'YES', ''],
        ['7', 'en', '3.10', '5', 'Ball', '', '0'],
      ]),
      index,
      'en',
    );
    expect(checked.problems).toEqual([]);
    expect(checked.products).toEqual([
      {
        categoryId: 7,
        mainLang: 'en',
        texts: [{ lang: 'en', title: 'Kite', description: '' }],
        cost: 200,
        stock: 0,
        hot: true,
        active: true,
      },
      {
        categoryId: 7,
        mainLang: 'en',
        texts: [{ lang: 'en', title: 'Ball', description: '' }],
        cost: 310,
        stock: 5,
        hot: false,
        active: false,
      },
    ]);
  });

  it('refuses an amount above the maximum with the maximum in the message', () => {
    const checked = checkImport(csv([header, ['Toys', 'en', '99999999999', '1', 'Kite']]), index, 'vi');
    expect(checked.problems).toEqual([
      { row: 1, field: 'cost', message: translate('vi', 'FIELD_AMOUNT_TOO_BIG', { max: '1000000000.00' }) },
    ]);
  });

  it('reports a required column missing from the header once, on row 0', () => {
    const checked = checkImport(
      csv([
        ['category', 'cost', 'title_en'],
        ['Toys', '1', 'Kite'],
      ]),
      index,
      'en',
    );
    expect(checked.problems).toEqual([
      { row: 0, field: 'main_lang', message: translate('en', 'FIELD_REQUIRED') },
      { row: 0, field: 'stock', message: translate('en', 'FIELD_REQUIRED') },
    ]);
  });

  it('reports a repeated column, a row with too many cells, and a description without its title', () => {
    const checked = checkImport(
      csv([
        [...header, 'description_ko', 'title_en'],
        ['Toys', 'en', '1', '1', 'Kite', '연', 'Kite', 'extra'],
      ]),
      index,
      'en',
    );
    expect(checked.problems).toEqual([
      { row: 0, field: 'title_en', message: translate('en', 'FIELD_INVALID') },
      { row: 1, field: '_', message: translate('en', 'FIELD_TOO_BIG') },
      { row: 1, field: 'title_ko', message: translate('en', 'FIELD_REQUIRED') },
    ]);
  });

  it('reports a broken quote at its row', () => {
    const text = `${header.join(',')}\nToys,en,1,1,Kite\nToys,en,1,1,"Ball\n`;
    const checked = checkImport(Buffer.from(text), index, 'en');
    expect(checked.problems).toEqual([{ row: 2, field: '_', message: translate('en', 'FIELD_INVALID') }]);
    expect(checked.products).toEqual([]);
  });

  it(`stops at ${MAX_IMPORT_ROWS} rows`, () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ['Toys', 'en', '1', '1', 'Kite']);
    const checked = checkImport(csv([header, ...rows]), index, 'en');
    expect(checked.problems).toEqual([
      { row: MAX_IMPORT_ROWS + 1, field: '_', message: translate('en', 'FIELD_TOO_BIG') },
    ]);
    const fits = checkImport(csv([header, ...rows.slice(1)]), index, 'en');
    expect(fits.problems).toEqual([]);
    expect(fits.products).toHaveLength(MAX_IMPORT_ROWS);
  });
});

describe(`CSV import through the operator API (${engine})`, () => {
  let t: TestApp;
  let op: Client;
  let audio: number;
  let kitchen: number;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t, 'catalogue');
    // The categories the fixture names (in English, Vietnamese and Chinese).
    const electronics = await newCategory(t, { names: { en: 'Electronics', vi: 'Điện tử' } });
    audio = await newCategory(t, { parentId: electronics, names: { en: 'Audio', vi: 'Âm thanh' } });
    const home = await newCategory(t, { mainLang: 'zh-CN', names: { 'zh-CN': '家居', en: 'Home' } });
    kitchen = await newCategory(t, {
      parentId: home,
      mainLang: 'zh-CN',
      names: { 'zh-CN': '厨房', en: 'Kitchen' },
    });
  });
  afterAll(() => t.close());

  const send = (file: Buffer, opts: { dryRun?: string; lang?: string } = {}) =>
    postForm(
      op,
      r.importCsv.path,
      [
        ...(opts.dryRun === undefined ? [] : [{ name: 'dry_run', value: opts.dryRun }]),
        { name: 'file', filename: 'products.csv', content: file, mime: 'text/csv' },
      ],
      { lang: opts.lang ?? 'en' },
    );

  const productCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The products whose titles contain `keyword`, as the operator's list shows them. */
  const search = async (keyword: string) =>
    (await op.get(r.products.path, { keyword, limit: '100' })).data.list;

  it('imports every row of the example file, with categories named in any language', async () => {
    const before = await productCount();
    const auditBefore = await lastAuditId(t);
    const res = await send(fixture('catalogue-import.csv'));
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({ imported: 3, rows: 3, dry_run: false, problems: [] });
    expect(await productCount()).toBe(before + 3);

    const [earbuds] = await search('Wireless earbuds');
    expect(earbuds).toMatchObject({
      category_id: audio,
      main_lang: 'en',
      cost: '12.50',
      stock: 120,
      hot: true,
      active: true,
    });
    expect(earbuds.texts).toEqual([
      { lang: 'zh-CN', title: '无线耳机', description: '' },
      { lang: 'en', title: 'Wireless earbuds', description: 'Bluetooth 5.3, 24 h battery' },
      { lang: 'vi', title: 'Tai nghe không dây', description: '' },
    ]);
    const [speaker] = await search('Loa bluetooth');
    expect(speaker).toMatchObject({ category_id: audio, cost: '8.00', hot: false });
    const [cup] = await search('保温杯');
    expect(cup).toMatchObject({ category_id: kitchen, main_lang: 'zh-CN', cost: '3.99', stock: 500 });
    expect(cup.texts).toEqual([{ lang: 'zh-CN', title: '不锈钢保温杯', description: '' }]);

    const [entry] = await auditSince(t, auditBefore);
    expect(entry).toMatchObject({ action: 'product.import', target_type: 'product' });
    expect(entry!.after).toMatchObject({ imported: 3, first_id: earbuds.id, last_id: cup.id });
  });

  it('reads a file with a byte order mark, and a category by id', async () => {
    const res = await send(
      csv(
        [
          ['category', 'main_lang', 'cost', 'stock', 'title_ko'],
          [String(kitchen), 'ko', '4.20', '9', '전기 주전자 BOM'],
        ],
        { bom: true },
      ),
    );
    expect(res.data).toMatchObject({ imported: 1, problems: [] });
    const [kettle] = await search('주전자 BOM');
    expect(kettle).toMatchObject({ category_id: kitchen, main_lang: 'ko', cost: '4.20' });
  });

  it('names the row and field of every problem, in the operator language, and imports nothing', async () => {
    const before = await productCount();
    const file = csv([
      ['category', 'main_lang', 'cost', 'stock', 'title_en', 'title_vi', 'colour'],
      ['Electronics/Audio', 'en', '9.90', '10', 'Good row', 'Dòng tốt', 'red'],
      ['Electronics/Audio', 'en', 'ten', '10', 'Bad cost', '', ''],
      ['Garden/Tools', 'en', '1.00', '10', 'Unknown category', '', ''],
      ['Electronics/Audio', 'en', '1.00', '10', '', 'Thiếu tiêu đề', ''],
      ['Electronics/Audio', 'fr', '0', '', 'Many', '', ''],
    ]);
    const res = await send(file, { lang: 'vi' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data.imported).toBe(0);
    expect(res.data.rows).toBe(5);
    expect(res.data.problems).toEqual([
      { row: 0, field: 'colour', message: translate('vi', 'FIELD_UNKNOWN') },
      { row: 2, field: 'cost', message: translate('vi', 'FIELD_NOT_A_NUMBER') },
      { row: 3, field: 'category', message: translate('vi', 'FIELD_CATEGORY_UNKNOWN') },
      { row: 4, field: 'title_en', message: translate('vi', 'FIELD_REQUIRED') },
      { row: 5, field: 'main_lang', message: translate('vi', 'FIELD_INVALID') },
      { row: 5, field: 'cost', message: translate('vi', 'CANNOT_BE_ZERO') },
      { row: 5, field: 'stock', message: translate('vi', 'FIELD_REQUIRED') },
    ]);
    expect(translate('vi', 'FIELD_UNKNOWN')).not.toBe(translate('en', 'FIELD_UNKNOWN'));
    expect(await productCount()).toBe(before);
    expect(await search('Good row')).toEqual([]);
  });

  it('a file with one bad row among good ones imports none of them', async () => {
    const before = await productCount();
    const good = (n: number) => ['Electronics/Audio', 'en', '5.00', '1', `Batch item ${n}`];
    const res = await send(
      csv([
        ['category', 'main_lang', 'cost', 'stock', 'title_en'],
        good(1),
        good(2),
        ['Electronics/Audio', 'en', '5.00', '1.5', 'x'],
        good(3),
      ]),
    );
    expect(res.data.problems).toEqual([
      { row: 3, field: 'stock', message: translate('en', 'FIELD_INTEGER') },
    ]);
    expect(res.data.imported).toBe(0);
    expect(await productCount()).toBe(before);
  });

  it('imports 1,200 rows in one go, each row with its own texts', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => [
      'Electronics/Audio',
      'en',
      `${i + 1}.00`,
      String(i),
      `Bulk ${i + 1} ${engine}`,
      `Hàng loạt ${i + 1}`,
    ]);
    const res = await send(
      csv([['category', 'main_lang', 'cost', 'stock', 'title_en', 'title_vi'], ...rows]),
    );
    expect(res.data).toMatchObject({ imported: 1_200, rows: 1_200, problems: [] });
    const texts = await t.database.db
      .selectFrom('product_texts')
      .innerJoin('products', 'products.id', 'product_texts.product_id')
      .select(['product_texts.title', 'product_texts.lang', 'products.cost', 'products.stock'])
      .where((eb) =>
        eb.or([
          eb('product_texts.title', 'like', 'Bulk %'),
          eb('product_texts.title', 'like', 'Hàng loạt %'),
        ]),
      )
      .execute();
    expect(texts).toHaveLength(2_400);
    for (const text of texts) {
      const n = Number(/\d+/.exec(text.title)![0]);
      expect(text.cost, text.title).toBe(n * 100);
      expect(text.stock, text.title).toBe(n - 1);
    }
  });

  it('a dry run checks every row and imports nothing', async () => {
    const before = await productCount();
    const auditBefore = await lastAuditId(t);
    const res = await send(fixture('catalogue-import.csv'), { dryRun: 'true' });
    expect(res.data).toEqual({ imported: 0, rows: 3, dry_run: true, problems: [] });
    expect(await productCount()).toBe(before);
    expect(await auditSince(t, auditBefore)).toEqual([]);
    const bad = await send(
      csv([
        ['category', 'main_lang', 'cost', 'stock', 'title_en'],
        ['Nope', 'en', '1', '1', 'A'],
      ]),
      {
        dryRun: 'true',
      },
    );
    expect(bad.data.problems).toEqual([
      { row: 1, field: 'category', message: translate('en', 'FIELD_CATEGORY_UNKNOWN') },
    ]);
    const notDry = await send(
      csv([
        ['category', 'main_lang', 'cost', 'stock', 'title_en'],
        ['Electronics/Audio', 'en', '1', '1', 'Dry false'],
      ]),
      {
        dryRun: 'false',
      },
    );
    expect(notDry.data).toMatchObject({ imported: 1, dry_run: false });
  });

  it('refuses a file that is not UTF-8 text, an empty file, a missing file and a bad dry_run', async () => {
    const latin1 = Buffer.from(
      'category,main_lang,cost,stock,title_en\nElectronics,en,1,1,Caf\xe9\n',
      'latin1',
    );
    expectRefusal(await send(latin1), 'UNSUPPORTED_FILE', 'file');
    expectRefusal(await send(fixture('not-an-image.txt').subarray(0, 0)), 'INVALID_INPUT', 'file');
    expectRefusal(await send(Buffer.from('\n\n')), 'INVALID_INPUT', 'file');
    expectRefusal(
      await send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
      'UNSUPPORTED_FILE',
      'file',
    );
    expectRefusal(
      await postForm(op, r.importCsv.path, [{ name: 'dry_run', value: 'true' }]),
      'INVALID_INPUT',
      'file',
    );
    expectRefusal(await send(fixture('catalogue-import.csv'), { dryRun: 'yes' }), 'INVALID_INPUT', 'dry_run');
    expectRefusal(
      await postForm(op, r.importCsv.path, [
        { name: 'product_id', value: '1' },
        { name: 'file', filename: 'a.csv', content: fixture('catalogue-import.csv') },
      ]),
      'INVALID_INPUT',
      'product_id',
    );
    expectRefusal(await op.post(r.importCsv.path, {}), 'INVALID_INPUT', 'file');
  });

  it('refuses a file over the limit with 413 FILE_TOO_LARGE', async () => {
    const res = await send(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(res.status).toBe(413);
    expect(res.error).toBe('FILE_TOO_LARGE');
  });
});
