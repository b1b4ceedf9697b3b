import { adminRoutes as r } from '@dropdesk/contract/admin';
import type { MessageKey } from '@dropdesk/contract/errors';
import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import {
  codeAt,
  newMerchant,
  newOperator,
  OPERATOR_PASSWORD,
  type TestOperator,
} from '../../../test/factories';
import { auditSince, lastAuditId } from '../../../test/services';
import { t as message_ } from '../../i18n/t';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const STEP = 30_000;
const NON_ADMINS = ['reviewer', 'catalogue', 'support'] as const;

/**
 * Admins manage operators (docs/console-api.md "Operators and security"): the list and its filters,
 * creating, re-roling, disabling and enabling, resetting the second factor; every change audited with
 * before and after; an admin can't change itself; every other role is FORBIDDEN and changes nothing.
 */
describe(`operators, managed by admins (${engine})`, () => {
  let t: TestApp;
  let admin: TestOperator;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newOperator(t, 'admin');
  });
  afterAll(() => t.close());

  let seq = 0;
  const uniqueName = (prefix = 'staff') => `${prefix}_${Date.now().toString(36)}${++seq}`;
  const create = async (
    role: 'reviewer' | 'catalogue' | 'support' | 'admin' = 'reviewer',
    username = uniqueName(),
  ) => {
    const res = await admin.call(r.createOperator, { username, password: OPERATOR_PASSWORD, role });
    expect(res.code, res.raw).toBe(1);
    return res.data;
  };
  const anon = () => new Client(t.app);

  // ------------------------------------------------------------ create

  it('creates an operator (username lower-cased) who enrols at its first login; audited without the password', async () => {
    const before = await lastAuditId(t);
    const name = uniqueName('Mai.Tran');
    const res = await admin.call(r.createOperator, {
      username: ` ${name} `,
      password: OPERATOR_PASSWORD,
      role: 'support',
    });
    expect(res.data).toEqual({
      id: expect.any(Number),
      username: name.toLowerCase(),
      role: 'support',
      disabled: false,
      totp_enrolled: false,
      created_at: new Date(t.clock.now()).toISOString(),
      last_login_at: null,
    });
    const entries = await auditSince(t, before);
    expect(entries).toEqual([
      {
        operator_id: admin.id,
        action: 'operator.create',
        target_type: 'operator',
        target_id: String(res.data.id),
        before: null,
        after: { username: name.toLowerCase(), role: 'support', disabled: false, totp_enrolled: false },
        detail: null,
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(OPERATOR_PASSWORD);
    // Its first login enrols.
    const login = await anon().call(r.login, { username: name.toLowerCase(), password: OPERATOR_PASSWORD });
    expect(login.data.step).toBe('enroll');
  });

  it('a username is taken once, whatever its case; of two admins creating it at once one wins', async () => {
    const name = uniqueName();
    await create('reviewer', name);
    expectRefusal(
      await admin.call(r.createOperator, {
        username: name.toUpperCase(),
        password: OPERATOR_PASSWORD,
        role: 'admin',
      }),
      'USERNAME_TAKEN',
      'username',
    );
    const other = uniqueName();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        admin.call(r.createOperator, { username: other, password: OPERATOR_PASSWORD, role: 'support' }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.error === 'USERNAME_TAKEN')).toHaveLength(2);
  });

  it.each([
    ['no username', { password: OPERATOR_PASSWORD, role: 'reviewer' }, 'username', 'FIELD_REQUIRED'],
    [
      'a username of 2 characters',
      { username: 'ab', password: OPERATOR_PASSWORD, role: 'reviewer' },
      'username',
      'FIELD_USERNAME',
    ],
    [
      'a username of 33 characters',
      { username: 'a'.repeat(33), password: OPERATOR_PASSWORD, role: 'reviewer' },
      'username',
      'FIELD_USERNAME',
    ],
    [
      'a username with a space',
      { username: 'mai tran', password: OPERATOR_PASSWORD, role: 'reviewer' },
      'username',
      'FIELD_USERNAME',
    ],
    [
      'a username with a colon',
      { username: 'mai:tran', password: OPERATOR_PASSWORD, role: 'reviewer' },
      'username',
      'FIELD_USERNAME',
    ],
    [
      'a username with an accent',
      { username: 'trần', password: OPERATOR_PASSWORD, role: 'reviewer' },
      'username',
      'FIELD_USERNAME',
    ],
    [
      'a control character',
      { username: 'mai\u0000', password: OPERATOR_PASSWORD, role: 'reviewer' },
      'username',
      'FIELD_CONTROL_CHARS',
    ],
    [
      'a username as a number',
      { username: 12345, password: OPERATOR_PASSWORD, role: 'reviewer' },
      'username',
      'FIELD_REQUIRED',
    ],
    ['no password', { username: 'mai_tran_x', role: 'reviewer' }, 'password', 'FIELD_REQUIRED'],
    [
      'a password of 7 characters',
      { username: 'mai_tran_x', password: 'Abc#123', role: 'reviewer' },
      'password',
      'FIELD_PASSWORD_LENGTH',
    ],
    [
      'a password of 129 characters',
      { username: 'mai_tran_x', password: `${'A#'.repeat(64)}x`, role: 'reviewer' },
      'password',
      'FIELD_PASSWORD_LENGTH',
    ],
    ['no role', { username: 'mai_tran_x', password: OPERATOR_PASSWORD }, 'role', 'FIELD_CHOOSE'],
    [
      'an unknown role',
      { username: 'mai_tran_x', password: OPERATOR_PASSWORD, role: 'owner' },
      'role',
      'FIELD_CHOOSE',
    ],
    [
      'an unknown field',
      { username: 'mai_tran_x', password: OPERATOR_PASSWORD, role: 'reviewer', disabled: true },
      'disabled',
      'FIELD_UNKNOWN',
    ],
  ])('creating refuses %s, and creates nothing', async (_name, body, field, message) => {
    const before = await lastAuditId(t);
    const res = await admin.post(r.createOperator.path, body, { lang: 'en' });
    expectRefusal(res, 'INVALID_INPUT', field);
    expect(res.fields?.[field]).toBe(message_('en', message as MessageKey));
    expect(await lastAuditId(t)).toBe(before);
  });

  // ------------------------------------------------------------ list

  it('lists operators oldest first, filtered by username, role and status, page by page', async () => {
    const tag = uniqueName('find');
    const made = [
      await create('reviewer', `${tag}_a`),
      await create('catalogue', `${tag}_b`),
      await create('reviewer', `${tag}_c`),
    ];
    await admin.call(r.updateOperator, { id: made[2]!.id, disabled: true });
    const list = await admin.call(r.operators, { q: tag.toUpperCase() });
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((o) => o.username)).toEqual([`${tag}_a`, `${tag}_b`, `${tag}_c`]);
    expect(list.data.list[2]).toMatchObject({ disabled: true, totp_enrolled: false, last_login_at: null });
    expect((await admin.call(r.operators, { q: tag, role: 'reviewer' })).data.list.map((o) => o.id)).toEqual([
      made[0]!.id,
      made[2]!.id,
    ]);
    expect((await admin.call(r.operators, { q: tag, status: 'active' })).data.total).toBe(2);
    expect(
      (await admin.call(r.operators, { q: tag, status: 'disabled' })).data.list.map((o) => o.id),
    ).toEqual([made[2]!.id]);
    const page2 = await admin.call(r.operators, { q: tag, page: '2', limit: '2' });
    expect(page2.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.data.list.map((o) => o.id)).toEqual([made[2]!.id]);
    // LIKE's wildcards are taken literally.
    expect((await admin.call(r.operators, { q: '%' })).data.total).toBe(0);
    expect((await admin.call(r.operators, { q: `${tag}_` })).data.total).toBe(3);
    // An enrolled operator who logged in shows it.
    const me = (await admin.call(r.operators, { q: admin.username })).data.list[0];
    expect(me).toMatchObject({
      id: admin.id,
      role: 'admin',
      totp_enrolled: true,
      last_login_at: expect.any(String),
    });
  });

  it.each([
    ['a page of 0', { page: '0' }, 'page'],
    ['a limit of 101', { limit: '101' }, 'limit'],
    ['a limit of text', { limit: 'ten' }, 'limit'],
    ['an unknown role', { role: 'owner' }, 'role'],
    ['an unknown status', { status: 'gone' }, 'status'],
    ['a search of 33 characters', { q: 'x'.repeat(33) }, 'q'],
    ['an unknown parameter', { username: 'x' }, 'username'],
  ])('the list refuses %s', async (_name, query, field) => {
    expectRefusal(await admin.get(r.operators.path, query), 'INVALID_INPUT', field);
  });

  // ------------------------------------------------------------ update

  it('re-roling takes effect on the operator’s next request; audited with the role before and after', async () => {
    const op = await newOperator(t, 'reviewer');
    expect((await op.call(adminWalletRoutes.recharges, {})).code).toBe(1);
    const before = await lastAuditId(t);
    const res = await admin.call(r.updateOperator, { id: op.id, role: 'catalogue' });
    expect(res.data).toMatchObject({ id: op.id, role: 'catalogue', disabled: false });
    expectRefusal(await op.call(adminWalletRoutes.recharges, {}), 'FORBIDDEN');
    expect((await op.call(r.me)).data.operator.role).toBe('catalogue');
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: admin.id,
        action: 'operator.update',
        target_type: 'operator',
        target_id: String(op.id),
        before: { role: 'reviewer', disabled: false },
        after: { role: 'catalogue', disabled: false },
        detail: null,
      },
    ]);
  });

  it('disabling ends the operator’s sessions and refuses its login; enabling lets it in again', async () => {
    const op = await newOperator(t, 'support');
    const before = await lastAuditId(t);
    const off = await admin.call(r.updateOperator, { id: op.id, disabled: true });
    expect(off.data).toMatchObject({ disabled: true, role: 'support' });
    expect((await op.call(r.me)).status).toBe(401);
    const revoked = await t.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('subject_type', '=', 'operator')
      .where('subject_id', '=', op.id)
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
    expectRefusal(
      await anon().call(r.login, { username: op.username, password: OPERATOR_PASSWORD }),
      'INVALID_CREDENTIALS',
    );
    const on = await admin.call(r.updateOperator, { id: op.id, disabled: false });
    expect(on.data.disabled).toBe(false);
    t.clock.advance(STEP);
    await op.signIn();
    expect((await op.call(r.me)).code).toBe(1);
    expect((await auditSince(t, before)).map((e) => [e.action, e.before, e.after, e.detail])).toEqual([
      [
        'operator.update',
        { role: 'support', disabled: false },
        { role: 'support', disabled: true },
        { sessions_revoked: true },
      ],
      ['operator.update', { role: 'support', disabled: true }, { role: 'support', disabled: false }, null],
      ['operator.login', expect.anything(), expect.anything(), null],
    ]);
  });

  it('an admin cannot change or disable itself (so the platform keeps an admin); another admin can', async () => {
    const before = await lastAuditId(t);
    expectRefusal(
      await admin.call(r.updateOperator, { id: admin.id, role: 'reviewer' }),
      'CANNOT_CHANGE_SELF',
    );
    expectRefusal(await admin.call(r.updateOperator, { id: admin.id, disabled: true }), 'CANNOT_CHANGE_SELF');
    expectRefusal(await admin.call(r.resetTotp, { id: admin.id }), 'CANNOT_CHANGE_SELF');
    expect(await lastAuditId(t)).toBe(before);
    expect((await admin.call(r.me)).data.operator.role).toBe('admin');
    const second = await newOperator(t, 'admin');
    const demoted = await second.call(r.updateOperator, { id: (await create('admin')).id, role: 'support' });
    expect(demoted.data.role).toBe('support');
  });

  it('updating an unknown operator is NOT_FOUND and audits nothing', async () => {
    const before = await lastAuditId(t);
    expectRefusal(await admin.call(r.updateOperator, { id: 99_999_999, role: 'admin' }), 'NOT_FOUND');
    expectRefusal(await admin.call(r.resetTotp, { id: 99_999_999 }), 'NOT_FOUND');
    expect(await lastAuditId(t)).toBe(before);
  });

  it.each([
    ['neither a role nor disabled', { id: 1 }, 'role'],
    ['no id', { role: 'admin' }, 'id'],
    ['an id of 0', { id: 0, role: 'admin' }, 'id'],
    ['an id of text', { id: '5', role: 'admin' }, 'id'],
    ['a fractional id', { id: 1.5, role: 'admin' }, 'id'],
    ['an unknown role', { id: 1, role: 'owner' }, 'role'],
    ['disabled as text', { id: 1, disabled: 'yes' }, 'disabled'],
    ['disabled as 1', { id: 1, disabled: 1 }, 'disabled'],
    ['a new username', { id: 1, role: 'admin', username: 'x' }, 'username'],
    ['a new password', { id: 1, role: 'admin', password: 'Secret#123' }, 'password'],
  ])('updating refuses %s', async (_name, body, field) => {
    const before = await lastAuditId(t);
    expectRefusal(await admin.post(r.updateOperator.path, body), 'INVALID_INPUT', field);
    expect(await lastAuditId(t)).toBe(before);
  });

  // ------------------------------------------------------------ reset of the second factor

  it('resetting the second factor ends the sessions and makes the next login enrol; audited', async () => {
    const op = await newOperator(t, 'catalogue');
    t.clock.advance(STEP);
    const pending = await anon().call(r.login, { username: op.username, password: OPERATOR_PASSWORD });
    const before = await lastAuditId(t);
    const res = await admin.call(r.resetTotp, { id: op.id });
    expect(res.data).toMatchObject({ id: op.id, totp_enrolled: false, disabled: false, role: 'catalogue' });
    expect((await op.call(r.me)).status).toBe(401);
    // A ticket from before the reset is dead; the old authenticator's code opens nothing.
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: pending.data.ticket, code: codeAt(t, op.totpSecret) }),
      'LOGIN_EXPIRED',
    );
    const next = await anon().call(r.login, { username: op.username, password: OPERATOR_PASSWORD });
    if (next.data.step !== 'enroll') throw new Error(`expected enrolment: ${next.raw}`);
    expect(next.data.secret).not.toBe(op.totpSecret);
    expectRefusal(
      await anon().call(r.loginTotp, { ticket: next.data.ticket, code: codeAt(t, op.totpSecret) }),
      'WRONG_TOTP',
      'code',
    );
    const enrolled = await anon().call(r.loginTotp, {
      ticket: next.data.ticket,
      code: codeAt(t, next.data.secret),
    });
    expect(enrolled.code, enrolled.raw).toBe(1);
    const entries = await auditSince(t, before);
    expect(entries[0]).toEqual({
      operator_id: admin.id,
      action: 'operator.reset_totp',
      target_type: 'operator',
      target_id: String(op.id),
      before: { totp_enrolled: true, totp_enrolled_at: expect.any(String) },
      after: { totp_enrolled: false, totp_enrolled_at: null },
      detail: { sessions_revoked: true },
    });
    expect(entries.map((e) => e.action)).toEqual(['operator.reset_totp', 'operator.enrol_totp']);
  });

  it.each([
    ['no id', {}, 'id'],
    ['an id of text', { id: 'x' }, 'id'],
    ['a negative id', { id: -1 }, 'id'],
    ['an unknown field', { id: 1, username: 'x' }, 'username'],
  ])('resetting refuses %s', async (_name, body, field) => {
    expectRefusal(await admin.post(r.resetTotp.path, body), 'INVALID_INPUT', field);
  });

  // ------------------------------------------------------------ roles

  it.each(NON_ADMINS)(
    'a %s operator is refused every operators row with FORBIDDEN, and changes nothing',
    async (role) => {
      const op = await newOperator(t, role);
      const target = await create('reviewer');
      const before = await lastAuditId(t);
      expectRefusal(await op.call(r.operators, {}), 'FORBIDDEN');
      expectRefusal(
        await op.call(r.createOperator, {
          username: uniqueName(),
          password: OPERATOR_PASSWORD,
          role: 'admin',
        }),
        'FORBIDDEN',
      );
      expectRefusal(await op.call(r.updateOperator, { id: target.id, role: 'admin' }), 'FORBIDDEN');
      expectRefusal(await op.call(r.updateOperator, { id: op.id, role: 'admin' }), 'FORBIDDEN');
      expectRefusal(await op.call(r.updateOperator, { id: target.id, disabled: true }), 'FORBIDDEN');
      expectRefusal(await op.call(r.resetTotp, { id: target.id }), 'FORBIDDEN');
      expectRefusal(await op.call(r.audit, {}), 'FORBIDDEN');
      // FORBIDDEN comes before the body is read: a malformed one is refused the same.
      expectRefusal(await op.post(r.createOperator.path, { nonsense: true }), 'FORBIDDEN');
      expect(await lastAuditId(t)).toBe(before);
      expect((await admin.call(r.operators, { q: target.username })).data.list[0]).toMatchObject({
        role: 'reviewer',
        disabled: false,
      });
      expect((await op.call(r.me)).data.operator.role).toBe(role);
    },
  );

  it('no session and a merchant session are 401 on every operators row', async () => {
    const m = await newMerchant(t);
    for (const client of [anon(), m.client]) {
      expect((await client.call(r.operators, {})).status).toBe(401);
      expect((await client.post(r.createOperator.path, {})).status).toBe(401);
      expect((await client.post(r.updateOperator.path, {})).status).toBe(401);
      expect((await client.post(r.resetTotp.path, {})).status).toBe(401);
      expect((await client.call(r.audit, {})).status).toBe(401);
    }
  });
});
