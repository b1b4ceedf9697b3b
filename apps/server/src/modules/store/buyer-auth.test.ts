import { VERIFICATION_CODE_TTL_MS } from '@dropdesk/contract/constants';
import { storeRoutes as r } from '@dropdesk/contract/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { guest, onShelf, placeOrder, withOrderToken } from '../../../test/store';
import { sha256 } from '../../lib/crypto';

/**
 * Buyers' sign-in over HTTP: an emailed 6-digit code (hashed, 10 minutes, 5 tries, once, one a
 * minute), the session it opens, and a guest's orders joining the account.
 */
describe(`buyer sign-in (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const newEmail = () => `buyer${++n}.${Date.now()}@example.com`;

  /** The code in the newest message to an email (the outbox is the delivery without SMTP). */
  async function codeSentTo(email: string): Promise<string> {
    const row = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(row.body)![1]!;
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it("sends a code, signs in with it once, and the session reads the buyer's orders until logout", async () => {
    const email = newEmail();
    const anon = new Client(t.app, null, { lang: 'en' });
    const sent = await anon.call(r.sendCode, { email: `  ${email.toUpperCase()} ` });
    expect(sent.data).toEqual({ sent: true });
    const code = await codeSentTo(email);
    const message = await t.database.db
      .selectFrom('outbox')
      .select(['body', 'channel'])
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ channel: 'email', body: expect.stringContaining('sign-in code') });
    // Only a keyed hash is stored.
    const stored = await t.database.db
      .selectFrom('buyer_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.expires_at).toBe(t.clock.now() + VERIFICATION_CODE_TTL_MS);

    const login = await anon.call(r.login, { email, code });
    expect(login.data).toEqual({ token: expect.any(String), email });
    const session = await t.database.db
      .selectFrom('buyer_sessions')
      .select('token_hash')
      .where('token_hash', '=', sha256(login.data.token))
      .executeTakeFirst();
    // Only the token's hash is kept.
    expect(session?.token_hash).toBe(sha256(login.data.token));
    expectRefusal(await anon.call(r.login, { email, code }), 'CODE_INVALID', 'code');

    const buyer = new Client(t.app, login.data.token);
    expect((await buyer.call(r.orders)).data.total).toBe(0);
    expect((await buyer.call(r.logout)).code).toBe(1);
    expect((await buyer.call(r.orders)).status).toBe(401);
    expect((await buyer.call(r.logout)).status).toBe(401);
  });

  it('a second code within a minute is CODE_TOO_SOON with the seconds left; later the new code replaces the old', async () => {
    const email = newEmail();
    const anon = new Client(t.app, null, { lang: 'en' });
    await anon.call(r.sendCode, { email });
    const first = await codeSentTo(email);
    t.clock.advance(20_000);
    const soon = await anon.call(r.sendCode, { email });
    expectRefusal(soon, 'CODE_TOO_SOON');
    expect(soon.msg).toContain('40');
    t.clock.advance(40_000);
    expect((await anon.call(r.sendCode, { email })).code).toBe(1);
    const second = await codeSentTo(email);
    if (second !== first)
      expectRefusal(await anon.call(r.login, { email, code: first }), 'CODE_INVALID', 'code');
    expect((await anon.call(r.login, { email, code: second })).code).toBe(1);
  });

  it('five wrong tries spend the code; an expired code, or none, is the same CODE_INVALID', async () => {
    const email = newEmail();
    const anon = new Client(t.app);
    await anon.call(r.sendCode, { email });
    const code = await codeSentTo(email);
    for (let i = 0; i < 5; i++)
      expectRefusal(await anon.call(r.login, { email, code: wrong(code) }), 'CODE_INVALID', 'code');
    expectRefusal(await anon.call(r.login, { email, code }), 'CODE_INVALID', 'code');

    const late = newEmail();
    await anon.call(r.sendCode, { email: late });
    const lateCode = await codeSentTo(late);
    t.clock.advance(VERIFICATION_CODE_TTL_MS);
    expectRefusal(await anon.call(r.login, { email: late, code: lateCode }), 'CODE_INVALID', 'code');
    expectRefusal(await anon.call(r.login, { email: newEmail(), code: '123456' }), 'CODE_INVALID', 'code');
  });

  it('concurrent tries of the right code sign in once', async () => {
    const email = newEmail();
    const anon = new Client(t.app);
    await anon.call(r.sendCode, { email });
    const code = await codeSentTo(email);
    const results = await Promise.all(Array.from({ length: 6 }, () => anon.call(r.login, { email, code })));
    expect(results.filter((x) => x.code === 1)).toHaveLength(1);
    for (const lost of results.filter((x) => x.code !== 1)) expectRefusal(lost, 'CODE_INVALID');
  });

  it('refuses bad input', async () => {
    const anon = new Client(t.app);
    expectRefusal(await anon.post(r.sendCode.path, {}), 'INVALID_INPUT', 'email');
    expectRefusal(await anon.call(r.sendCode, { email: 'no-at-sign' }), 'INVALID_INPUT', 'email');
    expectRefusal(
      await anon.post(r.sendCode.path, { email: 'a@example.com', phone: '1' }),
      'INVALID_INPUT',
      'phone',
    );
    expectRefusal(
      await anon.call(r.login, { email: 'a@example.com', code: '12345' }),
      'CODE_INVALID',
      'code',
    );
    expectRefusal(
      await anon.call(r.login, { email: 'a@example.com', code: 'abcdef' }),
      'CODE_INVALID',
      'code',
    );
    expectRefusal(await anon.post(r.login.path, { email: 'a@example.com' }), 'INVALID_INPUT', 'code');
    expect((await anon.call(r.logout)).status).toBe(401);
  });

  it("a guest's orders with the email join the account at sign-in; the link keeps working", async () => {
    const email = newEmail();
    const item = await onShelf(t);
    const placed = await placeOrder(guest(t), item.listingId, { email });
    const anon = new Client(t.app);
    await anon.call(r.sendCode, { email });
    const login = await anon.call(r.login, { email, code: await codeSentTo(email) });
    const buyer = new Client(t.app, login.data.token);
    const list = await buyer.call(r.orders);
    expect(list.data.list.map((o) => o.id)).toEqual([placed.order.id]);
    expect((await buyer.call(r.order, { id: String(placed.order.id) })).code).toBe(1);
    expect(
      (await guest(t).call(r.order, { id: String(placed.order.id) }, withOrderToken(placed.order_token)))
        .code,
    ).toBe(1);
  });

  it('a session ends when idle too long or past its maximum age', async () => {
    const email = newEmail();
    const anon = new Client(t.app);
    await anon.call(r.sendCode, { email });
    const login = await anon.call(r.login, { email, code: await codeSentTo(email) });
    const buyer = new Client(t.app, login.data.token);
    t.clock.advance(t.config.sessionIdleMs - 1_000);
    expect((await buyer.call(r.orders)).code, 'used in time, it lives on').toBe(1);
    t.clock.advance(t.config.sessionIdleMs - 1_000);
    expect((await buyer.call(r.orders)).code).toBe(1);
    t.clock.advance(t.config.sessionIdleMs + 1);
    expect((await buyer.call(r.orders)).status).toBe(401);
  });
});

describe('buyer sign-in rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitScale: 1 });
  });
  afterAll(() => t.close());

  it('one client address gets 5 codes per window across all addresses, then HTTP 429', async () => {
    const anon = new Client(t.app, null, { ip: '203.0.113.7' });
    for (let i = 0; i < 5; i++)
      expect((await anon.call(r.sendCode, { email: `spray${i}@example.com` })).code).toBe(1);
    const sixth = await anon.call(r.sendCode, { email: 'spray5@example.com' });
    expect(sixth.status).toBe(429);
    expect(sixth.error).toBe('RATE_LIMITED');
    const other = new Client(t.app, null, { ip: '203.0.113.8' });
    expect((await other.call(r.sendCode, { email: 'spray5@example.com' })).code).toBe(1);
  });
});
