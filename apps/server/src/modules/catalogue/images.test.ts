import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminCatalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { UPLOAD_MAX_BYTES } from '@dropdesk/contract/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newCategory, newProduct } from '../../../test/catalogue';
import { type Client, expectRefusal } from '../../../test/client';
import { newOperator } from '../../../test/factories';
import { fixture, photo, postForm } from '../../../test/fixtures/catalogue';
import { auditSince, lastAuditId } from '../../../test/services';
import { productMediaDir } from './images';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

describe(`product images (${engine})`, () => {
  let t: TestApp;
  let op: Client;
  let category: number;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t, 'catalogue');
    category = await newCategory(t);
  });
  afterAll(() => t.close());

  const upload = (productId: number | string, file: Buffer, mime = 'image/png') =>
    postForm(op, r.uploadImage.path, [
      { name: 'product_id', value: String(productId) },
      { name: 'file', filename: 'photo', content: file, mime },
    ]);

  const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

  it('makes a 320×320 thumbnail and a detail image inside 960×960, both WebP, served for a year', async () => {
    const product = await newProduct(t, { categoryId: category });
    const before = await lastAuditId(t);
    const res = await upload(product, await photo(1200, 800));
    expect(res.code, res.raw).toBe(1);
    expect(res.data.thumb).toMatchObject({ width: 320, height: 320 });
    expect(res.data.detail).toMatchObject({ width: 960, height: 640 });
    expect(res.data.thumb.url).toMatch(/^\/media\/products\/[0-9a-f]{32}-thumb\.webp$/);
    expect(res.data.detail.url).toBe(res.data.thumb.url.replace('-thumb', '-detail'));

    for (const size of ['thumb', 'detail'] as const) {
      const got = await fetchMedia(res.data[size].url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([res.data[size].width, res.data[size].height]);
      expect(Number(got.headers['content-length'])).toBe(got.rawPayload.length);
    }
    const listed = await op.get(r.products.path, { limit: '100' });
    const mine = listed.data.list.find((p: { id: number }) => p.id === product);
    expect(mine.images).toEqual([res.data]);
    const [entry] = await auditSince(t, before);
    expect(entry).toMatchObject({
      action: 'product.image.add',
      target_type: 'product',
      target_id: String(product),
    });
    expect(entry!.after).toMatchObject({
      image_id: res.data.id,
      thumb_width: 320,
      detail_height: 640,
    });
  });

  it('keeps a small image its size, crops a tall one to a square thumbnail, and adds images in order', async () => {
    const product = await newProduct(t, { categoryId: category });
    const small = await upload(product, await photo(200, 100));
    expect(small.data.detail).toMatchObject({ width: 200, height: 100 });
    expect(small.data.thumb).toMatchObject({ width: 320, height: 320 });
    const tall = await upload(product, await photo(500, 2000));
    expect(tall.data.detail).toMatchObject({ width: 240, height: 960 });
    expect(tall.data.thumb).toMatchObject({ width: 320, height: 320 });
    const listed = await op.get(r.products.path, { limit: '100' });
    const mine = listed.data.list.find((p: { id: number }) => p.id === product);
    expect(mine.images.map((i: { id: number }) => i.id)).toEqual([small.data.id, tall.data.id]);
  });

  it('drops the metadata of a photo (EXIF, GPS) and applies its orientation', async () => {
    const product = await newProduct(t, { categoryId: category });
    const jpeg = await sharp(await photo(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'secret camera owner' } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret camera owner'))).toBe(true);
    const res = await upload(product, jpeg, 'image/jpeg');
    expect(res.code, res.raw).toBe(1);
    // Orientation 6 turns a 400×200 photo upright: 200×400.
    expect(res.data.detail).toMatchObject({ width: 200, height: 400 });
    const file = await fetchMedia(res.data.detail.url);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('secret camera owner'))).toBe(false);
  });

  it('refuses a text file, a broken image and a GIF with UNSUPPORTED_FILE, and writes nothing', async () => {
    const product = await newProduct(t, { categoryId: category });
    const dir = productMediaDir(t.config.dataDir);
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const before = files();
    const png = await photo(50, 50);
    const gif = await sharp(png).gif().toBuffer();
    for (const [name, bytes] of [
      ['text', fixture('not-an-image.txt')],
      ['broken png', Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)])],
      ['gif', gif],
    ] as const) {
      expectRefusal(await upload(product, bytes), 'UNSUPPORTED_FILE', 'file', name);
    }
    expect(files()).toBe(before);
    const rows = await t.database.db
      .selectFrom('product_images')
      .select('id')
      .where('product_id', '=', product)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a missing, malformed or unknown product, a missing file and unknown parts', async () => {
    const image = await photo(20, 20);
    const file = { name: 'file', filename: 'a.png', content: image, mime: 'image/png' };
    expectRefusal(await postForm(op, r.uploadImage.path, [file]), 'INVALID_INPUT', 'product_id');
    expectRefusal(await upload('abc', image), 'INVALID_INPUT', 'product_id');
    expectRefusal(await upload('0', image), 'INVALID_INPUT', 'product_id');
    expectRefusal(await upload('1.5', image), 'INVALID_INPUT', 'product_id');
    expectRefusal(await upload(99_999_999, image), 'NOT_FOUND', 'product_id');
    const product = await newProduct(t, { categoryId: category });
    expectRefusal(
      await postForm(op, r.uploadImage.path, [{ name: 'product_id', value: String(product) }]),
      'INVALID_INPUT',
      'file',
    );
    expectRefusal(
      await postForm(op, r.uploadImage.path, [
        { name: 'product_id', value: String(product) },
        { name: 'kind', value: 'product' },
        file,
      ]),
      'INVALID_INPUT',
      'kind',
    );
    expectRefusal(
      await postForm(op, r.uploadImage.path, [
        { name: 'product_id', value: String(product) },
        { ...file, name: 'photo' },
      ]),
      'INVALID_INPUT',
      'photo',
    );
    expectRefusal(await op.post(r.uploadImage.path, { product_id: product }), 'INVALID_INPUT', 'file');
  });

  it('refuses a file over the upload limit with 413 FILE_TOO_LARGE', async () => {
    const product = await newProduct(t, { categoryId: category });
    const res = await upload(product, Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1));
    expect(res.status).toBe(413);
    expect(res.error).toBe('FILE_TOO_LARGE');
  });

  it('asks for the file again when the form breaks off', async () => {
    const product = await newProduct(t, { categoryId: category });
    const boundary = '----ddbroken';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="product_id"\r\n\r\n${product}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: r.uploadImage.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token: op.token! },
      payload,
    });
    expect(JSON.parse(res.body).error).toBe('UPLOAD_INVALID');
  });

  it('answers the 404 envelope for a missing file, another name and any path out of the folder', async () => {
    const dataFile = path.basename(fs.readdirSync(t.config.dataDir)[0] ?? 'dropdesk.sqlite');
    for (const url of [
      `/media/products/${'a'.repeat(32)}-thumb.webp`,
      `/media/products/${'a'.repeat(32)}-thumb.png`,
      '/media/products/..%2F..%2Fdropdesk.sqlite',
      `/media/products/..%2f..%2f${dataFile}`,
      '/media/products/%2e%2e/%2e%2e/dropdesk.sqlite',
      '/media/../dropdesk.sqlite',
      '/media/products/',
      '/media/uploads/x',
    ]) {
      const res = await fetchMedia(url);
      expect(res.statusCode, url).toBe(404);
      expect(JSON.parse(res.body), url).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
  });
});

describe(`/media beside the built web app (${engine})`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Dropdesk</title>');
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers a missing image with the 404 envelope, never the web app page', async () => {
    for (const url of [`/media/products/${'b'.repeat(32)}-detail.webp`, '/media/other/x.webp', '/media/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/goods' })).body).toContain('<title>Dropdesk</title>');
  });
});
