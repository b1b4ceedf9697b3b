import {
  type Lang,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
} from '@dropdesk/contract/constants';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { hmac, newDigitCode, safeEqual } from '../../lib/crypto';
import type { Mailer } from '../../lib/mailer';
import { fieldRefusal, Refusal } from '../../lib/refusal';
import type { BuyerSessions } from './buyer-sessions';
import { buyersRepository as buyers } from './buyers.repository';

/** A new code for one email waits this long after the last (CODE_TOO_SOON says how long is left). */
export const BUYER_CODE_GAP_MS = 60_000;

export interface BuyerAuthDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessions: BuyerSessions;
  /** Keys the code hashes (config.secret): a leaked table gives no code back. */
  secret: string;
}

/**
 * Buyers sign in with their email and a 6-digit code sent through the mailer (SMTP, or the outbox
 * without it), like merchants' reset codes (modules/account): the code is stored only as a keyed
 * hash, valid 10 minutes, 5 tries, spent once. There is no password and no separate sign-up: the
 * first sign-in makes the account, and a guest's earlier orders with that email join it.
 */
export class BuyerAuth {
  constructor(private readonly deps: BuyerAuthDeps) {}

  private hash(email: string, code: string): string {
    return hmac(this.deps.secret, `buyer:${email}:${code}`);
  }

  /** Emails a code; a second ask within a minute is CODE_TOO_SOON with the seconds left. */
  async sendCode(email: string, lang: Lang): Promise<{ sent: true }> {
    const { db, clock } = this.deps;
    const code = newDigitCode();
    const now = clock.now();
    const stored = await buyers.putCode(
      db,
      { email, hash: this.hash(email, code), now, ttlMs: VERIFICATION_CODE_TTL_MS },
      BUYER_CODE_GAP_MS,
    );
    if (!stored) {
      const last = await buyers.codeOf(db, email);
      const seconds = Math.max(1, Math.ceil(((last?.sent_at ?? now) + BUYER_CODE_GAP_MS - now) / 1000));
      throw new Refusal('CODE_TOO_SOON', undefined, 200, { seconds });
    }
    await this.deps.mailer.send({
      channel: 'email',
      to: email,
      subject: 'Dropdesk',
      body: SIGN_IN_TEXT[lang]
        .replace('{code}', code)
        .replace('{minutes}', String(VERIFICATION_CODE_TTL_MS / 60_000)),
    });
    return { sent: true };
  }

  /**
   * Spends the email's live code and opens a session. Every wrong, expired, exhausted or missing
   * code answers the same CODE_INVALID, so nothing tells which it was; the try counts before the
   * answer is known, so racing tries can't pass five.
   */
  async login(email: string, code: string, lang: Lang): Promise<{ token: string; email: string }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const invalid = () => fieldRefusal('CODE_INVALID', 'code');
    const live = await buyers.codeOf(db, email);
    if (!live || live.expires_at <= now) throw invalid();
    if (!(await buyers.countAttempt(db, email, VERIFICATION_CODE_MAX_ATTEMPTS, now))) throw invalid();
    const hash = this.hash(email, code);
    if (!safeEqual(live.code_hash, hash)) throw invalid();
    return db.transaction().execute(async (tx) => {
      if (!(await buyers.spendCode(tx, email, hash))) throw invalid();
      const buyerId = await buyers.upsert(tx, email, lang, now);
      await buyers.adoptGuestOrders(tx, buyerId, email, now);
      const token = await this.deps.sessions.open(buyerId, tx);
      return { token, email };
    });
  }

  async logout(sessionId: number): Promise<null> {
    await this.deps.sessions.revoke(sessionId);
    return null;
  }
}

const SIGN_IN_TEXT: Record<Lang, string> = {
  'zh-CN': '您的 Dropdesk 登录验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
  en: 'Your Dropdesk sign-in code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  ko: 'Dropdesk 로그인 코드는 {code}입니다. {minutes}분 동안 유효합니다. 요청하지 않으셨다면 무시해 주세요.',
  ja: 'Dropdesk のログインコードは {code} です。{minutes}分間有効です。お心当たりがない場合は無視してください。',
  th: 'รหัสเข้าสู่ระบบ Dropdesk ของคุณคือ {code} ใช้ได้ภายใน {minutes} นาที หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉย',
  vi: 'Mã đăng nhập Dropdesk của bạn là {code}, có hiệu lực trong {minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua tin nhắn này.',
  tr: 'Dropdesk giriş kodunuz {code}. {minutes} dakika geçerlidir. Siz istemediyseniz bu mesajı dikkate almayın.',
};
