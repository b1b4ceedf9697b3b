import { UPLOAD_MAX_BYTES } from '@dropdesk/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { jpeg, newMerchant, newOperator, png } from '../../../test/factories';

describe('common/upload and /uploads/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const uploadCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const read = (id: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/uploads/${id}`, headers: token ? { token } : {} });

  it('stores a real PNG or JPEG, re-encoded, and serves a public kind to anyone', async () => {
    const m = await newMerchant(t);
    const res = await m.client.upload('product', await jpeg(), { filename: 'p.jpg', mime: 'image/jpeg' });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ kind: 'product', private: false, url: `/uploads/${res.data.id}` });
    expect(res.data.id).toMatch(/^u_[A-Za-z0-9_-]{22}$/);
    const got = await read(res.data.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^image\//);
    expect(got.headers['cache-control']).toContain('public');
    expect(got.rawPayload.length).toBeGreaterThan(0);
  });

  it('private kinds are readable with a token header by their owner and reviewers, and 404 to another merchant or nobody', async () => {
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    const res = await a.client.upload('id_card', await png());
    expect(res.data.private).toBe(true);
    const own = await read(res.data.id, a.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('no-store');
    const other = await read(res.data.id, b.token);
    const anon = await read(res.data.id);
    const missing = await read('u_AAAAAAAAAAAAAAAAAAAAAA', a.token);
    for (const r of [other, anon, missing]) expect(r.statusCode).toBe(404);
    // Another merchant's private file looks exactly like a missing one.
    expect(other.body).toBe(missing.body);
    const op = await newOperator(t, 'reviewer');
    expect((await read(res.data.id, op.token!)).statusCode).toBe(200);
  });

  it('anonymous visitors may upload only the registration kinds', async () => {
    const anon = new Client(t.app);
    expect((await anon.upload('logo', await png())).code).toBe(1);
    expect((await anon.upload('license', await png())).data.private).toBe(true);
    const before = await uploadCount();
    for (const kind of ['product', 'banner', 'voucher']) {
      const res = await anon.upload(kind, await png());
      expect(res.status).toBe(401);
      expect(res.error).toBe('UNAUTHORIZED');
    }
    expect(await uploadCount()).toBe(before);
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not an image'), 'UNSUPPORTED_FILE', 200],
    [
      'an HTML file sent as image/png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'UNSUPPORTED_FILE',
      200,
    ],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'UNSUPPORTED_FILE',
      200,
    ],
    ['a file over 5 MB', Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 1), 'FILE_TOO_LARGE', 413],
  ])('refuses %s and stores nothing', async (_name, bytes, key, status) => {
    const m = await newMerchant(t);
    const before = await uploadCount();
    const res = await m.client.upload('product', bytes, { filename: 'x.png', mime: 'image/png' });
    expect(res.status).toBe(status);
    expect(res.error, res.raw).toBe(key);
    expect(await uploadCount()).toBe(before);
  });

  it('refuses an unknown or missing kind, a non-multipart body and extra parts', async () => {
    const m = await newMerchant(t);
    const before = await uploadCount();
    const badKind = await m.client.upload('passport', await png());
    expect(badKind.error).toBe('INVALID_INPUT');
    expect(badKind.data.fields).toHaveProperty('kind');
    const json = await m.client.post('/merchant/common/upload', { kind: 'logo', file: 'abc' });
    expect(json.error, json.raw).toBe('INVALID_INPUT');
    expect(json.status).toBe(200);

    const boundary = '----ddextra';
    const extra = await t.app.inject({
      method: 'POST',
      url: '/merchant/common/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token: m.token },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nlogo\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="owner"\r\n\r\n1\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        await png(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(JSON.parse(extra.body).error).toBe('INVALID_INPUT');
    expect(await uploadCount()).toBe(before);
  });

  it("registration refuses another merchant's private upload ref", async () => {
    const a = await newMerchant(t);
    const stolen = (await a.client.upload('id_card', await png())).data.id;
    const { registrationBody } = await import('../../../test/factories');
    const body = await registrationBody(t, { id_card_front: stolen });
    const res = await new Client(t.app).post('/merchant/merchant/register', body);
    expectRefusal(res, 'UPLOAD_INVALID', 'id_card_front');
  });
});
