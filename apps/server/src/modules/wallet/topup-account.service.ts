import { transferReference } from '@dropdesk/contract/settings';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { unauthorized } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { merchantAccounts } from '../account';
import { audit } from '../audit';
import {
  type TopupBankAccountRow,
  type TopupManualRow,
  topupAccountRepository,
  topupManualRepository,
} from './topup-account.repository';

const view = (row: TopupBankAccountRow) => ({
  bank_name: row.bank_name,
  holder_name: row.holder_name,
  account_number: row.account_number,
  reference_rule: row.reference_rule,
  enabled: row.enabled === 1,
  updated_at: iso(row.updated_at),
});

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

const manualView = (row: TopupManualRow) => ({
  instructions: row.instructions,
  enabled: row.enabled === 1,
  updated_at: iso(row.updated_at),
});

/**
 * What the merchant pays into for the two methods that are not on chain, as admins configure it
 * (reviewers read it): the receiving bank account of bank-card top-ups, which a merchant reads with
 * its own transfer reference, and the instructions of manual top-ups. Until its own is set and
 * enabled a method is not open: RechargeService refuses it with METHOD_UNAVAILABLE.
 */
export class TopupAccountService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async forMerchant(merchantId: number) {
    const { db } = this.deps;
    const [row, merchant] = await Promise.all([
      topupAccountRepository.get(db),
      merchantAccounts.byId(db, merchantId),
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

  /** The manual method as a merchant reads it: the instructions while enabled, else null (not open). */
  async manualForMerchant() {
    const row = await topupManualRepository.get(this.deps.db);
    return { manual: row?.enabled === 1 ? { instructions: row.instructions } : null };
  }

  async manualForOperator() {
    const row = await topupManualRepository.get(this.deps.db);
    return { manual: row ? manualView(row) : null };
  }

  /** An admin writes (or disables) the manual instructions; the audit entry keeps what they were. */
  async setManual(op: SessionOperator, body: { instructions: string; enabled: boolean }) {
    const now = this.deps.clock.now();
    const values = {
      instructions: body.instructions,
      enabled: body.enabled ? 1 : 0,
      updated_by: op.id,
      updated_at: now,
    };
    await this.deps.db.transaction().execute(async (tx) => {
      const before = await topupManualRepository.get(tx);
      await topupManualRepository.save(tx, values);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'topup_manual.set',
          targetType: 'topup_manual',
          targetId: 1,
          before: before ? { instructions: before.instructions, enabled: before.enabled === 1 } : null,
          after: { instructions: body.instructions, enabled: body.enabled },
        },
        now,
      );
    });
    return manualView({ id: 1, ...values });
  }
}
