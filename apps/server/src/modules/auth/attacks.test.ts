/// <reference types="vite/client" />
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import {
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA,
} from '@dropdesk/contract/constants';
import en from '@dropdesk/contract/messages/en.json';
import vi from '@dropdesk/contract/messages/vi.json';
import { reasonField } from '@dropdesk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_CAPTCHA, type TestApp } from '../../../test/app';
import { Client, type Reply } from '../../../test/client';
import { contractRows } from '../../../test/contract-rows';
import { newMerchant, newOperator, platformCode } from '../../../test/factories';
import { newBuyer } from '../../../test/store';
import { createOperator } from '../admin/operators';

/**
 * What broke when the API was attacked from outside (findings 3 to 7), each replayed the way
 * the attacker did it, on whichever engine DATABASE_URL selects.
 */

const LOGIN = '/merchant/merchant/login';
const SEND_CODE = '/merchant/merchant/send_code';
const ADMIN_LOGIN = '/admin/login';

let ipSeq = 0;
/** A client from its own address, so one test's failures and limits do not reach another's. */
const fromNewAddress = (t: TestApp) =>
  new Client(t.app, null, { ip: `10.8.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

describe('attacks on login, input and transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // ------------------------------------------------------------ 3. the captcha cannot be skipped

  describe('3. the captcha cannot be skipped', () => {
    it('10 parallel right logins on one account all succeed: a right answer never asks for a captcha', async () => {
      const m = await newMerchant(t);
      const c = fromNewAddress(t);
      const right = await Promise.all(
        Array.from({ length: 10 }, () => c.post(LOGIN, { account: m.email, password: m.password })),
      );
      expect(right.map((r) => r.error ?? 'ok')).toEqual(Array(10).fill('ok'));
      // And nothing was counted: three wrong answers are still needed before a captcha.
      const wrong = await c.post(LOGIN, { account: m.email, password: 'Wrong#123' });
      expect(wrong.error).toBe('INVALID_CREDENTIALS');
      expect(wrong.data.captcha_required).toBe(false);
    });

    it('one wrong login racing four right ones: only the wrong one counts', async () => {
      const m = await newMerchant(t);
      const c = fromNewAddress(t);
      const answers = await Promise.all([
        c.post(LOGIN, { account: m.email, password: 'Wrong#123' }),
        ...Array.from({ length: 4 }, () => c.post(LOGIN, { account: m.email, password: m.password })),
      ]);
      expect(answers.map((r) => r.error ?? 'ok')).toEqual(['INVALID_CREDENTIALS', 'ok', 'ok', 'ok', 'ok']);
      expect(answers[0]!.data.captcha_required).toBe(false);
    });

    it('10 parallel wrong logins: at most 3 guesses are checked, the rest are asked for a captcha, and the right password then needs one', async () => {
      const m = await newMerchant(t);
      const c = fromNewAddress(t);
      const wrong = await Promise.all(
        Array.from({ length: 10 }, () => c.post(LOGIN, { account: m.email, password: 'Wrong#123' })),
      );
      for (const res of wrong) expect(['INVALID_CREDENTIALS', 'CAPTCHA_REQUIRED']).toContain(res.error);
      // Only the first three reach the password; every later one is told to solve a captcha.
      expect(wrong.filter((r) => r.error === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(
        LOGIN_FAILURES_BEFORE_CAPTCHA,
      );
      expect(wrong.filter((r) => r.data?.captcha_required === true).length).toBeGreaterThanOrEqual(
        10 - LOGIN_FAILURES_BEFORE_CAPTCHA + 1,
      );

      const right = await c.post(LOGIN, { account: m.email, password: m.password });
      expect(right.error).toBe('CAPTCHA_REQUIRED');
      expect(right.data.captcha_required).toBe(true);
      // The count belongs to the account: another address is asked too.
      const elsewhere = await fromNewAddress(t).post(LOGIN, { account: m.email, password: m.password });
      expect(elsewhere.error).toBe('CAPTCHA_REQUIRED');

      const captcha = (await c.get('/merchant/common/captcha')).data;
      const solved = await c.post(LOGIN, {
        account: m.email,
        password: m.password,
        captcha_id: captcha.captcha_id,
        captcha: TEST_CAPTCHA,
      });
      expect(solved.code).toBe(1);
      // A success clears the account's count (this address has reached its own count of 10).
      expect((await fromNewAddress(t).post(LOGIN, { account: m.email, password: m.password })).code).toBe(1);
    });

    it('counts an account however its address is typed (case, spaces)', async () => {
      const m = await newMerchant(t);
      const c = fromNewAddress(t);
      const spellings = [m.email, m.email.toUpperCase(), `  ${m.email} `];
      for (const account of spellings)
        expect((await c.post(LOGIN, { account, password: 'Wrong#123' })).error).toBe('INVALID_CREDENTIALS');
      expect((await fromNewAddress(t).post(LOGIN, { account: m.email, password: m.password })).error).toBe(
        'CAPTCHA_REQUIRED',
      );
    });

    it("one merchant's typos do not ask another merchant behind the same address for a captcha", async () => {
      const a = await newMerchant(t);
      const b = await newMerchant(t);
      const office = fromNewAddress(t);
      const typos = [];
      for (let i = 0; i < LOGIN_FAILURES_BEFORE_CAPTCHA; i++)
        typos.push(await office.post(LOGIN, { account: a.email, password: 'Wrong#123' }));
      expect(typos.map((r) => r.data.captcha_required)).toEqual([false, false, true]);

      const otherTypo = await office.post(LOGIN, { account: b.email, password: 'Wrong#123' });
      expect(otherTypo.error).toBe('INVALID_CREDENTIALS');
      expect(otherTypo.data.captcha_required).toBe(false);
      expect((await office.post(LOGIN, { account: b.phone, password: b.password })).code).toBe(1);
    });

    it('one address spraying many accounts is asked for a captcha on any account after the per-address count', async () => {
      const victim = await newMerchant(t);
      const sprayer = fromNewAddress(t);
      const answers = [];
      for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA; i++) {
        answers.push(
          await sprayer.post(LOGIN, {
            account: `spray${i}.${randomUUID()}@example.com`,
            password: 'Wrong#123',
          }),
        );
      }
      expect(answers.map((r) => r.error)).toEqual(
        Array(LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA).fill('INVALID_CREDENTIALS'),
      );
      expect(answers.map((r) => r.data.captcha_required)).toEqual([
        ...Array(LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA - 1).fill(false),
        true,
      ]);
      const fromSprayer = await sprayer.post(LOGIN, { account: victim.email, password: victim.password });
      expect(fromSprayer.error).toBe('CAPTCHA_REQUIRED');
      // The victim from its own address is not bothered.
      expect(
        (await fromNewAddress(t).post(LOGIN, { account: victim.email, password: victim.password })).code,
      ).toBe(1);
    });

    it("a success clears the account's count, not the address's", async () => {
      const m = await newMerchant(t);
      const c = fromNewAddress(t);
      for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA - 1; i++) {
        const res = await c.post(LOGIN, { account: `nobody${i}.${randomUUID()}@example.com`, password: 'x' });
        expect(res.data.captcha_required).toBe(false);
      }
      expect((await c.post(LOGIN, { account: m.email, password: m.password })).code).toBe(1);
      const next = await c.post(LOGIN, { account: `last.${randomUUID()}@example.com`, password: 'x' });
      expect(next.error).toBe('INVALID_CREDENTIALS');
      expect(next.data.captcha_required).toBe(true);
    });
  });

  // ------------------------------------------------------------ 4. control characters

  describe('4. control characters are refused as a field error, never a 500', () => {
    const controlChars = (lang: 'en' | 'vi') =>
      (lang === 'en' ? en : vi).FIELD_CONTROL_CHARS as string | undefined;

    it.each([
      ['send_code', SEND_CODE, { account: 'nul\u0000@example.com' }, 'account'],
      ['login', LOGIN, { account: 'nul\u0000@example.com', password: 'Secret#123' }, 'account'],
      ['login password', LOGIN, { account: 'nul@example.com', password: 'Secret\u0000123' }, 'password'],
      ['verify_code', '/merchant/merchant/verify_code', { invite_code: 'AB\u0000CD' }, 'invite_code'],
      ['operator login', ADMIN_LOGIN, { username: 'op\u0000', password: 'Operator#1' }, 'username'],
    ])('%s without a session', async (_name, url, body, field) => {
      const res = await fromNewAddress(t).post(url, body, { lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.error).toBe('INVALID_INPUT');
      expect(res.data.fields[field]).toBe(controlChars('en'));
    });

    it('registration refuses a NUL in a name and creates nothing', async () => {
      const anon = fromNewAddress(t);
      const res = await anon.post('/merchant/merchant/register', {
        store_name: 'Shop\u0000',
        invite_code: await platformCode(t),
      });
      expect(res.status).toBe(200);
      expect(res.data.fields.store_name).toBe(controlChars('vi'));
    });

    it('every text field of every POST body and GET query in the contract refuses NUL, on every registered route', async () => {
      const merchant = await newMerchant(t);
      const operator = await newOperator(t, 'admin');
      const buyer = await newBuyer(t);
      const rows = contractRows().filter(
        (row) => !row.multipart && t.app.hasRoute({ method: row.method, url: row.path }),
      );
      expect(rows.length).toBeGreaterThan(20);
      const checked: string[] = [];
      for (const row of rows) {
        const schema = row.method === 'POST' ? row.body : row.query;
        const shape = schema ? shapeOf(schema) : null;
        if (!shape) continue;
        const fields = Object.entries(shape)
          .filter(([, field]) => isStringField(field))
          .map(([name]) => name);
        if (!fields.length) continue;
        const values = Object.fromEntries(fields.map((k) => [k, 'a\u0000b']));
        const token =
          row.auth === 'merchant'
            ? merchant.token
            : row.auth === 'operator'
              ? operator.token
              : row.auth === 'buyer'
                ? buyer.token
                : null;
        const opts = {
          token,
          lang: 'en',
          headers: row.idempotent ? { 'idempotency-key': randomUUID() } : {},
        };
        const res: Reply =
          row.method === 'POST'
            ? await fromNewAddress(t).post(row.path, values, opts)
            : await fromNewAddress(t).get(row.path, values, opts);
        const where = `${row.method} ${row.path}`;
        expect(res.status, `${where}: ${res.raw}`).toBe(200);
        expect(res.code, where).toBe(0);
        for (const field of fields) {
          // Free text names the control characters; formatted values (money, a day) refuse with their own format.
          expect(
            [controlChars('en'), en.FIELD_MONEY, en.FIELD_NOT_A_NUMBER, en.FIELD_INTEGER, en.FIELD_INVALID],
            `${where} ${field}`,
          ).toContain(res.data?.fields?.[field]);
          if (row.method === 'POST' && !/amount|fee_fixed|withdraw_min|cost|price/.test(field))
            expect(res.data.fields[field], `${where} ${field}`).toBe(controlChars('en'));
          checked.push(`${where} ${field}`);
        }
      }
      // The attack's list: these must be among the fields checked.
      for (const must of [
        'POST /merchant/merchant/send_code account',
        'POST /merchant/merchant/login account',
        'POST /merchant/merchant/register real_name',
        'POST /merchant/merchant/changeBank holder_name',
        'POST /admin/kyc/reject reason',
        'POST /admin/login username',
      ])
        expect(checked).toContain(must);
    });

    it('a reason may span lines (line feed, tab) but carries no other control character', () => {
      expect(reasonField.safeParse('Blurry photo.\n\tPlease upload it again.').success).toBe(true);
      for (const bad of ['a\u0000b', 'a\rb', 'a\u001bb', 'a\u007fb'])
        expect(reasonField.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(
          'FIELD_CONTROL_CHARS',
        );
    });
  });

  // ------------------------------------------------------------ 5. transport failures in the envelope

  describe('4b. a form (multipart) is read only by the calls that take a file', () => {
    it('a JSON call answers a multipart body with 415 INVALID_INPUT in the envelope, and logs no one in', async () => {
      const boundary = '----dd415';
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, lang: 'en' },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="account"\r\n\r\ndemo@dropdesk.local\r\n--${boundary}--\r\n`,
      });
      expect(res.statusCode).toBe(415);
      expect(JSON.parse(res.body)).toMatchObject({
        code: 415,
        error: 'INVALID_INPUT',
        msg: en.INVALID_INPUT,
      });
    });
  });

  describe('5. a request too large for the HTTP parser is answered in the envelope', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });

    it.each([
      [
        'a 20 KB query string',
        `GET /merchant/common/config?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
      ],
      ['a 20 KB path', `GET /merchant/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`],
      [
        'a 20 KB header',
        `GET /merchant/common/config HTTP/1.1\r\nHost: a\r\nx-big: ${'x'.repeat(20_000)}\r\n\r\n`,
      ],
    ])('%s: 431 HEADERS_TOO_LARGE', async (_name, request) => {
      const res = await rawHttp(port, request);
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // The parser gave up before the lang header was read: the default language answers.
      expect(JSON.parse(res.body)).toEqual({
        code: 431,
        error: 'HEADERS_TOO_LARGE',
        msg: vi.HEADERS_TOO_LARGE,
      });
    });

    it('on a kept-alive connection, after an answered request, too', async () => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      socket.setEncoding('utf8');
      socket.on('error', () => {});
      const closed = new Promise((resolve) => socket.on('close', resolve));
      const firstAnswered = new Promise<void>((resolve) =>
        socket.on('data', (chunk) => {
          data += chunk;
          if (data.includes('"status":"ok"')) resolve();
        }),
      );
      socket.write('GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n');
      await firstAnswered;
      socket.write(`GET /merchant/common/config?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
      await closed;
      const second = data.slice(data.lastIndexOf('HTTP/1.1 '));
      expect(second.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)).error).toBe('HEADERS_TOO_LARGE');
    });

    it('a request the parser cannot read: 400 INVALID_INPUT in the envelope', async () => {
      const res = await rawHttp(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ code: 400, error: 'INVALID_INPUT', msg: vi.INVALID_INPUT });
    });

    it('an ordinary request on the same port still works', async () => {
      const res = await rawHttp(port, 'GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).code).toBe(1);
    });
  });
});

// ------------------------------------------------------------ 6. operator usernames by timing

describe('6. an operator login takes as long for an unknown or disabled username as for a wrong password', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production hashing cost (OWASP baseline), so the hash dominates the time being compared.
    t = await buildTestApp({ argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 } });
  });
  afterAll(() => t.close());

  it('an unknown or a disabled username costs the server as much work as a wrong password', async () => {
    const known = `op_${randomUUID().slice(0, 8)}`;
    const disabled = `op_${randomUUID().slice(0, 8)}`;
    for (const username of [known, disabled])
      await createOperator(
        t.database.db,
        { username, password: 'Operator#1', role: 'admin' },
        t.config.argon2,
        0,
      );
    await t.database.db
      .updateTable('operators')
      .set({ disabled_at: t.clock.now() })
      .where('username', '=', disabled)
      .execute();

    // The CPU time the server process spends on one login (the hash runs on libuv's threads, which
    // cpuUsage counts). It is what the answer's duration is made of, without the wall clock's noise:
    // on two shared cores the wall-clock medians of identical requests moved by a factor of 4.
    const client = fromNewAddress(t);
    const cost = async (username: string) => {
      const before = process.cpuUsage();
      const res = await client.post(ADMIN_LOGIN, { username, password: 'Wrong#123' });
      const used = process.cpuUsage(before);
      expect(res.error).toBe('INVALID_CREDENTIALS');
      return (used.user + used.system) / 1000;
    };
    const runs: Record<'unknown' | 'known' | 'disabled', number[]> = { unknown: [], known: [], disabled: [] };
    await cost('nobody');
    await cost(known);
    for (let i = 0; i < 9; i++) {
      runs.unknown.push(await cost(`nobody_${i}`));
      runs.known.push(await cost(known));
      runs.disabled.push(await cost(disabled));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratios = {
      unknown: median(runs.unknown) / median(runs.known),
      disabled: median(runs.disabled) / median(runs.known),
    };
    const detail = JSON.stringify({ ratios, runs });
    expect(ratios.unknown, detail).toBeGreaterThan(0.5);
    expect(ratios.unknown, detail).toBeLessThan(2);
    expect(ratios.disabled, detail).toBeGreaterThan(0.5);
    expect(ratios.disabled, detail).toBeLessThan(2);
  });

  it('a disabled operator is refused even with the right password', async () => {
    const username = `op_${randomUUID().slice(0, 8)}`;
    await createOperator(
      t.database.db,
      { username, password: 'Operator#1', role: 'admin' },
      t.config.argon2,
      0,
    );
    const client = fromNewAddress(t);
    expect((await client.post(ADMIN_LOGIN, { username, password: 'Operator#1' })).code).toBe(1);
    await t.database.db
      .updateTable('operators')
      .set({ disabled_at: t.clock.now() })
      .where('username', '=', username)
      .execute();
    expect((await client.post(ADMIN_LOGIN, { username, password: 'Operator#1' })).error).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});

// ------------------------------------------------------------ 7. send_code per client

describe('7. send_code is limited per client address as well as per destination', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitScale: 1 });
  });
  afterAll(() => t.close());

  it('40 codes to 40 addresses from one client: a few are sent, the rest are 429 with Retry-After', async () => {
    const c = fromNewAddress(t);
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push(
        await c.post(SEND_CODE, { account: `target${i}.${randomUUID()}@example.com` }, { lang: 'en' }),
      );
    const sent = answers.filter((r) => r.code === 1).length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(5);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBe(40 - sent);
    for (const res of limited) {
      expect(res.error).toBe('RATE_LIMITED');
      expect(res.msg).toBe(en.RATE_LIMITED);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client is not affected, and one destination still gets one code a minute.
    const other = fromNewAddress(t);
    const target = `again.${randomUUID()}@example.com`;
    expect((await other.post(SEND_CODE, { account: target })).code).toBe(1);
    expect((await fromNewAddress(t).post(SEND_CODE, { account: target })).status).toBe(429);
  });

  it('parallel requests from one client do not get past the limit either', async () => {
    const c = fromNewAddress(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        c.post(SEND_CODE, { account: `p${i}.${randomUUID()}@example.com` }),
      ),
    );
    expect(answers.filter((r) => r.code === 1).length).toBeLessThanOrEqual(5);
    expect(answers.every((r) => r.code === 1 || r.error === 'RATE_LIMITED')).toBe(true);
  });
});

// ------------------------------------------------------------ helpers

type AnySchema = { _zod: { def: Record<string, any> } };

/** The schema under optional/default/nullable wrappers and transforms (a pipe's input side). */
function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch'].includes(def.type))
      s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
}

function shapeOf(schema: unknown): Record<string, AnySchema> | null {
  const s = unwrap(schema as AnySchema);
  return s._zod.def.type === 'object' ? (s._zod.def.shape as Record<string, AnySchema>) : null;
}

const isStringField = (schema: AnySchema) => unwrap(schema)._zod.def.type === 'string';

/** One raw HTTP exchange on a socket: what the server writes back until it closes. */
function rawHttp(
  port: number,
  request: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    // The server may close before it has read all of a request it refused.
    socket.on('error', () => {});
    socket.on('close', () => {
      const at = data.indexOf('\r\n\r\n');
      if (at < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(data.slice(0, 200))}`));
      const [statusLine, ...headerLines] = data.slice(0, at).split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((l) => [
          l.slice(0, l.indexOf(':')).toLowerCase(),
          l.slice(l.indexOf(':') + 1).trim(),
        ]),
      );
      let body = data.slice(at + 4);
      if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
      resolve({ status: Number(statusLine?.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}
