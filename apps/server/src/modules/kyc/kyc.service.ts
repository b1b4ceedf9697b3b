import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { fetchPage } from '../../db/paging';
import type { KycSubmissionsTable } from '../../db/schema';
import { iso } from '../../lib/clock';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { merchantsRepository } from '../account/merchants.repository';
import { recordDecision } from '../admin/operators';
import { notify } from '../messages/notices';
import { maskAccount } from '../wallet/wallet.repository';

type Submission = Selectable<KycSubmissionsTable>;
type KycStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

const PHOTOS = ['id_card_front', 'id_card_back', 'id_card_hand'] as const;
const url = (ref: string) => `/uploads/${ref}`;
const maskId = (value: string) => `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;

/**
 * Identity (KYC) and the bank card. Identity: unverified → pending (submitted) → verified or
 * rejected (with a reason) by an operator; a rejected merchant may submit again. The merchant's
 * `kyc_status` moves with one conditional UPDATE, so a double submission or racing reviews resolve
 * once. The bank card needs the payment password and is shown masked.
 */
export class KycService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.db;
  }

  private latest(merchantId: number) {
    return this.db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async info(merchantId: number) {
    const [merchant, last] = await Promise.all([
      merchantsRepository.byId(this.db, merchantId),
      this.latest(merchantId),
    ]);
    if (!merchant) throw new Refusal('UNAUTHORIZED', undefined, 401);
    return {
      status: merchant.kyc_status as KycStatus,
      real_name: last?.real_name ?? null,
      id_number: last ? maskId(last.id_number) : null,
      reason: last?.status === 'rejected' ? last.reason : null,
      id_card_front_url: last ? url(last.id_card_front) : null,
      id_card_back_url: last ? url(last.id_card_back) : null,
      id_card_hand_url: last ? url(last.id_card_hand) : null,
      submitted_at: last ? iso(last.created_at) : null,
      reviewed_at: last?.reviewed_at ? iso(last.reviewed_at) : null,
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
  ) {
    const merchant = await merchantsRepository.byId(this.db, merchantId);
    if (!merchant) throw new Refusal('UNAUTHORIZED', undefined, 401);
    if (merchant.kyc_status === 'pending') throw new Refusal('KYC_IN_PROGRESS');
    if (merchant.kyc_status === 'verified') throw new Refusal('KYC_ALREADY_VERIFIED');
    // Each photo: this merchant's own private upload of kind id_card, three different ones.
    const refs = PHOTOS.map((f) => body[f]);
    const rows = await this.db
      .selectFrom('uploads')
      .select(['id', 'merchant_id', 'kind'])
      .where('id', 'in', refs)
      .execute();
    for (const field of PHOTOS) {
      const row = rows.find((r) => r.id === body[field]);
      if (!row || row.merchant_id !== merchantId || row.kind !== 'id_card')
        throw fieldRefusal('UPLOAD_INVALID', field);
    }
    if (new Set(refs).size !== refs.length) throw fieldRefusal('UPLOAD_INVALID', 'id_card_back');

    const now = this.app.clock.now();
    await this.db.transaction().execute(async (tx) => {
      const moved = await tx
        .updateTable('merchants')
        .set({ kyc_status: 'pending', updated_at: now })
        .where('id', '=', merchantId)
        .where('kyc_status', 'in', ['unverified', 'rejected'])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Refusal('KYC_IN_PROGRESS');
      await tx
        .insertInto('kyc_submissions')
        .values({
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
        })
        .execute();
    });
    return this.info(merchantId);
  }

  // ------------------------------------------------------------ operators

  private async view(rows: Submission[]) {
    const ids = [...new Set(rows.map((r) => r.merchant_id))];
    const merchants = ids.length
      ? await this.db
          .selectFrom('merchants as m')
          .innerJoin('shops as s', 's.merchant_id', 'm.id')
          .select(['m.id', 'm.phone', 's.name as shop_name'])
          .where('m.id', 'in', ids)
          .execute()
      : [];
    return rows.map((r) => ({
      id: r.id,
      merchant: merchants.find((m) => m.id === r.merchant_id)!,
      real_name: r.real_name,
      id_number: r.id_number,
      id_card_front_url: url(r.id_card_front),
      id_card_back_url: url(r.id_card_back),
      id_card_hand_url: url(r.id_card_hand),
      status: r.status as 'pending' | 'verified' | 'rejected',
      reason: r.reason,
      created_at: iso(r.created_at),
      reviewed_at: r.reviewed_at === null ? null : iso(r.reviewed_at),
    }));
  }

  async list(query: { page: number; limit: number; status: 'pending' | 'verified' | 'rejected' }) {
    const q = this.db.selectFrom('kyc_submissions').where('status', '=', query.status);
    return fetchPage(
      q,
      (f) => f.selectAll().orderBy('id', 'asc'),
      query,
      (rows) => this.view(rows),
    );
  }

  async review(op: SessionOperator, id: number, decision: 'verified' | 'rejected', reason: string | null) {
    const now = this.app.clock.now();
    const row = await this.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('kyc_submissions')
        .set({ status: decision, reason, reviewed_at: now, reviewed_by: op.id })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        const exists = await tx
          .selectFrom('kyc_submissions')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        throw exists ? new Refusal('ALREADY_RESOLVED') : notFound();
      }
      await tx
        .updateTable('merchants')
        .set({ kyc_status: decision, updated_at: now })
        .where('id', '=', row.merchant_id)
        .where('kyc_status', '=', 'pending')
        .execute();
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: decision === 'verified' ? 'kyc.approve' : 'kyc.reject',
          target: { type: 'kyc', id: row.id },
          detail: { merchant: row.merchant_id, reason },
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
    const [view] = await this.view([row]);
    return view!;
  }

  // ------------------------------------------------------------ bank card

  async bank(merchantId: number) {
    const card = await this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return {
      bank: card
        ? {
            holder_name: card.holder_name,
            bank_name: card.bank_name,
            account_number: maskAccount(card.account_number),
            updated_at: iso(card.updated_at),
          }
        : null,
    };
  }

  async changeBank(
    merchantId: number,
    body: { holder_name: string; bank_name: string; account_number: string; pay_password: string },
  ) {
    await this.app.payPasswords.check(merchantId, body.pay_password);
    const now = this.app.clock.now();
    const values = {
      holder_name: body.holder_name,
      bank_name: body.bank_name,
      account_number: body.account_number,
      updated_at: now,
    };
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('bank_cards')
        .values({ merchant_id: merchantId, created_at: now, ...values })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet(values))
        .execute();
      // Told to the merchant, so a card changed by someone else does not go unnoticed.
      await notify(
        tx,
        {
          merchantId,
          type: 'bank_changed',
          params: { bank_name: body.bank_name, account_number: maskAccount(body.account_number) },
        },
        now,
      );
    });
    const { bank } = await this.bank(merchantId);
    return { bank: bank! };
  }
}
