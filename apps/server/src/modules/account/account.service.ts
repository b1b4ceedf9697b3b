import type { MerInfo } from '@dropdesk/contract/account';
import {
  COUNTRIES,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Lang,
  MIN_TOPUP_MINOR,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
} from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { hashPassword, hmac, newDigitCode, verifyPassword } from '../../lib/crypto';
import type { Mailer } from '../../lib/mailer';
import type { RequestOrigin } from '../../lib/origin';
import { fieldRefusal, unauthorized } from '../../lib/refusal';
import { notify } from '../notices';
import { serviceContactOf } from '../platform';
import { originParams, recordSecurityEvent } from '../security';
import type { Sessions } from '../sessions';
import { merchantsRepository } from './merchants.repository';
import { loadMerInfo } from './merinfo';
import { verificationCodesRepository as codes } from './verification-codes.repository';

const RESET_PURPOSE = 'reset_password';

export interface AccountDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessions: Pick<Sessions, 'revokeAll'>;
  config: Pick<Config, 'serviceUrl' | 'publicUrl' | 'secret' | 'argon2' | 'currency'>;
}

export class AccountService {
  private readonly db: Db;

  constructor(private readonly deps: AccountDeps) {
    this.db = deps.db;
  }

  /** The customer-service contact is the one operators set (modules/shop), SERVICE_URL until then. */
  async publicConfig() {
    const service = await serviceContactOf(this.db, this.deps.config.serviceUrl);
    return {
      service_url: service.url,
      service_text: service.text,
      invite_base_url: `${this.deps.config.publicUrl}/register?code=`,
      languages: this.languages(),
      countries: [...COUNTRIES],
      min_topup: formatMoney(MIN_TOPUP_MINOR),
      currency: this.deps.config.currency,
    };
  }

  languages() {
    return LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));
  }

  async merInfo(merchantId: number): Promise<MerInfo> {
    const info = await loadMerInfo(this.db, merchantId, this.deps.config.publicUrl);
    if (!info) throw unauthorized();
    return info;
  }

  async setLanguage(merchantId: number, lang: Lang) {
    await merchantsRepository.setLang(this.db, merchantId, lang);
    return { lang };
  }

  /** The zone the finance report cuts days in; the contract has checked it is an IANA zone. */
  async setTimeZone(merchantId: number, timeZone: string) {
    await merchantsRepository.setTimeZone(this.db, merchantId, timeZone, this.deps.clock.now());
    return { time_zone: timeZone };
  }

  // ------------------------------------------------------------ password reset codes

  private codeHash(merchantId: number, code: string): string {
    return hmac(this.deps.config.secret, `${merchantId}:${code}`);
  }

  /**
   * Sends a reset code to the phone or email, if an account has it. The answer is the same either
   * way, so nobody learns which accounts exist; the rate limit is per address and per client.
   */
  async sendResetCode(account: string, lang: Lang): Promise<{ sent: true }> {
    const merchant = await merchantsRepository.byAccount(this.db, account);
    if (!merchant) return { sent: true };
    const code = newDigitCode();
    const now = this.deps.clock.now();
    await codes.insert(this.db, {
      merchant_id: merchant.id,
      purpose: RESET_PURPOSE,
      code_hash: this.codeHash(merchant.id, code),
      expires_at: now + VERIFICATION_CODE_TTL_MS,
      used_at: null,
      created_at: now,
    });
    const byEmail = account.includes('@');
    const minutes = VERIFICATION_CODE_TTL_MS / 60_000;
    // In the language the merchant chose, not the asking device's: anyone can ask, in any language.
    const mailLang = LANGUAGES.find((l) => l === merchant.lang) ?? lang;
    await this.deps.mailer.send({
      channel: byEmail ? 'email' : 'sms',
      to: byEmail ? merchant.email : merchant.phone,
      subject: 'Dropdesk',
      body: resetText(mailLang, code, minutes),
    });
    return { sent: true };
  }

  /** Spends the newest live code of a merchant if `code` matches it (5 tries, 10 minutes, once). */
  private async spendCode(merchantId: number, code: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const live = await codes.newestLive(this.db, merchantId, RESET_PURPOSE, now);
    if (!live) return false;
    // The try counts before the answer is known: five tries, however many race.
    if (!(await codes.countAttempt(this.db, live.id, VERIFICATION_CODE_MAX_ATTEMPTS))) return false;
    if (live.code_hash !== this.codeHash(merchantId, code)) return false;
    return codes.spend(this.db, live.id, now);
  }

  /**
   * Logged in: proves the old password and ends the other sessions. Logged out: proves a reset code
   * and ends every session. Either way recorded in the security history (`login_password_changed`,
   * from where the request came) and told to the merchant, in the change's transaction.
   */
  async resetPassword(
    session: { merchantId: number; sessionId: number } | null,
    body: {
      old_password?: string | undefined;
      account?: string | undefined;
      code?: string | undefined;
      password: string;
    },
    origin: RequestOrigin,
  ): Promise<null> {
    let merchantId: number;
    if (session) {
      const merchant = await merchantsRepository.byId(this.db, session.merchantId);
      if (!merchant) throw unauthorized();
      if (body.old_password === undefined)
        throw fieldRefusal('WRONG_PASSWORD', 'old_password', 'FIELD_REQUIRED');
      if (!(await verifyPassword(merchant.password_hash, body.old_password))) {
        throw fieldRefusal('WRONG_PASSWORD', 'old_password');
      }
      // A change that changes nothing would still revoke the other sessions: say so instead.
      if (body.password === body.old_password) throw fieldRefusal('PASSWORD_UNCHANGED', 'password');
      merchantId = merchant.id;
    } else {
      if (!body.account) throw fieldRefusal('ACCOUNT_REQUIRED', 'account');
      if (!body.code) throw fieldRefusal('CODE_INVALID', 'code', 'FIELD_REQUIRED');
      const merchant = await merchantsRepository.byAccount(this.db, body.account);
      if (!merchant || !(await this.spendCode(merchant.id, body.code)))
        throw fieldRefusal('CODE_INVALID', 'code');
      merchantId = merchant.id;
    }
    const hash = await hashPassword(body.password, this.deps.config.argon2);
    const now = this.deps.clock.now();
    await this.db.transaction().execute(async (tx) => {
      await merchantsRepository.setPasswordHash(tx, merchantId, hash, now);
      await this.deps.sessions.revokeAll({ type: 'merchant', id: merchantId }, session?.sessionId, tx);
      await recordSecurityEvent(
        tx,
        { merchantId, kind: 'login_password_changed', origin, sessionId: session?.sessionId ?? null },
        now,
      );
      await notify(
        tx,
        { merchantId, type: 'login_password_changed', params: originParams(origin, now) },
        now,
      );
    });
    return null;
  }
}

const RESET_TEXT: Record<Lang, string> = {
  'zh-CN': '您的 Dropdesk 验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
  en: 'Your Dropdesk code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  ko: 'Dropdesk 인증 코드는 {code}입니다. {minutes}분 동안 유효합니다. 요청하지 않으셨다면 무시해 주세요.',
  ja: 'Dropdesk の確認コードは {code} です。{minutes}分間有効です。お心当たりがない場合は無視してください。',
  th: 'รหัส Dropdesk ของคุณคือ {code} ใช้ได้ภายใน {minutes} นาที หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉย',
  vi: 'Mã Dropdesk của bạn là {code}, có hiệu lực trong {minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua tin nhắn này.',
  tr: 'Dropdesk kodunuz {code}. {minutes} dakika geçerlidir. Siz istemediyseniz bu mesajı dikkate almayın.',
};

function resetText(lang: Lang, code: string, minutes: number): string {
  return RESET_TEXT[lang].replace('{code}', code).replace('{minutes}', String(minutes));
}
