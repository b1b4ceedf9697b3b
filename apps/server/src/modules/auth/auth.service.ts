import type { MerInfo } from '@dropdesk/contract/account';
import {
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA,
} from '@dropdesk/contract/constants';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { hashPassword, randomId, sha256, verifyPassword } from '../../lib/crypto';
import type { RequestOrigin } from '../../lib/origin';
import { Refusal } from '../../lib/refusal';
import type { SessionMerchant } from '../../lib/sessions';
import { loadMerInfo, merchantAccounts } from '../account';
import { recordSecurityEvent, signIn } from '../security';
import { captchasRepository, thirdLinksRepository } from './auth.repository';
import { consumeHandoff, readHandoff } from './handoff';
import { loginFailuresRepository } from './login-failures.repository';
import {
  completeRegistration,
  createMerchant,
  precheckRegistration,
  type Registration,
  resolveInviteCode,
} from './registration';
import { registrationRepository } from './registration.repository';

const CAPTCHA_TTL_MS = 5 * 60_000;
/** Failures older than this no longer count towards the captcha. */
const FAILURE_WINDOW_MS = 60 * 60_000;
/** An attempt's slot lapses after this (a server that died mid-check holds none for longer). */
const SLOT_LEASE_MS = 30_000;
/** How long an attempt waits for slots held by attempts still being checked. */
const SLOT_WAIT_MS = 5_000;

export type LoggedIn = { merinfo: MerInfo & { token: string } };

export class AuthService {
  /** Verified when the account is unknown, so both failures take the same time. */
  private dummyHash: Promise<string>;

  constructor(private readonly app: FastifyInstance) {
    this.dummyHash = hashPassword('not-a-password-at-all', app.config.argon2);
  }

  private get db(): Db {
    return this.app.database.db;
  }

  private now(): number {
    return this.app.clock.now();
  }

  /** Opens a merchant session for a sign-in and records it (modules/security: new device, notice). */
  private signIn(tx: Db, merchantId: number, origin: RequestOrigin): Promise<string> {
    return signIn(tx, { sessions: this.app.sessions, clock: this.app.clock }, merchantId, origin);
  }

  async loggedIn(merchantId: number, token: string): Promise<LoggedIn> {
    const info = await loadMerInfo(this.db, merchantId, this.app.config.publicUrl);
    // Just created or just logged in: a missing merchant here is a fault, answered 500 and logged.
    if (!info) throw new Error(`merchant ${merchantId} not found after login`);
    return { merinfo: { ...info, token } };
  }

  // ------------------------------------------------------------ captcha and login

  async newCaptcha(): Promise<{ captcha_id: string; image: string }> {
    const { answer, image } = this.app.captcha.make();
    const id = randomId('c');
    const now = this.now();
    await captchasRepository.deleteExpired(this.db, now);
    await captchasRepository.insert(this.db, {
      id,
      answer_hash: sha256(answer.toLowerCase()),
      expires_at: now + CAPTCHA_TTL_MS,
      used_at: null,
    });
    return { captcha_id: id, image };
  }

  /** Spends a captcha: right or wrong, it cannot be tried again. */
  private async solveCaptcha(id: string, answer: string): Promise<boolean> {
    const now = this.now();
    const row = await captchasRepository.spend(this.db, id, now);
    return !!row && row.answer_hash === sha256(answer.trim().toLowerCase());
  }

  /**
   * Logs in by phone or email. Every attempt is counted before its password is checked, with one
   * atomic statement per counter, so parallel attempts each see their own number: at most
   * LOGIN_FAILURES_BEFORE_CAPTCHA passwords are tried on one account, and at most
   * LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA from one address, before a captcha is needed. (Reading
   * the count first and writing it after let 10 parallel guesses all through.) A success takes its
   * attempt back: it clears the account's count and gives the address back the one it counted.
   */
  async login(
    clientAddress: string,
    body: {
      account: string;
      password: string;
      captcha_id?: string | undefined;
      captcha?: string | undefined;
    },
    origin: RequestOrigin,
  ): Promise<LoggedIn> {
    const now = this.now();
    const since = now - FAILURE_WINDOW_MS;
    const keys = [
      { key: `acct:${normalisedAccount(body.account)}`, max: LOGIN_FAILURES_BEFORE_CAPTCHA },
      { key: `ip:${clientAddress}`, max: LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA },
    ];
    const heldSlot = await this.takeSlots(keys, now, since);
    if (!heldSlot) {
      if (!body.captcha_id || !body.captcha)
        throw new Refusal('CAPTCHA_REQUIRED', { captcha_required: true });
      if (!(await this.solveCaptcha(body.captcha_id, body.captcha))) {
        throw new Refusal('CAPTCHA_INVALID', { captcha_required: true });
      }
    }
    const settle = (wrong: boolean) =>
      Promise.all(
        keys.map(({ key }) => loginFailuresRepository.settle(this.db, key, { wrong, heldSlot, now, since })),
      );
    let merchant: Awaited<ReturnType<typeof merchantAccounts.byAccount>>;
    let ok: boolean;
    try {
      merchant = await merchantAccounts.byAccount(this.db, body.account);
      // An unknown account verifies a dummy hash, so both failures take the same time.
      ok =
        (await verifyPassword(merchant?.password_hash ?? (await this.dummyHash), body.password)) &&
        !!merchant;
    } catch (error) {
      await settle(false); // a failure of ours is not a wrong answer
      throw error;
    }
    // Only a wrong answer counts; every attempt gives back the slot it took.
    const after = await settle(!ok);
    if (!merchant || !ok) {
      throw new Refusal('INVALID_CREDENTIALS', {
        captcha_required: keys.some(({ max }, i) => (after[i] ?? 0) >= max),
      });
    }
    await loginFailuresRepository.clearFailures(this.db, keys[0]!.key);
    const merchantId = merchant.id;
    const token = await this.db.transaction().execute((tx) => this.signIn(tx, merchantId, origin));
    return this.loggedIn(merchantId, token);
  }

  /**
   * Takes an attempt slot on every key (account, then address), so that however many attempts run
   * in parallel, no more are checked without a captcha than each key's limit allows. True when the
   * slots are held; false when a key has reached its limit in confirmed failures (or stays full
   * past the wait), which asks for a captcha. A key full only of attempts still being checked is
   * waited for, so a right password is never asked for a captcha because of its own siblings.
   */
  private async takeSlots(keys: Array<{ key: string; max: number }>, now: number, since: number) {
    const deadline = Date.now() + SLOT_WAIT_MS;
    const until = now + SLOT_LEASE_MS;
    for (;;) {
      let taken = 0;
      for (const { key, max } of keys) {
        if (!(await loginFailuresRepository.reserve(this.db, key, { max, now, since, until }))) break;
        taken++;
      }
      if (taken === keys.length) return true;
      for (const { key } of keys.slice(0, taken))
        await loginFailuresRepository.settle(this.db, key, { wrong: false, heldSlot: true, now, since });
      const full = keys[taken]!;
      if ((await loginFailuresRepository.failures(this.db, full.key, since)) >= full.max) return false;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Ends the session the request was made with, recorded in the security history. */
  async logout(merchant: SessionMerchant, origin: RequestOrigin): Promise<null> {
    await this.db.transaction().execute(async (tx) => {
      await this.app.sessions.revoke(merchant.sessionId, tx);
      await recordSecurityEvent(
        tx,
        { merchantId: merchant.id, kind: 'sign_out', origin, sessionId: merchant.sessionId },
        this.now(),
      );
    });
    return null;
  }

  // ------------------------------------------------------------ registration

  async verifyInviteCode(code: string): Promise<{ valid: boolean; owner: string | null }> {
    const found = await resolveInviteCode(this.db, code);
    if (!found) return { valid: false, owner: null };
    if (found.parentId === null) return { valid: true, owner: 'platform' };
    const shop = await registrationRepository.shopName(this.db, found.parentId);
    return { valid: true, owner: maskName(shop?.name ?? '') };
  }

  async register(
    body: Registration,
    lang: Parameters<typeof createMerchant>[1]['lang'],
    origin: RequestOrigin,
    partnerUid?: {
      uid: string;
      nonce: string;
    },
  ): Promise<LoggedIn> {
    const now = this.now();
    await precheckRegistration(this.db, body, now);
    const passwordHash = await hashPassword(body.password, this.app.config.argon2);
    const parent = await resolveInviteCode(this.db, body.invite_code);
    const { merchantId, token } = await this.db.transaction().execute(async (tx) => {
      if (partnerUid) await consumeHandoff(tx, partnerUid.nonce, 'register', now);
      const merchantId = await createMerchant(
        tx,
        {
          phone: body.phone,
          email: body.email,
          passwordHash,
          realName: body.real_name,
          country: body.country,
          timeZone: body.time_zone,
          lang,
          parentId: parent?.parentId ?? null,
          store: { name: body.store_name, address: body.store_address, logo: body.store_logo },
          kyc: {
            front: body.id_card_front,
            back: body.id_card_back,
            hand: body.id_card_hand,
            license: body.business_license,
          },
        },
        now,
      );
      await completeRegistration(tx, merchantId, body);
      if (partnerUid) {
        await thirdLinksRepository.insert(tx, {
          partner_uid: partnerUid.uid,
          merchant_id: merchantId,
          created_at: now,
        });
      }
      // A new merchant has no device yet: its first session is a plain sign-in, no notice.
      const token = await this.signIn(tx, merchantId, origin);
      return { merchantId, token };
    });
    return this.loggedIn(merchantId, token);
  }

  // ------------------------------------------------------------ third-party handoff

  async third(
    body: { data: string; code?: string | undefined; mer?: string | undefined },
    origin: RequestOrigin,
  ) {
    const now = this.now();
    const payload = readHandoff(this.app.config.secret, body.data, now, body.mer);
    const link = await thirdLinksRepository.byPartnerUid(this.db, payload.uid);
    const token = await this.db.transaction().execute(async (tx) => {
      await consumeHandoff(tx, payload.nonce, 'third', now);
      return link ? this.signIn(tx, link.merchant_id, origin) : null;
    });
    if (!link || !token) return { status: 0 as const, data: body.data, code: body.code ?? null };
    const { merinfo } = await this.loggedIn(link.merchant_id, token);
    return { status: 1 as const, merinfo };
  }

  async tkregister(
    body: Registration & { data: string },
    lang: Parameters<AuthService['register']>[1],
    origin: RequestOrigin,
  ) {
    const { data, ...registration } = body;
    const payload = readHandoff(this.app.config.secret, data, this.now());
    const linked = await thirdLinksRepository.byPartnerUid(this.db, payload.uid);
    if (linked) throw new Refusal('HANDOFF_ALREADY_LINKED');
    return this.register(registration as Registration, lang, origin, {
      uid: payload.uid,
      nonce: payload.nonce,
    });
  }
}

/** An account as the merchant lookup reads it: an email in lower case, a phone without punctuation. */
function normalisedAccount(account: string): string {
  const value = account.trim();
  return value.includes('@') ? value.toLowerCase() : value.replace(/[\s\-().]/g, '');
}

/** "Sunny Shop" → "Su***op": enough to recognise, not to read. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  if (chars.length <= 4) return `${chars[0]}**${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}
