import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { hashPassword } from './lib/crypto';
import { createOperator } from './modules/admin';
import { createMerchant } from './modules/auth';
import { ListingsService, seedCatalogue } from './modules/catalogue';
import { seedExpressPackages } from './modules/express';
import { seedAnnouncements } from './modules/messages';

/** What the README promises a newcomer after `npm start` on an empty database. */
export const DEMO = {
  inviteCode: 'DROPDESK',
  merchant: {
    email: 'demo@dropdesk.local',
    phone: '+84900000001',
    password: 'Demo@2026',
    payPassword: '123456',
  },
  operator: { username: 'admin', password: 'Admin@2026' },
} as const;

/**
 * Seeds the demo platform once, into an empty database: an operator (the admin, with no second
 * factor yet: its first login enrols one, README), the platform's invitation
 * code, a demo merchant, and the demo catalogue and levels (seed-catalogue.ts). The demo merchant
 * lists the hot products, as its first "hot one-click distribution" would (the real
 * ListingsService, within its level's quota), so the demo shop has products on shelf and a
 * newcomer can buy in the storefront at once. It creates no orders, visits, followers or money:
 * every figure the demo shows comes from what is done in it. Nor any deposit address or top-up bank account: a made-up one is one someone might
 * pay into, so top-ups stay closed until an admin sets them (docs/decisions.md 18).
 */
export async function seedDemo(
  db: Db,
  clock: Clock,
  config: Pick<Config, 'argon2' | 'dataDir'>,
): Promise<boolean> {
  const anyone = await db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  const anyMerchant = await db.selectFrom('merchants').select('id').limit(1).executeTakeFirst();
  if (anyone || anyMerchant) return false;
  const now = clock.now();
  const passwordHash = await hashPassword(DEMO.merchant.password, config.argon2);
  const payHash = await hashPassword(DEMO.merchant.payPassword, config.argon2);
  const operatorPassword = DEMO.operator.password;
  const merchantId = await db.transaction().execute(async (tx) => {
    const operatorId = await createOperator(
      tx,
      { username: DEMO.operator.username, password: operatorPassword, role: 'admin' },
      config.argon2,
      now,
    );
    await tx
      .insertInto('invitation_codes')
      .values({
        code: DEMO.inviteCode,
        merchant_id: null,
        created_by: operatorId,
        note: 'demo platform code',
        max_uses: null,
        revoked_at: null,
        created_at: now,
      })
      .execute();
    const merchantId = await createMerchant(
      tx,
      {
        phone: DEMO.merchant.phone,
        email: DEMO.merchant.email,
        passwordHash,
        realName: 'Demo Merchant',
        country: 'VN',
        timeZone: 'Asia/Ho_Chi_Minh',
        lang: 'vi',
        parentId: null,
        store: { name: 'Demo Shop', address: '1 Demo Street, Ho Chi Minh City', logo: null },
      },
      now,
    );
    await tx
      .updateTable('merchants')
      .set({ pay_password_hash: payHash })
      .where('id', '=', merchantId)
      .execute();
    await seedCatalogue(tx, now, config.dataDir);
    await seedExpressPackages(tx, now);
    await seedAnnouncements(tx, operatorId, now);
    return merchantId;
  });
  await new ListingsService({ db, clock }).addAllHot(merchantId, 'vi');
  return true;
}
