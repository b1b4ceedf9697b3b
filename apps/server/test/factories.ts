import { randomBytes } from 'node:crypto';
import { adminRoutes, type OperatorRole } from '@dropdesk/contract/admin';
import { DEFAULT_LANG, type Lang, type UploadKind } from '@dropdesk/contract/constants';
import { parseMoney } from '@dropdesk/contract/money';
import sharp from 'sharp';
import type { Db } from '../src/db/database';
import { hashPassword } from '../src/lib/crypto';
import { newTotpSecret, SecretBox, TOTP_PERIOD_MS, totpCode, totpStep } from '../src/lib/totp';
import { createOperator } from '../src/modules/admin/operators';
import { createMerchant } from '../src/modules/auth/registration';
import { post } from '../src/modules/ledger/ledger';
import { Uploads } from '../src/modules/uploads/uploads.service';
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

/**
 * Registers a merchant through the API (five image uploads and the register call) and returns a
 * logged-in client. For tests of registration itself; everyone else uses `newMerchant`.
 */
export async function registerMerchant(
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

/** The login password every factory merchant has. */
export const MERCHANT_PASSWORD = 'Secret#123';

export interface NewMerchantOptions {
  /** Credited through an approved top-up (a recharges row and its journal), e.g. '500.00'. */
  balance?: string;
  /** The identity state, with a submission behind every state but unverified. */
  kyc?: 'unverified' | 'pending' | 'verified' | 'rejected';
  /** A saved bank card (Vietcombank, account 0071000123456). */
  bank?: boolean;
  payPassword?: string;
  timeZone?: string;
  lang?: Lang;
  /** The alliance parent (the owner of the invitation code used). */
  parentId?: number | null;
}

// Argon2 hashes are salted, so one hash per password and cost serves every merchant of a run.
const hashes = new Map<string, Promise<string>>();
function hashOnce(t: TestApp, password: string): Promise<string> {
  const key = `${JSON.stringify(t.config.argon2)}:${password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(password, t.config.argon2);
    hashes.set(key, hash);
  }
  return hash;
}

/** Stores a real image of `kind` through the uploads service (re-encoded, on disk, in the table). */
export async function newUpload(t: TestApp, merchantId: number | null, kind: UploadKind): Promise<string> {
  return (
    await new Uploads({ db: t.database.db, clock: t.clock, uploadsDir: t.config.uploadsDir }).store(
      merchantId,
      kind,
      await png(),
      null,
    )
  ).id;
}

/**
 * Credits a merchant's wallet the way an approved top-up does: an approved recharges row with its
 * own voucher, and a `recharge` journal (deposit clearing → wallet) pointing at it, so the ledger
 * check finds a real request behind the money. `amount` is a wire amount ('500.00') or minor units.
 * Returns the posted journal.
 */
export async function creditWallet(t: TestApp, merchantId: number, amount: string | number) {
  const minor = typeof amount === 'number' ? amount : parseMoney(amount);
  if (minor === null || minor <= 0) throw new Error(`not a credit: ${amount}`);
  const voucher = await newUpload(t, merchantId, 'voucher');
  const now = t.clock.now();
  return t.database.db.transaction().execute(async (tx) => {
    const recharge = await tx
      .insertInto('recharges')
      .values({
        merchant_id: merchantId,
        method: 'manual',
        network: null,
        address: null,
        amount: minor,
        voucher,
        status: 'approved',
        reason: null,
        journal_id: null,
        created_at: now,
        resolved_at: now,
        resolved_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const journal = await post(tx, {
      type: 'recharge',
      merchantId,
      ref: { type: 'recharge', id: recharge.id },
      at: now,
      postings: [
        { account: { merchantId, kind: 'wallet' }, amount: minor },
        { account: { platform: 'deposit_clearing' }, amount: -minor },
      ],
    });
    await tx.updateTable('recharges').set({ journal_id: journal.id }).where('id', '=', recharge.id).execute();
    return journal;
  });
}

/**
 * A merchant made from rows, not requests: the merchant, its shop and invitation code (through
 * registration's own `createMerchant`), then whatever the options ask for, and a session opened the
 * way login opens one: no HTTP, instead of a dozen calls and five image uploads per merchant.
 */
export async function newMerchant(t: TestApp, opts: NewMerchantOptions = {}): Promise<TestMerchant> {
  const db = t.database.db;
  const now = t.clock.now();
  const n = `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;
  const email = `m${n}@example.com`;
  const phone = `+849${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const passwordHash = await hashOnce(t, MERCHANT_PASSWORD);
  const id = await db.transaction().execute((tx) =>
    createMerchant(
      tx,
      {
        phone,
        email,
        passwordHash,
        realName: 'Nguyen Van A',
        country: 'VN',
        timeZone: opts.timeZone,
        lang: opts.lang ?? DEFAULT_LANG,
        parentId: opts.parentId ?? null,
        store: { name: `Shop ${n}`, address: '12 Nguyen Hue, District 1', logo: null },
      },
      now,
    ),
  );
  if (opts.payPassword) {
    await db
      .updateTable('merchants')
      .set({ pay_password_hash: await hashOnce(t, opts.payPassword) })
      .where('id', '=', id)
      .execute();
  }
  const kyc = opts.kyc ?? 'unverified';
  if (kyc !== 'unverified') {
    const [front, back, hand] = await Promise.all([
      newUpload(t, id, 'id_card'),
      newUpload(t, id, 'id_card'),
      newUpload(t, id, 'id_card'),
    ]);
    const reviewed = kyc === 'pending' ? null : now;
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('kyc_submissions')
        .values({
          merchant_id: id,
          real_name: 'Nguyen Van A',
          id_number: '079123456789',
          id_card_front: front!,
          id_card_back: back!,
          id_card_hand: hand!,
          status: kyc,
          reason: kyc === 'rejected' ? 'photo is blurred' : null,
          created_at: now,
          reviewed_at: reviewed,
          reviewed_by: null,
        })
        .execute();
      await tx.updateTable('merchants').set({ kyc_status: kyc }).where('id', '=', id).execute();
    });
  }
  if (opts.bank) {
    await db
      .insertInto('bank_cards')
      .values({
        merchant_id: id,
        holder_name: 'Nguyen Van A',
        bank_name: 'Vietcombank',
        account_number: '0071000123456',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  if (opts.balance) await creditWallet(t, id, opts.balance);
  const { invite_code } = await db
    .selectFrom('merchants')
    .select('invite_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const token = await t.app.sessions.open({ type: 'merchant', id });
  return {
    id,
    client: new Client(t.app, token),
    token,
    email,
    phone,
    password: MERCHANT_PASSWORD,
    inviteCode: invite_code,
  };
}

/** The login password every factory operator has. */
export const OPERATOR_PASSWORD = 'Operator#1';

/** A logged-in operator: its client, and what a test needs to sign it in again. */
export type TestOperator = Client & {
  id: number;
  username: string;
  role: OperatorRole;
  password: string;
  /** The base32 TOTP secret of its authenticator app. */
  totpSecret: string;
  /**
   * Signs in again through both steps (a session ends after OPERATOR_IDLE_MINUTES without a
   * request: a test that moves the clock further signs its operators in again, as people would).
   * A code is good once, so a second sign-in within one 30-second step uses the next step's code (a
   * phone a step ahead, which the server accepts); a third needs the clock moved.
   */
  signIn(): Promise<void>;
};

/** The code an operator's authenticator app shows at the test's clock. */
export const codeAt = (t: TestApp, secret: string) => totpCode(secret, t.clock.now());

/**
 * Both steps of the console's sign-in (password, then the code at the test's clock); throws on a
 * refusal. The answer of the second step.
 */
export async function operatorLogin(
  t: TestApp,
  username: string,
  password: string,
  totpSecret: string,
  /** When the authenticator app reads the time (default: the test's clock). */
  at = t.clock.now(),
) {
  const first = await new Client(t.app).call(adminRoutes.login, { username, password });
  if (first.code !== 1) throw new Error(`operator login failed: ${first.raw}`);
  const second = await new Client(t.app).call(adminRoutes.loginTotp, {
    ticket: first.data.ticket,
    code: totpCode(totpSecret, at),
  });
  if (second.code !== 1) throw new Error(`operator code refused: ${second.raw}`);
  return second.data;
}

/**
 * A logged-in operator of `role`: created as `npm run ops -- operator:create` creates operators,
 * but with a second factor already enrolled under a secret the test knows, then signed in through
 * both steps of the real login.
 */
export async function newOperator(t: TestApp, role: OperatorRole = 'admin'): Promise<TestOperator> {
  const username = `op_${randomBytes(4).toString('hex')}`;
  const totpSecret = newTotpSecret();
  const id = await createOperator(
    t.database.db,
    { username, password: OPERATOR_PASSWORD, role },
    t.config.argon2,
    t.clock.now(),
    { sealedTotpSecret: new SecretBox(t.config.secret).seal(totpSecret) },
  );
  const { token } = await operatorLogin(t, username, OPERATOR_PASSWORD, totpSecret);
  let lastStep = totpStep(t.clock.now());
  const client = new Client(t.app, token);
  return Object.assign(client, {
    id,
    username,
    role,
    password: OPERATOR_PASSWORD,
    totpSecret,
    async signIn() {
      const now = t.clock.now();
      const at = Math.max(now, (lastStep + 1) * TOTP_PERIOD_MS);
      if (totpStep(at) > totpStep(now) + 1)
        throw new Error(`${username} signed in thrice within 30 s of the test clock: advance it`);
      client.token = (await operatorLogin(t, username, OPERATOR_PASSWORD, totpSecret, at)).token;
      lastStep = totpStep(at);
    },
  });
}

/**
 * A pending bank withdrawal row, as the withdrawal service writes one before its hold journal (the
 * caller posts the hold, or leaves it out to make a fault the ledger check must find).
 */
export function pendingWithdrawalRow(db: Db, merchantId: number, amount: number, now: number) {
  return db
    .insertInto('withdrawals')
    .values({
      merchant_id: merchantId,
      method: 'bank',
      amount,
      fee: 0,
      actual: amount,
      currency: null,
      network: null,
      address: null,
      holder_name: 'Nguyen Van A',
      bank_name: 'Vietcombank',
      account_number: '0071000123456',
      reason: null,
      reference: null,
      hold_journal_id: null,
      resolve_journal_id: null,
      created_at: now,
      resolved_at: null,
      resolved_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
