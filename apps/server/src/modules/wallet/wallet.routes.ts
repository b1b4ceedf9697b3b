import { adminWalletRoutes as a, walletRoutes as r } from '@dropdesk/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { ADMINS, operatorWith, REVIEWERS } from '../admin/roles';
import { RechargeService } from './recharge.service';
import { WalletSettings } from './wallet.settings';
import { WithdrawalService } from './withdrawal.service';

/** Top-ups and withdrawals: the merchant's side and the operators' reviews. */
export async function walletRoutes(app: FastifyInstance) {
  const recharges = new RechargeService(app);
  const withdrawals = new WithdrawalService(app);
  const settings = new WalletSettings(app);

  route(app, r.getBlockchain, () => recharges.blockchain());
  route(app, r.recharge, (req) => recharges.create(req.merchant!.id, req.body, req.idempotency), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  route(app, r.rechargeLog, (req) => recharges.log(req.merchant!.id, req.query));
  route(app, r.rechargeCancel, (req) => recharges.cancel(req.merchant!.id, req.body.id));
  route(app, r.extractInfo, (req) => withdrawals.info(req.merchant!.id));
  route(app, r.extract, (req) => withdrawals.create(req.merchant!.id, req.body, req.idempotency), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  route(app, r.extractLog, (req) => withdrawals.log(req.merchant!.id, req.query));
  route(app, r.extractCancel, (req) => withdrawals.cancel(req.merchant!.id, req.body.id, req.idempotency));

  route(app, a.recharges, (req) => {
    operatorWith(req, REVIEWERS);
    return recharges.list(req.query);
  });
  route(app, a.approveRecharge, (req) =>
    recharges.approve(operatorWith(req, REVIEWERS), req.body.id, req.idempotency),
  );
  route(app, a.rejectRecharge, (req) =>
    recharges.reject(operatorWith(req, REVIEWERS), req.body.id, req.body.reason, req.idempotency),
  );
  route(app, a.withdrawals, (req) => {
    operatorWith(req, REVIEWERS);
    return withdrawals.list(req.query);
  });
  route(app, a.approveWithdrawal, (req) =>
    withdrawals.approve(
      operatorWith(req, REVIEWERS),
      req.body.id,
      req.body.reference ?? null,
      req.idempotency,
    ),
  );
  route(app, a.rejectWithdrawal, (req) =>
    withdrawals.reject(operatorWith(req, REVIEWERS), req.body.id, req.body.reason, req.idempotency),
  );
  route(app, a.depositAddresses, (req) => {
    operatorWith(req, REVIEWERS);
    return settings.addresses();
  });
  route(app, a.setDepositAddress, (req) => settings.setAddress(operatorWith(req, ADMINS), req.body));
  route(app, a.settings, (req) => {
    operatorWith(req, REVIEWERS);
    return settings.settings();
  });
  route(app, a.setSettings, (req) => settings.setSettings(operatorWith(req, ADMINS), req.body));
}
