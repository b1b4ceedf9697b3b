import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from './app';
import { Client } from './client';

let pngCache: Buffer | null = null;
/** A small real PNG, made once. */
export async function png(): Promise<Buffer> {
  pngCache ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  return pngCache;
}

export async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff6633' } })
    .jpeg()
    .toBuffer();
}

/** A platform invitation code, made the way an operator makes one. */
export async function platformCode(t: TestApp, code = `T${randomBytes(4).toString('hex').toUpperCase()}`) {
  await t.database.db
    .insertInto('invitation_codes')
    .values({
      code,
      merchant_id: null,
      created_by: null,
      max_uses: null,
      revoked_at: null,
      created_at: t.clock.now(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return code;
}

let seq = 0;

/** Uploads the five registration images and returns a complete, valid registration body. */
export async function registrationBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const anon = new Client(t.app);
  const image = await png();
  const up = async (kind: string) => {
    const res = await anon.upload(kind, image);
    if (res.code !== 1) throw new Error(`upload failed: ${res.raw}`);
    return res.data.id as string;
  };
  const n = `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;
  return {
    store_logo: await up('logo'),
    store_name: `Shop ${n}`,
    store_address: '12 Nguyen Hue, District 1',
    country: 'VN',
    phone: `+849${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    real_name: 'Nguyen Van A',
    id_card_front: await up('id_card'),
    id_card_back: await up('id_card'),
    id_card_hand: await up('id_card'),
    email: `m${n}@example.com`,
    password: 'Secret#123',
    password_confirm: 'Secret#123',
    invite_code: await platformCode(t),
    business_license: await up('license'),
    ...overrides,
  };
}

export interface TestMerchant {
  id: number;
  client: Client;
  token: string;
  email: string;
  phone: string;
  password: string;
  inviteCode: string;
}

/** Registers a merchant through the API and returns a logged-in client for it. */
export async function newMerchant(
  t: TestApp,
  opts: { payPassword?: string; overrides?: Record<string, unknown> } = {},
): Promise<TestMerchant> {
  const body = await registrationBody(t, opts.overrides);
  const res = await new Client(t.app).post('/merchant/merchant/register', body);
  if (res.code !== 1) throw new Error(`register failed: ${res.raw}`);
  const token = res.data.merinfo.token as string;
  const client = new Client(t.app, token);
  if (opts.payPassword) {
    const set = await client.post('/merchant/merchant/setPaypwd', {
      pay_password: opts.payPassword,
      pay_password_confirm: opts.payPassword,
    });
    if (set.code !== 1) throw new Error(`setPaypwd failed: ${set.raw}`);
  }
  return {
    id: res.data.merinfo.id,
    client,
    token,
    email: body.email as string,
    phone: body.phone as string,
    password: body.password as string,
    inviteCode: res.data.merinfo.invite_code,
  };
}

/** An operator session, made the way `npm run ops` makes operators. */
export async function newOperator(
  t: TestApp,
  role: 'admin' | 'reviewer' | 'support' | 'catalogue' = 'admin',
) {
  const { createOperator } = await import('../src/modules/admin/operators');
  const username = `op_${randomBytes(4).toString('hex')}`;
  await createOperator(
    t.database.db,
    { username, password: 'Operator#1', role },
    t.config.argon2,
    t.clock.now(),
  );
  const res = await new Client(t.app).post('/admin/login', { username, password: 'Operator#1' });
  if (res.code !== 1) throw new Error(`operator login failed: ${res.raw}`);
  return new Client(t.app, res.data.token as string);
}
