import { transferReference } from '@dropdesk/contract/settings';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { unauthorized } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { merchantsRepository } from '../account/merchants.repository';
import { audit } from '../admin/operators';
import { type TopupBankAccountRow, topupAccountRepository } from './topup-account.repository';

const view = (row: TopupBankAccountRow) => ({
  bank_name: row.bank_name,
  holder_name: row.holder_name,
  account_number: row.account_number,
  reference_rule: row.reference_rule,
  enabled: row.enabled === 1,
  updated_at: iso(row.updated_at),
});

/**
 * The platform's receiving bank account for manual and bank-card top-ups: admins set it, reviewers
 * read it, a merchant reads it with its own transfer reference. Until it is set and enabled those
 * two methods are not open: RechargeService refuses them with METHOD_UNAVAILABLE.
 */
/** What the audit log records of the receiving account. */
const accountFields = (a: {
  bank_name: string;
  holder_name: string;
  account_number: string;
  reference_rule: string;
  enabled: boolean;
}) => ({
  bank_name: a.bank_name,
  holder_name: a.holder_name,
  account_number: a.account_number,
  reference_rule: a.reference_rule,
  enabled: a.enabled,
});

export class TopupAccountService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async forMerchant(merchantId: number) {
    const { db } = this.deps;
    const [row, merchant] = await Promise.all([
      topupAccountRepository.get(db),
      merchantsRepository.byId(db, merchantId),
    ]);
    if (!merchant) throw unauthorized();
    if (row?.enabled !== 1) return { account: null };
    return {
      account: {
        bank_name: row.bank_name,
        holder_name: row.holder_name,
        account_number: row.account_number,
        reference: transferReference(row.reference_rule, {
          merchant_id: merchant.id,
          invite_code: merchant.invite_code,
        }),
      },
    };
  }

  async forOperator() {
    const row = await topupAccountRepository.get(this.deps.db);
    return { account: row ? view(row) : null };
  }

  async set(
    op: SessionOperator,
    body: {
      bank_name: string;
      holder_name: string;
      account_number: string;
      reference_rule: string;
      enabled: boolean;
    },
  ) {
    const now = this.deps.clock.now();
    const values = { ...body, enabled: body.enabled ? 1 : 0, updated_by: op.id, updated_at: now };
    const saved = await this.deps.db.transaction().execute(async (tx) => {
      const before = await topupAccountRepository.get(tx);
      await topupAccountRepository.save(tx, values);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'topup_bank_account.set',
          targetType: 'topup_bank_account',
          targetId: 1,
          before: before ? accountFields(view(before)) : null,
          after: accountFields(body),
        },
        now,
      );
      return { id: 1, ...values };
    });
    return view(saved);
  }
}
