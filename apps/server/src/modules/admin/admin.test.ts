import { accountRoutes } from '@dropdesk/contract/account';
import { adminRoutes as r } from '@dropdesk/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { codeAt, newMerchant, newOperator, OPERATOR_PASSWORD, operatorLogin } from '../../../test/factories';
import { auditSince, lastAuditId } from '../../../test/services';
import { SecretBox, totpCode } from '../../lib/totp';
import { createOperator } from './operators';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const MINUTE = 60_000;
/** One TOTP time step: a new code. */
const STEP = 30_000;
/** A code that is not `right`. */
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

/**
 * The console's sign-in (docs/console-api.md "Operators and security"): the password, then the
 * authenticator app's code; enrolment at the first login; tickets that die; codes that are good
 * once; sessions that end after OPERATOR_IDLE_MINUTES; logout and `me`.
 */
describe(`operator sign-in (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const anon = () => new Client(t.app);
  let seq = 0;
  /** An operator without a second factor, as an admin or `ops operator:create` makes one. */
  const unenrolled = async (role: 'reviewer' | 'catalogue' | 'support' | 'admin' = 'reviewer') => {
    const username = `new_${Date.now().toString(36)}_${++seq}`;
    const id = await createOperator(
      t.database.db,
      { username, password: OPERATOR_PASSWORD, role },
      t.config.argon2,
      t.clock.now(),
    );
    return { id, username };
  };
  const passwordStep = async (username: string, password = OPERATOR_PASSWORD) => {
    const res = await anon().call(r.login, { username, password });
    expect(res.code, res.raw).toBe(1);
    return res.data;
  };
  /** A ticket of kind `totp` for an enrolled operator. */
  const ticketOf = async (op: { username: string }) => {
    const step = await passwordStep(op.username);
    expect(step.step).toBe('totp');
    return step.ticket;
  };
  const count = async (table: 'sessions' | 'operator_login_tickets') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const operatorRow = (id: number) =>
    t.database.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // ------------------------------------------------------------ both steps

  it('an enrolled operator: the password gives a ticket, no session; the code opens one', async () => {
    const op = await newOperator(t, 'reviewer');
    t.clock.advance(STEP);
    const sessions = await count('sessions');
    const first = await anon().call(r.login, { username: op.username, password: OPERATOR_PASSWORD });
    expect(first.data).toEqual({ step: 'totp', ticket: expect.any(String) });
    expect(await count('sessions')).toBe(sessions);
    // Only the ticket's hash is kept.
    const tickets = await t.database.db.selectFrom('operator_login_tickets').select('token_hash').execute();
    expect(tickets.map((x) => x.token_hash)).not.toContain(first.data.ticket);

    const before = await lastAuditId(t);
    const second = await anon().call(r.loginTotp, {
      ticket: first.data.ticket,
      code: codeAt(t, op.totpSecret),
    });
    expect(second.data).toEqual({
      token: expect.any(String),
      operator: { id: op.id, username: op.username, role: 'reviewer' },
      idle_minutes: 30,
      currency: { code: 'USD', symbol: '$' },
    });
    expect(await count('sessions')).toBe(sessions + 1);
    const me = await new Client(t.app, second.data.token).call(r.me);
    expect(me.data).toEqual({
      operator: { id: op.id, username: op.username, role: 'reviewer' },
      idle_minutes: 30,
      currency: { code: 'USD', symbol: '$' },
    });
    // An operator token is not a merchant token.
    expect((await new Client(t.app, second.data.token).call(accountRoutes.getMerInfo)).status).toBe(401);
    expect((await operatorRow(op.id)).last_login_at).toBe(t.clock.now());
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: op.id,
        action: 'operator.login',
        target_type: 'operator',
        target_id: String(op.id),
        before: { totp_enrolled: true, last_login_at: expect.any(String) },
        after: { totp_enrolled: true, last_login_at: new Date(t.clock.now()).toISOString() },
        detail: null,
      },
    ]);
  });

  it('tells the console the platform’s currency as configured, on sign-in and in `me`', async () => {
    const eur = await buildTestApp({ currency: { code: 'EUR', symbol: '€' } });
    try {
      const op = await newOperator(eur, 'support');
      expect((await op.call(r.me)).data.currency).toEqual({ code: 'EUR', symbol: '€' });
      eur.clock.advance(STEP);
      const signedIn = await operatorLogin(eur, op.username, OPERATOR_PASSWORD, op.totpSecret);
      expect(signedIn.currency).toEqual({ code: 'EUR', symbol: '€' });
    } finally {
      await eur.close();
    }
  });

  it('the first login enrols: a secret and its otpauth URI, recorded by the first right code', async () => {
    const op = await unenrolled('catalogue');
    const step = await passwordStep(op.username);
    if (step.step !== 'enroll') throw new Error(`expected enrolment, got ${JSON.stringify(step)}`);
    expect(step.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(step.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Dropdesk:${op.username}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Dropdesk',
      secret: step.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // The secret is kept sealed, never in clear; another SECRET cannot open it.
    const stored = await t.database.db
      .selectFrom('operator_login_tickets')
      .select('totp_secret')
      .where('operator_id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(step.secret);
    expect(new SecretBox(t.config.secret).open(stored.totp_secret!)).toBe(step.secret);
    expect(new SecretBox('another-secret-0123456789abcdef0123').open(stored.totp_secret!)).toBeNull();

    // A wrong code enrols nothing.
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: step.ticket, code: wrongCode(codeAt(t, step.secret)) }),
      'WRONG_TOTP',
      'code',
    );
    expect((await operatorRow(op.id)).totp_enrolled_at).toBeNull();

    const before = await lastAuditId(t);
    const done = await anon().call(r.loginTotp, { ticket: step.ticket, code: codeAt(t, step.secret) });
    expect(done.data.operator).toEqual({ id: op.id, username: op.username, role: 'catalogue' });
    const row = await operatorRow(op.id);
    expect(row.totp_enrolled_at).toBe(t.clock.now());
    expect(row.totp_secret).not.toContain(step.secret);
    expect(new SecretBox(t.config.secret).open(row.totp_secret!)).toBe(step.secret);
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: op.id,
        action: 'operator.enrol_totp',
        target_type: 'operator',
        target_id: String(op.id),
        before: { totp_enrolled: false, last_login_at: null },
        after: { totp_enrolled: true, last_login_at: new Date(t.clock.now()).toISOString() },
        detail: null,
      },
    ]);

    // From now on the password asks for the code, and the enrolled secret's codes work.
    t.clock.advance(STEP);
    const next = await passwordStep(op.username);
    expect(next).toEqual({ step: 'totp', ticket: expect.any(String) });
    expect((await anon().call(r.loginTotp, { ticket: next.ticket, code: codeAt(t, step.secret) })).code).toBe(
      1,
    );
  });

  it('two enrolments started at once: the first right code wins, the other ticket must start again', async () => {
    const op = await unenrolled();
    const a = await passwordStep(op.username);
    const b = await passwordStep(op.username);
    if (a.step !== 'enroll' || b.step !== 'enroll') throw new Error('expected two enrolments');
    expect(a.secret).not.toBe(b.secret);
    expect((await anon().call(r.loginTotp, { ticket: a.ticket, code: codeAt(t, a.secret) })).code).toBe(1);
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: b.ticket, code: codeAt(t, b.secret) }),
      'LOGIN_EXPIRED',
    );
    const row = await operatorRow(op.id);
    expect(new SecretBox(t.config.secret).open(row.totp_secret!)).toBe(a.secret);
  });

  // ------------------------------------------------------------ wrong codes, replays, expiry

  it('five wrong codes kill the ticket: even the right code is then LOGIN_EXPIRED, and no session opens', async () => {
    const op = await newOperator(t);
    t.clock.advance(STEP);
    const ticket = await ticketOf(op);
    const right = codeAt(t, op.totpSecret);
    const wrong = wrongCode(right);
    const sessions = await count('sessions');
    for (let i = 0; i < 5; i++)
      expectRefusal(
        await anon().call(r.loginTotp, { ticket, code: wrong }),
        'WRONG_TOTP',
        'code',
        `try ${i + 1}`,
      );
    expectRefusal(await anon().call(r.loginTotp, { ticket, code: right }), 'LOGIN_EXPIRED');
    expect(await count('sessions')).toBe(sessions);
    // A new ticket (the password again) works.
    const again = await ticketOf(op);
    expect((await anon().call(r.loginTotp, { ticket: again, code: right })).code).toBe(1);
  });

  it('twenty parallel guesses on one ticket get five checks; the rest are LOGIN_EXPIRED', async () => {
    const op = await newOperator(t);
    t.clock.advance(STEP);
    const ticket = await ticketOf(op);
    const right = codeAt(t, op.totpSecret);
    const guesses = Array.from({ length: 20 }, (_, i) => String(100_000 + i)).filter((c) => c !== right);
    const answers = await Promise.all(guesses.map((code) => anon().call(r.loginTotp, { ticket, code })));
    const keys = answers.map((a) => a.error);
    expect(keys.filter((k) => k === 'WRONG_TOTP')).toHaveLength(5);
    expect(keys.filter((k) => k === 'LOGIN_EXPIRED')).toHaveLength(guesses.length - 5);
  });

  it('a code is good once: the same code on a new ticket is WRONG_TOTP, the next step’s code works', async () => {
    const op = await newOperator(t);
    t.clock.advance(STEP);
    const code = codeAt(t, op.totpSecret);
    expect((await anon().call(r.loginTotp, { ticket: await ticketOf(op), code })).code).toBe(1);
    const replay = await ticketOf(op);
    expectRefusal(await anon().call(r.loginTotp, { ticket: replay, code }), 'WRONG_TOTP', 'code');
    // The code of the step before (still inside the window) is older than the one used: refused too.
    const previous = totpCode(op.totpSecret, t.clock.now() - STEP);
    expectRefusal(await anon().call(r.loginTotp, { ticket: replay, code: previous }), 'WRONG_TOTP', 'code');
    t.clock.advance(STEP);
    expect((await anon().call(r.loginTotp, { ticket: replay, code: codeAt(t, op.totpSecret) })).code).toBe(1);
  });

  it('the same code sent twice at once on two tickets opens one session', async () => {
    const op = await newOperator(t);
    t.clock.advance(STEP);
    const [a, b] = [await ticketOf(op), await ticketOf(op)];
    const code = codeAt(t, op.totpSecret);
    const answers = await Promise.all([
      anon().call(r.loginTotp, { ticket: a, code }),
      anon().call(r.loginTotp, { ticket: b, code }),
    ]);
    expect(answers.map((x) => x.code).sort()).toEqual([0, 1]);
    expect(answers.find((x) => x.code === 0)?.error).toBe('WRONG_TOTP');
  });

  it('a phone a step behind or ahead is accepted; two steps off is not', async () => {
    const op = await newOperator(t);
    t.clock.advance(10 * STEP);
    const now = t.clock.now();
    expectRefusal(
      await anon().call(r.loginTotp, {
        ticket: await ticketOf(op),
        code: totpCode(op.totpSecret, now - 2 * STEP),
      }),
      'WRONG_TOTP',
      'code',
    );
    expectRefusal(
      await anon().call(r.loginTotp, {
        ticket: await ticketOf(op),
        code: totpCode(op.totpSecret, now + 2 * STEP),
      }),
      'WRONG_TOTP',
      'code',
    );
    const behind = totpCode(op.totpSecret, now - STEP);
    expect((await anon().call(r.loginTotp, { ticket: await ticketOf(op), code: behind })).code).toBe(1);
    const ahead = totpCode(op.totpSecret, now + STEP);
    expect((await anon().call(r.loginTotp, { ticket: await ticketOf(op), code: ahead })).code).toBe(1);
  });

  it('a ticket lives 5 minutes and is used once; an unknown ticket is LOGIN_EXPIRED', async () => {
    const op = await newOperator(t);
    t.clock.advance(STEP);
    const late = await ticketOf(op);
    const inTime = await ticketOf(op);
    t.clock.advance(5 * MINUTE - 1);
    const used = await anon().call(r.loginTotp, { ticket: inTime, code: codeAt(t, op.totpSecret) });
    expect(used.code, used.raw).toBe(1);
    t.clock.advance(1);
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: late, code: codeAt(t, op.totpSecret) }),
      'LOGIN_EXPIRED',
    );
    t.clock.advance(STEP);
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: inTime, code: codeAt(t, op.totpSecret) }),
      'LOGIN_EXPIRED',
    );
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: 'not-a-ticket', code: codeAt(t, op.totpSecret) }),
      'LOGIN_EXPIRED',
    );
  });

  it('an operator disabled, or whose second factor is reset, between the two steps: LOGIN_EXPIRED', async () => {
    const admin = await newOperator(t, 'admin');
    const disabled = await newOperator(t);
    const reset = await newOperator(t);
    t.clock.advance(STEP);
    const [a, b] = [await ticketOf(disabled), await ticketOf(reset)];
    expect((await admin.call(r.updateOperator, { id: disabled.id, disabled: true })).code).toBe(1);
    expect((await admin.call(r.resetTotp, { id: reset.id })).code).toBe(1);
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: a, code: codeAt(t, disabled.totpSecret) }),
      'LOGIN_EXPIRED',
    );
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: b, code: codeAt(t, reset.totpSecret) }),
      'LOGIN_EXPIRED',
    );
  });

  // ------------------------------------------------------------ the password step

  it.each([
    ['a wrong password', { username: 'alice_x', password: 'Wrong#1' }, 'INVALID_CREDENTIALS', undefined],
    [
      'an unknown operator',
      { username: 'nobody_here', password: OPERATOR_PASSWORD },
      'INVALID_CREDENTIALS',
      undefined,
    ],
    ['a missing password', { username: 'alice_x' }, 'INVALID_INPUT', 'password'],
    ['an empty username', { username: ' ', password: OPERATOR_PASSWORD }, 'INVALID_INPUT', 'username'],
    ['a number for the username', { username: 1, password: OPERATOR_PASSWORD }, 'INVALID_INPUT', 'username'],
    ['a username of 65 characters', { username: 'a'.repeat(65), password: 'x' }, 'INVALID_INPUT', 'username'],
    [
      'a password of 129 characters',
      { username: 'alice_x', password: 'x'.repeat(129) },
      'INVALID_INPUT',
      'password',
    ],
    [
      'an unknown field',
      { username: 'alice_x', password: OPERATOR_PASSWORD, role: 'admin' },
      'INVALID_INPUT',
      'role',
    ],
  ])('the password step refuses %s, and makes no ticket', async (_name, body, key, field) => {
    await createOperator(
      t.database.db,
      { username: 'alice_x', password: OPERATOR_PASSWORD, role: 'reviewer' },
      t.config.argon2,
      t.clock.now(),
    ).catch(() => undefined);
    const tickets = await count('operator_login_tickets');
    expectRefusal(await anon().post(r.login.path, body), key, field);
    expect(await count('operator_login_tickets')).toBe(tickets);
  });

  it('a merchant cannot log in as an operator with its own credentials', async () => {
    const m = await newMerchant(t);
    expectRefusal(
      await anon().call(r.login, { username: m.email, password: m.password }),
      'INVALID_CREDENTIALS',
    );
  });

  it('a disabled operator is refused at the password, as a wrong password is', async () => {
    const op = await newOperator(t, 'support');
    await t.database.db
      .updateTable('operators')
      .set({ disabled_at: t.clock.now() })
      .where('id', '=', op.id)
      .execute();
    expectRefusal(
      await anon().call(r.login, { username: op.username, password: OPERATOR_PASSWORD }),
      'INVALID_CREDENTIALS',
    );
    // Its session is refused too.
    expect((await op.call(r.me)).status).toBe(401);
  });

  it.each([
    ['no ticket', { code: '123456' }, 'INVALID_INPUT', 'ticket'],
    ['an empty ticket', { ticket: '', code: '123456' }, 'INVALID_INPUT', 'ticket'],
    ['a ticket of 129 characters', { ticket: 'x'.repeat(129), code: '123456' }, 'LOGIN_EXPIRED', 'ticket'],
    ['no code', { ticket: 'abc' }, 'INVALID_INPUT', 'code'],
    ['an empty code', { ticket: 'abc', code: '' }, 'INVALID_INPUT', 'code'],
    ['a code of 5 digits', { ticket: 'abc', code: '12345' }, 'INVALID_INPUT', 'code'],
    ['a code of 7 digits', { ticket: 'abc', code: '1234567' }, 'INVALID_INPUT', 'code'],
    ['a code with letters', { ticket: 'abc', code: '12a456' }, 'INVALID_INPUT', 'code'],
    ['a code as a number', { ticket: 'abc', code: 123456 }, 'INVALID_INPUT', 'code'],
    ['a control character', { ticket: 'a\u0000b', code: '123456' }, 'INVALID_INPUT', 'ticket'],
    ['an unknown field', { ticket: 'abc', code: '123456', username: 'x' }, 'INVALID_INPUT', 'username'],
  ])('the code step refuses %s', async (_name, body, key, field) => {
    expectRefusal(await anon().post(r.loginTotp.path, body), key, field);
  });

  it('the code step says what is wrong in the caller’s language', async () => {
    const res = await anon().post(r.loginTotp.path, { ticket: 'abc', code: '12' }, { lang: 'en' });
    expect(res.fields?.code).toBe('Enter the 6-digit code from your authenticator app');
    const op = await newOperator(t);
    t.clock.advance(STEP);
    const ticket = await ticketOf(op);
    const wrong = await anon().post(
      r.loginTotp.path,
      { ticket, code: wrongCode(codeAt(t, op.totpSecret)) },
      { lang: 'vi' },
    );
    expect(wrong.msg).toBe('Mã không đúng: hãy nhập 6 chữ số ứng dụng xác thực đang hiển thị');
  });

  // ------------------------------------------------------------ sessions

  it('an operator session ends after 30 minutes without a request; a request keeps it alive', async () => {
    const op = await newOperator(t, 'catalogue');
    const m = await newMerchant(t);
    t.clock.advance(29 * MINUTE);
    expect((await op.call(r.me)).code).toBe(1);
    t.clock.advance(29 * MINUTE);
    expect((await op.call(r.me)).code).toBe(1);
    t.clock.advance(30 * MINUTE);
    const expired = await op.call(r.me);
    expect(expired.status).toBe(401);
    expect(expired.error).toBe('UNAUTHORIZED');
    // Merchants keep their own idle time: 88 minutes without a request is nothing to them.
    expect((await m.client.call(accountRoutes.getMerInfo)).code).toBe(1);
    // Signing in again works.
    await op.signIn();
    expect((await op.call(r.me)).code).toBe(1);
  });

  it('OPERATOR_IDLE_MINUTES sets the idle time, and the sign-in and `me` tell it', async () => {
    const own = await buildTestApp({ operatorIdleMinutes: 5 });
    try {
      const op = await newOperator(own, 'support');
      expect((await op.call(r.me)).data.idle_minutes).toBe(5);
      own.clock.advance(4 * MINUTE);
      expect((await op.call(r.me)).code).toBe(1);
      own.clock.advance(5 * MINUTE);
      expect((await op.call(r.me)).status).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('logout ends this session only, and is audited', async () => {
    const op = await newOperator(t, 'support');
    t.clock.advance(STEP);
    await op.signIn();
    const other = new Client(t.app, op.token);
    t.clock.advance(STEP);
    await op.signIn();
    const before = await lastAuditId(t);
    const res = await op.call(r.logout);
    expect(res.data).toEqual({});
    expect((await op.call(r.me)).status).toBe(401);
    expect((await op.call(r.logout)).status).toBe(401);
    expect((await other.call(r.me)).code).toBe(1);
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: op.id,
        action: 'operator.logout',
        target_type: 'session',
        target_id: expect.any(String),
        before: { revoked: false },
        after: { revoked: true },
        detail: null,
      },
    ]);
  });

  it('every role reaches `me` and logout; no session is 401, and a merchant token is not one', async () => {
    for (const role of ['reviewer', 'catalogue', 'support', 'admin'] as const) {
      const op = await newOperator(t, role);
      expect((await op.call(r.me)).data.operator).toEqual({ id: op.id, username: op.username, role });
      expect((await op.call(r.logout)).code).toBe(1);
    }
    expect((await anon().call(r.me)).status).toBe(401);
    expect((await anon().call(r.logout)).status).toBe(401);
    const m = await newMerchant(t);
    expect((await m.client.call(r.me)).status).toBe(401);
    expect((await m.client.call(r.logout)).status).toBe(401);
  });
});
