import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client } from '../../../test/client';
import { DEMO, seedDemo } from '../../seed';
import { DEMO_ANNOUNCEMENTS } from './announcements.seed';

describe(`the demo's announcements (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await seedDemo(t.database.db, t.clock, t.config)).toBe(true);
  });
  afterAll(() => t.close());

  it("scroll on the demo merchant's Home, in the merchant's language", async () => {
    const login = await new Client(t.app).post('/merchant/merchant/login', {
      account: DEMO.merchant.email,
      password: DEMO.merchant.password,
    });
    expect(login.code).toBe(1);
    const merchant = new Client(t.app, login.data.merinfo.token);
    for (const lang of ['en', 'vi', 'zh-CN'] as const) {
      const res = await merchant.get('/merchant/merchant/affiche', {}, { lang });
      expect(res.code).toBe(1);
      expect(res.data.list.map((a: { text: string; lang: string }) => [a.text, a.lang])).toEqual(
        DEMO_ANNOUNCEMENTS.map((texts) => [texts[lang], lang]),
      );
    }
  });

  it('fit the announcement text limit in every language', async () => {
    const { ANNOUNCEMENT_TEXT_MAX } = await import('@dropdesk/contract/messages');
    for (const texts of DEMO_ANNOUNCEMENTS)
      for (const text of Object.values(texts)) expect(text.length).toBeLessThanOrEqual(ANNOUNCEMENT_TEXT_MAX);
  });
});
