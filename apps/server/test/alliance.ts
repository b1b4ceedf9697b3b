import { adminAllianceRoutes } from '@dropdesk/contract/alliance';
import { AFTER_SALES_MS } from '@dropdesk/contract/orders';
import { expect } from 'vitest';
import { OrderJobs } from '../src/modules/orders/order-jobs';
import type { TestApp } from './app';
import { newOperator } from './factories';

/**
 * An admin sets the alliance's commission rate, in basis points. A fresh operator session each
 * time: the tests move the clock past a session's idle expiry.
 */
export async function setAllianceRate(t: TestApp, bps: number) {
  const admin = await newOperator(t, 'admin');
  const res = await admin.call(adminAllianceRoutes.setSettings, { commission_bps: bps });
  expect(res.code, res.raw).toBe(1);
}

/** Settles the received orders the way time does: the after-sales window passes and the jobs run. */
export function settleByTime(t: TestApp) {
  t.clock.advance(AFTER_SALES_MS);
  return new OrderJobs({ db: t.database.db, clock: t.clock }).runOnce();
}
