import { decideOnce, ownerOf } from '../../db/decide';
import type { Merchant } from '../../db/schema';
import { type Clock, iso } from '../../lib/clock';
import type { MoneyDeps } from '../../lib/money-deps';
import type { RequestOrigin } from '../../lib/origin';
import { fieldRefusal, Refusal, unauthorized } from '../../lib/refusal';
import type { SessionMerchant } from '../../lib/sessions';
import type { SessionOperator } from '../../plugins/types';
import { merchantAccounts } from '../account';
import { type Rejection, rejectionReason } from '../admin';
import { recordDecision } from '../audit';
import { notify } from '../notices';
import { recordSecurityEvent } from '../security';
import type { FileLink } from '../uploads';
import { uploadRows } from '../uploads';
import { bankCardsRepository } from './bank-cards.repository';
import { bankCardView, maskAccount } from './bank-cards.views';
import { kycRepository, type SubmissionRow } from './kyc.repository';

const PHOTOS = ['id_card_front', 'id_card_back', 'id_card_hand'] as const;
const maskId = (value: string) => `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;

/**
 * What registration already took, offered back while unverified. Registration claimed the photos
 * for this merchant as id_card uploads, so `submit` accepts them as they are.
 */
function prefillOf(m: Merchant, link: FileLink) {
  const urlOf = (ref: string | null) => (ref === null ? null : link(ref));
  return {
    real_name: m.real_name,
    id_card_front: m.id_card_front,
    id_card_back: m.id_card_back,
    id_card_hand: m.id_card_hand,
    id_card_front_url: urlOf(m.id_card_front),
    id_card_back_url: urlOf(m.id_card_back),
    id_card_hand_url: urlOf(m.id_card_hand),
  };
}

/**
 * Identity (KYC) and the bank card. Identity: unverified → pending (submitted) → verified or
 * rejected (with a reason) by an operator; a rejected merchant may submit again. The merchant's
 * `kyc_status` moves with one conditional UPDATE, so a double submission or racing reviews resolve
 * once. The bank card needs the payment password and is shown masked.
 */
export class KycService {
  constructor(private readonly deps: MoneyDeps & { clock: Clock }) {}

  /** The merchant's identity as it sees it; its photos by links signed for its session (`link`). */
  async info(merchantId: number, link: FileLink) {
    const { db } = this.deps;
    const [merchant, last] = await Promise.all([
      merchantAccounts.byId(db, merchantId),
      kycRepository.latest(db, merchantId),
    ]);
    if (!merchant) throw unauthorized();
    return {
      status: merchant.kyc_status,
      real_name: last?.real_name ?? null,
      id_number: last ? maskId(last.id_number) : null,
      reason: last?.status === 'rejected' ? last.reason : null,
      id_card_front_url: last ? link(last.id_card_front) : null,
      id_card_back_url: last ? link(last.id_card_back) : null,
      id_card_hand_url: last ? link(last.id_card_hand) : null,
      submitted_at: last ? iso(last.created_at) : null,
      reviewed_at: last?.reviewed_at ? iso(last.reviewed_at) : null,
      prefill: merchant.kyc_status === 'unverified' ? prefillOf(merchant, link) : null,
    };
  }

  async submit(
    merchantId: number,
    body: {
      real_name: string;
      id_number: string;
      id_card_front: string;
      id_card_back: string;
      id_card_hand: string;
    },
    link: FileLink,
  ) {
    const { db } = this.deps;
    const merchant = await merchantAccounts.byId(db, merchantId);
    if (!merchant) throw unauthorized();
    if (merchant.kyc_status === 'pending') throw new Refusal('KYC_IN_PROGRESS');
    if (merchant.kyc_status === 'verified') throw new Refusal('KYC_ALREADY_VERIFIED');
    // Each photo: this merchant's own private upload of kind id_card, three different ones.
    const refs = PHOTOS.map((f) => body[f]);
    const rows = await uploadRows.byIds(db, refs);
    for (const field of PHOTOS) {
      const row = rows.find((r) => r.id === body[field]);
      if (!row || row.merchant_id !== merchantId || row.kind !== 'id_card')
        throw fieldRefusal('UPLOAD_INVALID', field);
    }
    if (new Set(refs).size !== refs.length) throw fieldRefusal('UPLOAD_INVALID', 'id_card_back');

    const now = this.deps.clock.now();
    await db.transaction().execute(async (tx) => {
      if (!(await kycRepository.moveStatus(tx, merchantId, ['unverified', 'rejected'], 'pending', now)))
        throw new Refusal('KYC_IN_PROGRESS');
      await kycRepository.insert(tx, {
        merchant_id: merchantId,
        real_name: body.real_name,
        id_number: body.id_number,
        id_card_front: body.id_card_front,
        id_card_back: body.id_card_back,
        id_card_hand: body.id_card_hand,
        reason: null,
        created_at: now,
        reviewed_at: null,
        reviewed_by: null,
      });
    });
    return this.info(merchantId, link);
  }

  // ------------------------------------------------------------ operators

  /**
   * Submissions as the review queue shows them: beside the typed fields and the photos, the name and
   * country the merchant registered with, and how many of its submissions were rejected before.
   */
  private async view(rows: SubmissionRow[], link: FileLink) {
    const ids = rows.map((r) => r.merchant_id);
    const [merchants, rejected] = await Promise.all([
      merchantAccounts.refs(this.deps.db, ids),
      kycRepository.rejected(this.deps.db, ids),
    ]);
    return rows.map((r) => {
      const m = merchants.get(r.merchant_id)!;
      return {
        id: r.id,
        merchant: {
          id: m.id,
          phone: m.phone,
          shop_name: m.shop_name,
          registered_name: m.real_name,
          country: m.country,
          rejected_before: rejected.filter((x) => x.merchant_id === r.merchant_id && x.id < r.id).length,
        },
        real_name: r.real_name,
        id_number: r.id_number,
        id_card_front_url: link(r.id_card_front),
        id_card_back_url: link(r.id_card_back),
        id_card_hand_url: link(r.id_card_hand),
        status: r.status,
        reason: r.reason,
        created_at: iso(r.created_at),
        reviewed_at: r.reviewed_at === null ? null : iso(r.reviewed_at),
      };
    });
  }

  async list(
    query: { page: number; limit: number; status: 'pending' | 'verified' | 'rejected' },
    link: FileLink,
  ) {
    const page = await kycRepository.page(this.deps.db, query.status, query);
    return { ...page, list: await this.view(page.list, link) };
  }

  /**
   * Verifies or rejects a pending submission, once (decideOnce); a rejection's reason is typed or a
   * preset code's text in the merchant's language (admin/reasons.ts).
   */
  async review(
    op: SessionOperator,
    id: number,
    decision: 'verified' | 'rejected',
    rejection: Rejection<'kyc'> | null,
    link: FileLink,
  ) {
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction().execute(async (tx) => {
      const reason =
        rejection === null
          ? null
          : await rejectionReason(tx, 'kyc', await ownerOf(tx, 'kyc_submissions', id), rejection);
      const row = await decideOnce(tx, 'kyc_submissions', id, {
        status: decision,
        reason,
        reviewed_at: now,
        reviewed_by: op.id,
      });
      await kycRepository.moveStatus(tx, row.merchant_id, ['pending'], decision, now);
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: decision === 'verified' ? 'kyc.approve' : 'kyc.reject',
          target: { type: 'kyc', id: row.id },
          before: { status: 'pending', reason: null },
          after: { status: decision, reason },
          detail: { merchant: row.merchant_id, reason, reason_code: rejection?.reason_code ?? null },
          notice: {
            merchantId: row.merchant_id,
            type: decision === 'verified' ? 'kyc_verified' : 'kyc_rejected',
            params: decision === 'rejected' ? { reason } : {},
          },
        },
        now,
      );
      return row;
    });
    const [view] = await this.view([row], link);
    return view!;
  }

  // ------------------------------------------------------------ bank card

  async bank(merchantId: number) {
    return { bank: bankCardView(await bankCardsRepository.byMerchant(this.deps.db, merchantId)) };
  }

  /**
   * Saves the bank card withdrawals are paid to: told to the merchant (`bank_changed`) and recorded
   * in the security history (`bank_card_changed`, from where the request came), in one transaction.
   */
  async changeBank(
    session: Pick<SessionMerchant, 'id' | 'sessionId'>,
    body: { holder_name: string; bank_name: string; account_number: string; pay_password: string },
    origin: RequestOrigin,
  ) {
    const merchantId = session.id;
    await this.deps.payPasswords.check(merchantId, body.pay_password);
    const now = this.deps.clock.now();
    const card = {
      holder_name: body.holder_name,
      bank_name: body.bank_name,
      account_number: body.account_number,
    };
    const params = { bank_name: body.bank_name, account_number: maskAccount(body.account_number) };
    await this.deps.db.transaction().execute(async (tx) => {
      await bankCardsRepository.save(tx, merchantId, card, now);
      // Told to the merchant, so a card changed by someone else does not go unnoticed.
      await notify(tx, { merchantId, type: 'bank_changed', params }, now);
      await recordSecurityEvent(
        tx,
        { merchantId, kind: 'bank_card_changed', origin, sessionId: session.sessionId, params },
        now,
      );
    });
    const { bank } = await this.bank(merchantId);
    return { bank: bank! };
  }
}
