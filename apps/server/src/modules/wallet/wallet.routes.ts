import { adminSettingsRoutes as sa, settingsRoutes as sr } from '@dropdesk/contract/settings';
import { adminWalletRoutes as a, walletRoutes as r } from '@dropdesk/contract/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { RechargeService } from './recharge.service';
import { TopupAccountService } from './topup-account.service';
import { WalletSettings } from './wallet.settings';
import { WithdrawalService } from './withdrawal.service';

/**
 * Top-ups and withdrawals: the merchant's side and the operators' reviews. Each line is a delegate:
 * who may call a row (and with which operator role) is the contract row's, enforced by the auth
 * plugin before the handler runs.
 */
export async function walletRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock, payPasswords: app.payPasswords };
  const recharges = new RechargeService(deps);
  const withdrawals = new WithdrawalService(deps);
  const settings = new WalletSettings(deps);
  const topupAccount = new TopupAccountService(deps);
  const money = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  // Vouchers are named by links signed for the reader's session (modules/uploads/private-links.ts).
  const links = (req: FastifyRequest) => app.privateLinks.forRequest(req);

  route(app, r.getBlockchain, (req) => recharges.blockchain(req.merchant.id));
  route(app, sr.getBankAccount, (req) => topupAccount.forMerchant(req.merchant.id));
  route(app, sr.getManualDeposit, () => topupAccount.manualForMerchant());
  route(
    app,
    r.recharge,
    (req) => recharges.create(req.merchant.id, req.body, req.idempotency, links(req)),
    money,
  );
  route(app, r.rechargeLog, (req) => recharges.log(req.merchant.id, req.query, links(req)));
  route(app, r.rechargeCancel, (req) => recharges.cancel(req.merchant.id, req.body.id, links(req)));
  route(app, r.extractInfo, (req) => withdrawals.info(req.merchant.id));
  route(app, r.extract, (req) => withdrawals.create(req.merchant.id, req.body, req.idempotency), money);
  route(app, r.extractLog, (req) => withdrawals.log(req.merchant.id, req.query));
  route(app, r.extractCancel, (req) => withdrawals.cancel(req.merchant.id, req.body.id, req.idempotency));

  route(app, a.recharges, (req) => recharges.list(req.query, links(req)));
  route(app, a.approveRecharge, (req) =>
    recharges.decide(req.operator, req.body.id, { approve: true }, req.idempotency, links(req)),
  );
  route(app, a.rejectRecharge, (req) =>
    recharges.decide(
      req.operator,
      req.body.id,
      { approve: false, rejection: req.body },
      req.idempotency,
      links(req),
    ),
  );
  route(app, a.withdrawals, (req) => withdrawals.list(req.query));
  route(app, a.approveWithdrawal, (req) =>
    withdrawals.decide(
      req.operator,
      req.body.id,
      { approve: true, reference: req.body.reference || null },
      req.idempotency,
    ),
  );
  route(app, a.rejectWithdrawal, (req) =>
    withdrawals.decide(req.operator, req.body.id, { approve: false, rejection: req.body }, req.idempotency),
  );
  route(app, a.depositAddresses, () => settings.addresses());
  route(app, a.setDepositAddress, (req) => settings.setAddress(req.operator, req.body));
  route(app, a.settings, () => settings.settings());
  route(app, a.setSettings, (req) => settings.setSettings(req.operator, req.body));
  route(app, sa.bankAccount, () => topupAccount.forOperator());
  route(app, sa.setBankAccount, (req) => topupAccount.set(req.operator, req.body));
  route(app, sa.manualDeposit, () => topupAccount.manualForOperator());
  route(app, sa.setManualDeposit, (req) => topupAccount.setManual(req.operator, req.body));
}
