import { formatMoney } from '@dropdesk/contract/money';
import { CURRENCIES, type Network } from '@dropdesk/contract/wallet';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { fieldRefusal } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import { depositAddressesRepository } from './deposit-addresses.repository';
import { walletSettingsRepository } from './wallet.repository';
import { withdrawalFee } from './withdrawal.service';

/** The withdrawal fee settings as the audit log records them (money as on the wire). */
const feeSettings = (s: {
  withdraw_fee_bps: number;
  withdraw_fee_fixed: number;
  withdraw_min: number;
  processing_hours: number;
}) => ({
  withdraw_fee_bps: s.withdraw_fee_bps,
  withdraw_fee_fixed: formatMoney(s.withdraw_fee_fixed),
  withdraw_min: formatMoney(s.withdraw_min),
  processing_hours: s.processing_hours,
});

/** What operators configure: the platform's deposit address per network, and the withdrawal fee. */
export class WalletSettings {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async addresses() {
    const rows = await depositAddressesRepository.all(this.deps.db);
    return {
      list: rows.map((r) => ({
        network: r.network,
        currency: CURRENCIES[0],
        address: r.address,
        enabled: r.enabled === 1,
        updated_at: iso(r.updated_at),
      })),
    };
  }

  async setAddress(op: SessionOperator, body: { network: Network; address: string; enabled: boolean }) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (tx) => {
      const before = await depositAddressesRepository.byNetwork(tx, body.network);
      await depositAddressesRepository.upsert(tx, body.network, {
        address: body.address,
        enabled: body.enabled ? 1 : 0,
        updated_by: op.id,
        updated_at: now,
      });
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'deposit_address.set',
          targetType: 'network',
          targetId: body.network,
          before: before ? { address: before.address, enabled: before.enabled === 1 } : null,
          after: { address: body.address, enabled: body.enabled },
        },
        now,
      );
    });
    return {
      network: body.network,
      currency: CURRENCIES[0],
      address: body.address,
      enabled: body.enabled,
      updated_at: iso(now),
    };
  }

  async settings() {
    const s = await walletSettingsRepository.get(this.deps.db);
    return {
      withdraw_fee_bps: s.withdraw_fee_bps,
      withdraw_fee_fixed: formatMoney(s.withdraw_fee_fixed),
      withdraw_min: formatMoney(s.withdraw_min),
      processing_hours: s.processing_hours,
    };
  }

  async setSettings(
    op: SessionOperator,
    body: {
      withdraw_fee_bps: number;
      withdraw_fee_fixed: number;
      withdraw_min: number;
      processing_hours: number;
    },
  ) {
    // The minimum must leave something to pay out once the fee is taken.
    if (withdrawalFee(body.withdraw_min, body).actual <= 0)
      throw fieldRefusal('INVALID_INPUT', 'withdraw_min', 'FIELD_TOO_SMALL');
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (tx) => {
      const before = await walletSettingsRepository.get(tx);
      await walletSettingsRepository.update(tx, { ...body, updated_at: now });
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'wallet_settings.set',
          targetType: 'wallet_settings',
          targetId: 1,
          before: feeSettings(before),
          after: feeSettings(body),
        },
        now,
      );
    });
    return this.settings();
  }
}
